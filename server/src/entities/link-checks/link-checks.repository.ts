import type { LinkCheckResult } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether link checks run for a template now (issue 12 item 6): it has an enabled link validation
 * option and its account does not hide link validations (disable-link-validations).
 */
export async function linkChecksEnabled(db: Db, accountId: number, templateId: number): Promise<boolean> {
  const [validations, account] = await Promise.all([
    db
      .selectFrom('template_link_validations')
      .select('options')
      .where('account_id', '=', accountId)
      .where('template_id', '=', templateId)
      .execute(),
    db.selectFrom('accounts').select('feature_flags').where('id', '=', accountId).executeTakeFirst(),
  ]);
  if (!account || account.feature_flags.includes('disable-link-validations')) return false;
  return validations.some((v) =>
    Object.values(v.options).some((o) => (o as { enabled?: unknown } | null)?.enabled === true),
  );
}

/**
 * Writes the link checks of a commit (issue 12 item 6): one row per row of the submission that
 * entered the dataset in `commitId` with a non-empty value in the template's link field, when link
 * checks run for the template. Call inside the commit's transaction (the rows are the outbox of
 * the `link-check` queue). Answers how many rows were written.
 */
export async function insertLinkChecksForCommit(
  trx: Db,
  input: { accountId: number; templateId: number; submissionId: number; commitId: number },
): Promise<number> {
  if (!(await linkChecksEnabled(trx, input.accountId, input.templateId))) return 0;
  const link = await trx
    .selectFrom('template_fields')
    .select('id')
    .where('account_id', '=', input.accountId)
    .where('template_id', '=', input.templateId)
    .where('governance_type', '=', 'link')
    .orderBy('precedence')
    .executeTakeFirst();
  if (!link) return 0;
  const key = String(link.id);
  const value = sql<string>`btrim(data->>${key})`;
  const result = await trx
    .insertInto('link_checks')
    .columns(['account_id', 'submission_id', 'template_id', 'commit_id', 'row_number', 'cv_id', 'url'])
    .expression(
      trx
        .selectFrom('submission_rows')
        .select([
          'account_id',
          'submission_id',
          sql<number>`${input.templateId}::int`.as('template_id'),
          sql<number>`${input.commitId}::int`.as('commit_id'),
          'row_number',
          'cv_id',
          value.as('url'),
        ])
        .where('account_id', '=', input.accountId)
        .where('submission_id', '=', input.submissionId)
        .where('from_commit', '=', input.commitId)
        .where(sql<string>`coalesce(${value}, '')`, '<>', '')
        .orderBy('row_number'),
    )
    .onConflict((oc) => oc.constraint('link_checks_submission_row').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Link checks without a queue job, oldest first, locked and skipping ones another dispatcher holds. */
export function undispatchedLinkChecks(trx: Transaction<Database>, limit: number) {
  return trx
    .selectFrom('link_checks')
    .select(['id', 'account_id', 'submission_id'])
    .where('job_id', 'is', null)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records the queue job of link check rows. */
export async function setLinkCheckJob(trx: Transaction<Database>, ids: readonly number[], jobId: string) {
  await trx.updateTable('link_checks').set({ job_id: jobId }).where('id', 'in', ids).execute();
}

/** The unchecked rows of a job: their link and template. */
export function uncheckedOfJob(db: Db, accountId: number, jobId: string) {
  return db
    .selectFrom('link_checks')
    .select(['id', 'url', 'template_id'])
    .where('account_id', '=', accountId)
    .where('job_id', '=', jobId)
    .where('checked_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Stores the results of one link on every row of the job carrying it. */
export async function storeResults(
  db: Db,
  jobId: string,
  url: string,
  results: readonly LinkCheckResult[],
): Promise<void> {
  await db
    .updateTable('link_checks')
    .set({ results: JSON.stringify(results), checked_at: sql`now()` })
    .where('job_id', '=', jobId)
    .where('url', '=', url)
    .where('checked_at', 'is', null)
    .execute();
}

/** The report suites of the account's targets `ids`, by target id (Adobe target mode). */
export async function targetReportSuites(
  db: Db,
  accountId: number,
  ids: readonly number[],
): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await db
    .selectFrom('targets')
    .select(['id', 'remote_realm_id'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return Object.fromEntries(rows.map((r) => [String(r.id), r.remote_realm_id]));
}

/**
 * The link checks of a submission's current rows, in row order: a row edited since its check has
 * the check of its new version (made with the edit's commit).
 */
export function checksOfSubmission(db: Db, accountId: number, submissionId: number) {
  return db
    .selectFrom('link_checks as lc')
    .innerJoin('submission_rows as sr', (join) =>
      join
        .onRef('sr.submission_id', '=', 'lc.submission_id')
        .onRef('sr.cv_id', '=', 'lc.cv_id')
        .onRef('sr.from_commit', '=', 'lc.commit_id'),
    )
    .select(['lc.url', 'lc.row_number', 'lc.cv_id', 'lc.results', 'lc.checked_at'])
    .where('lc.account_id', '=', accountId)
    .where('lc.submission_id', '=', submissionId)
    .where('sr.to_commit', 'is', null)
    .orderBy('lc.row_number')
    .execute();
}

/** The template of a submission of the account (null when none or removed). */
export async function templateOfSubmission(db: Db, accountId: number, submissionId: number) {
  const row = await db
    .selectFrom('submissions')
    .select('template_id')
    .where('account_id', '=', accountId)
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return row?.template_id ?? null;
}
