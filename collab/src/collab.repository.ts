import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

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

  /**
   * Why a token's holder may no longer be in a room (issue 8 item 4), or null when they may: the
   * token's session has ended or expired, the user is gone, disabled or moved, or their access
   * version (raised on a password, role or permission change) is not the token's.
   */
  async accessRefusal(access: {
    userId: number;
    accountId: number;
    sessionId: string;
    accessVersion: number;
  }): Promise<string | null> {
    const row = await this.db
      .selectFrom('users as u')
      .leftJoin('sessions as s', (j) =>
        j
          .onRef('s.user_id', '=', 'u.id')
          .on('s.id', '=', access.sessionId)
          .on('s.expires_at', '>', sql<Date>`now()`),
      )
      .leftJoin('collab_access as ca', 'ca.user_id', 'u.id')
      .select(['u.disabled', 'u.account_id', 's.id as session_id', 'ca.version'])
      .where('u.id', '=', access.userId)
      .executeTakeFirst();
    return refusalOf(row, access);
  }

  /**
   * The checks a state-changing command needs, in one round trip (issue 8 items 4 and 9): the
   * sender's access (see accessRefusal), that the list still exists in the account, and, for a
   * command naming a cell, that the column is one of the list's and the list value (when given)
   * one of that column's. Returns the reason to refuse, and whether it is the sender's access
   * that went (their connection is then closed), or null.
   */
  async commandRefusal(
    access: { userId: number; accountId: number; sessionId: string; accessVersion: number },
    listId: number,
    cell: { columnId: number; listValueId: number | null } | null,
  ): Promise<{ reason: string; accessGone: boolean } | null> {
    const row = await this.db
      .selectFrom('users as u')
      .leftJoin('sessions as s', (j) =>
        j
          .onRef('s.user_id', '=', 'u.id')
          .on('s.id', '=', access.sessionId)
          .on('s.expires_at', '>', sql<Date>`now()`),
      )
      .leftJoin('collab_access as ca', 'ca.user_id', 'u.id')
      .select((eb) => [
        'u.disabled',
        'u.account_id',
        's.id as session_id',
        'ca.version',
        eb
          .exists(
            eb
              .selectFrom('lists')
              .select('id')
              .where('id', '=', listId)
              .where('account_id', '=', access.accountId),
          )
          .as('list_exists'),
        cell
          ? eb
              .exists(
                eb
                  .selectFrom('list_columns')
                  .select('id')
                  .where('id', '=', cell.columnId)
                  .where('list_id', '=', listId),
              )
              .as('column_ok')
          : sql<boolean>`true`.as('column_ok'),
        cell?.listValueId
          ? eb
              .exists(
                eb
                  .selectFrom('list_values')
                  .select('id')
                  .where('id', '=', cell.listValueId)
                  .where('list_column_id', '=', cell.columnId),
              )
              .as('value_ok')
          : sql<boolean>`true`.as('value_ok'),
      ])
      .where('u.id', '=', access.userId)
      .executeTakeFirst();
    const refusal = refusalOf(row, access);
    if (refusal) return { reason: refusal, accessGone: true };
    if (!row!.list_exists) return { reason: 'This list no longer exists', accessGone: false };
    if (!row!.column_ok || !row!.value_ok)
      return { reason: 'That cell is not in this list', accessGone: false };
    return null;
  }

  /**
   * The stored state of a room: the compacted Y.Doc (null for a new room), its `updated_at`
   * marker, and the acknowledged updates appended since, in order.
   */
  async loadDocument(
    name: string,
  ): Promise<{ state: Uint8Array | null; storedAt: string | null; updates: Uint8Array[] }> {
    const row = await this.db
      .selectFrom('collab_documents')
      .select(['state', sql<string>`updated_at::text`.as('stored_at')])
      .where('name', '=', name)
      .executeTakeFirst();
    const updates = await this.db
      .selectFrom('collab_updates')
      .select('data')
      .where('name', '=', name)
      .orderBy('id')
      .execute();
    return {
      state: row ? new Uint8Array(row.state) : null,
      storedAt: row?.stored_at ?? null,
      updates: updates.map((u) => new Uint8Array(u.data)),
    };
  }

  /**
   * Stores a command's Yjs update (v2) before its acknowledgement (issue 8 item 10), with the
   * list's new pending-suggestion count when given, in one statement. Returns false, storing
   * nothing, when the list no longer exists.
   */
  async appendUpdate(
    room: { name: string; listId: number; accountId: number },
    update: Uint8Array,
    pendingSuggestions: number | null,
  ): Promise<boolean> {
    const result = await sql<{ id: number }>`
      with appended as (
        insert into collab_updates (name, data)
        select ${room.name}, ${Buffer.from(update)}
        where exists (select 1 from lists where id = ${room.listId} and account_id = ${room.accountId})
        returning id
      ), projected as (
        insert into list_collab_state (list_id, account_id, pending_suggestions)
        select ${room.listId}, ${room.accountId}, ${pendingSuggestions}::integer
        from appended where ${pendingSuggestions}::integer is not null
        on conflict (list_id) do update
          set pending_suggestions = excluded.pending_suggestions, updated_at = now()
        returning 1
      )
      select id from appended`.execute(this.db);
    return result.rows.length > 0;
  }

  /**
   * Compacts a room (Hocuspocus's debounced store): under a per-room lock, reads the stored
   * state and the appended updates, lets `merge` fold them into one state (a list room: the live
   * document; a draft room: the stored state and updates alone), writes that as the room's state
   * and deletes the updates it holds. Writes nothing when
   * the room's owner is gone (a deleted list's or submission's room stays deleted; see
   * `draftRoomWritable` for draft rooms: a room whose state the REST server removed is not
   * written again). `knownStoredAt` is the marker of the state this instance last read or
   * wrote: a different one was written by another instance (`isForeign`). Returns the new
   * marker (null when nothing was written).
   */
  async compactDocument(
    room: RoomOwner,
    knownStoredAt: string | null,
    merge: (stored: { state: Uint8Array; isForeign: boolean } | null, updates: Uint8Array[]) => Uint8Array,
  ): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      // A draft's submission row is locked before the room, in the order a REST writer takes
      // them, so the two never wait on each other in a cycle.
      if ('submissionId' in room && !(await draftRoomWritable(trx, room))) return null;
      await sql`select pg_advisory_xact_lock(hashtext(${room.name}))`.execute(trx);
      if ('listId' in room && !(await listExists(trx, room.listId))) return null;
      const stored = await trx
        .selectFrom('collab_documents')
        .select(['state', sql<string>`updated_at::text`.as('stored_at')])
        .where('name', '=', room.name)
        .executeTakeFirst();
      const updates = await trx
        .selectFrom('collab_updates')
        .select(['id', 'data'])
        .where('name', '=', room.name)
        .orderBy('id')
        .execute();
      const state = Buffer.from(
        merge(
          stored
            ? { state: new Uint8Array(stored.state), isForeign: stored.stored_at !== knownStoredAt }
            : null,
          updates.map((u) => new Uint8Array(u.data)),
        ),
      );
      const written = await trx
        .insertInto('collab_documents')
        .values({ name: room.name, state, updated_at: sql`clock_timestamp()` })
        .onConflict((oc) => oc.column('name').doUpdateSet({ state, updated_at: sql`clock_timestamp()` }))
        .returning(sql<string>`updated_at::text`.as('stored_at'))
        .executeTakeFirstOrThrow();
      const last = updates.at(-1);
      if (last) {
        await trx
          .deleteFrom('collab_updates')
          .where('name', '=', room.name)
          .where('id', '<=', last.id)
          .execute();
      }
      return written.stored_at;
    });
  }

  /**
   * What a room holding `knownStoredAt` lacks of its stored state: the acknowledged updates
   * appended since the last compaction, and the compacted state too when another instance
   * compacted since (its marker differs; null otherwise). Read on a `{"room"}` notice, when a
   * REST write appended to a room this instance holds open.
   */
  async pendingOf(
    name: string,
    knownStoredAt: string | null,
  ): Promise<{ state: Uint8Array | null; storedAt: string | null; updates: Uint8Array[] }> {
    const row = await this.db
      .selectFrom('collab_documents')
      .select([
        sql<string>`updated_at::text`.as('stored_at'),
        sql<Buffer | null>`case when updated_at::text is distinct from ${knownStoredAt} then state end`.as(
          'state',
        ),
      ])
      .where('name', '=', name)
      .executeTakeFirst();
    const updates = await this.db
      .selectFrom('collab_updates')
      .select('data')
      .where('name', '=', name)
      .orderBy('id')
      .execute();
    return {
      state: row?.state ? new Uint8Array(row.state) : null,
      storedAt: row?.stored_at ?? null,
      updates: updates.map((u) => new Uint8Array(u.data)),
    };
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

/**
 * The room a compaction writes and what owns it: a list (a list room) or a shared draft's
 * submission (a draft room, shared `draft-room.contract.ts`).
 */
export type RoomOwner = { name: string; listId: number } | { name: string; submissionId: number };

/** Whether a list room's list still exists (read under the room's advisory lock). */
async function listExists(trx: Transaction<Database>, listId: number): Promise<boolean> {
  const list = await trx.selectFrom('lists').select('id').where('id', '=', listId).executeTakeFirst();
  return list !== undefined;
}

/**
 * Whether a draft room may still be written: its submission exists (its row locked `for share`
 * until the compaction commits), is still shared, and the room has a stored state. The REST server seeds a
 * draft's room when it is first shared and deletes it when shared with nobody again; the collab
 * server never seeds, so a room without a state stays without one (ARCHITECTURE.md, Live
 * collaboration).
 */
async function draftRoomWritable(
  trx: Transaction<Database>,
  room: { name: string; submissionId: number },
): Promise<boolean> {
  // `for share`: a REST transaction that changes the draft (an unshare writing the rows back and
  // removing the room, a submit) locks its row first; the compaction waits for it and sees its
  // outcome, and holds it off until the compaction commits.
  const row = await trx
    .selectFrom('submissions as s')
    .select((eb) => [
      's.shared_with_everyone',
      eb
        .exists(
          eb
            .selectFrom('submission_shares as ss')
            .select('ss.user_id')
            .whereRef('ss.submission_id', '=', 's.id'),
        )
        .as('has_shares'),
      eb
        .exists(eb.selectFrom('collab_documents').select('name').where('name', '=', room.name))
        .as('has_state'),
    ])
    .where('s.id', '=', room.submissionId)
    .forShare('s')
    .executeTakeFirst();
  return row !== undefined && row.has_state === true && (row.shared_with_everyone || row.has_shares === true);
}

/**
 * The reason a user's access no longer admits a token (see CollabRepository.accessRefusal), from
 * the user's row joined with the token's session and their `collab_access` version; null when it
 * still does.
 */
export function refusalOf(
  row:
    | { disabled: boolean; account_id: number; session_id: string | null; version: number | null }
    | undefined,
  access: { accountId: number; accessVersion: number },
): string | null {
  if (!row || row.account_id !== access.accountId) return 'This user no longer exists';
  if (row.disabled) return 'This user is disabled';
  if (!row.session_id) return 'The session this token was issued for has ended; sign in again';
  if ((row.version ?? 0) !== access.accessVersion) return 'Your access has changed; reconnect';
  return null;
}
