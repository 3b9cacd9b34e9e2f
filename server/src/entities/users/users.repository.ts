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

/** Inserts users in one statement; answers the id and email of each. */
export function insertUsers(db: Db, values: readonly NewUser[]) {
  return db
    .insertInto('users')
    .values([...values])
    .returning(['id', 'email'])
    .execute();
}

/**
 * The account's super admin (the first one the database finds) with the account's uuid, name
 * and feature flags, for acting as them (the demo seed saves through the services). Throws when
 * the account has none.
 */
export function findSuperAdminWithAccount(db: Db, accountId: number) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.permissions',
      'accounts.uuid',
      'accounts.name as account_name',
      'accounts.feature_flags',
    ])
    .where('users.account_id', '=', accountId)
    .where('users.super_admin', '=', true)
    .executeTakeFirstOrThrow();
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

/**
 * Whether any user, in any account, holds `email` (a new account's first admin must bring an
 * address no user holds; ARCHITECTURE.md "Sign-in and sessions").
 */
export async function isEmailInUse(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a user other than `userId` holds `email`: since an address holds one user per
 * account, such a user is in another account (the activation and reset mails say so).
 */
export async function isEmailHeldByOtherUser(db: Db, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The name of the account of user `userId`, or undefined for an unknown user. */
export async function accountNameOfUser(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select('accounts.name')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.name;
}

/** Stamps a user's last sign-in with the current time (ARCHITECTURE.md "Sign-in and sessions"). */
export async function recordSignIn(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', userId).execute();
}

/**
 * Sets the password of an enabled user from an emailed activation or reset link and stamps the
 * sign-in (`activated_at` too for an activation). Answers false, changing nothing, when the user
 * is disabled or unknown.
 */
export async function setPasswordFromLink(
  db: Db,
  userId: number,
  passwordHash: string,
  purpose: 'activation' | 'reset',
): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      last_login: new Date(),
      ...(purpose === 'activation' ? { activated_at: new Date() } : {}),
    })
    .where('id', '=', userId)
    .where('disabled', '=', false)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A user's stored password hash (null when none is set), or undefined for a user not in the account. */
export async function findPasswordHash(db: Db, accountId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Stores a user's new password hash. */
export async function updatePasswordHash(db: Db, accountId: number, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .where('account_id', '=', accountId)
    .execute();
}

/** Stores a user's own name and title (the profile page). */
export async function updateProfile(
  db: Db,
  accountId: number,
  userId: number,
  profile: { name: string; title: string },
) {
  await db
    .updateTable('users')
    .set({ name: profile.name, title: profile.title, updated_at: new Date() })
    .where('id', '=', userId)
    .where('account_id', '=', accountId)
    .execute();
}

/**
 * Disables or re-enables every user holding `email`, in whichever account (operator CLI; spec 01
 * §2.6); answers the users changed (id, name, account id), none for an unknown address.
 */
export function setDisabledByEmail(db: Db, email: string, disabled: boolean) {
  return db
    .updateTable('users')
    .set({ disabled, updated_at: new Date() })
    .where('email', '=', email)
    .returning(['id', 'name', 'account_id'])
    .execute();
}

/** Sets a user's role and permissions (single sign-on's mapping, re-applied at each sign-in). */
export async function updateAccess(
  db: Db,
  accountId: number,
  id: number,
  access: { role: NewUser['role']; permissions: string[] },
) {
  await db
    .updateTable('users')
    .set({ ...access, updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

/** The account's enabled ADMIN users by name (who may be single sign-on's break-glass admin). */
export function enabledAdmins(db: Db, accountId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('account_id', '=', accountId)
    .where('role', '=', 'ADMIN')
    .where('disabled', '=', false)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
