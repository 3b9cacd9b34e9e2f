import type { FeatureFlag } from '@nomen/shared';
import { expect } from 'vitest';
import { type JobRuntime, startJobs } from '../jobs/index';
import { runIntegration } from '../jobs/run-integration';
import { type AdminContext, createAdminContext, type SignedIn, type TestContext } from './test-context';

/** A stand-in of a provider (tests/standins, tests/peers) that a test file starts and closes. */
export interface Peer {
  start(): Promise<unknown>;
  close(): Promise<unknown>;
}

/** The app, account and signed-in admin of `createAdminContext`, with a job queue working its jobs. */
export interface JobsContext extends AdminContext {
  jobs: JobRuntime;
  /** Stops the job queue, then closes the app and the peers. */
  close(): Promise<void>;
}

/**
 * Starts what a test file of integration runs works against: its `peers` (provider stand-ins),
 * then an app whose configuration is `env()` (called once the peers listen, so it can name their
 * URLs) with jobs retried up to `retryLimit` times 1 s apart and the queue polled every 0.5 s, an
 * account with `features` whose super-admin is signed in, `beforeJobs(admin)` when given, and
 * last a job queue working in this process (`ctx.deps.jobs`), as the worker does (spec 01 §3.1).
 * When anything fails to start, what did start is closed again and the error thrown.
 */
export async function startJobsContext(options: {
  peers: Peer[];
  env: () => Record<string, string>;
  retryLimit: number;
  features?: FeatureFlag[];
  beforeJobs?: (admin: SignedIn) => Promise<void>;
}): Promise<JobsContext> {
  const closePeers = () => Promise.all(options.peers.map((p) => p.close()));
  let started: AdminContext | undefined;
  try {
    await Promise.all(options.peers.map((p) => p.start()));
    started = await createAdminContext(options.features, {
      ...options.env(),
      JOB_RETRY_LIMIT: String(options.retryLimit),
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_POLL_SECONDS: '0.5',
    });
    await options.beforeJobs?.(started.admin);
    const { ctx } = started;
    const jobs = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
    ctx.deps.jobs = jobs;
    return {
      ...started,
      jobs,
      async close() {
        await jobs.stop();
        await Promise.all([ctx.close(), closePeers()]);
      },
    };
  } catch (error) {
    await Promise.all([started?.ctx.close(), closePeers()]);
    throw error;
  }
}

/**
 * Stands for a worker that died while run `runId` (of `accountId`) was under way: sets the run
 * back to Running, works it again as its second attempt (runIntegration), expects it to end
 * ('done') and answers the status and message the run was stored with.
 */
export async function rerunAfterCrash(
  ctx: TestContext,
  runId: number,
  accountId: number,
): Promise<{ status: string; message: string }> {
  await ctx.deps.db
    .updateTable('integration_runs')
    .set({ status: 'Running', finished_at: null })
    .where('id', '=', runId)
    .execute();
  const outcome = await runIntegration(ctx.deps, { runId, accountId }, { retryCount: 1, retryLimit: 2 });
  expect(outcome).toBe('done');
  return ctx.deps.db
    .selectFrom('integration_runs')
    .select(['status', 'message'])
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
}
