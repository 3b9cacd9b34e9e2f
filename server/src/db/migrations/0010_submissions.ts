import { type Kysely, sql } from 'kysely';

/**
 * Submissions and datasets (issue 11; ARCHITECTURE.md "Templates, submissions and datasets"):
 * - `datasets`: one per template (`templates.rollup_dataset_id` points at it), with its latest
 *   commit (`head_commit_id`); kept when its template is deleted.
 * - `dataset_commits`: every accepted submission, approval or edit is a commit; ids grow within a
 *   dataset because commits of one dataset are made under a lock of its row.
 * - `submissions`, `submission_events` (history and approval comments).
 * - `submission_rows`: row versions. A version is made by one commit (`from_commit`, null while
 *   Draft, Pending or Rejected) and ended by the edit that replaces it (`to_commit`); nothing is
 *   overwritten, so the dataset as of any commit can be read again (`isVersionVisible`).
 * - `dataset_values`: the distinct values of each template field over the dataset's latest
 *   version, with how many rows hold each: the datasets query's `distinct`, uniqueness checks
 *   (unique index per template field on the governed value, through md5 so long values fit) and
 *   search (trigram index) read it instead of the rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('datasets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.unique().references('templates.id').onDelete('set null'))
    .addColumn('head_commit_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('datasets_account_idx').on('datasets').column('account_id').execute();
  // Values stored before datasets existed point nowhere.
  await sql`update templates set rollup_dataset_id = null where rollup_dataset_id is not null`.execute(db);
  await sql`alter table templates add constraint templates_rollup_dataset_fkey
    foreign key (rollup_dataset_id) references datasets(id) on delete set null`.execute(db);

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
    .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('Draft', 'Pending', 'Approved', 'Rejected', 'Submitted')`),
    )
    .addColumn('submitter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('submitter_name', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commit_id', 'integer')
    .addColumn('decided_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by_name', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_comment', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('submissions_idempotency_key', ['account_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('submissions_submitter_idx')
    .on('submissions')
    .columns(['account_id', 'submitter_id', 'id desc'])
    .execute();
  await db.schema
    .createIndex('submissions_template_status_idx')
    .on('submissions')
    .columns(['template_id', 'status'])
    .execute();

  await db.schema
    .createTable('dataset_commits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('dataset_commits.id'))
    .addColumn('submission_id', 'integer', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('submit', 'approve', 'edit')`))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('dataset_commits_dataset_idx')
    .on('dataset_commits')
    .columns(['dataset_id', 'id'])
    .execute();
  await sql`alter table datasets add constraint datasets_head_commit_fkey
    foreign key (head_commit_id) references dataset_commits(id)`.execute(db);
  await sql`alter table submissions add constraint submissions_commit_fkey
    foreign key (commit_id) references dataset_commits(id)`.execute(db);

  await db.schema
    .createTable('submission_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('action', 'text', (c) =>
      c.notNull().check(sql`action in ('created', 'saved', 'submitted', 'approved', 'rejected', 'edited')`),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('commit_id', 'integer', (c) => c.references('dataset_commits.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await db.schema
    .createIndex('submission_events_submission_idx')
    .on('submission_events')
    .columns(['submission_id', 'id'])
    .execute();

  // No foreign keys on the bulk tables: they are loaded with COPY and end with their submission
  // or dataset (cascades from submissions; dataset_values are derived).
  await db.schema
    .createTable('submission_rows')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('dataset_id', 'integer', (c) => c.notNull())
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('cv_id', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('from_commit', 'integer')
    .addColumn('to_commit', 'integer')
    .execute();
  await db.schema
    .createIndex('submission_rows_submission_idx')
    .on('submission_rows')
    .columns(['submission_id', 'row_number'])
    .execute();
  // The latest version of the dataset: HEAD reads and the cv_id lookups of edits.
  await sql`create index submission_rows_head_idx on submission_rows (dataset_id, id)
    where from_commit is not null and to_commit is null`.execute(db);
  await sql`create index submission_rows_cv_id_idx on submission_rows (dataset_id, cv_id)
    where to_commit is null`.execute(db);

  await db.schema
    .createTable('dataset_values')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('dataset_id', 'integer', (c) => c.notNull())
    .addColumn('template_field_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .execute();
  await sql`create unique index dataset_values_value_key on dataset_values
    (dataset_id, template_field_id, md5(value))`.execute(db);
  await sql`create index dataset_values_field_idx on dataset_values (dataset_id, template_field_id, id)
    where row_count > 0`.execute(db);
  await sql`create index dataset_values_trgm_idx on dataset_values using gin (value gin_trgm_ops)`.execute(
    db,
  );
}

/** Drops everything `up` created (the pg_trgm extension stays). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table templates drop constraint if exists templates_rollup_dataset_fkey`.execute(db);
  for (const table of [
    'dataset_values',
    'submission_rows',
    'submission_events',
    'dataset_commits',
    'submissions',
    'datasets',
  ]) {
    await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
  }
}
