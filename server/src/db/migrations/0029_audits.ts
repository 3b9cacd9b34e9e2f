import { type Kysely, sql } from 'kysely';

/**
 * Audits of what is already live in the ad platforms (shared `audits.contract.ts`; README "Audits"):
 * - `audits`: what to read (a connected account, the inbound slug whose reader reads it, its data
 *   type and reader settings such as the ad account), the template whose pattern and link
 *   governance apply (and which pattern field names the objects), filters, a schedule (manual,
 *   daily, weekly; `next_run_at` is when the sweep queues the next run) and the digest's recipients.
 * - `audit_runs`: one run each; the rows double as the outbox of the `audit-run` queue (`job_id`
 *   null until dispatched). Counts, the score (share of compliant objects, 0..1) and the breakdowns
 *   by platform, account, campaign and owner are kept on the run, so trends read one row per run.
 *   At most one open (Queued or Running) run per audit.
 * - `audit_findings`: the objects of a run that are not compliant (violations, and those an
 *   exception accepts), with their reasons and the name and URL the template would produce.
 * - `audit_exceptions`: objects accepted as they are, per audit, with a comment and who accepted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('connector_id', 'integer', (c) => c.notNull().references('connectors.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('data_type', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('pattern_field_id', 'integer')
    .addColumn('filters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('schedule', 'text', (c) =>
      c.notNull().defaultTo('manual').check(sql`schedule in ('manual', 'daily', 'weekly')`),
    )
    .addColumn('recipients', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audits_account_idx').on('audits').columns(['account_id', 'name']).execute();
  await sql`create index audits_due_idx on audits (next_run_at) where next_run_at is not null`.execute(db);

  await db.schema
    .createTable('audit_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('audit_id', 'integer', (c) => c.notNull().references('audits.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('Queued').check(sql`status in ('Queued', 'Running', 'Success', 'Failed')`),
    )
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('manual', 'schedule')`))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('job_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('objects', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('compliant', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('violations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exceptions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'double precision')
    .addColumn('breakdown', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('reason_counts', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submission_id', 'integer', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('audit_runs_audit_idx')
    .on('audit_runs')
    .columns(['audit_id', 'created_at'])
    .execute();
  await sql`create unique index audit_runs_one_open on audit_runs (audit_id) where status in ('Queued', 'Running')`.execute(
    db,
  );
  await sql`create index audit_runs_undispatched_idx on audit_runs (id) where job_id is null`.execute(db);

  await db.schema
    .createTable('audit_findings')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('run_id', 'integer', (c) => c.notNull().references('audit_runs.id').onDelete('cascade'))
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('ad_account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('campaign', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('verdict', 'text', (c) => c.notNull().check(sql`verdict in ('violation', 'exception')`))
    .addColumn('reasons', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('suggested_name', 'text')
    .addColumn('suggested_url', 'text')
    .execute();
  await db.schema
    .createIndex('audit_findings_run_idx')
    .on('audit_findings')
    .columns(['run_id', 'id'])
    .execute();

  await db.schema
    .createTable('audit_exceptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('audit_id', 'integer', (c) => c.notNull().references('audits.id').onDelete('cascade'))
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('audit_exceptions_object', ['audit_id', 'object_id'])
    .execute();
}

/** Drops everything `up` made. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_exceptions').ifExists().execute();
  await db.schema.dropTable('audit_findings').ifExists().execute();
  await db.schema.dropTable('audit_runs').ifExists().execute();
  await db.schema.dropTable('audits').ifExists().execute();
}
