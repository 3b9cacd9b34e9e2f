import { randomUUID } from 'node:crypto';
import { analyseLinkPage, type LinkValidation } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { JobsConfig } from '../config';
import * as repo from '../entities/link-checks/link-checks.repository';
import { loadTemplate } from '../entities/templates/templates.service';
import { fetchLinkPage } from './link-fetch';
import { type SqlExecutor, signalJobsQueued, transactionExecutor } from './queue.repository';
import type { JobDeps } from './types';

/**
 * The `link-check` queue (issue 12 item 6): the link_checks rows a commit wrote (the outbox) get
 * one pg-boss job per submission from {@link dispatchLinkChecks}, run with the integration runs'
 * dispatcher; a worker fetches each distinct link of its rows once (at most LINK_CHECK_CONCURRENCY
 * at a time, see `fetchLinkPage` for the limits and the SSRF guard), analyses the page against the
 * template's link validations as they are when the job runs and stores the results on every row
 * carrying the link. A page that cannot be reached is a result (a warning), not a failed job;
 * only database errors fail it, and a retry checks only the rows still unchecked.
 */

/** The queue of link checks. */
export const LINK_CHECK_QUEUE = 'link-check';

/** The data of one link-check job: the account and submission, and the job id its rows carry. */
export interface LinkCheckJob {
  accountId: number;
  submissionId: number;
  jobId: string;
}

/** Rows dispatched in one transaction. */
const DISPATCH_BATCH = 5_000;

/** Makes the queue and, with `work`, its workers; answers the worker ids (for notifyWorker). */
export async function startLinkChecks(
  deps: JobDeps,
  boss: PgBoss,
  config: JobsConfig,
  options: { work: boolean },
): Promise<string[]> {
  await boss.createQueue(LINK_CHECK_QUEUE, {
    name: LINK_CHECK_QUEUE,
    retryLimit: config.retryLimit,
    retryDelay: config.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: config.expireSeconds,
  });
  if (!options.work) return [];
  return [
    await boss.work<LinkCheckJob>(
      LINK_CHECK_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: config.pollSeconds },
      async ([job]) => {
        if (job) await runLinkCheck(deps, job.data);
      },
    ),
  ];
}

/**
 * Queues the link checks without a job, one job per submission, in one transaction (rows locked,
 * SKIP LOCKED, so concurrent dispatchers never queue a row twice); answers how many rows were queued.
 */
export async function dispatchLinkChecks(
  db: Kysely<Database>,
  boss: PgBoss,
  config: JobsConfig,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const pending = await repo.undispatchedLinkChecks(trx, DISPATCH_BATCH);
    if (pending.length === 0) return 0;
    const groups = new Map<number, { accountId: number; ids: number[] }>();
    for (const row of pending) {
      const group = groups.get(row.submission_id) ?? { accountId: row.account_id, ids: [] };
      group.ids.push(row.id);
      groups.set(row.submission_id, group);
    }
    const jobs = [...groups].map(([submissionId, group]) => {
      const id = randomUUID();
      return {
        ids: group.ids,
        job: {
          id,
          name: LINK_CHECK_QUEUE,
          data: { accountId: group.accountId, submissionId, jobId: id } satisfies LinkCheckJob,
          retryLimit: config.retryLimit,
          retryDelay: config.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: config.expireSeconds,
        },
      };
    });
    const executor: SqlExecutor = transactionExecutor(trx);
    await boss.insert(
      jobs.map((j) => j.job),
      { db: executor },
    );
    for (const j of jobs) await repo.setLinkCheckJob(trx, j.ids, j.job.id);
    // Wakes the workers of every process on commit, as the integration runs' dispatcher does.
    await signalJobsQueued(trx);
    return pending.length;
  });
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Works one link-check job (see the notes at the top of this file). Throws only on database errors. */
export async function runLinkCheck(deps: JobDeps, job: LinkCheckJob): Promise<void> {
  const rows = await repo.uncheckedOfJob(deps.db, job.accountId, job.jobId);
  if (rows.length === 0) return;
  const templateId = rows[0]!.template_id;
  const template = templateId === null ? null : await loadTemplate(deps.db, job.accountId, templateId);
  const validations: LinkValidation[] = template?.validations ?? [];
  const targetIds = validations
    .map((v) => v.options.aa_correct_report_suite?.metadata)
    .filter((m) => m && (m.report_suite_mode ?? 'target') === 'target')
    .map((m) => Number(m!.expected_target_id))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const context = { targetReportSuites: await repo.targetReportSuites(deps.db, job.accountId, targetIds) };
  const urls = [...new Set(rows.map((r) => r.url))];
  await inPool(urls, deps.config.linkChecks.concurrency, async (url) => {
    const page = await fetchLinkPage(url, {
      allowPrivateNetworks: deps.config.linkChecks.allowPrivateNetworks,
      outbound: deps.config.outbound,
    });
    await repo.storeResults(deps.db, job.jobId, url, analyseLinkPage(page, validations, context));
  });
}
