import {
  type ActivityChange,
  type ActivityOperation,
  type ActivityPage,
  AppError,
  type ConfiguredObject,
} from '@nomen/shared';
import type { ActivityRow, Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type { Actor, AppDeps } from '../../http/context';
import * as repo from './activities.repository';

/** Who made a change: a signed-in Actor, or the operator CLI / seed ("system"). */
export type ChangeAuthor =
  | Pick<Actor, 'accountId' | 'userId' | 'userName'>
  | { accountId: number; userId: null; userName: string };

/**
 * The attributes that differ between `before` and `after` (compared as JSON), in key order:
 * all of `after` for a create (no before), all of `before` for a delete (no after).
 */
export function diffChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ActivityChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: ActivityChange[] = [];
  for (const field of keys) {
    const old = before ? (before[field] ?? null) : null;
    const value = after ? (after[field] ?? null) : null;
    if (JSON.stringify(old) !== JSON.stringify(value)) changes.push({ field, old, new: value });
  }
  return changes;
}

/**
 * One change to record: the object and its attributes before and after (null = none), and, for
 * what is more than a create, update or delete (a submission submitted, approved or rejected, an
 * integration run delivered or failed), the operation by name (spec 01 §2.10).
 */
export interface ActivityInput {
  configuredObject: ConfiguredObject;
  objectName: string;
  objectId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  operation?: ActivityOperation;
}

/**
 * Writes activity-log entries in the transaction of the change (ARCHITECTURE.md: every
 * configuration change is audited with old and new values). `before`/`after` are the object's
 * attributes as the API shows them; each entry keeps only what changed. The operation is the
 * entry's own when it names one, else created (no before), deleted (no after) or updated; an
 * update that changed nothing writes no entry (a named operation is always written).
 */
export async function recordActivity(
  trx: Transaction<Database>,
  author: ChangeAuthor,
  ...entries: ActivityInput[]
): Promise<void> {
  const rows: repo.NewActivity[] = [];
  for (const entry of entries) {
    const operation: ActivityOperation =
      entry.operation ?? (entry.before === null ? 'created' : entry.after === null ? 'deleted' : 'updated');
    const changes = diffChanges(entry.before, entry.after);
    if (operation === 'updated' && changes.length === 0) continue;
    rows.push({
      accountId: author.accountId,
      userId: author.userId,
      username: author.userName,
      configuredObject: entry.configuredObject,
      objectName: entry.objectName,
      operation,
      objectId: entry.objectId,
      changes,
    });
  }
  await repo.insertActivities(trx, rows);
}

type Cursor = { d: 'first' } | { d: 'last' } | { d: 'older' | 'newer'; id: number };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string | undefined): Cursor {
  if (!text) return { d: 'first' };
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (c.d === 'first' || c.d === 'last') return c;
    if ((c.d === 'older' || c.d === 'newer') && Number.isSafeInteger(c.id)) return c;
  } catch {
    // falls through to the error below
  }
  throw AppError.badField('query.cursor', 'Unknown cursor; start again from the first page');
}

function toActivity(row: ActivityRow) {
  return {
    id: row.id,
    timestamp: row.created_at.toISOString(),
    username: row.username,
    configuredObject: row.configured_object,
    objectName: row.object_name,
    operation: row.operation,
    objectId: row.object_id,
    changes: row.changes,
  };
}

/**
 * One page of the activity log, newest first (spec 01 §2.10, §7), with opaque cursors for the
 * first, previous, next and last pages, filtered by time window, user, configured object and
 * operation. Throws 400 for an unreadable cursor or a window whose start is after its end.
 */
export async function listActivities(
  deps: AppDeps,
  actor: Actor,
  query: {
    cursor?: string | undefined;
    timeFrom?: string | undefined;
    timeTo?: string | undefined;
    userId?: number | undefined;
    configuredObject?: ConfiguredObject | undefined;
    operation?: ActivityOperation | undefined;
    limit: number;
  },
): Promise<ActivityPage> {
  // The account bounds every filter: a user id of another account matches no entry.
  const filter: repo.ActivityFilter = {
    accountId: actor.accountId,
    from: query.timeFrom ? new Date(query.timeFrom) : undefined,
    to: query.timeTo ? new Date(query.timeTo) : undefined,
    userId: query.userId,
    configuredObject: query.configuredObject,
    operation: query.operation,
  };
  if (filter.from && filter.to && filter.from > filter.to) {
    throw AppError.badField('query.timeFrom', 'timeFrom must not be after timeTo');
  }
  const cursor = decodeCursor(query.cursor);
  const limit = query.limit;
  const totalItems = await repo.countActivities(deps.db, filter);
  let rows: ActivityRow[];
  if (cursor.d === 'first') rows = await repo.pageActivities(deps.db, filter, 'older', null, limit);
  else if (cursor.d === 'last')
    rows = await repo.pageActivities(deps.db, filter, 'newer', null, totalItems % limit || limit);
  else rows = await repo.pageActivities(deps.db, filter, cursor.d, cursor.id, limit);

  const first = rows[0];
  const last = rows[rows.length - 1];
  const offset = first ? await repo.countActivities(deps.db, filter, first.id) : 0;
  return {
    metadata: {
      limit,
      totalItems,
      offset,
      next: last && offset + rows.length < totalItems ? encodeCursor({ d: 'older', id: last.id }) : null,
      previous: first && offset > 0 ? encodeCursor({ d: 'newer', id: first.id }) : null,
      firstCursor: encodeCursor({ d: 'first' }),
      lastCursor: encodeCursor({ d: 'last' }),
    },
    data: rows.map(toActivity),
  };
}
