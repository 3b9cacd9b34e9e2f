import type { ListDelta, ListSave, ListSaved } from '@nomen/shared';
import type { GridColumn, GridData } from '../grid/gridTypes';
import type { ListMeta } from './listModel';

/** Saved ids of columns first sent with a temporary id, by that temporary id. */
export type ColumnIdMap = ReadonlyMap<string, number>;

/**
 * What a save must write back into the grid once the server answers (spec 02 §5 trimming;
 * §3 temporary ids): per column sent, the id it was sent with, the rows sent as new cells
 * (temporary id `lv<seq>_<row>`) and the rows whose text the save trims or empties.
 */
export interface ColumnWriteBack {
  readonly key: string;
  readonly sentId: number | string;
  readonly seq: number;
  readonly newRows: number[];
  readonly touchedRows: number[];
}

/** A request body with its write-back. */
export interface SavePlan<B> {
  readonly body: B;
  readonly writeBack: readonly ColumnWriteBack[];
}

/** The temporary id of a new cell of the `seq`-th column of a save (spec 02 §3: "lv…"). */
export function tempValueId(seq: number, row: number): string {
  return `lv${seq}_${row}`;
}

/** The id to send for a column: its saved id, or the saved id its temporary id received. */
export function resolveColumnId(column: GridColumn, columnIds: ColumnIdMap): number | string {
  if (typeof column.id === 'number') return column.id;
  return columnIds.get(column.id) ?? column.id;
}

type ValueUpsert = NonNullable<NonNullable<ListDelta['values']>['upsert']>[number];
type ColumnUpsert = NonNullable<NonNullable<ListDelta['columns']>['upsert']>[number];

/**
 * The full save of a new list (spec 02 §7 PUT /lists/, first save): every column with a
 * temporary id and every non-empty, trimmed cell with a temporary value id, so the answer's
 * `temp_id` and `value_ids` can be written back.
 */
export function buildFullSave(meta: ListMeta, data: GridData): SavePlan<ListSave> {
  const writeBack: ColumnWriteBack[] = [];
  const list_columns = data.columns.map((column, seq) => {
    const sentId = typeof column.id === 'string' ? column.id : `lc_${seq}`;
    const entry: ColumnWriteBack = { key: column.key, sentId, seq, newRows: [], touchedRows: [] };
    const list_values: { id: string; row_number: number; value: string }[] = [];
    for (let row = 0; row < column.values.length; row++) {
      const text = column.values[row]!;
      if (text === '') continue;
      const trimmed = text.trim();
      if (trimmed !== text) entry.touchedRows.push(row);
      if (trimmed === '') continue;
      entry.newRows.push(row);
      list_values.push({ id: tempValueId(seq, row), row_number: row, value: trimmed });
    }
    writeBack.push(entry);
    return { id: sentId, name: column.name, precedence: seq, list_values };
  });
  return {
    body: { id: null, name: meta.name.trim(), notes: meta.notes, type: meta.type, list_columns },
    writeBack,
  };
}

/**
 * The delta save of a saved list (issue 3 §4): compares the current grid with the snapshot read
 * (or last saved) and sends only what changed, always with `updated_at`:
 *  - form fields that differ;
 *  - column upserts (new columns by temporary id, renamed or moved ones by saved id) and the
 *    saved columns no longer present;
 *  - value upserts (changed or moved cells by saved id, new cells by temporary id "lv…") and
 *    the saved cells emptied or gone (a removed column's cells go with it).
 * Columns whose arrays are the snapshot's own are skipped without looking at a cell; columns
 * whose ids did not move are compared position by position.
 */
export function buildDelta(
  snapshot: { readonly meta: ListMeta; readonly data: GridData },
  current: { readonly meta: ListMeta; readonly data: GridData },
  updatedAt: string,
  columnIds: ColumnIdMap,
): SavePlan<ListDelta> {
  const body: ListDelta = { updated_at: updatedAt };
  if (current.meta.name !== snapshot.meta.name) body.name = current.meta.name.trim();
  if (current.meta.notes !== snapshot.meta.notes) body.notes = current.meta.notes;
  if (current.meta.type !== snapshot.meta.type) body.type = current.meta.type;

  const snapshotColumns = new Map<number, { column: GridColumn; precedence: number }>();
  for (const [precedence, column] of snapshot.data.columns.entries()) {
    if (typeof column.id === 'number') snapshotColumns.set(column.id, { column, precedence });
  }
  const columnUpserts: ColumnUpsert[] = [];
  const valueUpserts: ValueUpsert[] = [];
  const deletedValues: number[] = [];
  const keptColumns = new Set<number>();
  const writeBack: ColumnWriteBack[] = [];

  for (const [seq, column] of current.data.columns.entries()) {
    const resolved = resolveColumnId(column, columnIds);
    const previous = typeof resolved === 'number' ? snapshotColumns.get(resolved) : undefined;
    // A numeric id the server no longer has (a column deleted by an earlier save, then undone)
    // goes again as a new column.
    const sentId = previous ? resolved : typeof resolved === 'string' ? resolved : `lc_${seq}`;
    if (previous) keptColumns.add(previous.column.id as number);
    if (!previous || previous.column.name !== column.name || previous.precedence !== seq) {
      columnUpserts.push({ id: sentId, name: column.name, precedence: seq });
    }
    const entry: ColumnWriteBack = { key: column.key, sentId, seq, newRows: [], touchedRows: [] };
    const before = previous?.column;
    if (!(before && before.values === column.values && before.ids === column.ids)) {
      diffColumnCells(before, column, sentId, seq, entry, valueUpserts, deletedValues);
    }
    if (typeof sentId === 'string' || entry.newRows.length > 0 || entry.touchedRows.length > 0) {
      writeBack.push(entry);
    }
  }

  const deletedColumns = [...snapshotColumns.keys()].filter((id) => !keptColumns.has(id));
  if (columnUpserts.length > 0 || deletedColumns.length > 0) {
    body.columns = { upsert: columnUpserts, deleted_ids: deletedColumns };
  }
  if (valueUpserts.length > 0 || deletedValues.length > 0) {
    body.values = { upsert: valueUpserts, deleted_ids: deletedValues };
  }
  return { body, writeBack };
}

/** The cell changes of one column (see buildDelta). */
function diffColumnCells(
  before: GridColumn | undefined,
  column: GridColumn,
  columnId: number | string,
  seq: number,
  entry: ColumnWriteBack,
  upserts: ValueUpsert[],
  deleted: number[],
): void {
  const { values, ids } = column;
  const length = Math.max(values.length, ids.length);
  const isAligned = before !== undefined && before.ids === ids;
  // Where each saved cell of this column was, for columns whose rows moved.
  let savedRow: Map<number, number> | null = null;
  if (before && !isAligned) {
    savedRow = new Map();
    for (let row = 0; row < before.ids.length; row++) {
      const id = before.ids[row]!;
      if (id > 0) savedRow.set(id, row);
    }
  }
  const seen = savedRow ? new Set<number>() : null;
  for (let row = 0; row < length; row++) {
    const text = values[row] ?? '';
    const id = ids[row] ?? 0;
    if (isAligned && text === (before.values[row] ?? '')) continue;
    const trimmed = text.trim();
    const from = id > 0 ? (isAligned ? row : savedRow?.get(id)) : undefined;
    // Rows whose text the save trims, and emptied saved cells, which lose their id afterwards.
    if (trimmed !== text || (trimmed === '' && id > 0)) entry.touchedRows.push(row);
    if (from !== undefined && before) {
      seen?.add(id);
      if (trimmed === '') deleted.push(id);
      else if (trimmed !== before.values[from] || from !== row) {
        upserts.push({ id, list_column_id: columnId, row_number: row, value: trimmed });
      }
      continue;
    }
    if (trimmed === '') continue;
    entry.newRows.push(row);
    upserts.push({ id: tempValueId(seq, row), list_column_id: columnId, row_number: row, value: trimmed });
  }
  if (before && seen) {
    for (const id of before.ids) if (id > 0 && !seen.has(id)) deleted.push(id);
  }
}

/**
 * Writes a save's answer back into the grid it was built from (issue 3 §4): temporary column ids
 * become saved ids (recorded in `columnIds` for older undo states), new cells get their saved
 * value ids from `value_ids`, and sent texts are trimmed (an emptied cell loses its id). Columns
 * the save did not touch keep their arrays. Returns the new grid and the extended id map.
 */
export function applySaved(
  data: GridData,
  writeBack: readonly ColumnWriteBack[],
  saved: ListSaved,
  columnIds: ColumnIdMap,
): { data: GridData; columnIds: Map<string, number> } {
  const nextIds = new Map(columnIds);
  const savedByTemp = new Map<string, number>();
  for (const c of saved.list_columns) if (c.temp_id !== null) savedByTemp.set(String(c.temp_id), c.id);
  const byKey = new Map(writeBack.map((w) => [w.key, w]));
  const columns = data.columns.map((column) => {
    const entry = byKey.get(column.key);
    let id = column.id;
    const sentId = entry?.sentId ?? (typeof column.id === 'string' ? column.id : undefined);
    const fresh = typeof sentId === 'string' ? savedByTemp.get(sentId) : undefined;
    if (fresh !== undefined) {
      id = fresh;
      if (typeof column.id === 'string') nextIds.set(column.id, fresh);
    } else if (typeof column.id === 'string' && nextIds.has(column.id)) {
      id = nextIds.get(column.id)!;
    }
    if (!entry) return id === column.id ? column : { ...column, id };
    const values = column.values.slice();
    const ids = column.ids.slice();
    for (let r = ids.length; r < values.length; r++) ids.push(0);
    for (const row of entry.touchedRows) {
      const trimmed = (values[row] ?? '').trim();
      values[row] = trimmed;
      if (trimmed === '') ids[row] = 0;
    }
    for (const row of entry.newRows) ids[row] = saved.value_ids[tempValueId(entry.seq, row)] ?? 0;
    return { ...column, id, values, ids };
  });
  return { data: { columns, rowCount: data.rowCount }, columnIds: nextIds };
}
