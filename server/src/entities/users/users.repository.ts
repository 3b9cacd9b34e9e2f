import type { Database, NewUser } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

function selectUsers(db: Db, accountId: number) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select(
      sql<
        number[]
      >`(select coalesce(array_agg(gu.group_id order by gu.group_id), '{}') from group_users gu where gu.user_id = users.id)`.as(
        'group_ids',
      ),
    )
    .where('users.account_id', '=', accountId);
}

/** Row of a user with the ids of their groups. */
export type UserWithGroups = Awaited<ReturnType<typeof listUsers>>[number];

/** The account's users by name, each with group ids. */
export function listUsers(db: Db, accountId: number) {
  return selectUsers(db, accountId).orderBy('users.name').orderBy('users.id').execute();
}

/** Users of the account among `ids` (others absent), locked for update. */
export function findUsersForUpdate(db: Db, accountId: number, ids: readonly number[]) {
  return selectUsers(db, accountId).where('users.id', 'in', ids).forUpdate(['users']).execute();
}

/** One user of the account. */
export function findUser(db: Db, accountId: number, id: number) {
  return selectUsers(db, accountId).where('users.id', '=', id).executeTakeFirst();
}

/**
 * Id of the account's user holding `email`, other than `exceptId`. Other accounts are not
 * looked at: an address may hold one user per account (issue 8 item 8).
 */
export async function emailTakenBy(
  db: Db,
  accountId: number,
  email: string,
  exceptId?: number,
): Promise<number | undefined> {
  let q = db.selectFrom('users').select('id').where('account_id', '=', accountId).where('email', '=', email);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id;
}

/** Inserts a user; returns the id. */
export async function insertUser(db: Db, values: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a user's profile attributes. */
export async function updateUser(
  db: Db,
  accountId: number,
  id: number,
  values: {
    name: string;
    email: string;
    title: string;
    role: NewUser['role'];
    permissions: string[];
    location: string;
  },
) {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

/** Replaces a user's group memberships. */
export async function setUserGroups(db: Db, userId: number, groupIds: readonly number[]) {
  await db.deleteFrom('group_users').where('user_id', '=', userId).execute();
  if (groupIds.length > 0) {
    await db
      .insertInto('group_users')
      .values(groupIds.map((group_id) => ({ group_id, user_id: userId })))
      .execute();
  }
}

/** Clears the passwords of users (forced reset). */
export async function clearPasswords(db: Db, accountId: number, ids: readonly number[]) {
  await db
    .updateTable('users')
    .set({ password_hash: null, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

/** Deletes users of the account. */
export async function deleteUsers(db: Db, accountId: number, ids: readonly number[]) {
  await db.deleteFrom('users').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** Ids of the account's groups among `ids`. */
export async function existingGroupIds(db: Db, accountId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}
