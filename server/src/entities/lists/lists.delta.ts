import { AppError, type ListSaved } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type pg from 'pg';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertListUnlocked } from '../collab/collab.service';
import { assertAllFound, assertNotStale } from '../guards';
import { POWERED_LIST_READ_ONLY } from './lists.powered';
import * as repo from './lists.repository';
import {
  assertColumnLimit,
  assertMayChangeSavedList,
  assertRowLimit,
  assignCellIds,
  type ColumnRow,
  type DeltaSave,
  type IncomingCell,
  inTransaction,
  type ListRow,
} from './lists.service';

/**
 * Saves only what changed in a list (the list editor's save; spec 02 §2 list editor, §7): attributes,
 * column upserts and deletions, cell upserts and deletions, in one transaction with an activity
 * entry that names each changed cell when there are few. A cell emptied by trimming is deleted.
 * Ids are distinct and none is both changed and deleted (the contract answers 400 naming them).
 * Errors: 403 (without approve_suggestions while live collaboration is on),
 * 404 (list, column or cell not in this list), 409 (stale updated_at, two values for
 * one cell), 413 (over 100 columns or 10,000 rows), 400 (a value naming an unknown temporary
 * column).
 */
export async function saveListDelta(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: DeltaSave,
): Promise<ListSaved> {
  assertMayChangeSavedList(actor, 'save');
  for (const cell of input.values?.upsert ?? []) assertRowLimit(cell.row_number);
  return inTransaction(deps, async (trx, client) => {
    const found = await repo.findList(trx, actor.accountId, id, true);
    if (!found) throw AppError.notFound('List');
    assertNotStale(found.updated_at, input.updated_at, 'list');
    if (found.powered_template_id !== null && (input.columns || input.values))
      throw new AppError('CONFLICT', POWERED_LIST_READ_ONLY);
    await assertListUnlocked(trx, actor, id);
    const existing = await repo.columnsOf(trx, id);
    const saved: ListSaved = { id, updated_at: '', list_columns: [], value_ids: {} };
    const columns = await applyColumnChanges(trx, id, existing, input);
    const existingIds = existing.map((c) => c.id);
    const cells = await applyCellChanges(trx, client, existingIds, input, columns, saved);
    const { list, columnsAfter } = await applyAttributes(trx, found, input, columns, saved);
    const cellLog = cellActivity(cells, columnsAfter);
    await recordActivity(trx, actor, {
      configuredObject: 'list',
      objectName: list.name,
      objectId: id,
      before: {
        name: found.name,
        notes: found.notes,
        type: found.type,
        columns: existing.map((c) => c.name),
        cells_deleted: 0,
        ...cellLog.before,
      },
      after: {
        name: list.name,
        notes: list.notes,
        type: list.type,
        columns: columnsAfter.map((c) => c.name),
        cells_deleted: cells.deletedCells.length,
        ...cellLog.after,
      },
    });
    return saved;
  });
}

/** A transaction of the list save, as the repository takes it. */
type Trx = Transaction<Database>;

/** What a delta save's column step leaves for the cell and attribute steps. */
interface ColumnChanges {
  /** Temporary column id (as sent) → saved column id, for the columns this save adds. */
  tempColumns: Map<string, number>;
  /** Ids of the columns the list has after this save's deletions and additions. */
  liveColumns: Set<number>;
}

/**
 * Deletes, updates and inserts the list's columns as `input.columns` says (spec 02 §2 list
 * editor). `existing` is the list's columns before the save. Errors: 404 (a column not in this
 * list), 413 (over 100 columns).
 */
async function applyColumnChanges(
  trx: Trx,
  listId: number,
  existing: readonly ColumnRow[],
  input: DeltaSave,
): Promise<ColumnChanges> {
  const existingIds = existing.map((c) => c.id);
  const deletedColumns = input.columns?.deleted_ids ?? [];
  assertAllFound(deletedColumns, existingIds, 'List columns');
  const upserts = input.columns?.upsert ?? [];
  const kept = upserts.filter((c): c is typeof c & { id: number } => typeof c.id === 'number');
  assertAllFound(
    kept.map((c) => c.id),
    existingIds.filter((c) => !deletedColumns.includes(c)),
    'List columns',
  );
  const fresh = upserts.filter((c) => typeof c.id === 'string');
  assertColumnLimit(existing.length - deletedColumns.length + fresh.length);
  await repo.deleteColumns(trx, deletedColumns);
  await repo.updateColumns(trx, kept);
  const freshIds = await repo.insertColumns(
    trx,
    listId,
    fresh.map((c) => ({ name: c.name, precedence: c.precedence, powered_template_field_id: null })),
  );
  const tempColumns = new Map(fresh.map((c, i) => [String(c.id), freshIds[i]!]));
  const liveColumns = new Set([...existingIds.filter((c) => !deletedColumns.includes(c)), ...freshIds]);
  return { tempColumns, liveColumns };
}

/**
 * The cells of `input.values.upsert` with their column resolved to a saved column id and their
 * value trimmed. Errors: 400 (a temporary column id not in this save), 404 (a column deleted or
 * not in this list).
 */
function resolveCells(input: DeltaSave, columns: ColumnChanges): IncomingCell[] {
  return (input.values?.upsert ?? []).map((cell, i) => {
    const columnId =
      typeof cell.list_column_id === 'number'
        ? cell.list_column_id
        : columns.tempColumns.get(cell.list_column_id);
    if (columnId === undefined) {
      throw AppError.badField(
        `body.values.upsert.${i}.list_column_id`,
        `No column ${cell.list_column_id} in this save`,
      );
    }
    if (!columns.liveColumns.has(columnId))
      throw new AppError('NOT_FOUND', `List columns not found: ${columnId}`);
    return { id: cell.id, list_column_id: columnId, row_number: cell.row_number, value: cell.value.trim() };
  });
}

/** What the cell step changed, for the activity entry. */
interface CellChanges {
  /** The upserted cells, resolved and trimmed. */
  resolved: IncomingCell[];
  /** Ids of the cells the save deleted explicitly. */
  deletedCells: number[];
  /** Value before the save of each changed saved cell (empty when more than 50 changed). */
  oldValues: Map<number, string>;
}

/**
 * Deletes, updates and inserts the list's cells as `input.values` says; a cell emptied by
 * trimming is deleted; new cells' ids are recorded in `saved.value_ids`. `existingIds` are the
 * list's column ids before the save. Errors: as {@link resolveCells}, and 404 (a cell not in
 * this list).
 */
async function applyCellChanges(
  trx: Trx,
  client: pg.PoolClient | null,
  existingIds: readonly number[],
  input: DeltaSave,
  columns: ColumnChanges,
  saved: ListSaved,
): Promise<CellChanges> {
  const resolved = resolveCells(input, columns);
  const deletedCells = input.values?.deleted_ids ?? [];
  const numericIds = [...deletedCells, ...resolved.flatMap((c) => (typeof c.id === 'number' ? [c.id] : []))];
  assertAllFound(numericIds, await repo.existingCellIds(trx, existingIds, numericIds), 'List values');
  const oldValues =
    resolved.length <= 50 ? await repo.cellValuesById(trx, numericIds) : new Map<number, string>();
  const emptied = resolved
    .filter((c) => c.value === '' && typeof c.id === 'number')
    .map((c) => c.id as number);
  await repo.deleteCells(trx, [...deletedCells, ...emptied]);
  const rows = await assignCellIds(
    trx,
    resolved.filter((c) => c.value !== ''),
    saved,
  );
  await repo.updateCells(
    trx,
    rows.filter((r) => !r.isNew),
  );
  await repo.insertCells(
    trx,
    client,
    rows.filter((r) => r.isNew),
  );
  return { resolved, deletedCells, oldValues };
}

/**
 * Saves the list's name, notes and type; a drop-down list keeps only its first column. Fills
 * `saved.updated_at` and `saved.list_columns` (with the temporary id each new column was sent
 * with). Answers the list and its columns after the save.
 */
async function applyAttributes(
  trx: Trx,
  found: ListRow,
  input: DeltaSave,
  columns: ColumnChanges,
  saved: ListSaved,
): Promise<{ list: ListRow; columnsAfter: ColumnRow[] }> {
  const type = input.type ?? found.type;
  const list = await repo.updateList(trx, found.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    type,
  });
  let columnsAfter = await repo.columnsOf(trx, found.id);
  if (type === 'drop-down' && columnsAfter.length > 1) {
    await repo.deleteColumns(
      trx,
      columnsAfter.slice(1).map((c) => c.id),
    );
    columnsAfter = columnsAfter.slice(0, 1);
  }
  saved.updated_at = list.updated_at.toISOString();
  saved.list_columns = columnsAfter.map((c) => ({
    id: c.id,
    name: c.name,
    precedence: c.precedence,
    temp_id: [...columns.tempColumns].find(([, real]) => real === c.id)?.[0] ?? null,
  }));
  return { list, columnsAfter };
}

/**
 * The activity entry's cell part, before and after: each changed cell by "<column> row <n>"
 * when there are 50 or fewer, else only how many changed.
 */
function cellActivity(
  cells: CellChanges,
  columnsAfter: readonly ColumnRow[],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const { resolved, oldValues } = cells;
  if (resolved.length > 50)
    return { before: { cells_changed: 0 }, after: { cells_changed: resolved.length } };
  const columnName = new Map(columnsAfter.map((c) => [c.id, c.name] as const));
  const label = (c: IncomingCell) =>
    `${columnName.get(c.list_column_id) ?? 'column'} row ${c.row_number + 1}`;
  return {
    before: Object.fromEntries(
      resolved.map((c) => [label(c), typeof c.id === 'number' ? (oldValues.get(c.id) ?? null) : null]),
    ),
    after: Object.fromEntries(resolved.map((c) => [label(c), c.value])),
  };
}
