import { type DbHandle, openDatabase } from '@nomen/shared/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endedRuns, makeRunTemplate, outbound, submitRows } from '../test/integration-runs-fixtures';
import { createAccount, createTestContext, signIn, type TestContext } from '../test/test-context';
import { testDatabaseUrl } from '../test/test-database';
import { type JobRuntime, startJobs } from './index';

/**
 * Scale-out pickup (issue 12 item 7, "p95 pickup latency under 100 ms"): a REST server that works
 * no jobs (JOBS_IN_SERVER=false) queues a run, and a worker with its own database connections (as
 * `start:worker` has) starts it at once, woken by the dispatch's NOTIFY, not at its next poll, and
 * works queued runs back to back: the poll here is 60 s, far beyond how long the test waits.
 */

let ctx: TestContext;
let workerDb: DbHandle;
let queuer: JobRuntime;
let worker: JobRuntime;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_SECONDS: '60' });
  queuer = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: false });
  ctx.deps.jobs = queuer;
  workerDb = await openDatabase({ url: testDatabaseUrl(), poolSize: 4 });
  worker = await startJobs({ ...ctx.deps, db: workerDb.db }, workerDb, ctx.deps.config.jobs, { work: true });
});

afterAll(async () => {
  await worker?.stop();
  await queuer?.stop();
  await workerDb?.close();
  await ctx?.close();
});

describe('a worker in another process', () => {
  it('starts a run the server queued at once, without waiting for its next poll', async () => {
    const account = await createAccount(ctx);
    const admin = await signIn(ctx, account.admin.email);
    const template = await makeRunTemplate(admin, [
      outbound('email-output', { name: 'Woken', metadata: { to: ['woken@example.com'], subject: 'Woken' } }),
    ]);
    // The worker has made its first fetch (at start) and now sleeps for its 60 s poll.
    const submissionId = await submitRows(admin, template, [['Spring Sale', 'email']]);
    const [run] = await endedRuns(admin, submissionId, 20_000);
    expect(run).toMatchObject({ status: 'Success', slug: 'email-output' });
    expect(ctx.mails.filter((m) => m.subject === 'Woken').map((m) => m.to)).toEqual(['woken@example.com']);
  });

  it('works queued runs back to back: a worker that finishes one asks for the next at once', async () => {
    const account = await createAccount(ctx);
    const admin = await signIn(ctx, account.admin.email);
    // Twice as many runs as the worker works at once: the second half waits on no poll.
    const count = ctx.deps.config.jobs.concurrency * 2;
    const template = await makeRunTemplate(
      admin,
      Array.from({ length: count }, (_, i) =>
        outbound('email-output', {
          name: `Back ${i}`,
          metadata: { to: ['back@example.com'], subject: 'Back' },
        }),
      ),
    );
    const submissionId = await submitRows(admin, template, [['Spring Sale', 'email']]);
    const runs = await endedRuns(admin, submissionId, 20_000);
    expect(runs).toHaveLength(count);
    expect(runs.every((r) => r.status === 'Success')).toBe(true);
    expect(ctx.mails.filter((m) => m.subject === 'Back')).toHaveLength(count);
  });
});
