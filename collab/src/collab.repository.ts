import type { Database } from '@nomen/shared/db';
import { type Kysely, sql } from 'kysely';

/** The collab server's SQL: room checks, persistence and the lists-page projection. */
export class CollabRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account id of a list when it belongs to the account with `accountUuid`. */
  async accountOfList(accountUuid: string, listId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('lists as l')
      .innerJoin('accounts as a', 'a.id', 'l.account_id')
      .select('a.id')
      .where('a.uuid', '=', accountUuid)
      .where('l.id', '=', listId)
      .executeTakeFirst();
    return row?.id;
  }

  /** The stored Y.Doc state of a room, or null for a new room. */
  async loadDocument(name: string): Promise<Uint8Array | null> {
    const row = await this.db
      .selectFrom('collab_documents')
      .select('state')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? new Uint8Array(row.state) : null;
  }

  /** Stores a room's whole Y.Doc state. */
  async storeDocument(name: string, state: Uint8Array): Promise<void> {
    await this.db
      .insertInto('collab_documents')
      .values({ name, state: Buffer.from(state) })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ state: Buffer.from(state), updated_at: sql`now()` }),
      )
      .execute();
  }

  /** Writes the pending-suggestion count of a list (the lists page reads it, spec 02 §2). */
  async setPendingSuggestions(accountId: number, listId: number, pending: number): Promise<void> {
    await this.db
      .insertInto('list_collab_state')
      .values({ list_id: listId, account_id: accountId, pending_suggestions: pending })
      .onConflict((oc) =>
        oc.column('list_id').doUpdateSet({ pending_suggestions: pending, updated_at: sql`now()` }),
      )
      .execute();
  }

  /**
   * Takes or renews the lock for `userId` unless someone else holds an unexpired one; returns
   * the holder after the attempt. Atomic, so two instances cannot both grant it.
   */
  async takeLock(
    accountId: number,
    listId: number,
    user: { id: number; name: string },
    timeoutMs: number,
  ): Promise<{ lockedBy: number; lockedByName: string; lockedAt: Date }> {
    const expires = sql<Date>`now() + ${`${timeoutMs} milliseconds`}::interval`;
    await this.db
      .insertInto('list_collab_state')
      .values({ list_id: listId, account_id: accountId })
      .onConflict((oc) => oc.column('list_id').doNothing())
      .execute();
    await this.db
      .updateTable('list_collab_state')
      .set({
        locked_by: user.id,
        locked_by_name: user.name,
        locked_at: sql`case when locked_by = ${user.id} and lock_expires_at > now() then locked_at else now() end`,
        lock_expires_at: expires,
        updated_at: sql`now()`,
      })
      .where('list_id', '=', listId)
      .where((eb) =>
        eb.or([
          eb('locked_by', 'is', null),
          eb('locked_by', '=', user.id),
          eb('lock_expires_at', '<=', sql<Date>`now()`),
        ]),
      )
      .execute();
    const row = await this.db
      .selectFrom('list_collab_state')
      .select(['locked_by', 'locked_by_name', 'locked_at'])
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow();
    return { lockedBy: row.locked_by!, lockedByName: row.locked_by_name ?? '', lockedAt: row.locked_at! };
  }

  /** Releases the lock when `userId` holds it (or, with null, whoever holds it). */
  async releaseLock(listId: number, userId: number | null): Promise<void> {
    let q = this.db
      .updateTable('list_collab_state')
      .set({
        locked_by: null,
        locked_by_name: null,
        locked_at: null,
        lock_expires_at: null,
        updated_at: sql`now()`,
      })
      .where('list_id', '=', listId);
    if (userId !== null) q = q.where('locked_by', '=', userId);
    await q.execute();
  }

  /** The current lock holder and expiry of a list. */
  async lockOf(listId: number) {
    return this.db
      .selectFrom('list_collab_state')
      .select(['locked_by', 'lock_expires_at'])
      .where('list_id', '=', listId)
      .executeTakeFirst();
  }
}
