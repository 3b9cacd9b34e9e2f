import type { AuditFilters, AuditReason } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The audits' SQL (README "Audits"; migration 0029): `audits`, `audit_runs`, `audit_findings`,
 * `audit_exceptions`. Every query names the account first.
 */

/** What an audit row holds besides its keys. */
export interface AuditValues {
  name: string;
  connector_id: number;
  slug: string;
  data_type: string;
  settings: Record<string, string>;
  template_id: number;
  pattern_field_id: number | null;
  filters: AuditFilters;
  schedule: 'manual' | 'daily' | 'weekly';
  recipients: string[];
  next_run_at: Date | null;
}

/** The account's audits (or those of `ids`) with their connected account's and template's names. */
export function listAudits(db: Db, accountId: number, ids?: readonly number[]) {
  let query = db
    .selectFrom('audits as a')
    .innerJoin('connectors as c', 'c.id', 'a.connector_id')
    .innerJoin('templates as t', 't.id', 'a.template_id')
    .selectAll('a')
    .select(['c.name as connector_name', 't.name as template_name'])
    .where('a.account_id', '=', accountId);
  if (ids) query = query.where('a.id', 'in', ids.length > 0 ? ids : [0]);
  return query.orderBy('a.name').orderBy('a.id').execute();
}

/** One audit of the account, locked for update. */
export function findAuditForUpdate(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('audits')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** One audit of the account (any that exists: the worker reads it). */
export function findAudit(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('audits')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts an audit. */
export function insertAudit(db: Db, accountId: number, userId: number, values: AuditValues) {
  return db
    .insertInto('audits')
    .values({ account_id: accountId, created_by: userId, ...jsonValues(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Updates an audit of the account. */
export async function updateAudit(db: Db, accountId: number, id: number, values: AuditValues) {
  await db
    .updateTable('audits')
    .set({ ...jsonValues(values), updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

function jsonValues(values: AuditValues) {
  return {
    ...values,
    settings: JSON.stringify(values.settings),
    filters: JSON.stringify(values.filters),
    recipients: JSON.stringify(values.recipients),
  };
}

/** Deletes audits of the account (runs, findings and exceptions go with them). */
export async function deleteAudits(db: Db, accountId: number, ids: readonly number[]) {
  await db.deleteFrom('audits').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** The connected account of the account with `id`: its type id and name, or undefined. */
export function connectorOf(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('connectors')
    .select(['id', 'name', 'connector_type_id'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- Runs

/**
 * Queues a run of an audit, or answers the open one (the unique index keeps one open run per
 * audit). `isNew` says which.
 */
export async function queueRun(
  db: Db,
  values: { accountId: number; auditId: number; trigger: 'manual' | 'schedule'; requestedBy: number | null },
) {
  const made = await db
    .insertInto('audit_runs')
    .values({
      account_id: values.accountId,
      audit_id: values.auditId,
      trigger: values.trigger,
      requested_by: values.requestedBy,
    })
    .onConflict((oc) =>
      oc.column('audit_id').where(sql<boolean>`status in ('Queued', 'Running')`).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (made) return { run: made, isNew: true };
  const open = await db
    .selectFrom('audit_runs')
    .selectAll()
    .where('account_id', '=', values.accountId)
    .where('audit_id', '=', values.auditId)
    .where('status', 'in', ['Queued', 'Running'])
    .executeTakeFirst();
  return open ? { run: open, isNew: false } : null;
}

/** A run of the account. */
export function findRun(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('audit_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The last `limit` runs of an audit, newest first. */
export function runsOfAudit(db: Db, accountId: number, auditId: number, limit: number) {
  return db
    .selectFrom('audit_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('audit_id', '=', auditId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The last two runs of each of the audits, newest first (the list's last run and previous score). */
export function lastRunsOf(db: Db, accountId: number, auditIds: readonly number[]) {
  if (auditIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('audit_runs')
        .selectAll()
        .select(sql<number>`row_number() over (partition by audit_id order by id desc)`.as('n'))
        .where('account_id', '=', accountId)
        .where('audit_id', 'in', auditIds)
        .as('r'),
    )
    .selectAll()
    .where('n', '<=', 2)
    .orderBy('id', 'desc')
    .execute();
}

/** The score of the last finished run of an audit before run `beforeId`, or null. */
export async function previousScore(db: Db, auditId: number, beforeId: number): Promise<number | null> {
  const row = await db
    .selectFrom('audit_runs')
    .select('score')
    .where('audit_id', '=', auditId)
    .where('id', '<', beforeId)
    .where('status', '=', 'Success')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.score ?? null;
}

/** Up to `limit` runs without a job, locked (SKIP LOCKED) for one dispatcher. */
export function undispatchedRuns(trx: Transaction<Database>, limit: number) {
  return trx
    .selectFrom('audit_runs')
    .select(['id', 'account_id'])
    .where('job_id', 'is', null)
    .where('status', '=', 'Queued')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records the queue job of each run. */
export async function setRunJobs(trx: Transaction<Database>, jobs: readonly { id: number; jobId: string }[]) {
  for (const j of jobs)
    await trx.updateTable('audit_runs').set({ job_id: j.jobId }).where('id', '=', j.id).execute();
}

/** Marks a run Running (a new attempt): its old findings of a crashed attempt are removed. */
export async function startRun(db: Db, id: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('audit_findings').where('run_id', '=', id).execute();
    await trx
      .updateTable('audit_runs')
      .set({ status: 'Running', started_at: sql`now()`, attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .execute();
  });
}

/** One finding as the run stores it. */
export interface FindingValues {
  object_id: string;
  name: string;
  url: string;
  platform: string;
  ad_account: string;
  campaign: string;
  owner: string;
  verdict: 'violation' | 'exception';
  reasons: AuditReason[];
  suggested_name: string | null;
  suggested_url: string | null;
}

/** Stores findings of a run, in batches of 1,000 rows. */
export async function insertFindings(
  db: Db,
  accountId: number,
  runId: number,
  findings: readonly FindingValues[],
): Promise<void> {
  for (let i = 0; i < findings.length; i += 1000) {
    await db
      .insertInto('audit_findings')
      .values(
        findings.slice(i, i + 1000).map((f) => ({
          ...f,
          account_id: accountId,
          run_id: runId,
          reasons: JSON.stringify(f.reasons),
        })),
      )
      .execute();
  }
}

/** What a finished run stores. */
export interface RunResult {
  status: 'Success' | 'Failed';
  objects: number;
  compliant: number;
  violations: number;
  exceptions: number;
  score: number | null;
  breakdown: Record<string, { key: string; objects: number; compliant: number }[]>;
  reason_counts: Record<string, number>;
  message: string;
}

/** Ends a run. */
export async function endRun(db: Db, id: number, result: RunResult) {
  await db
    .updateTable('audit_runs')
    .set({
      ...result,
      breakdown: JSON.stringify(result.breakdown),
      reason_counts: JSON.stringify(result.reason_counts),
      finished_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Records the submission a "Fix" made. */
export async function setRunSubmission(db: Db, accountId: number, id: number, submissionId: number) {
  await db
    .updateTable('audit_runs')
    .set({ submission_id: submissionId })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

// ---- Findings

/** The findings filter of the findings page and the download. */
export interface FindingsFilter {
  q: string;
  reason: string;
  verdict: '' | 'violation' | 'exception';
}

function filteredFindings(db: Db, accountId: number, runId: number, filter: FindingsFilter) {
  let query = db
    .selectFrom('audit_findings as f')
    .innerJoin('audit_runs as r', 'r.id', 'f.run_id')
    .leftJoin('audit_exceptions as e', (j) =>
      j.onRef('e.audit_id', '=', 'r.audit_id').onRef('e.object_id', '=', 'f.object_id'),
    )
    .where('f.account_id', '=', accountId)
    .where('f.run_id', '=', runId);
  if (filter.q !== '') {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('f.name', 'ilike', like),
        eb('f.url', 'ilike', like),
        eb('f.object_id', 'ilike', like),
        eb('f.campaign', 'ilike', like),
      ]),
    );
  }
  if (filter.reason !== '')
    query = query.where(sql<boolean>`f.reasons @> ${JSON.stringify([{ kind: filter.reason }])}::jsonb`);
  if (filter.verdict === 'exception') query = query.where('e.id', 'is not', null);
  if (filter.verdict === 'violation') query = query.where('e.id', 'is', null);
  return query;
}

/** A page of a run's findings (exceptions as they are now), and the total. */
export async function findingsPage(
  db: Db,
  accountId: number,
  runId: number,
  filter: FindingsFilter,
  page: { limit: number; offset: number },
) {
  const base = filteredFindings(db, accountId, runId, filter);
  const [rows, total] = await Promise.all([
    base
      .selectAll('f')
      .select('e.comment as exception_comment')
      .orderBy('f.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Every finding of a run matching the filter, in order (downloads and "Fix"). */
export function allFindings(db: Db, accountId: number, runId: number, filter: FindingsFilter) {
  return filteredFindings(db, accountId, runId, filter)
    .selectAll('f')
    .select('e.comment as exception_comment')
    .orderBy('f.id')
    .execute();
}

// ---- Exceptions

/** The object ids an audit accepts. */
export async function exceptionIds(db: Db, accountId: number, auditId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('audit_exceptions')
    .select('object_id')
    .where('account_id', '=', accountId)
    .where('audit_id', '=', auditId)
    .execute();
  return new Set(rows.map((r) => r.object_id));
}

/** Accepts an object (again: the comment is replaced). */
export async function upsertException(
  db: Db,
  values: { accountId: number; auditId: number; objectId: string; comment: string; userId: number },
) {
  await db
    .insertInto('audit_exceptions')
    .values({
      account_id: values.accountId,
      audit_id: values.auditId,
      object_id: values.objectId,
      comment: values.comment,
      created_by: values.userId,
    })
    .onConflict((oc) =>
      oc
        .constraint('audit_exceptions_object')
        .doUpdateSet({ comment: values.comment, created_by: values.userId }),
    )
    .execute();
}

/** Removes an exception; answers whether there was one. */
export async function deleteException(db: Db, accountId: number, auditId: number, objectId: string) {
  const result = await db
    .deleteFrom('audit_exceptions')
    .where('account_id', '=', accountId)
    .where('audit_id', '=', auditId)
    .where('object_id', '=', objectId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- Schedule

/** Scheduled audits whose next run is due, with the time it was due. */
export function dueAudits(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('audits')
    .select(['id', 'account_id', 'schedule', 'next_run_at'])
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .execute();
}

/** Moves an audit's next scheduled run, if it is still `from` (another process may have moved it). */
export async function moveNextRun(db: Db, id: number, from: Date, to: Date): Promise<boolean> {
  const result = await db
    .updateTable('audits')
    .set({ next_run_at: to })
    .where('id', '=', id)
    .where('next_run_at', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
