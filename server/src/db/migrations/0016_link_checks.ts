import { type Kysely, sql } from 'kysely';

/**
 * Link checks (issue 12 item 6): one row per row of a submission that entered the dataset with a
 * link in the template's link field, written in the transaction of the commit when the template
 * has an enabled link validation (so the rows double as the outbox of the `link-check` queue). A
 * dispatcher gives the rows without a job one pg-boss job per submission and stores its id in
 * `job_id`; the job fetches each distinct `url` once and writes `results` (the shared
 * `analyseLinkPage` answer) and `checked_at` on every row carrying it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_checks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
    .addColumn('commit_id', 'integer', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('cv_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('results', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('job_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('checked_at', 'timestamptz')
    .addUniqueConstraint('link_checks_submission_row', ['submission_id', 'commit_id', 'cv_id'])
    .execute();
  await db.schema.createIndex('link_checks_job_idx').on('link_checks').columns(['job_id', 'url']).execute();
  await sql`create index link_checks_undispatched_idx on link_checks (id) where job_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_checks').execute();
}
