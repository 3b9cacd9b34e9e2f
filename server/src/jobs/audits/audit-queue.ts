import { randomUUID } from 'node:crypto';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { JobsConfig } from '../../config';
import * as repo from '../../entities/audits/audits.repository';
import { nextRunAfter } from '../../entities/audits/audits.service';
import { signalJobsQueued, transactionExecutor } from '../queue.repository';
import type { JobDeps } from '../types';
import { type AuditRunJob, runAudit } from './run-audit';

/**
 * The `audit-run` queue (README "Audits"), run beside the integration runs' (jobs/index.ts): the
 * `audit_runs` rows without a job are the outbox, queued by {@link dispatchAuditRuns} with the
 * other outboxes; workers run {@link runAudit}. The schedule's sweep ({@link queueDueAudits}) runs
 * once a minute in every process that dispatches: each audit whose `next_run_at` has come gets a
 * run and its next time (a day or a week after the time it was due, so runs keep their hour); a
 * run already open is not queued twice (one open run per audit).
 */

/** The queue of audit runs. */
export const AUDIT_RUN_QUEUE = 'audit-run';

/** Runs dispatched in one transaction. */
const DISPATCH_BATCH = 200;
/** How often a process looks for due audits, in ms. */
export const AUDIT_SWEEP_MS = 60_000;

/** Makes the queue and, with `work`, one worker; answers the worker ids. */
export async function startAuditRuns(
  deps: JobDeps,
  boss: PgBoss,
  config: JobsConfig,
  options: { work: boolean },
): Promise<string[]> {
  await boss.createQueue(AUDIT_RUN_QUEUE, {
    name: AUDIT_RUN_QUEUE,
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: config.expireSeconds,
  });
  if (!options.work) return [];
  return [
    await boss.work<AuditRunJob>(
      AUDIT_RUN_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: config.pollSeconds },
      async ([job]) => {
        if (!job) return;
        const outcome = await runAudit(deps, job.data, {
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          jobId: job.id,
        });
        if (outcome === 'retry') throw new Error(`audit run ${job.data.runId} will be retried`);
      },
    ),
  ];
}

/** Queues the audit runs without a job, in one transaction (SKIP LOCKED); answers how many. */
export async function dispatchAuditRuns(
  db: Kysely<Database>,
  boss: PgBoss,
  config: JobsConfig,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const pending = await repo.undispatchedRuns(trx, DISPATCH_BATCH);
    if (pending.length === 0) return 0;
    const jobs = pending.map((r) => ({
      id: randomUUID(),
      name: AUDIT_RUN_QUEUE,
      data: { runId: r.id, accountId: r.account_id } satisfies AuditRunJob,
      retryLimit: config.retryLimit,
      retryDelay: config.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: config.expireSeconds,
    }));
    await boss.insert(jobs, { db: transactionExecutor(trx) });
    await repo.setRunJobs(
      trx,
      pending.map((r, i) => ({ id: r.id, jobId: jobs[i]!.id })),
    );
    await signalJobsQueued(trx);
    return pending.length;
  });
}

/**
 * Queues a run of every scheduled audit due at `now` and moves its next time on; answers how many
 * runs were queued. Safe when several processes sweep at once (the move is conditional).
 */
export async function queueDueAudits(db: Kysely<Database>, now = new Date()): Promise<number> {
  let queued = 0;
  for (const audit of await repo.dueAudits(db, now, 200)) {
    const due = audit.next_run_at!;
    let next = nextRunAfter(audit.schedule, due);
    while (next !== null && next <= now) next = nextRunAfter(audit.schedule, next);
    if (next === null || !(await repo.moveNextRun(db, audit.id, due, next))) continue;
    const made = await repo.queueRun(db, {
      accountId: audit.account_id,
      auditId: audit.id,
      trigger: 'schedule',
      requestedBy: null,
    });
    if (made?.isNew) queued++;
  }
  return queued;
}

/** Starts the schedule's sweep (now and every AUDIT_SWEEP_MS); answers a function that stops it. */
export function startAuditSchedule(db: Kysely<Database>, dispatch: () => void): () => void {
  let isRunning = false;
  const sweep = () => {
    if (isRunning) return;
    isRunning = true;
    queueDueAudits(db)
      .then((queued) => {
        if (queued > 0) dispatch();
      })
      .catch((error: unknown) => console.error(`[jobs] audit schedule failed: ${(error as Error).message}`))
      .finally(() => {
        isRunning = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, AUDIT_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
