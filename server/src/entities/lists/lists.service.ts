import {
  AppError,
  LIST_MAX_COLUMNS,
  LIST_MAX_ROWS,
  LIST_STREAM_FIRST_ROWS,
  LIST_STREAM_MAX_RUN,
  LIST_STREAM_MEDIA_TYPE,
  type ListSaved,
  type ListStreamHead,
  type ListSummary,
  type listDeltaSchema,
  type listSaveSchema,
  savedListChangeRefusal,
} from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Response } from 'express';
import type { Selectable, Transaction } from 'kysely';
import type pg from 'pg';
import type { z } from 'zod';
import { withConnection } from '../../db/connection';
import { copyCellRuns, copyColumnsAsJson, type EncodedColumn } from '../../db/copy';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import * as fieldsRepo from '../fields/fields.repository';
import { assertAllFound } from '../guards';
import * as repo from './lists.repository';

export type ListRow = Selectable<Database['lists']>;
export type ColumnRow = Selectable<Database['list_columns']>;
export type FullSave = z.output<typeof listSaveSchema>;
export type DeltaSave = z.output<typeof listDeltaSchema>;

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

export function tooLarge(message: string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', message);
}

export function assertColumnLimit(count: number): void {
  if (count > LIST_MAX_COLUMNS) {
    throw tooLarge(
      `A list holds at most ${LIST_MAX_COLUMNS} columns; this save has ${count}. Nothing was saved.`,
    );
  }
}

export function assertRowLimit(rowNumber: number): void {
  if (rowNumber >= LIST_MAX_ROWS) {
    throw tooLarge(
      `A list holds at most ${LIST_MAX_ROWS.toLocaleString('en-US')} rows; this save reaches row ${rowNumber + 1}. Nothing was saved.`,
    );
  }
}

/** What the activity log compares for a list (its cells by count, not one by one). */
export function audited(list: ListRow, columns: readonly { name: string }[], cellCount: number) {
  return {
    name: list.name,
    notes: list.notes,
    type: list.type,
    columns: columns.map((c) => c.name),
    cells: cellCount,
  };
}

/** Runs `work` in one transaction on one connection; a clash of two cells at commit answers 409. */
export async function inTransaction<T>(
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
  await readListSnapshot(deps, actor, id, async ({ trx, client, list, columns }) => {
    res.status(200).type('application/json');
    const write = writerOf(res);
    const head = JSON.stringify(toSummary(list));
    await write(`${head.slice(0, -1)},"list_columns":[`);
    const encoded = columns.map((c) => {
      const json = JSON.stringify(columnJson(c));
      return { id: c.id, head: Buffer.from(`${json.slice(0, -1)},"list_values":[`) };
    });
    if (client) await copyColumnsAsJson(client, encoded, write);
    else await writeColumnsFromQueries(trx, encoded, write);
    res.end(']}');
  });
}

/**
 * Writes a list as a stream (issue 14 item 5; GET lists/{id}/stream, `listStreamHeadSchema` and
 * `listStreamRunSchema`) to `res`, from one consistent snapshot: the head line with each
 * column's row count, then the first LIST_STREAM_FIRST_ROWS rows of every column, written out
 * at once so a reader can show the first screen, then the other rows. 404 when not in the
 * account.
 */
export async function writeListStream(deps: AppDeps, actor: Actor, id: number, res: Response): Promise<void> {
  await readListSnapshot(deps, actor, id, async ({ trx, client, list, columns }) => {
    const ids = columns.map((c) => c.id);
    const rowCounts = await repo.rowCountsOf(trx, ids);
    const head: ListStreamHead = {
      ...toSummary(list),
      list_columns: columns.map((c) => ({ ...columnJson(c), row_count: rowCounts.get(c.id) ?? 0 })),
    };
    res.status(200).type(LIST_STREAM_MEDIA_TYPE);
    const write = writerOf(res);
    await write(`${JSON.stringify(head)}\n`);
    const first = LIST_STREAM_FIRST_ROWS;
    if (client) {
      await copyCellRuns(client, ids, 0, first, write);
      await copyCellRuns(client, ids, first, null, write);
    } else {
      await writeRunsFromQueries(trx, ids, 0, first, write);
      await writeRunsFromQueries(trx, ids, first, null, write);
    }
    res.end();
  });
}

/** What `readListSnapshot` hands its reader. */
interface ListSnapshot {
  trx: Transaction<Database>;
  /** The transaction's PostgreSQL connection (for COPY); null on the embedded database. */
  client: pg.PoolClient | null;
  list: ListRow;
  columns: ColumnRow[];
}

/**
 * Runs `read` in a repeatable-read transaction holding list `id` of the actor's account and its
 * columns by precedence, so every query of a read sees one snapshot. Throws 404 when the list is
 * not in the account.
 */
async function readListSnapshot(
  deps: AppDeps,
  actor: Actor,
  id: number,
  read: (snapshot: ListSnapshot) => Promise<void>,
): Promise<void> {
  await withConnection(deps, async (db, client) => {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const list = await repo.findList(trx, actor.accountId, id);
        if (!list) throw AppError.notFound('List');
        const columns = await repo.columnsOf(trx, id);
        // The cells stream in index order (column, row).
        if (client) await repo.preferIndexOrderReads(trx);
        await read({ trx, client: client ?? null, list, columns });
      });
  });
}

/** A column as the list reads show it, without its cells (spec 02 §3). */
function columnJson(c: ColumnRow) {
  return {
    id: c.id,
    name: c.name,
    precedence: c.precedence,
    list_id: c.list_id,
    powered_template_field_id: c.powered_template_field_id,
  };
}

/**
 * Writes to `res`. When the socket's buffer is full it answers a promise that resolves on
 * 'drain', so the COPY waits for the reader. Throws (or rejects) once the reader has gone (the
 * connection closed, e.g. the editor left mid-read): otherwise the read would wait for a
 * 'drain' that never comes, holding its transaction and PostgreSQL connection for good.
 */
function writerOf(res: Response): (chunk: Buffer | string) => undefined | Promise<void> {
  const gone = () => new Error('The client closed the connection before the list was read');
  return (chunk) => {
    if (res.destroyed) throw gone();
    if (res.write(chunk)) return undefined;
    return new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        res.off('close', onClose);
        resolve();
      };
      const onClose = () => {
        res.off('drain', onDrain);
        reject(gone());
      };
      res.once('drain', onDrain);
      res.once('close', onClose);
    });
  };
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

/**
 * The embedded-database path of `writeListStream`: the cells of each column with row numbers in
 * [fromRow, toRow) as runs of consecutive rows (at most LIST_STREAM_MAX_RUN cells), one query
 * per column.
 */
async function writeRunsFromQueries(
  trx: Transaction<Database>,
  columnIds: readonly number[],
  fromRow: number,
  toRow: number | null,
  write: (chunk: Buffer | string) => void | Promise<void>,
): Promise<void> {
  for (const columnId of columnIds) {
    const cells = await repo.cellsOfColumn(trx, columnId, fromRow, toRow);
    const lines: string[] = [];
    let run: (number | string)[] = [];
    cells.forEach((cell, i) => {
      if (
        i === 0 ||
        cell.row_number !== cells[i - 1]!.row_number + 1 ||
        run.length >= 2 + 2 * LIST_STREAM_MAX_RUN
      ) {
        if (run.length > 0) lines.push(JSON.stringify(run));
        run = [columnId, cell.row_number];
      }
      run.push(Number(cell.id), cell.value);
    });
    if (run.length > 0) lines.push(JSON.stringify(run));
    if (lines.length > 0) await write(`${lines.join('\n')}\n`);
  }
}

/** One cell of a save after trimming, with its column resolved. */
export interface IncomingCell {
  id: number | string | null | undefined;
  list_column_id: number;
  row_number: number;
  value: string;
}

/** Gives new cells (no id or a temporary one) fresh ids, recording temporary → saved ids. */
export async function assignCellIds(
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
 * Refuses a change to a saved list by someone who may only comment and suggest (issue 8 item
 * 15; spec 02 §6): with live collaboration on, saving or deleting an existing list needs
 * approve_suggestions (403). Creating a list needs only manage_lists.
 */
export function assertMayChangeSavedList(actor: Actor, action: 'save' | 'delete'): void {
  const refusal = savedListChangeRefusal(actor, action);
  if (refusal) throw new AppError('FORBIDDEN', `${refusal}.`);
}

/** "a", "a and b", "a, b and c". */
function joinNames(names: readonly string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/**
 * Refuses to delete lists that fields (list governance) or templates (through those fields)
 * use (issue 8 item 14): 400 naming, per list, the fields and templates, so nothing is left
 * pointing at a list that is gone.
 */
async function assertListsUnused(
  trx: Transaction<Database>,
  accountId: number,
  lists: readonly ListRow[],
): Promise<void> {
  const usages = await fieldsRepo.fieldsUsingLists(
    trx,
    accountId,
    lists.map((l) => l.id),
  );
  if (usages.length === 0) return;
  const problems = lists.flatMap((list) => {
    const own = usages.filter((u) => u.list_id === String(list.id));
    if (own.length === 0) return [];
    const fields = [...new Set(own.map((u) => u.field_name))];
    const templates = [...new Set(own.flatMap((u) => (u.template_name ? [u.template_name] : [])))];
    const users = [
      `${fields.length === 1 ? 'the field' : 'the fields'} ${joinNames(fields)}`,
      ...(templates.length > 0
        ? [`${templates.length === 1 ? 'the template' : 'the templates'} ${joinNames(templates)}`]
        : []),
    ];
    return [`The list "${list.name}" is used by ${users.join(' and ')}.`];
  });
  throw new AppError(
    'BAD_REQUEST',
    `${problems.join(' ')} Change ${problems.length === 1 ? 'them' : 'those'} to use another list first; nothing was deleted.`,
    [{ path: 'body.list_ids', message: problems.join(' ') }],
  );
}

/**
 * Deletes lists with their columns and cells, all or nothing. Errors: 403 for someone who may
 * only suggest (live collaboration on, no approve_suggestions), 404 for any unknown id, 400
 * naming the fields and templates that use a list (issue 8 items 14, 15).
 */
export async function deleteLists(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  assertMayChangeSavedList(actor, 'delete');
  await deps.db.transaction().execute(async (trx) => {
    const lists = await repo.findListsForUpdate(trx, actor.accountId, ids);
    assertAllFound(
      ids,
      lists.map((l) => l.id),
      'Lists',
    );
    await assertListsUnused(trx, actor.accountId, lists);
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
