import type { Database } from '@nomen/shared/db';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_fields';
import * as m0003 from './migrations/0003_collab';
import * as m0004 from './migrations/0004_collab_access';
import * as m0006 from './migrations/0006_auth_hardening';
import * as m0007 from './migrations/0007_templates';
import * as m0008 from './migrations/0008_connectors';
import * as m0009 from './migrations/0009_targets';
import * as m0010 from './migrations/0010_submissions';
import * as m0011 from './migrations/0011_integration_runs';
import * as m0012 from './migrations/0012_api_tokens';
import * as m0013 from './migrations/0013_reports';
import * as m0014 from './migrations/0014_inbound_runs';
import * as m0015 from './migrations/0015_integration_links';
import * as m0016 from './migrations/0016_link_checks';
import * as m0017 from './migrations/0017_target_runs';
import * as m0018 from './migrations/0018_dataset_values_upkeep';
import * as m0019 from './migrations/0019_dataset_search';
import * as m0020 from './migrations/0020_run_leases';
import * as m0022 from './migrations/0022_rate_limits';
import * as m0023 from './migrations/0023_sftp_host_keys';
import * as m0024 from './migrations/0024_pattern_colours';
import * as m0025 from './migrations/0025_activity_operations';
import * as m0026 from './migrations/0026_integration_readiness';
import * as m0027 from './migrations/0027_shared_drafts';
import * as m0028 from './migrations/0028_single_sign_on';
import * as m0029 from './migrations/0029_audits';
import * as m0030 from './migrations/0030_saml_single_sign_on';

/** Every migration, in order. Frozen in time: never edit one that has shipped; add the next. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_fields': m0002,
  '0003_collab': m0003,
  '0004_collab_access': m0004,
  '0006_auth_hardening': m0006,
  '0007_templates': m0007,
  '0008_connectors': m0008,
  '0009_targets': m0009,
  '0010_submissions': m0010,
  '0011_integration_runs': m0011,
  '0012_api_tokens': m0012,
  '0013_reports': m0013,
  '0014_inbound_runs': m0014,
  '0015_integration_links': m0015,
  '0016_link_checks': m0016,
  '0017_target_runs': m0017,
  '0018_dataset_values_upkeep': m0018,
  '0019_dataset_search': m0019,
  '0020_run_leases': m0020,
  '0022_rate_limits': m0022,
  '0023_sftp_host_keys': m0023,
  '0024_pattern_colours': m0024,
  '0025_activity_operations': m0025,
  '0026_integration_readiness': m0026,
  '0027_shared_drafts': m0027,
  '0028_single_sign_on': m0028,
  '0029_audits': m0029,
  '0030_saml_single_sign_on': m0030,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Brings the schema up to date (ARCHITECTURE.md, Data: numbered migrations at start-up; the same
 * on PGlite). Returns the names of the migrations applied now. Throws when one fails; that
 * migration's transaction is rolled back.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Migrates up or down to the migration `name` (one of MIGRATIONS' keys; the last applied then),
 * for tests of a migration over data stored before it. Throws when a step fails or `name` is unknown.
 */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  if (!(name in MIGRATIONS)) throw new Error(`no migration ${name}`);
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
