import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';

/**
 * The types every job module shares (ARCHITECTURE.md "Integrations"): what a job needs and where an
 * attempt is in its retries. A leaf module, so that the job modules and the run they serve import
 * them without importing each other.
 */

/** What a run needs: the database, the configuration (keys, endpoints, app URL) and the mailer. */
export interface JobDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
}

/** The data of one queue job: the run it works. */
export interface IntegrationRunJob {
  runId: number;
  accountId: number;
}

/** Where the job is in its retries (pg-boss metadata). */
export interface AttemptInfo {
  /** Retries already made (0 on the first attempt). */
  retryCount: number;
  /** Retries allowed in all. */
  retryLimit: number;
  /** The pg-boss job, whose deadline the attempt's heartbeat keeps moving (./lease.ts). */
  jobId?: string;
}

/** What one attempt ended as: done (no retry wanted) or retry (the job should fail and be retried). */
export type AttemptOutcome = 'done' | 'retry';
