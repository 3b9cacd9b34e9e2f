import { type Kysely, sql } from 'kysely';

/**
 * Reports (issue 13; ARCHITECTURE.md "Reports"):
 * - pg_trgm (already created by 0010 for the trigram index over `dataset_values.value`, which the
 *   search report reads; PGlite loads the extension too, see `openDatabase`);
 * - a partial index of the submissions in the dataset by account and submission time, which the
 *   summary, chart, top users, usage and template reports read (index-only sums of row_count);
 * - a GIN index (jsonb_path_ops) over the latest versions of rows, so the search can go from a
 *   matching value to the submissions holding it (`data @> {field: value}`);
 * - an index over every row version not yet replaced, for the global report's per-submission reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index submissions_reports_idx on submissions
    (account_id, submitted_at) include (row_count, submitter_id, dataset_id, template_id)
    where status in ('Approved', 'Submitted')`.execute(db);
  await sql`create index submissions_account_submitted_idx on submissions (account_id, submitted_at)
    where status <> 'Draft'`.execute(db);
  await sql`create index submission_rows_data_idx on submission_rows using gin (data jsonb_path_ops)
    where from_commit is not null and to_commit is null`.execute(db);
  await sql`create index submission_rows_current_idx on submission_rows (submission_id, row_number)
    where to_commit is null`.execute(db);
}

/** Drops the indexes `up` made (pg_trgm stays: 0010 needs it). */
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'submissions_reports_idx',
    'submissions_account_submitted_idx',
    'submission_rows_data_idx',
    'submission_rows_current_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
