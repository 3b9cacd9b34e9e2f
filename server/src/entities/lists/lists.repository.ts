import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { copyCellsIn } from '../../db/copy';

type Db = Kysely<Database> | Transaction<Database>;

/** One cell to store, with its id already chosen. */
export interface CellRow {
  id: number;
  list_column_id: number;
  row_number: number;
  value: string;
}

/** The account's lists without cells, newest change first (spec 02 §2). */
export function listLists(db: Db, accountId: number) {
  return db
    .selectFrom('lists')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One list of the account, optionally locked for update. */
export function findList(db: Db, accountId: number, id: number, forUpdate = false) {
  let q = db.selectFrom('lists').selectAll().where('account_id', '=', accountId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Whether the account has a list with this id (another account's list counts as none). */
export async function hasList(db: Db, accountId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('lists')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Lists of the account among `ids`, locked for update. */
export function findListsForUpdate(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('lists')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Inserts a list; returns the row. */
export function insertList(
  db: Db,
  accountId: number,
  values: {
    name: string;
    notes: string;
    type: Database['lists']['type'];
    powered_template_id: number | null;
  },
) {
  return db
    .insertInto('lists')
    .values({ account_id: accountId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a list's attributes and stamps updated_at; returns the row. */
export function updateList(
  db: Db,
  id: number,
  values: Partial<{
    name: string;
    notes: string;
    type: Database['lists']['type'];
    powered_template_id: number | null;
  }>,
) {
  return db
    .updateTable('lists')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A list's columns by precedence. */
export function columnsOf(db: Db, listId: number) {
  return db
    .selectFrom('list_columns')
    .selectAll()
    .where('list_id', '=', listId)
    .orderBy('precedence')
    .orderBy('id')
    .execute();
}

/** Columns of several lists (for reading many lists at once). */
export function columnsOfLists(db: Db, listIds: readonly number[]) {
  if (listIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('list_columns')
    .selectAll()
    .where('list_id', 'in', listIds)
    .orderBy('precedence')
    .execute();
}

/** Inserts columns; returns their ids in input order. */
export async function insertColumns(
  db: Db,
  listId: number,
  columns: readonly { name: string; precedence: number; powered_template_field_id: number | null }[],
): Promise<number[]> {
  if (columns.length === 0) return [];
  const rows = await db
    .insertInto('list_columns')
    .values(columns.map((c) => ({ list_id: listId, ...c })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Updates columns' names and order (one statement). */
export async function updateColumns(
  db: Db,
  columns: readonly {
    id: number;
    name: string;
    precedence: number;
    powered_template_field_id?: number | null;
  }[],
) {
  if (columns.length === 0) return;
  await sql`
    update list_columns c set name = u.name, precedence = u.precedence
    from unnest(${columns.map((c) => c.id)}::int[], ${columns.map((c) => c.name)}::text[], ${columns.map((c) => c.precedence)}::int[])
      as u(id, name, precedence)
    where c.id = u.id`.execute(db);
}

/** Deletes columns and their cells. */
export async function deleteColumns(db: Db, columnIds: readonly number[]) {
  if (columnIds.length === 0) return;
  await db.deleteFrom('list_values').where('list_column_id', 'in', columnIds).execute();
  await db.deleteFrom('list_columns').where('id', 'in', columnIds).execute();
}

/** Advisory-lock key that serialises cell-id reservations. */
const CELL_ID_LOCK = 7_403_001;

/**
 * Reserves `n` consecutive new cell ids from the list_values sequence in two statements, so a
 * million-cell save does not call nextval a million times. Reservations take a short advisory
 * lock; every writer of list_values takes its ids here, never from the column default.
 */
export async function allocateCellIds(db: Db, n: number): Promise<number[]> {
  if (n === 0) return [];
  await sql`select pg_advisory_lock(${CELL_ID_LOCK})`.execute(db);
  try {
    const { rows } = await sql<{ last: string }>`
      select setval('list_values_id_seq', nextval('list_values_id_seq') + ${n - 1}) as last`.execute(db);
    const last = Number(rows[0]!.last);
    return Array.from({ length: n }, (_, i) => last - n + 1 + i);
  } finally {
    await sql`select pg_advisory_unlock(${CELL_ID_LOCK})`.execute(db);
  }
}

/**
 * Stores cells with their chosen ids into `table` (list_values or a temporary table of the same
 * shape): COPY on PostgreSQL, batched multi-row inserts on the embedded database.
 */
export async function insertCells(
  db: Db,
  client: pg.PoolClient | null,
  cells: readonly CellRow[],
  table = 'list_values',
) {
  if (cells.length === 0) return;
  if (client) {
    await copyCellsIn(client, table, cells);
    return;
  }
  for (let i = 0; i < cells.length; i += 5000) {
    const batch = cells.slice(i, i + 5000);
    await sql`insert into ${sql.table(table)} (id, list_column_id, row_number, value) values ${sql.join(
      batch.map((c) => sql`(${c.id}, ${c.list_column_id}, ${c.row_number}, ${c.value})`),
    )}`.execute(db);
  }
}

/** Ids among `ids` that are cells of `columnIds`. */
export async function existingCellIds(
  db: Db,
  columnIds: readonly number[],
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0 || columnIds.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    select id from list_values where list_column_id = any(${[...columnIds]}::int[]) and id = any(${[...ids]}::int8[])`.execute(
    db,
  );
  return rows.map((r) => Number(r.id));
}

/** Updates cells by id: value, row and column (one statement). */
export async function updateCells(db: Db, cells: readonly CellRow[]) {
  if (cells.length === 0) return;
  await sql`
    update list_values v set value = u.value, row_number = u.row_number, list_column_id = u.list_column_id
    from unnest(${cells.map((c) => c.id)}::int8[], ${cells.map((c) => c.list_column_id)}::int[],
                ${cells.map((c) => c.row_number)}::int[], ${cells.map((c) => c.value)}::text[])
      as u(id, list_column_id, row_number, value)
    where v.id = u.id`.execute(db);
}

/** Clears the template fields of a list's columns (the list was unlinked from its template). */
export async function unpowerColumns(db: Db, listId: number) {
  await db
    .updateTable('list_columns')
    .set({ powered_template_field_id: null })
    .where('list_id', '=', listId)
    .execute();
}

/** Deletes cells by id. */
export async function deleteCells(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await sql`delete from list_values where id = any(${[...ids]}::int8[])`.execute(db);
}

/**
 * Makes the cells of `columnIds` exactly `cells` (a full save), keeping the ids of cells that
 * stay: loads them into a temporary table, then deletes what is gone, updates what changed and
 * inserts what is new, each in one set-based statement. Returns the ids sent that are not
 * cells of these columns (the caller refuses those with 404 and rolls back).
 */
export async function replaceCells(
  db: Db,
  client: pg.PoolClient | null,
  columnIds: readonly number[],
  cells: readonly (CellRow & { isNew: boolean })[],
): Promise<number[]> {
  await sql`create temporary table incoming_cells (id int8 not null, list_column_id int not null, row_number int not null, value text not null, is_new boolean not null default false) on commit drop`.execute(
    db,
  );
  await insertCells(db, client, cells, 'incoming_cells');
  const newIds = cells.filter((c) => c.isNew).map((c) => c.id);
  if (newIds.length > 0) {
    await sql`update incoming_cells set is_new = true where id = any(${newIds}::int8[])`.execute(db);
  }
  const cols = [...columnIds];
  const { rows: unknown } = await sql<{ id: number }>`
    select i.id from incoming_cells i
    where not i.is_new and not exists (
      select 1 from list_values v where v.id = i.id and v.list_column_id = any(${cols}::int[]))
    limit 20`.execute(db);
  if (unknown.length > 0) return unknown.map((r) => Number(r.id));
  await sql`
    delete from list_values v where v.list_column_id = any(${cols}::int[])
      and not exists (select 1 from incoming_cells i where i.id = v.id and not i.is_new)`.execute(db);
  await sql`
    update list_values v set value = i.value, row_number = i.row_number, list_column_id = i.list_column_id
    from incoming_cells i
    where i.id = v.id and not i.is_new
      and (v.value <> i.value or v.row_number <> i.row_number or v.list_column_id <> i.list_column_id)`.execute(
    db,
  );
  await sql`
    insert into list_values (id, list_column_id, row_number, value)
    select id, list_column_id, row_number, value from incoming_cells where is_new`.execute(db);
  return [];
}

/**
 * The cells of one column by row (embedded database path of the list reads), those with row
 * numbers in [fromRow, toRow) (toRow null: no end).
 */
export function cellsOfColumn(db: Db, columnId: number, fromRow = 0, toRow: number | null = null) {
  let query = db
    .selectFrom('list_values')
    .select(['id', 'row_number', 'value'])
    .where('list_column_id', '=', columnId)
    .where('row_number', '>=', fromRow);
  if (toRow !== null) query = query.where('row_number', '<', toRow);
  return query.orderBy('row_number').execute();
}

/** How many cells the columns `columnIds` hold together (0 for none). */
export async function countCells(db: Db, columnIds: readonly number[]): Promise<number> {
  if (columnIds.length === 0) return 0;
  const row = await db
    .selectFrom('list_values')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('list_column_id', 'in', columnIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored values of the cells `ids` as cell id → value; ids that are no cell are absent. */
export async function cellValuesById(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('list_values').select(['id', 'value']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.value]));
}

/** Deletes every cell of a list, keeping its columns (a powered list is refilled next). */
export async function deleteCellsOfList(db: Db, listId: number) {
  await sql`delete from list_values where list_column_id in (select id from list_columns where list_id = ${listId})`.execute(
    db,
  );
}

/**
 * Stamps a list's `updated_at` with the statement's clock time (not the transaction's start, so
 * a refill later in a long transaction still moves it forward) and answers it. Throws when the
 * list does not exist.
 */
export async function stampListChanged(db: Db, listId: number): Promise<Date> {
  const { updated_at } = await db
    .updateTable('lists')
    .set({ updated_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', listId)
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return updated_at;
}

/**
 * The account's lists powered by the template whose dataset is `datasetId` (id and template id),
 * by id, locked for update (spec 02 §2, template-powered lists).
 */
export function listsPoweredByDataset(db: Db, accountId: number, datasetId: number) {
  return db
    .selectFrom('lists')
    .innerJoin('datasets', 'datasets.template_id', 'lists.powered_template_id')
    .select(['lists.id', 'lists.powered_template_id'])
    .where('lists.account_id', '=', accountId)
    .where('datasets.id', '=', datasetId)
    .orderBy('lists.id')
    .forUpdate()
    .execute();
}

/**
 * Makes the rest of the current transaction read a list's cells in index order (column, row), as
 * the streamed list reads want: JIT compilation (~100 ms) and a bitmap scan followed by a sort per
 * column only slow that down. PostgreSQL only (the embedded database has neither setting).
 */
export async function preferIndexOrderReads(trx: Transaction<Database>): Promise<void> {
  await sql`set local jit = off; set local enable_bitmapscan = off`.execute(trx);
}

/**
 * The last used row number + 1 of each column of `columnIds` (0 for a column without cells), one
 * index probe per column.
 */
export async function rowCountsOf(db: Db, columnIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(columnIds.map((id) => [id, 0]));
  if (columnIds.length === 0) return counts;
  const rows = await db
    .selectFrom('list_columns as c')
    .select((eb) => [
      'c.id',
      eb
        .selectFrom('list_values as x')
        .select(sql<number>`x.row_number + 1`.as('n'))
        .whereRef('x.list_column_id', '=', 'c.id')
        .orderBy('x.row_number', 'desc')
        .limit(1)
        .as('row_count'),
    ])
    .where('c.id', 'in', columnIds)
    .execute();
  for (const row of rows) counts.set(row.id, Number(row.row_count ?? 0));
  return counts;
}

/** Highest row number per column of a list, for the row limit after a delta. */
export async function maxRowNumber(db: Db, columnIds: readonly number[]): Promise<number> {
  if (columnIds.length === 0) return -1;
  const row = await db
    .selectFrom('list_values')
    .select((eb) => eb.fn.max('row_number').as('max'))
    .where('list_column_id', 'in', columnIds)
    .executeTakeFirst();
  return row?.max ?? -1;
}

/** Deletes lists with their columns and cells. */
export async function deleteLists(db: Db, accountId: number, ids: readonly number[]) {
  await sql`delete from list_values where list_column_id in (select c.id from list_columns c join lists l on l.id = c.list_id where l.account_id = ${accountId} and l.id = any(${[...ids]}::int[]))`.execute(
    db,
  );
  await db.deleteFrom('lists').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** Whether the account has a template with this id (issue 8 item 5: no link to a foreign one). */
export async function hasTemplate(db: Db, accountId: number, templateId: number): Promise<boolean> {
  const row = await db
    .selectFrom('templates')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', templateId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Which of `ids` are template fields of the account (of `templateId` when given), so a column
 * is never powered by another account's or another template's field (issue 8 item 5).
 */
export async function existingTemplateFieldIds(
  db: Db,
  accountId: number,
  ids: readonly number[],
  templateId: number | null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  let q = db
    .selectFrom('template_fields')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids);
  if (templateId !== null) q = q.where('template_id', '=', templateId);
  return (await q.execute()).map((r) => r.id);
}

/**
 * The column ids of the account's lists among `listIds`, as list id → column ids; lists not in
 * the account are left out (a field's list governance names a list and one of its columns).
 */
export async function columnIdsOfLists(db: Db, accountId: number, listIds: readonly number[]) {
  if (listIds.length === 0) return new Map<number, number[]>();
  const rows = await db
    .selectFrom('list_columns as c')
    .innerJoin('lists as l', 'l.id', 'c.list_id')
    .select(['l.id as list_id', 'c.id as column_id'])
    .where('l.account_id', '=', accountId)
    .where('l.id', 'in', listIds)
    .execute();
  const map = new Map<number, number[]>(listIds.map((id) => [id, []]));
  for (const r of rows) map.get(r.list_id)?.push(r.column_id);
  const existing = await db
    .selectFrom('lists')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', listIds)
    .execute();
  const known = new Set(existing.map((l) => l.id));
  for (const id of listIds) if (!known.has(id)) map.delete(id);
  return map;
}
