import { randomUUID } from 'node:crypto';
import type { Database, DbHandle } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../config';
import * as runs from '../entities/integration-runs/integration-runs.repository';
import { dispatchAuditRuns, startAuditRuns, startAuditSchedule } from './audits/audit-queue';
import { dispatchDatasetSearch, startDatasetSearch } from './dataset-search';
import { startInboundSchedule } from './inbound/schedule';
import { ATTEMPT_CEILING_SECONDS } from './lease';
import { dispatchLinkChecks, startLinkChecks } from './link-checks';
import {
  RUNS_QUEUED_CHANNEL,
  type SqlExecutor,
  signalJobsQueued,
  transactionExecutor,
} from './queue.repository';
import { runIntegration } from './run-integration';
import type { IntegrationRunJob, JobDeps } from './types';

/**
 * The durable job queue of integration runs (issue 12 items 4 and 7; ARCHITECTURE.md "Jobs"):
 * pg-boss on the app's own database (PostgreSQL, or the embedded PGlite through the handle's
 * `executeSql`), schema `pgboss`, one queue `integration-run`. The outbox (`integration_runs`) is
 * written with the submission; a dispatcher turns each run without a job into one queue job in a
 * single transaction (row lock, SKIP LOCKED), so any number of processes may dispatch and each run
 * is queued once. pg-boss hands each job to one worker (SKIP LOCKED), fails it when its process
 * dies (expiry, JOB_EXPIRE_SECONDS after the attempt's last heartbeat: ./lease.ts) and retries it
 * with exponential backoff.
 */

/** The queue of integration runs. */
export const INTEGRATION_RUN_QUEUE = 'integration-run';

/** The app's database as the queue uses it: pg-boss's statements and NOTIFY (DbHandle). */
export type JobsDatabase = SqlExecutor & Pick<DbHandle, 'listen'>;

/** A process's job machinery: dispatching queued runs and, when it works jobs, its workers. */
export interface JobRuntime {
  boss: PgBoss;
  /** Dispatches queued runs soon (after a submission commits); never throws. */
  nudge(): void;
  /** Dispatches queued runs now; answers how many were queued. */
  dispatch(): Promise<number>;
  /** Stops dispatching and working; running attempts finish first (up to 10 s, then they are failed for retry). */
  stop(): Promise<void>;
}

/** How often each process looks for runs nobody dispatched (a process that died after its commit). */
const DISPATCH_SWEEP_MS = 5_000;
/** Runs dispatched in one transaction. */
const DISPATCH_BATCH = 500;

/**
 * Starts the job queue on `executor` (the app's database): installs or updates pg-boss's schema,
 * makes the queue, dispatches queued runs now and every few seconds, and with `work` starts
 * `config.concurrency` workers that run {@link runIntegration}, woken at once by the NOTIFY of a
 * dispatch in any process ({@link RUNS_QUEUED_CHANNEL}) and otherwise polling every
 * `config.pollSeconds`. `deps.db` must be the same database. Throws when pg-boss cannot install
 * its schema.
 */
export async function startJobs(
  deps: JobDeps,
  executor: JobsDatabase,
  config: JobsConfig,
  options: { work: boolean },
): Promise<JobRuntime> {
  const boss = await startQueue(executor, config, options);
  const workerIds: string[] = [];
  const wake = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };
  const dispatch = async (): Promise<number> => {
    const { runs: queued, others } = await dispatchOutboxes(deps.db, boss, config);
    if (queued + others > 0) wake();
    return queued;
  };
  const dispatcher = singleFlight(dispatch);

  workerIds.push(...(await startLinkChecks(deps, boss, config, options)));
  workerIds.push(...(await startDatasetSearch(deps, boss, config, options)));
  workerIds.push(...(await startAuditRuns(deps, boss, config, options)));
  if (options.work) workerIds.push(...(await startRunWorkers(deps, boss, config)));

  // Runs another process queued: fetch now (after a lost connection, too: a signal may be lost).
  const stopListening = options.work ? await executor.listen(RUNS_QUEUED_CHANNEL, wake, wake) : null;

  dispatcher.nudge();
  const sweep = setInterval(dispatcher.nudge, DISPATCH_SWEEP_MS);
  sweep.unref();
  // Inbound pulls every 8 hours (spec 03 §2, an inbound integration's sync frequency).
  const stopInboundSchedule = startInboundSchedule(deps.db, dispatcher.nudge);
  // Scheduled audits (README "Audits"): daily or weekly runs.
  const stopAuditSchedule = startAuditSchedule(deps.db, dispatcher.nudge);

  return {
    boss,
    nudge: dispatcher.nudge,
    dispatch,
    async stop() {
      dispatcher.stop();
      clearInterval(sweep);
      await stopListening?.();
      stopInboundSchedule();
      stopAuditSchedule();
      await dispatcher.idle();
      await boss.stop({ graceful: true, timeout: 10_000, close: false, wait: true });
    },
  };
}

/** Starts pg-boss on `executor` (schema `pgboss`, migrated) and makes the integration runs' queue. */
async function startQueue(
  executor: JobsDatabase,
  config: JobsConfig,
  options: { work: boolean },
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: executor,
    schema: 'pgboss',
    supervise: options.work,
    schedule: false,
    migrate: true,
    maintenanceIntervalSeconds: config.maintenanceSeconds,
  });
  boss.on('error', (error: Error) => console.error(`[jobs] ${error.message}`));
  await boss.start();
  await boss.createQueue(INTEGRATION_RUN_QUEUE, {
    name: INTEGRATION_RUN_QUEUE,
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    // A live attempt keeps its job alive with a heartbeat (./lease.ts); the ceiling only bounds it.
    expireInSeconds: ATTEMPT_CEILING_SECONDS,
  });
  return boss;
}

/**
 * Drains every outbox into its queue: integration runs in batches of DISPATCH_BATCH, then the
 * link checks of submissions that entered a dataset (./link-checks.ts), the search indexing of
 * commits' new values (./dataset-search.ts) and the audit runs (./audits/audit-queue.ts), each
 * until it has nothing left. Answers how many
 * integration runs and how many other jobs were queued.
 */
async function dispatchOutboxes(
  db: Kysely<Database>,
  boss: PgBoss,
  config: JobsConfig,
): Promise<{ runs: number; others: number }> {
  let total = 0;
  for (;;) {
    const sent = await dispatchBatch(db, boss, config);
    total += sent;
    if (sent < DISPATCH_BATCH) break;
  }
  let others = 0;
  for (const dispatchOutbox of [dispatchLinkChecks, dispatchDatasetSearch, dispatchAuditRuns]) {
    for (;;) {
      const sent = await dispatchOutbox(db, boss, config);
      others += sent;
      if (sent === 0) break;
    }
  }
  return { runs: total, others };
}

/**
 * One dispatch at a time per process: `nudge` starts `dispatch` unless one runs, and a nudge
 * during one runs another after it; failures are logged, never thrown. After `stop`, nudges do
 * nothing; `idle` resolves when the running dispatch (if any) has ended.
 */
function singleFlight(dispatch: () => Promise<unknown>): {
  nudge: () => void;
  stop: () => void;
  idle: () => Promise<unknown>;
} {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const nudge = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = dispatch()
      .catch((error: unknown) => console.error(`[jobs] dispatch failed: ${(error as Error).message}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          nudge();
        }
      });
  };
  return {
    nudge,
    stop: () => {
      stopped = true;
    },
    idle: async () => running,
  };
}

/**
 * Starts `config.concurrency` workers of the integration runs' queue, each running
 * {@link runIntegration} on one job at a time (a run answering 'retry' fails the attempt so
 * pg-boss retries it); answers their worker ids.
 */
async function startRunWorkers(deps: JobDeps, boss: PgBoss, config: JobsConfig): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < config.concurrency; i++) {
    // pg-boss waits its polling interval after every job, even when more are queued: a worker
    // that has just finished one asks again at once (and sleeps only when it finds none).
    let id = '';
    id = await boss.work<IntegrationRunJob>(
      INTEGRATION_RUN_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: config.pollSeconds },
      async ([job]) => {
        if (!job) return;
        try {
          const outcome = await runIntegration(deps, job.data, {
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            jobId: job.id,
          });
          if (outcome === 'retry') throw new Error(`integration run ${job.data.runId} will be retried`);
        } finally {
          if (id) boss.notifyWorker(id);
        }
      },
    );
    ids.push(id);
  }
  return ids;
}

/** Queues up to DISPATCH_BATCH runs without a job, in one transaction; answers how many. */
async function dispatchBatch(db: Kysely<Database>, boss: PgBoss, config: JobsConfig): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const pending = await runs.undispatchedRuns(trx, DISPATCH_BATCH);
    if (pending.length === 0) return 0;
    const jobs = pending.map((r) => ({
      id: randomUUID(),
      name: INTEGRATION_RUN_QUEUE,
      data: { runId: r.id, accountId: r.account_id } satisfies IntegrationRunJob,
      retryLimit: config.retryLimit,
      retryDelay: config.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: ATTEMPT_CEILING_SECONDS,
    }));
    await boss.insert(jobs, { db: transactionExecutor(trx) });
    await runs.setJobIds(
      trx,
      pending.map((r, i) => ({ id: r.id, jobId: jobs[i]!.id })),
    );
    // Delivered on commit, to the workers of every process (RUNS_QUEUED_CHANNEL).
    await signalJobsQueued(trx);
    return pending.length;
  });
}
