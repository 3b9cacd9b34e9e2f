import { type Kysely, sql } from 'kysely';

/**
 * Integration runs (issue 12 items 4 and 7; ARCHITECTURE.md "Jobs"): the outbox of outbound
 * integrations. One row per outbound assignment of a template is written in the transaction that
 * puts a submission into the dataset (Submitted, or Approved); a dispatcher then sends one queue
 * job (pg-boss, schema `pgboss`) per row and stores its id in `job_id`, in one transaction, so a
 * run is queued exactly once even when several processes dispatch. The row is also the run log:
 * status, attempts, the last message and every attempt's entry in `log`.
 * - `assignment_id` is kept null when the assignment is removed from its template (the run then
 *   ends Failed saying so); `assignment_name` and `slug` stay readable.
 * - `files`: the names delivered (object keys, paths, attachment names).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integration_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('assignment_id', 'integer', (c) =>
      c.references('integration_assignments.id').onDelete('set null'),
    )
    .addColumn('template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('commit_id', 'integer')
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('assignment_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('Queued')
        .check(sql`status in ('Queued', 'Running', 'Retrying', 'Success', 'Failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('log', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('job_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('integration_runs_submission_assignment', [
      'submission_id',
      'assignment_id',
      'commit_id',
    ])
    .execute();
  await db.schema
    .createIndex('integration_runs_assignment_idx')
    .on('integration_runs')
    .columns(['assignment_id', 'id'])
    .execute();
  await db.schema
    .createIndex('integration_runs_submission_idx')
    .on('integration_runs')
    .columns(['submission_id', 'id'])
    .execute();
  await sql`create index integration_runs_undispatched_idx on integration_runs (id) where job_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('integration_runs').execute();
}
