import { type Kysely, sql } from 'kysely';

/**
 * "Connecting never loses work" (spec 03 §4 "Integrations", §5; shared/src/integrations/readiness.ts):
 * `integration_assignments.missing_settings` holds what a saved assignment still lacks, in words
 * ("choose a connected account"), as the template save computed it from the assignment's settings.
 * An empty list is a ready assignment; any other is "Not ready" and no run starts from it (submit,
 * approval, the 8-hour schedule, "Sync now"). Assignments saved before were complete (the save
 * refused anything missing), so they start ready.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('integration_assignments')
    .addColumn('missing_settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('integration_assignments').dropColumn('missing_settings').execute();
}
