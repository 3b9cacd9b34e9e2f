import {
  AppError,
  LIST_MAX_COLUMNS,
  LIST_MAX_ROWS,
  type ListSaved,
  type ListSummary,
  type listDeltaSchema,
  type listSaveSchema,
} from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Response } from 'express';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import type { z } from 'zod';
import { withConnection } from '../../db/connection';
import { copyColumnsAsJson, type EncodedColumn } from '../../db/copy';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertListUnlocked } from '../collab/collab.service';
import { assertAllFound, assertNotStale } from '../guards';
import * as repo from './lists.repository';

type ListRow = Selectable<Database['lists']>;
type ColumnRow = Selectable<Database['list_columns']>;
type FullSave = z.output<typeof listSaveSchema>;
type DeltaSave = z.output<typeof listDeltaSchema>;

function toSummary(row: ListRow): ListSummary {
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    type: row.type,
    powered_template_id: row.powered_template_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function tooLarge(message: string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', message);
}

function assertColumnLimit(count: number): void {
  if (count > LIST_MAX_COLUMNS) {
    throw tooLarge(
      `A list holds at most ${LIST_MAX_COLUMNS} columns; this save has ${count}. Nothing was saved.`,
    );
  }
}

function assertRowLimit(rowNumber: number): void {
  if (rowNumber >= LIST_MAX_ROWS) {
    throw tooLarge(
      `A list holds at most ${LIST_MAX_ROWS.toLocaleString('en-US')} rows; this save reaches row ${rowNumber + 1}. Nothing was saved.`,
    );
  }
}

/** What the activity log compares for a list (its cells by count, not one by one). */
function audited(list: ListRow, columns: readonly { name: string }[], cellCount: number) {
  return {
    name: list.name,
    notes: list.notes,
    type: list.type,
    columns: columns.map((c) => c.name),
    cells: cellCount,
  };
}

async function cellCount(
  db: Kysely<Database> | Transaction<Database>,
  columnIds: readonly number[],
): Promise<number> {
  if (columnIds.length === 0) return 0;
  const row = await db
    .selectFrom('list_values')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('list_column_id', 'in', columnIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runs `work` in one transaction on one connection; a clash of two cells at commit answers 409. */
async function inTransaction<T>(
  deps: AppDeps,
  work: (trx: Transaction<Database>, client: pg.PoolClient | null) => Promise<T>,
): Promise<T> {
  try {
    return await withConnection(deps, (db, client) => db.transaction().execute((trx) => work(trx, client)));
  } catch (error) {
    if ((error as { constraint?: string }).constraint === 'list_values_cell_unique') {
      throw new AppError(
        'CONFLICT',
        'Two values were sent for the same cell (same column and row). Nothing was saved.',
      );
    }
    throw error;
  }
}

/** The account's lists, newest change first (spec 02 §2). */
export async function listLists(deps: AppDeps, actor: Actor): Promise<{ data: ListSummary[] }> {
  return { data: (await repo.listLists(deps.db, actor.accountId)).map(toSummary) };
}

/**
 * Writes a list with its columns and cells as JSON to `res` (spec 02 §7 GET lists/{id}) from
 * one consistent snapshot. On PostgreSQL the cells stream out of COPY without being parsed; on
 * the embedded database they are read column by column. 404 when not in the account.
 */
export async function writeListJson(deps: AppDeps, actor: Actor, id: number, res: Response): Promise<void> {
  await withConnection(deps, async (db, client) => {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const list = await repo.findList(trx, actor.accountId, id);
        if (!list) throw AppError.notFound('List');
        const columns = await repo.columnsOf(trx, id);
        // A plain ordered scan gains nothing from JIT compilation, which costs ~100 ms per read.
        if (client) await sql`set local jit = off`.execute(trx);
        res.status(200).type('application/json');
        const write = (chunk: Buffer | string) =>
          res.write(chunk) ? undefined : new Promise<void>((resolve) => res.once('drain', () => resolve()));
        const head = JSON.stringify(toSummary(list));
        await write(`${head.slice(0, -1)},"list_columns":[`);
        const encoded = columns.map((c) => {
          const json = JSON.stringify({
            id: c.id,
            name: c.name,
            precedence: c.precedence,
            list_id: c.list_id,
            powered_template_field_id: c.powered_template_field_id,
          });
          return { id: c.id, head: Buffer.from(`${json.slice(0, -1)},"list_values":[`) };
        });
        if (client) await copyColumnsAsJson(client, encoded, write);
        else await writeColumnsFromQueries(trx, encoded, write);
        res.end(']}');
      });
  });
}

/** The embedded-database path of `writeListJson`: one query per column. */
async function writeColumnsFromQueries(
  trx: Transaction<Database>,
  columns: readonly EncodedColumn[],
  write: (chunk: Buffer | string) => void | Promise<void>,
): Promise<void> {
  for (const [i, column] of columns.entries()) {
    const cells = await repo.cellsOfColumn(trx, column.id);
    const values = cells.map((c) =>
      JSON.stringify({
        id: Number(c.id),
        row_number: c.row_number,
        value: c.value,
        list_column_id: column.id,
      }),
    );
    await write(`${i > 0 ? ',' : ''}${column.head.toString('utf8')}${values.join(',')}]}`);
  }
}

/** One cell of a save after trimming, with its column resolved. */
interface IncomingCell {
  id: number | string | null | undefined;
  list_column_id: number;
  row_number: number;
  value: string;
}

/**
 * Saves a whole list (spec 02 §7 PUT lists/): creates it (no id) or replaces its columns and
 * cells (id), keeping the ids of cells and columns that stay, in one transaction with an
 * activity entry. Cell values are trimmed and empty cells are not stored; a drop-down list
 * keeps only its first column. Errors: 404 (list, column or cell ids not in this list), 409
 * (stale updated_at, two values for one cell), 413 (over 100 columns or 10,000 rows).
 */
export async function saveList(deps: AppDeps, actor: Actor, input: FullSave): Promise<ListSaved> {
  let columnsIn = input.list_columns;
  if (columnsIn) {
    assertColumnLimit(columnsIn.length);
    for (const column of columnsIn) for (const cell of column.list_values) assertRowLimit(cell.row_number);
    if (input.type === 'drop-down' && columnsIn.length > 1) {
      columnsIn = [...columnsIn].sort((a, b) => a.precedence - b.precedence).slice(0, 1);
    }
  }
  return inTransaction(deps, async (trx, client) => {
    const attributes = {
      name: input.name,
      notes: input.notes,
      type: input.type,
      powered_template_id: input.powered_template_id ?? null,
    };
    let before: ReturnType<typeof audited> | null = null;
    let list: ListRow;
    let existing: ColumnRow[] = [];
    if (input.id) {
      const found = await repo.findList(trx, actor.accountId, input.id, true);
      if (!found) throw AppError.notFound('List');
      assertNotStale(found.updated_at, input.updated_at, 'list');
      await assertListUnlocked(trx, actor, found.id);
      existing = await repo.columnsOf(trx, found.id);
      before = audited(
        found,
        existing,
        await cellCount(
          trx,
          existing.map((c) => c.id),
        ),
      );
      list = await repo.updateList(trx, found.id, attributes);
    } else {
      list = await repo.insertList(trx, actor.accountId, attributes);
    }

    const saved: ListSaved = {
      id: list.id,
      updated_at: list.updated_at.toISOString(),
      list_columns: [],
      value_ids: {},
    };
    if (!columnsIn) {
      if (!input.id) {
        const [columnId] = await repo.insertColumns(trx, list.id, [
          { name: 'Column 1', precedence: 0, powered_template_field_id: null },
        ]);
        saved.list_columns.push({ id: columnId!, name: 'Column 1', precedence: 0, temp_id: null });
      } else {
        saved.list_columns = existing.map((c) => ({
          id: c.id,
          name: c.name,
          precedence: c.precedence,
          temp_id: null,
        }));
      }
    } else {
      const columnIds = await saveColumns(trx, list.id, existing, columnsIn, saved);
      const rows = await fullSaveRows(trx, columnsIn, columnIds, saved);
      if (existing.length === 0) {
        const foreign = rows.filter((r) => !r.isNew).map((r) => r.id);
        if (foreign.length > 0)
          throw new AppError('NOT_FOUND', `List values not found: ${foreign.slice(0, 20).join(', ')}`);
        await repo.insertCells(trx, client, rows);
      } else {
        const unknown = await repo.replaceCells(
          trx,
          client,
          [...new Set([...existing.map((c) => c.id), ...columnIds])],
          rows,
        );
        if (unknown.length > 0)
          throw new AppError('NOT_FOUND', `List values not found: ${unknown.join(', ')}`);
      }
    }

    const columnsAfter = await repo.columnsOf(trx, list.id);
    await recordActivity(trx, actor, {
      configuredObject: 'list',
      objectName: list.name,
      objectId: list.id,
      before,
      after: audited(
        list,
        columnsAfter,
        await cellCount(
          trx,
          columnsAfter.map((c) => c.id),
        ),
      ),
    });
    return saved;
  });
}

/**
 * Makes the list's columns those of a full save: updates kept ones, inserts new ones, deletes
 * missing ones with their cells. Returns the saved column id of each input column, in order,
 * and fills `saved.list_columns`. 404 for a numeric id that is not a column of this list.
 */
async function saveColumns(
  trx: Transaction<Database>,
  listId: number,
  existing: readonly ColumnRow[],
  columnsIn: NonNullable<FullSave['list_columns']>,
  saved: ListSaved,
): Promise<number[]> {
  const existingIds = existing.map((c) => c.id);
  const keptIds = columnsIn.map((c) => c.id).filter((id): id is number => typeof id === 'number');
  assertAllFound(keptIds, existingIds, 'List columns');
  await repo.deleteColumns(
    trx,
    existingIds.filter((id) => !keptIds.includes(id)),
  );
  await repo.updateColumns(
    trx,
    columnsIn.flatMap((c) =>
      typeof c.id === 'number' ? [{ id: c.id, name: c.name, precedence: c.precedence }] : [],
    ),
  );
  const fresh = columnsIn.filter((c) => typeof c.id !== 'number');
  const freshIds = await repo.insertColumns(
    trx,
    listId,
    fresh.map((c) => ({
      name: c.name,
      precedence: c.precedence,
      powered_template_field_id: c.powered_template_field_id ?? null,
    })),
  );
  let f = 0;
  const ids = columnsIn.map((c) => (typeof c.id === 'number' ? c.id : freshIds[f++]!));
  saved.list_columns = columnsIn.map((c, i) => ({
    id: ids[i]!,
    name: c.name,
    precedence: c.precedence,
    temp_id: typeof c.id === 'number' ? null : (c.id ?? null),
  }));
  return ids;
}

/**
 * The cells of a full save as rows to store, in one pass: values trimmed, empty cells skipped,
 * new cells (no id or a temporary one) given fresh ids from one reserved block, temporary ids
 * recorded in `saved.value_ids`. Built without intermediate copies: a save may hold a million.
 */
async function fullSaveRows(
  trx: Transaction<Database>,
  columnsIn: NonNullable<FullSave['list_columns']>,
  columnIds: readonly number[],
  saved: ListSaved,
): Promise<(repo.CellRow & { isNew: boolean })[]> {
  let fresh = 0;
  for (const column of columnsIn) {
    for (const cell of column.list_values)
      if (typeof cell.id !== 'number' && cell.value.trim() !== '') fresh++;
  }
  const ids = await repo.allocateCellIds(trx, fresh);
  const rows: (repo.CellRow & { isNew: boolean })[] = [];
  let f = 0;
  columnsIn.forEach((column, i) => {
    const list_column_id = columnIds[i]!;
    for (const cell of column.list_values) {
      const value = cell.value.trim();
      if (value === '') continue;
      if (typeof cell.id === 'number') {
        rows.push({ id: cell.id, list_column_id, row_number: cell.row_number, value, isNew: false });
        continue;
      }
      const id = ids[f++]!;
      if (typeof cell.id === 'string') saved.value_ids[cell.id] = id;
      rows.push({ id, list_column_id, row_number: cell.row_number, value, isNew: true });
    }
  });
  return rows;
}

/** Gives new cells (no id or a temporary one) fresh ids, recording temporary → saved ids. */
async function assignCellIds(
  trx: Transaction<Database>,
  cells: readonly IncomingCell[],
  saved: ListSaved,
): Promise<(repo.CellRow & { isNew: boolean })[]> {
  const fresh = cells.filter((c) => typeof c.id !== 'number');
  const ids = await repo.allocateCellIds(trx, fresh.length);
  let f = 0;
  return cells.map((c) => {
    if (typeof c.id === 'number')
      return {
        id: c.id,
        list_column_id: c.list_column_id,
        row_number: c.row_number,
        value: c.value,
        isNew: false,
      };
    const id = ids[f++]!;
    if (typeof c.id === 'string') saved.value_ids[c.id] = id;
    return { id, list_column_id: c.list_column_id, row_number: c.row_number, value: c.value, isNew: true };
  });
}

/**
 * Saves only what changed in a list (the editor's save; issue 3 performance): attributes,
 * column upserts and deletions, cell upserts and deletions, in one transaction with an activity
 * entry that names each changed cell when there are few. A cell emptied by trimming is deleted.
 * Errors: 404 (list, column or cell not in this list), 409 (stale updated_at, two values for
 * one cell), 413 (over 100 columns or 10,000 rows), 400 (a value naming an unknown temporary
 * column).
 */
export async function saveListDelta(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: DeltaSave,
): Promise<ListSaved> {
  for (const cell of input.values?.upsert ?? []) assertRowLimit(cell.row_number);
  return inTransaction(deps, async (trx, client) => {
    const found = await repo.findList(trx, actor.accountId, id, true);
    if (!found) throw AppError.notFound('List');
    assertNotStale(found.updated_at, input.updated_at, 'list');
    await assertListUnlocked(trx, actor, id);
    const existing = await repo.columnsOf(trx, id);
    const existingIds = existing.map((c) => c.id);
    const saved: ListSaved = { id, updated_at: '', list_columns: [], value_ids: {} };

    // Columns.
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
      id,
      fresh.map((c) => ({ name: c.name, precedence: c.precedence, powered_template_field_id: null })),
    );
    const tempColumns = new Map(fresh.map((c, i) => [String(c.id), freshIds[i]!]));
    const liveColumns = new Set([...existingIds.filter((c) => !deletedColumns.includes(c)), ...freshIds]);

    // Cells.
    const cellUpserts = input.values?.upsert ?? [];
    const resolved: IncomingCell[] = cellUpserts.map((cell, i) => {
      const columnId =
        typeof cell.list_column_id === 'number' ? cell.list_column_id : tempColumns.get(cell.list_column_id);
      if (columnId === undefined) {
        throw AppError.badField(
          `body.values.upsert.${i}.list_column_id`,
          `No column ${cell.list_column_id} in this save`,
        );
      }
      if (!liveColumns.has(columnId)) throw new AppError('NOT_FOUND', `List columns not found: ${columnId}`);
      return { id: cell.id, list_column_id: columnId, row_number: cell.row_number, value: cell.value.trim() };
    });
    const deletedCells = input.values?.deleted_ids ?? [];
    const numericIds = [
      ...deletedCells,
      ...resolved.flatMap((c) => (typeof c.id === 'number' ? [c.id] : [])),
    ];
    assertAllFound(numericIds, await repo.existingCellIds(trx, existingIds, numericIds), 'List values');
    const oldValues =
      resolved.length <= 50 ? await previousValues(trx, numericIds) : new Map<number, string>();
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

    // Attributes; a drop-down list keeps only its first column.
    const type = input.type ?? found.type;
    const list = await repo.updateList(trx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      type,
    });
    let columnsAfter = await repo.columnsOf(trx, id);
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
      temp_id: [...tempColumns].find(([, real]) => real === c.id)?.[0] ?? null,
    }));

    const columnName = new Map(columnsAfter.map((c) => [c.id, c.name] as const));
    const cellChanges =
      resolved.length <= 50
        ? Object.fromEntries(
            resolved.map((c) => [
              `${columnName.get(c.list_column_id) ?? 'column'} row ${c.row_number + 1}`,
              c.value,
            ]),
          )
        : { cells_changed: resolved.length };
    const cellBefore =
      resolved.length <= 50
        ? Object.fromEntries(
            resolved.map((c) => [
              `${columnName.get(c.list_column_id) ?? 'column'} row ${c.row_number + 1}`,
              typeof c.id === 'number' ? (oldValues.get(c.id) ?? null) : null,
            ]),
          )
        : { cells_changed: 0 };
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
        ...cellBefore,
      },
      after: {
        name: list.name,
        notes: list.notes,
        type: list.type,
        columns: columnsAfter.map((c) => c.name),
        cells_deleted: deletedCells.length,
        ...cellChanges,
      },
    });
    return saved;
  });
}

async function previousValues(
  trx: Transaction<Database>,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('list_values').select(['id', 'value']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.value]));
}

/** Deletes lists with their columns and cells, all or nothing; 404 for any unknown id. */
export async function deleteLists(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const lists = await repo.findListsForUpdate(trx, actor.accountId, ids);
    assertAllFound(
      ids,
      lists.map((l) => l.id),
      'Lists',
    );
    await repo.deleteLists(trx, actor.accountId, ids);
    await recordActivity(
      trx,
      actor,
      ...lists.map((l) => ({
        configuredObject: 'list' as const,
        objectName: l.name,
        objectId: l.id,
        before: { name: l.name, notes: l.notes, type: l.type },
        after: null,
      })),
    );
  });
  return { ok: true };
}
