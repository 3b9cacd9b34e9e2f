import { type Kysely, sql } from 'kysely';

/**
 * Inbound integration runs (issue 12 item 5; ARCHITECTURE.md "Jobs"):
 * - `integration_runs` also logs inbound runs: `direction` says which (OUTPUT for the outbox rows
 *   of 0011, INPUT for a pull), `submission_id` is null until a pull has made its submission,
 *   `requested_by` is the user who asked for a "Sync now" (null for the 8-hour schedule). At most
 *   one inbound run of an assignment is open (Queued, Running or Retrying) at a time, so the
 *   schedule and "Sync now" never queue the same pull twice.
 * - `inbound_items`: what each inbound assignment has imported, so a file (or an ad-platform object
 *   at one version) is imported once: `source_key` is the file's path or object key, or the
 *   object's id; `version` its size and modification time, ETag, or update time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table integration_runs alter column submission_id drop not null`.execute(db);
  await db.schema
    .alterTable('integration_runs')
    .addColumn('direction', 'text', (c) =>
      c.notNull().defaultTo('OUTPUT').check(sql`direction in ('OUTPUT', 'INPUT')`),
    )
    .execute();
  await db.schema
    .alterTable('integration_runs')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create unique index integration_runs_open_inbound_idx on integration_runs (assignment_id)
    where direction = 'INPUT' and status in ('Queued', 'Running', 'Retrying')`.execute(db);

  await db.schema
    .createTable('inbound_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('assignment_id', 'integer', (c) =>
      c.notNull().references('integration_assignments.id').onDelete('cascade'),
    )
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.references('integration_runs.id').onDelete('set null'))
    .addColumn('submission_id', 'integer', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('inbound_items_assignment_key_version', ['assignment_id', 'source_key', 'version'])
    .execute();
}

/** Drops `inbound_items` and the inbound columns (inbound runs are deleted first). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbound_items').execute();
  await sql`drop index if exists integration_runs_open_inbound_idx`.execute(db);
  await sql`delete from integration_runs where direction = 'INPUT'`.execute(db);
  await db.schema.alterTable('integration_runs').dropColumn('requested_by').execute();
  await db.schema.alterTable('integration_runs').dropColumn('direction').execute();
  await sql`alter table integration_runs alter column submission_id set not null`.execute(db);
}
