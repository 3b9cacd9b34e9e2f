import { randomUUID } from 'node:crypto';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { JobsConfig } from '../config';
import * as repo from '../entities/submissions/dataset-search.repository';
import { signalJobsQueued, transactionExecutor } from './queue.repository';
import type { JobDeps } from './types';

/**
 * The `dataset-search` queue (issue 11 search report; ARCHITECTURE.md "Jobs"): a commit that adds
 * values to a dataset (submit, approval, edit) writes one `dataset_search_backlog` row in its own
 * transaction (the outbox); {@link dispatchDatasetSearch}, run with the integration runs'
 * dispatcher right after the commit's nudge and every few seconds, queues one pg-boss job per row,
 * and a worker puts the commit's distinct values into `dataset_search_values`, whose trigram
 * index the search report reads. So the GIN index is not maintained inside the submit, and the
 * search finds new values a few seconds after the commit. A job is idempotent: a retry (pg-boss
 * retries with backoff, and fails a job whose process died) does the rest.
 */

/** The queue of search indexing. */
export const DATASET_SEARCH_QUEUE = 'dataset-search';

/** The data of one job: its backlog row. */
export interface DatasetSearchJob {
  accountId: number;
  backlogId: number;
}

/** Backlog rows dispatched in one transaction. */
const DISPATCH_BATCH = 500;

/** Makes the queue and, with `work`, its worker; answers the worker ids (for notifyWorker). */
export async function startDatasetSearch(
  deps: JobDeps,
  boss: PgBoss,
  config: JobsConfig,
  options: { work: boolean },
): Promise<string[]> {
  await boss.createQueue(DATASET_SEARCH_QUEUE, {
    name: DATASET_SEARCH_QUEUE,
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: config.expireSeconds,
  });
  if (!options.work) return [];
  let id = '';
  id = await boss.work<DatasetSearchJob>(
    DATASET_SEARCH_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: config.pollSeconds },
    async ([job]) => {
      if (!job) return;
      try {
        await repo.indexSearchBacklog(deps.db, job.data.backlogId);
      } finally {
        // More may be queued: ask again at once rather than after the polling interval.
        if (id) boss.notifyWorker(id);
      }
    },
  );
  return [id];
}

/**
 * Queues up to DISPATCH_BATCH backlog rows without a job, one job each, in one transaction (rows
 * locked, SKIP LOCKED, so concurrent dispatchers never queue a row twice); answers how many.
 */
export async function dispatchDatasetSearch(
  db: Kysely<Database>,
  boss: PgBoss,
  config: JobsConfig,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const pending = await repo.undispatchedSearchBacklog(trx, DISPATCH_BATCH);
    if (pending.length === 0) return 0;
    const jobs = pending.map((row) => ({
      backlogId: Number(row.id),
      job: {
        id: randomUUID(),
        name: DATASET_SEARCH_QUEUE,
        data: { accountId: row.account_id, backlogId: Number(row.id) } satisfies DatasetSearchJob,
        retryLimit: config.retryLimit,
        retryDelay: config.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: config.expireSeconds,
      },
    }));
    await boss.insert(
      jobs.map((j) => j.job),
      { db: transactionExecutor(trx) },
    );
    for (const j of jobs) await repo.setSearchBacklogJob(trx, j.backlogId, j.job.id);
    // Wakes the workers of every process on commit, as the integration runs' dispatcher does.
    await signalJobsQueued(trx);
    return pending.length;
  });
}
