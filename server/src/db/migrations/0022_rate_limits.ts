import type { Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every REST process (README "Security": sign-in and
 * forgot-password limits): one row per limited key with the points used in its window and when
 * the window ends. Kept in the app's own database so the count is one on PostgreSQL with several
 * processes and on the embedded database alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_at_idx').on('rate_limits').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
