import type { ApiTokenRow, Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { ACTOR_COLUMNS } from '../../auth/auth.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** A person's tokens, newest first. */
export function listTokens(db: Db, accountId: number, userId: number): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** How many unrevoked, unexpired tokens a person holds. */
export async function countLiveTokens(db: Db, accountId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Stores a new token (its hash, never the secret). */
export function insertToken(
  db: Db,
  values: {
    accountId: number;
    userId: number;
    name: string;
    tokenHash: string;
    tokenHint: string;
    expiresAt: Date | null;
  },
): Promise<ApiTokenRow> {
  return db
    .insertInto('api_tokens')
    .values({
      account_id: values.accountId,
      user_id: values.userId,
      name: values.name,
      token_hash: values.tokenHash,
      token_hint: values.tokenHint,
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One of a person's tokens, locked for the revoke; undefined when it is not theirs. */
export function findOwnToken(db: Db, accountId: number, userId: number, id: number) {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks a token revoked now (kept when already revoked). */
export function revokeToken(db: Db, id: number): Promise<ApiTokenRow> {
  return db
    .updateTable('api_tokens')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The live token with this hash joined with its enabled user and account, as the session lookup
 * (`findLiveSession`) answers; undefined when unknown, revoked, expired, or its user disabled.
 */
export function findLiveToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .where('t.token_hash', '=', tokenHash)
    .whereRef('t.account_id', '=', 'u.account_id')
    .where('t.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', new Date())]))
    .where('u.disabled', '=', false)
    .select(['t.id as token_id', 't.last_used_at', ...ACTOR_COLUMNS])
    .executeTakeFirst();
}

/** Records that a token was used now. */
export async function touchToken(db: Db, id: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: new Date() }).where('id', '=', id).execute();
}

/**
 * Revokes every live token of these users now (ARCHITECTURE.md security rules: a password reset
 * revokes access, so a token made by someone who knew the old password dies with it).
 */
export async function revokeTokensOfUsers(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .execute();
}
