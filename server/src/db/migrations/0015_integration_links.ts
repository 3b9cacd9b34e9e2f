import { type Kysely, sql } from 'kysely';

/**
 * Integration links (issue 12 item 4; server/src/entities/submissions/README.md "Shortened links and
 * QR codes"): what the link integrations made from a row's link, kept beside the rows rather than
 * as a new dataset version, so a run never makes a commit (which would queue runs again).
 * - `kind` bitly: `short_url` is the bitlink (or the custom bitlink) of `long_url`;
 * - `kind` qr: `content` is the QR image (`content_type`, `file_type`) of `long_url` or its bitlink.
 * One row per assignment, row (`cv_id`), template field and `config_hash` (a hash of what made it:
 * the link, the domain and group or the QR settings), so a retried run finds what an earlier
 * attempt made and reuses it instead of asking the provider again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('integration_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('assignment_id', 'integer', (c) =>
      c.notNull().references('integration_assignments.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'integer', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('cv_id', 'text', (c) => c.notNull())
    .addColumn('template_field_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('bitly', 'qr')`))
    .addColumn('config_hash', 'text', (c) => c.notNull())
    .addColumn('long_url', 'text', (c) => c.notNull())
    .addColumn('short_url', 'text')
    .addColumn('file_type', 'text')
    .addColumn('content_type', 'text')
    .addColumn('content', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('integration_links_unique', [
      'assignment_id',
      'cv_id',
      'template_field_id',
      'config_hash',
    ])
    .execute();
  await db.schema
    .createIndex('integration_links_submission_idx')
    .on('integration_links')
    .columns(['submission_id', 'kind'])
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('integration_links').execute();
}
