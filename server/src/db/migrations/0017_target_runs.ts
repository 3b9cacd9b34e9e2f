import { type Kysely, sql } from 'kysely';

/**
 * Uploads to analytics targets as integration runs (issue 12 item 4; spec 01 §3.1, spec 03 §3):
 * when a submission's rows enter the dataset, each target fed by the template's fields (through
 * `target_fields`) gets one run, written in the same transaction as the outbox rows of 0011.
 * - `target_id`: the Adobe or Google target the run uploads to (null for assignment runs; kept
 *   null when the target is deleted, and the run then ends Failed saying so). At most one run of a
 *   target per submission and commit.
 * - `provider_jobs`: what the provider has made for the run so far, so a retry resumes instead of
 *   importing twice: for Adobe, by dataset id, `{ api_job_id, uploaded, import_job_id }`; for
 *   Google, `{ upload_id }` under the data source id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('integration_runs')
    .addColumn('target_id', 'integer', (c) => c.references('targets.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('integration_runs')
    .addColumn('provider_jobs', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`create unique index integration_runs_submission_target_idx
    on integration_runs (submission_id, target_id, commit_id) where target_id is not null`.execute(db);
}

/** Drops the target columns (target runs are deleted first). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists integration_runs_submission_target_idx`.execute(db);
  await sql`delete from integration_runs where target_id is not null`.execute(db);
  await db.schema.alterTable('integration_runs').dropColumn('provider_jobs').execute();
  await db.schema.alterTable('integration_runs').dropColumn('target_id').execute();
}
