import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

// Owns submission_shares and `submissions.shared_with_everyone` (migration 0027) and the REST
// server's reads and writes of a shared draft's room state (`collab_documents`, `collab_updates`
// under the room's name; the collab server owns the rest of those tables). Every function takes
// the account, or ids the service already checked against it.

/** A user of an account as sharing reads them: who, and what decides whether they may use a template. */
export interface AccountUser {
  id: number;
  name: string;
  email: string;
  role: 'ADMIN' | 'MANAGER' | 'USER';
  permissions: string[];
  super_admin: boolean;
  /** Whether one of the user's groups gives them the template (itself or its folder). */
  through_groups: boolean;
}

/**
 * The account's enabled users with their role and grants, and whether their groups give them
 * template `templateId` (the rule of `templateIdsThroughGroups`), ordered by name.
 */
export async function accountUsersForTemplate(
  db: Db,
  accountId: number,
  templateId: number,
): Promise<AccountUser[]> {
  const { rows } = await sql<AccountUser>`
    select u.id, u.name, u.email, u.role, u.permissions, u.super_admin,
           exists (
             select 1 from group_users gu
              where gu.user_id = u.id and (
                gu.group_id in (select gt.group_id from group_templates gt where gt.template_id = t.id)
                or gu.group_id in (select gf.group_id from group_folders gf where gf.folder_id = t.folder_id))
           ) as through_groups
      from users u
      join templates t on t.id = ${templateId} and t.account_id = ${accountId}
     where u.account_id = ${accountId} and not u.disabled
     order by lower(u.name), u.id`.execute(db);
  return rows;
}

/** The people a submission is shared with by name (id, name, email), ordered by name. */
export function sharesOf(db: Db, submissionId: number) {
  return db
    .selectFrom('submission_shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .where('s.submission_id', '=', submissionId)
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .execute();
}

/** The people each of `submissionIds` is shared with by name (submission id, user id, name). */
export async function sharesOfMany(db: Db, submissionIds: readonly number[]) {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('submission_shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.submission_id', 'u.id', 'u.name'])
    .where('s.submission_id', 'in', [...submissionIds])
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .execute();
}

/** Whether `userId` is among the people a submission is shared with by name. */
export async function isSharedWithUser(db: Db, submissionId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('submission_shares')
    .select('user_id')
    .where('submission_id', '=', submissionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaces the people a submission is shared with by name with `userIds` (removed shares fire the
 * migration's NOTIFY, so their connections are dropped), and sets `shared_with_everyone`.
 */
export async function replaceSharing(
  trx: Db,
  accountId: number,
  submissionId: number,
  sharing: { everyone: boolean; userIds: readonly number[] },
): Promise<void> {
  let removed = trx.deleteFrom('submission_shares').where('submission_id', '=', submissionId);
  if (sharing.userIds.length > 0) removed = removed.where('user_id', 'not in', [...sharing.userIds]);
  await removed.execute();
  if (sharing.userIds.length > 0)
    await trx
      .insertInto('submission_shares')
      .values(
        sharing.userIds.map((userId) => ({
          submission_id: submissionId,
          user_id: userId,
          account_id: accountId,
        })),
      )
      .onConflict((oc) => oc.columns(['submission_id', 'user_id']).doNothing())
      .execute();
  await trx
    .updateTable('submissions')
    .set({ shared_with_everyone: sharing.everyone })
    .where('id', '=', submissionId)
    .where('account_id', '=', accountId)
    .execute();
}

/**
 * Drafts the `scope=shared` list answers, newest first: Drafts of the account shared with
 * `userId` by name, or with everyone through a template in `templateIds` (null: every template),
 * and the user's own Drafts shared with anyone.
 */
export function sharedDrafts(
  db: Db,
  accountId: number,
  filter: { userId: number; templateIds: readonly number[] | null; templateId?: number; limit: number },
) {
  let q = db
    .selectFrom('submissions as s')
    .selectAll('s')
    .where('s.account_id', '=', accountId)
    .where('s.status', '=', 'Draft');
  q = q.where((eb) => {
    const shares = () =>
      eb.selectFrom('submission_shares as ss').select('ss.user_id').whereRef('ss.submission_id', '=', 's.id');
    const usable =
      filter.templateIds === null
        ? eb('s.template_id', 'is not', null)
        : filter.templateIds.length === 0
          ? eb.val(false)
          : eb('s.template_id', 'in', [...filter.templateIds]);
    const everyone = eb('s.shared_with_everyone', '=', true);
    return eb.or([
      eb.and([
        eb('s.submitter_id', '!=', filter.userId),
        usable,
        eb.or([eb.exists(shares().where('ss.user_id', '=', filter.userId)), everyone]),
      ]),
      eb.and([eb('s.submitter_id', '=', filter.userId), eb.or([eb.exists(shares()), everyone])]),
    ]);
  });
  if (filter.templateId !== undefined) q = q.where('s.template_id', '=', filter.templateId);
  return q.orderBy('s.id', 'desc').limit(filter.limit).execute();
}

/**
 * Serialises the REST server's whole-room writes (seed, write-back) with the collab server's
 * compaction of the same room, which takes this lock too. Ends with the transaction.
 */
export async function lockRoom(trx: Db, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/**
 * A room's stored state (null when none) and the updates appended since, in order, read in one
 * statement (one snapshot), so a compaction committed in between cannot hide updates it folded in.
 */
export async function loadRoom(
  db: Db,
  name: string,
): Promise<{ state: Uint8Array | null; updates: Uint8Array[] }> {
  const { rows } = await sql<{ is_state: boolean; data: Uint8Array }>`
    select true as is_state, 0::bigint as id, state as data from collab_documents where name = ${name}
    union all
    select false, id, data from collab_updates where name = ${name}
    order by is_state desc, id`.execute(db);
  const state = rows.find((r) => r.is_state);
  return {
    state: state ? new Uint8Array(state.data) : null,
    updates: rows.filter((r) => !r.is_state).map((r) => new Uint8Array(r.data)),
  };
}

/** Writes a room's whole state (a seeded room), dropping any updates left under its name. */
export async function writeRoomState(trx: Db, name: string, state: Uint8Array): Promise<void> {
  await trx.deleteFrom('collab_updates').where('name', '=', name).execute();
  const buffer = Buffer.from(state);
  await trx
    .insertInto('collab_documents')
    .values({ name, state: buffer, updated_at: sql`clock_timestamp()` })
    .onConflict((oc) => oc.column('name').doUpdateSet({ state: buffer, updated_at: sql`clock_timestamp()` }))
    .execute();
}

/** Deletes a room's stored state and its appended updates. */
export async function deleteRoom(trx: Db, name: string): Promise<void> {
  await trx.deleteFrom('collab_updates').where('name', '=', name).execute();
  await trx.deleteFrom('collab_documents').where('name', '=', name).execute();
}

/**
 * Appends a Yjs update (v2) to a draft room, only while the submission is still a Draft of the
 * account (the collab server's own check, `for share`, so a submit holding the row waits it out).
 * Returns false, storing nothing, otherwise.
 */
export async function appendRoomUpdate(
  db: Db,
  room: { name: string; submissionId: number; accountId: number },
  update: Uint8Array,
): Promise<boolean> {
  const result = await sql<{ id: number }>`
    insert into collab_updates (name, data)
    select ${room.name}, ${Buffer.from(update)}
     where exists (select 1 from submissions
                    where id = ${room.submissionId} and account_id = ${room.accountId} and status = 'Draft'
                    for share)
    returning id`.execute(db);
  return result.rows.length > 0;
}

/** Tells collab servers holding the room to read its appended updates (delivered at commit). */
export async function notifyRoom(trx: Db, name: string): Promise<void> {
  await sql`select pg_notify('nomen_collab', json_build_object('room', ${name}::text)::text)`.execute(trx);
}
