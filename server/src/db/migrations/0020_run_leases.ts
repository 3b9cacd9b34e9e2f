import { type Kysely, sql } from 'kysely';

/**
 * Fenced integration-run attempts and poison files (README "Jobs"):
 * - `lease_token`, `lease_until`: the attempt that works the run holds the lease and renews it
 *   (a heartbeat) while it works; another attempt takes it only once it has lapsed, and an
 *   attempt renames its file into place, sends its mail and records the outcome only while it
 *   still holds it, so one attempt delivers and one outcome is logged.
 * - `reading_file`, `reading_deaths`: the inbound file an attempt is reading, and how many
 *   attempts died (their process ended) while reading it, so a file that kills the process is
 *   tried once more and then refused instead of retried blindly.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('integration_runs')
    .addColumn('lease_token', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('reading_file', 'text')
    .addColumn('reading_deaths', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Drops the lease and reading columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('integration_runs')
    .dropColumn('reading_deaths')
    .dropColumn('reading_file')
    .dropColumn('lease_until')
    .dropColumn('lease_token')
    .execute();
}
