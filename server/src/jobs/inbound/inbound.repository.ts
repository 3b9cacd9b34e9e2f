import type { Database, IntegrationRunRow } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * SQL of inbound runs (issue 12 item 5; migration 0014): queueing a pull of an assignment (at
 * most one open at a time), finding the assignments the 8-hour schedule owes a pull, and the
 * memory of what each assignment imported (`inbound_items`).
 */

/** The slug, direction, name and missing settings of the account's assignment, or undefined. */
export function findAssignmentKind(db: Db, accountId: number, assignmentId: number) {
  return db
    .selectFrom('integration_assignments')
    .select(['id', 'slug', 'integration_type', 'name', 'missing_settings'])
    .where('account_id', '=', accountId)
    .where('id', '=', assignmentId)
    .executeTakeFirst();
}

/** Statuses of a run that has not ended. */
const OPEN_STATUSES = ['Queued', 'Running', 'Retrying'] as const;

/** The open (Queued, Running or Retrying) inbound run of an assignment, or undefined. */
export function openInboundRun(db: Db, accountId: number, assignmentId: number) {
  return db
    .selectFrom('integration_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('assignment_id', '=', assignmentId)
    .where('direction', '=', 'INPUT')
    .where('status', 'in', [...OPEN_STATUSES])
    .executeTakeFirst();
}

/**
 * Queues a pull of the account's inbound assignment: a Queued INPUT run the dispatcher turns into
 * a job. When one is already open, nothing is added and that run is answered (`isNew` false).
 * Answers undefined when the assignment is not the account's.
 */
export async function queueInboundRun(
  db: Kysely<Database>,
  input: { accountId: number; assignmentId: number; requestedBy: number | null },
): Promise<{ run: IntegrationRunRow; isNew: boolean } | undefined> {
  const inserted = await sql<IntegrationRunRow>`
    insert into integration_runs
      (account_id, assignment_id, template_id, submission_id, slug, assignment_name, direction, requested_by)
    select account_id, id, template_id, null, slug, name, 'INPUT', ${input.requestedBy}::int
      from integration_assignments
     where id = ${input.assignmentId} and account_id = ${input.accountId}
    on conflict (assignment_id) where direction = 'INPUT' and status in ('Queued', 'Running', 'Retrying')
    do nothing
    returning *`.execute(db);
  const run = inserted.rows[0];
  if (run) return { run, isNew: true };
  const open = await openInboundRun(db, input.accountId, input.assignmentId);
  return open ? { run: open, isNew: false } : undefined;
}

/**
 * Inbound assignments of `slugs` the schedule owes a pull at `now`: ready (no missing settings:
 * a "Not ready" one is never pulled, shared/src/integrations/readiness.ts), no open run, not
 * manual-only (metadata syncFrequency), and their last inbound run (or, before any, their
 * creation) at least `everyMs` ago. Oldest first, at most `limit`.
 */
export function dueAssignments(db: Db, slugs: readonly string[], now: Date, everyMs: number, limit: number) {
  const cutoff = new Date(now.getTime() - everyMs);
  return db
    .selectFrom('integration_assignments as a')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('integration_runs')
          .select(['assignment_id', sql<Date>`max(created_at)`.as('last_at')])
          .where('direction', '=', 'INPUT')
          .groupBy('assignment_id')
          .as('r'),
      (join) => join.onRef('r.assignment_id', '=', 'a.id'),
    )
    .select(['a.id', 'a.account_id'])
    .where('a.integration_type', '=', 'INPUT')
    .where('a.slug', 'in', [...slugs])
    .where(sql<boolean>`jsonb_array_length(a.missing_settings) = 0`)
    .where(sql<boolean>`coalesce(a.metadata->>'syncFrequency', '') <> 'manual-only'`)
    .where(sql<boolean>`coalesce(r.last_at, a.created_at) <= ${cutoff}`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('integration_runs as o')
            .select('o.id')
            .whereRef('o.assignment_id', '=', 'a.id')
            .where('o.direction', '=', 'INPUT')
            .where('o.status', 'in', [...OPEN_STATUSES]),
        ),
      ),
    )
    .orderBy(sql`coalesce(r.last_at, a.created_at)`)
    .limit(limit)
    .execute();
}

/** The `key\u0000version` pairs among `keys` the assignment has imported. */
export async function importedVersions(
  db: Db,
  assignmentId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('inbound_items')
    .select(['source_key', 'version'])
    .where('assignment_id', '=', assignmentId)
    .where('source_key', 'in', [...new Set(keys)])
    .execute();
  return new Set(rows.map((r) => `${r.source_key}\u0000${r.version}`));
}

/** Remembers items as imported by a run (a repeated item is left as first recorded). */
export async function recordImported(
  db: Db,
  input: {
    accountId: number;
    assignmentId: number;
    runId: number;
    submissionId: number | null;
    items: readonly { key: string; version: string }[];
  },
): Promise<void> {
  if (input.items.length === 0) return;
  for (let i = 0; i < input.items.length; i += 1000)
    await db
      .insertInto('inbound_items')
      .values(
        input.items.slice(i, i + 1000).map((item) => ({
          account_id: input.accountId,
          assignment_id: input.assignmentId,
          source_key: item.key,
          version: item.version,
          run_id: input.runId,
          submission_id: input.submissionId,
        })),
      )
      .onConflict((oc) => oc.constraint('inbound_items_assignment_key_version').doNothing())
      .execute();
}

/** Names the submission an inbound run made (the one people fix, or else the submitted one). */
export async function setRunSubmission(db: Db, runId: number, submissionId: number): Promise<void> {
  await db
    .updateTable('integration_runs')
    .set({ submission_id: submissionId })
    .where('id', '=', runId)
    .execute();
}

/** Whether the user may act for an inbound run: enabled, of the account. */
export async function enabledUser(db: Db, accountId: number, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's super admin (enabled), who owns scheduled pulls of templates without a creator. */
export async function superAdminOf(db: Db, accountId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('super_admin', '=', true)
    .where('disabled', '=', false)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The creator of a template, or null. */
export async function templateCreator(db: Db, accountId: number, templateId: number): Promise<number | null> {
  const row = await db
    .selectFrom('templates')
    .select('created_by')
    .where('account_id', '=', accountId)
    .where('id', '=', templateId)
    .executeTakeFirst();
  return row?.created_by ?? null;
}
