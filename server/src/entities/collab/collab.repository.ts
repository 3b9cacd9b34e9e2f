import type { Database } from '@nomen/shared/db';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The user's access version (`collab_access`, raised by a database trigger whenever the user's
 * password, disabled flag, role, permissions or super-admin flag change; migration 0004), or
 * undefined when it was never raised. Collaboration tokens carry it, so the collab server refuses
 * a token issued before such a change (ARCHITECTURE.md, collaboration authentication).
 */
export async function accessVersionOf(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('collab_access')
    .select('version')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.version;
}

/**
 * The collaboration state rows (`list_collab_state`: pending-suggestion count and review lock)
 * of the account's lists, in no particular order (spec 02 §2).
 */
export function collabStatesOfAccount(db: Db, accountId: number) {
  return db.selectFrom('list_collab_state').selectAll().where('account_id', '=', accountId).execute();
}

/**
 * The review lock of a list (holder's id and name, expiry; spec 02 §2), or undefined when the list
 * has no collaboration state yet. The holder is null when nobody holds it.
 */
export function reviewLockOf(db: Db, listId: number) {
  return db
    .selectFrom('list_collab_state')
    .select(['locked_by', 'locked_by_name', 'lock_expires_at'])
    .where('list_id', '=', listId)
    .executeTakeFirst();
}

/** Stores one message of the list editor's feedback modal (spec 02 §2, §7); `rating` is 1–5 or null. */
export async function insertFeedback(
  db: Db,
  feedback: {
    accountId: number;
    userId: number;
    listId: number | null;
    message: string;
    rating: number | null;
  },
): Promise<void> {
  await db
    .insertInto('feedback')
    .values({
      account_id: feedback.accountId,
      user_id: feedback.userId,
      list_id: feedback.listId,
      message: feedback.message,
      rating: feedback.rating,
    })
    .execute();
}
