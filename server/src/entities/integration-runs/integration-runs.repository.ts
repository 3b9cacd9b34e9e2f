import type { Database, IntegrationRunLogEntry, IntegrationRunRow } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';
import { DELIVERABLE_SLUGS, TARGET_UPLOAD_SLUGS } from '../../integrations/run-slugs';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes the outbox rows of a submission entering the dataset (issue 12 item 4): one Queued run per
 * deliverable outbound assignment of the template, and one per analytics target of the account fed
 * by a field of the template (through `target_fields`; slug from TARGET_UPLOAD_SLUGS, the
 * target's name as the run's name); "Not ready" assignments (missing settings) get none. Call
 * inside the transaction of the commit, so a run exists
 * exactly when the rows are in the dataset. Supplemental assignments that deliver (bitly,
 * qr-code-monkey) run too. Answers how many runs were made.
 */
export async function insertRunsForCommit(
  trx: Db,
  input: { accountId: number; templateId: number; submissionId: number; commitId: number },
): Promise<number> {
  const result = await trx
    .insertInto('integration_runs')
    .columns([
      'account_id',
      'assignment_id',
      'template_id',
      'submission_id',
      'commit_id',
      'slug',
      'assignment_name',
    ])
    .expression(
      trx
        .selectFrom('integration_assignments')
        .select([
          'account_id',
          'id',
          'template_id',
          sql<number>`${input.submissionId}::int`.as('submission_id'),
          sql<number>`${input.commitId}::int`.as('commit_id'),
          'slug',
          'name',
        ])
        .where('account_id', '=', input.accountId)
        .where('template_id', '=', input.templateId)
        .where('integration_type', 'in', ['OUTPUT', 'SUPPLEMENTAL'])
        .where('slug', 'in', [...DELIVERABLE_SLUGS])
        // A "Not ready" assignment never runs (shared/src/integrations/readiness.ts).
        .where(sql<boolean>`jsonb_array_length(missing_settings) = 0`)
        .orderBy('precedence')
        .orderBy('id'),
    )
    .executeTakeFirst();
  const targets = await insertTargetRuns(trx, input);
  return Number(result.numInsertedOrUpdatedRows ?? 0) + targets;
}

/** The target upload runs of insertRunsForCommit: one per target of the account a template field feeds. */
async function insertTargetRuns(
  trx: Db,
  input: { accountId: number; templateId: number; submissionId: number; commitId: number },
): Promise<number> {
  const slug = sql<string>`case t.connector_type_id ${sql.join(
    Object.entries(TARGET_UPLOAD_SLUGS).map(([id, s]) => sql`when ${Number(id)} then ${s}`),
    sql` `,
  )} end`;
  const result = await trx
    .insertInto('integration_runs')
    .columns([
      'account_id',
      'target_id',
      'template_id',
      'submission_id',
      'commit_id',
      'slug',
      'assignment_name',
    ])
    .expression(
      trx
        .selectFrom('targets as t')
        .select([
          't.account_id',
          't.id',
          sql<number>`${input.templateId}::int`.as('template_id'),
          sql<number>`${input.submissionId}::int`.as('submission_id'),
          sql<number>`${input.commitId}::int`.as('commit_id'),
          slug.as('slug'),
          't.name',
        ])
        .where('t.account_id', '=', input.accountId)
        .where('t.connector_type_id', 'in', Object.keys(TARGET_UPLOAD_SLUGS).map(Number))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('target_fields as tf')
              .innerJoin('template_fields as f', 'f.field_id', 'tf.field_id')
              .select('tf.id')
              .whereRef('tf.target_id', '=', 't.id')
              .where('tf.account_id', '=', input.accountId)
              .where('f.account_id', '=', input.accountId)
              .where('f.template_id', '=', input.templateId),
          ),
        )
        .orderBy('t.id'),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Runs without a queue job, oldest first, locked and skipping ones another dispatcher holds. */
export function undispatchedRuns(trx: Transaction<Database>, limit: number) {
  return trx
    .selectFrom('integration_runs')
    .select(['id', 'account_id'])
    .where('job_id', 'is', null)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records the queue job of each run. */
export async function setJobIds(trx: Transaction<Database>, pairs: readonly { id: number; jobId: string }[]) {
  for (const p of pairs)
    await trx.updateTable('integration_runs').set({ job_id: p.jobId }).where('id', '=', p.id).execute();
}

/** One run of the account, or undefined. */
export function findRun(db: Db, accountId: number, id: number): Promise<IntegrationRunRow | undefined> {
  return db
    .selectFrom('integration_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A run by id alone, for the job working it (the account comes from the run), or undefined. */
export function findRunById(db: Db, id: number): Promise<IntegrationRunRow | undefined> {
  return db.selectFrom('integration_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes a run's state and appends a line to its log. */
export async function updateRun(
  db: Db,
  id: number,
  change: {
    status: IntegrationRunRow['status'];
    message: string;
    attempt: number;
    files?: string[];
    started?: boolean;
    finished?: boolean;
    /** Only while the attempt holding this lease token holds the run (migration 0020). */
    leaseToken?: string;
  },
): Promise<boolean> {
  const entry: IntegrationRunLogEntry = {
    at: new Date().toISOString(),
    attempt: change.attempt,
    message: change.message,
  };
  const result = await db
    .updateTable('integration_runs')
    .set({
      status: change.status,
      message: change.message,
      attempts: change.attempt,
      log: sql`log || ${JSON.stringify([entry])}::jsonb`,
      ...(change.files ? { files: JSON.stringify(change.files) } : {}),
      ...(change.started ? { started_at: sql`coalesce(started_at, now())` } : {}),
      ...(change.finished ? { finished_at: sql`now()` } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .$if(change.leaseToken !== undefined, (q) => q.where('lease_token', '=', change.leaseToken!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes the run's lease for an attempt (token `token`, for `seconds`) when nobody holds it or the
 * holder's lease lapsed (its process died or stalled); answers whether it was taken.
 */
export async function takeRunLease(db: Db, id: number, token: string, seconds: number): Promise<boolean> {
  const result = await db
    .updateTable('integration_runs')
    .set({ lease_token: token, lease_until: sql`now() + make_interval(secs => ${seconds})` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lease_token', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Renews the lease of `token` for `seconds` more; answers false when the attempt no longer holds it. */
export async function renewRunLease(db: Db, id: number, token: string, seconds: number): Promise<boolean> {
  const result = await db
    .updateTable('integration_runs')
    .set({ lease_until: sql`now() + make_interval(secs => ${seconds})` })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the lease of `token` up (at the end of an attempt); a lease taken over is left alone. */
export async function releaseRunLease(db: Db, id: number, token: string): Promise<void> {
  await db
    .updateTable('integration_runs')
    .set({ lease_token: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .execute();
}

/**
 * Keeps what a provider made for a run under `key` (an Adobe dataset id, a Google data source id),
 * merged into `provider_jobs`, so a retry resumes instead of making it again (migration 0017).
 */
export async function recordProviderJob(
  db: Db,
  id: number,
  key: string,
  value: Readonly<Record<string, unknown>>,
): Promise<void> {
  await db
    .updateTable('integration_runs')
    .set({
      provider_jobs: sql`provider_jobs || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The values other runs of account `accountId` (every run but `exceptRunId`) recorded under
 * provider job `key` as `field` (e.g. the Google upload ids recorded under a data source id).
 */
export async function recordedProviderValues(
  db: Db,
  accountId: number,
  key: string,
  field: string,
  exceptRunId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('integration_runs')
    .select(sql<string>`provider_jobs -> ${key}::text ->> ${field}::text`.as('value'))
    .where('account_id', '=', accountId)
    .where('id', '<>', exceptRunId)
    .where(sql<boolean>`provider_jobs -> ${key}::text ->> ${field}::text is not null`)
    .execute();
  return rows.map((r) => r.value);
}

/** The last runs of an assignment, newest first. */
export function runsOfAssignment(db: Db, accountId: number, assignmentId: number, limit: number) {
  return db
    .selectFrom('integration_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('assignment_id', '=', assignmentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The runs of a submission, oldest first. */
export function runsOfSubmission(db: Db, accountId: number, submissionId: number) {
  return db
    .selectFrom('integration_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .execute();
}

/**
 * Whether a submission of the account has a run of the integration `slug` that has not ended
 * (status other than Success and Failed): QR codes of shortened links wait for the Bitly runs.
 */
export async function hasUnfinishedRunsOf(
  db: Db,
  accountId: number,
  submissionId: number,
  slug: string,
): Promise<boolean> {
  const pending = await db
    .selectFrom('integration_runs')
    .select('id')
    .where('account_id', '=', accountId)
    .where('submission_id', '=', submissionId)
    .where('slug', '=', slug)
    .where('status', 'not in', ['Success', 'Failed'])
    .execute();
  return pending.length > 0;
}

/** Whether an integration assignment is the account's. */
export async function assignmentExists(db: Db, accountId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('integration_assignments')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Notes the inbound file an attempt is about to read (`file`, as JSON text), or that it is done
 * with it (null, which also clears the count of deaths), so an attempt that finds a file still
 * noted knows the previous one died reading it (migration 0020).
 */
export async function setReadingFile(db: Db, id: number, file: string | null): Promise<void> {
  await db
    .updateTable('integration_runs')
    .set(file === null ? { reading_file: null, reading_deaths: 0 } : { reading_file: file })
    .where('id', '=', id)
    .execute();
}

/** Records that `deaths` attempts in all died while reading the run's noted file. */
export async function setReadingDeaths(db: Db, id: number, deaths: number): Promise<void> {
  await db.updateTable('integration_runs').set({ reading_deaths: deaths }).where('id', '=', id).execute();
}
