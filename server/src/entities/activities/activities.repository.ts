import type { ActivityOperation } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** A new activity-log entry. */
export interface NewActivity {
  accountId: number;
  userId: number | null;
  username: string;
  configuredObject: string;
  objectName: string;
  operation: ActivityOperation;
  objectId: number | null;
  changes: { field: string; old: unknown; new: unknown }[];
}

/** Writes entries; call it with the transaction of the change it records. */
export async function insertActivities(db: Db, entries: readonly NewActivity[]) {
  if (entries.length === 0) return;
  await db
    .insertInto('activities')
    .values(
      entries.map((e) => ({
        account_id: e.accountId,
        user_id: e.userId,
        username: e.username,
        configured_object: e.configuredObject,
        object_name: e.objectName,
        operation: e.operation,
        object_id: e.objectId,
        changes: JSON.stringify(e.changes),
      })),
    )
    .execute();
}

/** The filter of an activity query: account, and optional time window, user, object and operation. */
export interface ActivityFilter {
  accountId: number;
  from?: Date | undefined;
  to?: Date | undefined;
  userId?: number | undefined;
  configuredObject?: string | undefined;
  operation?: ActivityOperation | undefined;
}

function filtered(db: Db, f: ActivityFilter) {
  let q = db.selectFrom('activities').where('account_id', '=', f.accountId);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.configuredObject !== undefined) q = q.where('configured_object', '=', f.configuredObject);
  if (f.operation !== undefined) q = q.where('operation', '=', f.operation);
  return q;
}

/** How many entries match; with `newerThanId`, how many of them have a larger id. */
export async function countActivities(db: Db, f: ActivityFilter, newerThanId?: number): Promise<number> {
  let q = filtered(db, f);
  if (newerThanId !== undefined) q = q.where('id', '>', newerThanId);
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of entries by id. `direction` 'older' walks from `fromId` (exclusive) to smaller
 * ids, 'newer' to larger ids; the result is always newest first.
 */
export async function pageActivities(
  db: Db,
  f: ActivityFilter,
  direction: 'older' | 'newer',
  fromId: number | null,
  limit: number,
) {
  let q = filtered(db, f).selectAll();
  if (fromId !== null) q = q.where('id', direction === 'older' ? '<' : '>', fromId);
  const rows = await q
    .orderBy('id', direction === 'older' ? 'desc' : 'asc')
    .limit(limit)
    .execute();
  return direction === 'older' ? rows : rows.reverse();
}
