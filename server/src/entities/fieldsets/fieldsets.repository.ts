import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** The account's field sets, most recently updated first (spec 02 §2). */
export function listFieldsets(db: Db, accountId: number) {
  return db
    .selectFrom('fieldsets')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Field sets of the account among `ids`, optionally locked for update. */
export function findFieldsets(db: Db, accountId: number, ids: readonly number[], forUpdate = false) {
  let q = db.selectFrom('fieldsets').selectAll().where('account_id', '=', accountId).where('id', 'in', ids);
  if (forUpdate) q = q.forUpdate();
  return q.execute();
}

/** The names of the account's field sets among `ids`, by id (none asked: an empty map). */
export async function fieldsetNames(
  db: Db,
  accountId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('fieldsets')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
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

/** Deletes field sets (their fields go with them). */
export async function deleteFieldsets(db: Db, accountId: number, ids: readonly number[]) {
  await db.deleteFrom('fieldsets').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}
