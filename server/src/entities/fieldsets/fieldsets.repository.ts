import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** The account's field sets with their field counts, most recently updated first (spec 02 §2). */
export function listFieldsets(db: Db, accountId: number) {
  return db
    .selectFrom('fieldsets as s')
    .selectAll('s')
    .select((eb) => [
      eb
        .selectFrom('fields as f')
        .whereRef('f.fieldset_id', '=', 's.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('field_count'),
    ])
    .where('s.account_id', '=', accountId)
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** Field sets of the account among `ids`, optionally locked for update. */
export function findFieldsets(db: Db, accountId: number, ids: readonly number[], forUpdate = false) {
  let q = db.selectFrom('fieldsets').selectAll().where('account_id', '=', accountId).where('id', 'in', ids);
  if (forUpdate) q = q.forUpdate();
  return q.execute();
}

/** The fields of the given sets, in order. */
export function fieldsOf(db: Db, fieldsetIds: readonly number[]) {
  if (fieldsetIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fields')
    .selectAll()
    .where('fieldset_id', 'in', fieldsetIds)
    .orderBy('precedence')
    .orderBy('id')
    .execute();
}

/** Which of the fields power a list, with the list's name (through a template's field). */
export function poweredLists(db: Db, fieldIds: readonly number[]) {
  if (fieldIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('template_fields as tf')
    .innerJoin('list_columns as c', 'c.powered_template_field_id', 'tf.id')
    .innerJoin('lists as l', 'l.id', 'c.list_id')
    .select(['tf.field_id', 'l.name as list_name'])
    .where('tf.field_id', 'in', fieldIds)
    .execute();
}

/** Ids of sets (among the account's) with a field that powers a list. */
export async function fieldsetsPoweringLists(db: Db, accountId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('fields as f')
    .innerJoin('template_fields as tf', 'tf.field_id', 'f.id')
    .innerJoin('list_columns as c', 'c.powered_template_field_id', 'tf.id')
    .select('f.fieldset_id')
    .distinct()
    .where('f.account_id', '=', accountId)
    .where('f.fieldset_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.fieldset_id!));
}

/** Inserts a field set. */
export function insertFieldset(db: Db, accountId: number, values: { name: string; description: string }) {
  return db
    .insertInto('fieldsets')
    .values({ account_id: accountId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a field set and stamps updated_at. */
export function updateFieldset(db: Db, id: number, values: { name: string; description: string }) {
  return db
    .updateTable('fieldsets')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The stored attributes of a field of a set. */
export interface SetFieldValues {
  name: string;
  description: string;
  governance_type: string;
  required: boolean;
  must_be_unique: boolean;
  precedence: number;
  settings: Record<string, unknown>;
}

/** Inserts a field into a set; returns its id. */
export async function insertField(db: Db, accountId: number, fieldsetId: number, values: SetFieldValues) {
  const row = await db
    .insertInto('fields')
    .values({
      account_id: accountId,
      fieldset_id: fieldsetId,
      ...values,
      settings: JSON.stringify(values.settings),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a field of a set. */
export async function updateField(db: Db, id: number, values: SetFieldValues) {
  await db
    .updateTable('fields')
    .set({ ...values, settings: JSON.stringify(values.settings), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes fields by id. */
export async function deleteFields(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('fields').where('id', 'in', ids).execute();
}

/** Deletes field sets (their fields go with them). */
export async function deleteFieldsets(db: Db, accountId: number, ids: readonly number[]) {
  await db.deleteFrom('fieldsets').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** The columns of the account's lists among `listIds`, as list id → column ids. */
export async function listColumnsOf(db: Db, accountId: number, listIds: readonly number[]) {
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
