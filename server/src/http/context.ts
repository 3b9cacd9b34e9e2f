import type { AccountSettings, FeatureFlag, Permission, Role } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';

/** What every service can reach: the database, configuration and mail. */
export interface AppDeps {
  db: Kysely<Database>;
  /** The pg pool behind `db` on PostgreSQL, for COPY streams; null on the embedded database. */
  pool: pg.Pool | null;
  config: Config;
  mailer: Mailer;
  /**
   * The job queue of this process (issue 12 item 4), when one runs: `nudge` dispatches the
   * integration runs a commit just queued. Without it runs wait for a process that has one.
   */
  jobs?: { nudge(): void } | null;
}

/**
 * The signed-in user a request acts as, loaded fresh per request so that changes to roles,
 * permissions, flags and settings take effect at once (issue 2 §6).
 */
export interface Actor {
  userId: number;
  userName: string;
  email: string;
  role: Role;
  superAdmin: boolean;
  accountId: number;
  accountUuid: string;
  accountName: string;
  permissions: Permission[];
  features: FeatureFlag[];
  settings: AccountSettings;
  /** SHA-256 id of the session the request came with. */
  sessionId: string;
}
