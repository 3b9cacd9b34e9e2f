import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** The account's folders by name. */
export function listFolders(db: Db, accountId: number) {
  return db.selectFrom('folders').selectAll().where('account_id', '=', accountId).orderBy('name').execute();
}

/** Folders of the account among `ids` (others are silently absent), locked for update. */
export function findFoldersForUpdate(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('folders')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/** Inserts a folder. */
export function insertFolder(db: Db, accountId: number, values: { name: string; description: string }) {
  return db
    .insertInto('folders')
    .values({ account_id: accountId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a folder of the account. */
export function updateFolder(
  db: Db,
  accountId: number,
  id: number,
  values: { name: string; description: string },
) {
  return db
    .updateTable('folders')
    .set({ ...values, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many templates each of the folders holds (folders with none are absent). */
export function countTemplatesInFolders(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('templates')
    .where('account_id', '=', accountId)
    .where('folder_id', 'in', ids)
    .select(['folder_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('folder_id')
    .execute();
}

/** Deletes folders of the account. */
export async function deleteFolders(db: Db, accountId: number, ids: readonly number[]) {
  await db.deleteFrom('folders').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}
