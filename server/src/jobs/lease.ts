import { randomUUID } from 'node:crypto';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import * as runs from '../entities/integration-runs/integration-runs.repository';
import { extendJobDeadline } from './queue.repository';

/**
 * Fenced attempts of integration runs (README "Jobs", delivery fencing). pg-boss 10 has no
 * heartbeat: a job is failed (and retried) once `started_on + expire_in` passes, by the
 * maintenance, and by the worker itself after `expire_in`. So jobs are queued with a long
 * ceiling ({@link ATTEMPT_CEILING_SECONDS}) and, while an attempt works, a heartbeat every third
 * of JOB_EXPIRE_SECONDS moves the job's deadline to JOB_EXPIRE_SECONDS from now: a live attempt is
 * never expired however long its push takes, and one whose process died is failed and retried
 * JOB_EXPIRE_SECONDS after its last beat. The same beat renews the attempt's lease on its
 * `integration_runs` row (migration 0020): an attempt works a run only with the lease, and
 * checks it (`fence`) right before what must happen once: renaming a file into place, sending
 * mail, recording the outcome.
 */

/** The longest one attempt may run (pg-boss refuses expiries of 24 hours or more). */
export const ATTEMPT_CEILING_SECONDS = 23 * 60 * 60;

/** Thrown by {@link RunLease.fence} when another attempt has taken the run over. */
export class LeaseLostError extends Error {
  constructor(runId: number) {
    super(`Another attempt took integration run ${runId} over; this one stops without delivering`);
    this.name = 'LeaseLostError';
  }
}

/** The lease one attempt holds on a run while it works it. */
export interface RunLease {
  /** The attempt's token (also the tag of its temporary files). */
  token: string;
  /** Renews the lease; throws LeaseLostError when another attempt holds the run now. */
  fence(): Promise<void>;
  /** Stops the heartbeat and gives the lease up. Never throws. */
  release(): Promise<void>;
}

/**
 * Takes run `runId`'s lease for a new attempt and starts its heartbeat (every `expireSeconds / 3`,
 * renewing the lease and touching pg-boss job `jobId` when given). Answers null when a live
 * attempt holds the run: that attempt records the outcome, so this one does nothing.
 */
export async function takeLease(
  db: Kysely<Database>,
  runId: number,
  expireSeconds: number,
  jobId?: string,
): Promise<RunLease | null> {
  const token = randomUUID();
  if (!(await runs.takeRunLease(db, runId, token, expireSeconds))) return null;
  if (jobId) await extendJobDeadline(db, jobId, expireSeconds);
  let lost = false;
  const beat = async () => {
    try {
      if (!(await runs.renewRunLease(db, runId, token, expireSeconds))) lost = true;
      if (jobId && !lost) await extendJobDeadline(db, jobId, expireSeconds);
    } catch (error) {
      console.error(`[jobs] heartbeat of run ${runId} failed: ${(error as Error).message}`);
    }
  };
  const timer = setInterval(() => void beat(), Math.max(250, (expireSeconds * 1000) / 3));
  timer.unref();
  return {
    token,
    async fence() {
      if (lost || !(await runs.renewRunLease(db, runId, token, expireSeconds))) {
        lost = true;
        throw new LeaseLostError(runId);
      }
    },
    async release() {
      clearInterval(timer);
      await runs.releaseRunLease(db, runId, token).catch(() => undefined);
    },
  };
}
