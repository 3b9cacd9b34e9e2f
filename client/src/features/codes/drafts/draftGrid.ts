import type { DraftRow } from '@nomen/shared/draft-room';
import type { GridColumn, GridData } from '../../lists/grid/gridTypes';
import type { TableColumn } from '../table/submissionTable';
import type { DraftEditCommand } from './draftRows';

/**
 * The shared draft's grid (ARCHITECTURE.md, Live collaboration): the room's rows shown in the
 * submission table's grid, and the grid's edits turned back into draft-room commands. The grid
 * knows rows by position only; to tell which room row a grid row is after rows were inserted or
 * removed, each row carries a numeric handle of its row id in the first column's `ids` (the grid
 * moves `ids` with their rows and leaves new rows at 0). Pure, no React.
 */

/** Numeric handles (1, 2, …) of row ids, stable for the life of an editor. */
export class RowHandles {
  private readonly byId = new Map<string, number>();
  private readonly ids: string[] = [''];

  /** The handle of `id` (made on first use). */
  handleOf(id: string): number {
    let handle = this.byId.get(id);
    if (handle === undefined) {
      handle = this.ids.length;
      this.ids.push(id);
      this.byId.set(id, handle);
    }
    return handle;
  }

  /** The row id of `handle`, or undefined (0: a row the grid made). */
  idOf(handle: number | undefined): string | undefined {
    return handle ? this.ids[handle] : undefined;
  }
}

/** What {@link draftGridData} made last: from which columns and rows. */
export interface DraftGridSource {
  readonly columns: readonly TableColumn[];
  readonly rows: readonly DraftRow[];
  readonly data: GridData;
}

/**
 * The typed grid of the draft's `rows` (snapshot → grid): one column per table column (computed
 * ones empty, as in `tableData`), every typed column as long as the rows, and the rows' handles
 * in the first column's `ids`. With `last` (the grid made before, from the same columns) and the
 * same rows in the same order, only the rows whose objects changed are read again, and only the
 * columns they change are copied: the others keep their arrays (so the rules govern again, and the
 * grid paints, only what changed), and `last.data` itself is answered when no value changed.
 */
export function draftGridData(
  columns: readonly TableColumn[],
  rows: readonly DraftRow[],
  handles: RowHandles,
  last?: DraftGridSource,
): GridData {
  const changed = last && last.columns === columns ? changedRowsOf(last.rows, rows) : null;
  if (changed) return patchedGridData(last!.data, columns, rows, changed);
  const ids = rows.map((r) => handles.handleOf(r.id));
  return {
    rowCount: rows.length,
    columns: columns.map(
      (c, i): GridColumn => ({
        key: c.key,
        id: c.key,
        name: c.name,
        values: c.isComputed ? [] : rows.map((r) => r.cells[c.key] ?? ''),
        ids: i === 0 ? ids : [],
      }),
    ),
  };
}

/** The places of the rows whose objects differ, or null when the rows' ids or order differ. */
function changedRowsOf(before: readonly DraftRow[], now: readonly DraftRow[]): number[] | null {
  if (before.length !== now.length) return null;
  const changed: number[] = [];
  for (let r = 0; r < now.length; r++) {
    const was = before[r]!;
    const row = now[r]!;
    if (was === row) continue;
    if (was.id !== row.id) return null;
    changed.push(r);
  }
  return changed;
}

/** `data` with the cells of rows `changed` read again from `rows`: only the columns whose values differ are copied. */
function patchedGridData(
  data: GridData,
  columns: readonly TableColumn[],
  rows: readonly DraftRow[],
  changed: readonly number[],
): GridData {
  let out: GridColumn[] | null = null;
  columns.forEach((c, i) => {
    const column = data.columns[i]!;
    if (c.isComputed) return;
    let values: string[] | null = null;
    for (const r of changed) {
      const value = rows[r]!.cells[c.key] ?? '';
      if (value === (column.values[r] ?? '')) continue;
      values ??= column.values.slice();
      values[r] = value;
    }
    if (!values) return;
    out ??= data.columns.slice();
    out[i] = { ...column, values };
  });
  return out ? { rowCount: data.rowCount, columns: out } : data;
}

/** The row ids of the grid's rows in order (undefined: a row the grid added). */
export function gridRowIds(data: GridData, handles: RowHandles): (string | undefined)[] {
  const ids = data.columns[0]?.ids ?? [];
  const out: (string | undefined)[] = [];
  for (let r = 0; r < data.rowCount; r++) out.push(handles.idOf(ids[r]));
  return out;
}

/** The cells a new row starts with: what was typed, else the column's default or constant. */
function newRowCells(next: GridData, columns: readonly TableColumn[], row: number): Record<string, string> {
  const cells: Record<string, string> = {};
  columns.forEach((column, c) => {
    if (column.isComputed) return;
    const value = next.columns[c]?.values[row] ?? '';
    const filled = value === '' ? column.initial : value;
    if (filled !== '') cells[column.key] = filled;
  });
  return cells;
}

/**
 * The commands that turn the grid `before` (the draft's rows as shown) into the grid's `next`
 * (one change: a typed, pasted or cleared block, rows inserted or removed from the menu, a paste
 * or typing past the last row): `rows.remove` of the rows gone, one `rows.insert` per run of new
 * rows (fresh ids from `newId`, after the row above them, defaults filled), and one `cells.set` of
 * the cells whose value changed. Compared with `before`, not with the room now, so what others
 * wrote since is not written back. Empty when nothing changed.
 */
export function draftCommandsOf(
  before: GridData,
  next: GridData,
  columns: readonly TableColumn[],
  handles: RowHandles,
  newId: () => string,
): DraftEditCommand[] {
  const beforeIds = gridRowIds(before, handles);
  const nextIds = gridRowIds(next, handles);
  const beforeRow = new Map<string, number>();
  beforeIds.forEach((id, r) => {
    if (id !== undefined) beforeRow.set(id, r);
  });
  const kept = new Set(nextIds.filter((id): id is string => id !== undefined && beforeRow.has(id)));
  const commands: DraftEditCommand[] = [];
  const removed = [...beforeRow.keys()].filter((id) => !kept.has(id));
  if (removed.length > 0) commands.push({ type: 'rows.remove', rows: removed });
  commands.push(...insertsOf(nextIds, beforeRow, next, columns, newId));
  const isSameShape = removed.length === 0 && next.rowCount === before.rowCount;
  const cells = changedCells(nextIds, beforeRow, before, next, columns, isSameShape);
  if (cells.length > 0) commands.push({ type: 'cells.set', cells });
  return commands;
}

/** One `rows.insert` per run of grid rows that were not rows before, after the row above the run. */
function insertsOf(
  nextIds: readonly (string | undefined)[],
  beforeRow: ReadonlyMap<string, number>,
  next: GridData,
  columns: readonly TableColumn[],
  newId: () => string,
): DraftEditCommand[] {
  const commands: DraftEditCommand[] = [];
  let run: { id: string; cells: Record<string, string> }[] | null = null;
  let after: string | null = null;
  for (let r = 0; r < nextIds.length; r++) {
    const id = nextIds[r];
    if (id !== undefined && beforeRow.has(id)) {
      if (run) commands.push({ type: 'rows.insert', after, rows: run });
      run = null;
      after = id;
      continue;
    }
    run ??= [];
    run.push({ id: newId(), cells: newRowCells(next, columns, r) });
  }
  if (run) commands.push({ type: 'rows.insert', after, rows: run });
  return commands;
}

/** The typed cells of kept rows whose value in `next` differs from `before`'s. */
function changedCells(
  nextIds: readonly (string | undefined)[],
  beforeRow: ReadonlyMap<string, number>,
  before: GridData,
  next: GridData,
  columns: readonly TableColumn[],
  isSameShape: boolean,
): { row: string; field: string; value: string }[] {
  const cells: { row: string; field: string; value: string }[] = [];
  columns.forEach((column, c) => {
    if (column.isComputed) return;
    const values = next.columns[c]?.values ?? [];
    const was = before.columns[c]?.values ?? [];
    // A column whose values are the very array shown before did not change.
    if (isSameShape && values === was) return;
    for (let r = 0; r < nextIds.length; r++) {
      const id = nextIds[r];
      const at = id === undefined ? undefined : beforeRow.get(id);
      if (at === undefined) continue;
      const value = values[r] ?? '';
      if (value !== (was[at] ?? '')) cells.push({ row: id!, field: column.key, value });
    }
  });
  return cells;
}

/**
 * The rows of an import added at the end of the draft (one `rows.insert` after its last row, fresh
 * ids, defaults filled into empty cells). Null when there is nothing to add.
 */
export function importCommand(
  rows: readonly DraftRow[],
  imported: readonly Record<string, string>[],
  columns: readonly TableColumn[],
  newId: () => string,
): DraftEditCommand | null {
  if (imported.length === 0) return null;
  return {
    type: 'rows.insert',
    after: rows.at(-1)?.id ?? null,
    rows: imported.map((row) => {
      const cells: Record<string, string> = {};
      for (const column of columns) {
        if (column.isComputed) continue;
        const value = row[column.key] ?? '';
        const filled = value === '' ? column.initial : value;
        if (filled !== '') cells[column.key] = filled;
      }
      return { id: newId(), cells };
    }),
  };
}
