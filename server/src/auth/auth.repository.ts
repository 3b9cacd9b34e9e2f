import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The user (`u`) and account (`a`) columns that `toActor` (auth.service.ts) builds a request's
 * Actor from, under the names the session (`findLiveSession`), the user (`findEnabledUser`) and the
 * API token (`findLiveToken`, ARCHITECTURE.md "Personal API tokens") lookups all answer with. Any
 * query that joins `users as u` and `accounts as a` can select them; the tuple is `as const` so
 * Kysely still infers each column's type.
 */
export const ACTOR_COLUMNS = [
  'u.id as user_id',
  'u.name as user_name',
  'u.email',
  'u.title',
  'u.role',
  'u.permissions',
  'u.super_admin',
  'a.id as account_id',
  'a.uuid as account_uuid',
  'a.name as account_name',
  'a.settings',
  'a.feature_flags',
] as const;

/** The session joined with its user and account, or undefined when absent or expired. */
export function findLiveSession(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', new Date())
    .where('u.disabled', '=', false)
    .select(['s.id as session_id', 's.expires_at', 's.bound_expires_at', ...ACTOR_COLUMNS])
    .executeTakeFirst();
}

/** An enabled user of the account with their account, in the shape `findLiveSession` answers (no session). */
export function findEnabledUser(db: Db, accountId: number, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .where('u.id', '=', userId)
    .where('u.account_id', '=', accountId)
    .where('u.disabled', '=', false)
    .select(ACTOR_COLUMNS)
    .executeTakeFirst();
}

/** Stores a new session; `boundExpiresAt` is the single sign-on IdP's bound, or null. */
export async function insertSession(
  db: Db,
  session: { id: string; userId: number; expiresAt: Date; boundExpiresAt?: Date | null },
) {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      expires_at: session.expiresAt,
      bound_expires_at: session.boundExpiresAt ?? null,
    })
    .execute();
}

/** Moves a session's expiry (sliding sessions), never past its bound. */
export async function extendSession(db: Db, sessionId: string, expiresAt: Date) {
  await db
    .updateTable('sessions')
    .set({
      expires_at: sql<Date>`least(${expiresAt}::timestamptz, coalesce(bound_expires_at, ${expiresAt}::timestamptz))`,
    })
    .where('id', '=', sessionId)
    .execute();
}

/** Ends one session. */
export async function deleteSession(db: Db, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of the given users. */
export async function deleteSessionsOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
}

/**
 * The users holding `email` in any account, with their account's name, most recently signed in
 * first (an address may hold one user per account), for sign-in and forgot-password.
 */
export function findUsersByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .selectAll('users')
    .select(['accounts.name as account_name', 'accounts.sso_required', 'accounts.sso_break_glass_user_id'])
    .where('users.email', '=', email)
    .orderBy(sql`users.last_login desc nulls last`)
    .orderBy('users.id')
    .execute();
}

/** Stores a single-use token; earlier unused tokens of the same purpose are voided first. */
export async function replaceToken(
  db: Db,
  token: { hash: string; userId: number; purpose: 'activation' | 'reset'; expiresAt: Date },
) {
  await db
    .deleteFrom('auth_tokens')
    .where('user_id', '=', token.userId)
    .where('purpose', '=', token.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: token.hash,
      user_id: token.userId,
      purpose: token.purpose,
      expires_at: token.expiresAt,
    })
    .execute();
}

/**
 * Marks a live token used and returns its user id; undefined when the token is unknown, used,
 * expired or of another purpose. Atomic, so a token works once even under concurrent requests.
 */
export async function consumeToken(db: Db, hash: string, purpose: 'activation' | 'reset') {
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Ends every session of a user except `keepSessionId`; answers how many ended. */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: string): Promise<number> {
  const ended = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}
