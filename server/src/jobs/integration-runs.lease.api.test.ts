import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SftpPeer, startSftpPeer } from '../../../tests/peers/sftp-peer';
import {
  endedRuns,
  makeRunTemplate,
  outbound,
  sftpConnectorOn,
  submitRows,
} from '../test/integration-runs-fixtures';
import { createAccount, createTestContext, signIn, type TestContext } from '../test/test-context';
import { type JobRuntime, startJobs } from './index';
import { runIntegration } from './run-integration';

/**
 * Deliveries longer than the job expiry (README "Jobs", delivery fencing): the attempt keeps its
 * job and the run's lease alive while it pushes, so it is delivered once and logged once; a
 * second attempt started meanwhile does nothing, and an attempt whose lease was taken over never
 * renames its file into place.
 */

const EXPIRE_SECONDS = 2;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let accountId: number;
let jobs: JobRuntime;
let sftp: SftpPeer;

beforeAll(async () => {
  sftp = await startSftpPeer();
  ctx = await createTestContext({
    JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    JOB_MAINTENANCE_SECONDS: '1',
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_RETRY_LIMIT: '2',
    JOB_POLL_SECONDS: '0.5',
  });
  const account = await createAccount(ctx, []);
  accountId = account.id;
  admin = await signIn(ctx, account.admin.email);
  jobs = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
  ctx.deps.jobs = jobs;
});

afterAll(async () => {
  sftp.holdWrites = null;
  sftp.releaseHeld();
  await jobs?.stop();
  await Promise.all([ctx?.close(), sftp?.close()]);
});

async function sftpTemplate(folder: string) {
  return makeRunTemplate(admin, [
    outbound('sftp-push', {
      name: 'Slow drop',
      connector_id: await sftpConnectorOn(admin, sftp),
      folder,
      filename_pattern: 'slow',
    }),
  ]);
}

/** The run of a submission as stored: id, status, log messages, lease. */
async function storedRun(submissionId: number) {
  const row = await ctx.deps.db
    .selectFrom('integration_runs')
    .select(['id', 'status', 'log', 'lease_until', 'job_id'])
    .where('submission_id', '=', submissionId)
    .executeTakeFirstOrThrow();
  return row;
}

describe('a push that takes longer than JOB_EXPIRE_SECONDS', () => {
  it('is delivered once and logs one Success, and a second attempt started meanwhile writes nothing', async () => {
    const template = await sftpTemplate('/slow');
    const held = new Promise<void>((resolve) => {
      sftp.holdWrites = (path) => path.startsWith('/slow/');
      sftp.onHeld = resolve;
    });
    const submissionId = await submitRows(admin, template, [['Spring Sale', 'paid_social']]);
    await held;
    const run = await storedRun(submissionId);
    // Held until the heartbeat has kept the attempt alive past two expiries.
    const { rows } = await sql<{ now: Date }>`select now() as now`.execute(ctx.deps.db);
    const heldAt = rows[0]!.now.getTime();
    await vi.waitFor(
      async () => {
        const now = await storedRun(submissionId);
        expect(now.lease_until!.getTime()).toBeGreaterThan(heldAt + 2 * EXPIRE_SECONDS * 1000);
      },
      { timeout: 20_000, interval: 200 },
    );
    // The job was never expired nor retried meanwhile.
    const job = await sql<{ state: string; retry_count: number }>`
      select state, retry_count from pgboss.job where id = ${run.job_id}::uuid`.execute(ctx.deps.db);
    expect(job.rows[0]).toEqual({ state: 'active', retry_count: 0 });

    // A second attempt of the same run (a duplicate job) while the first still pushes.
    const writesBefore = sftp.writes.length;
    expect(
      await runIntegration(ctx.deps, { runId: run.id, accountId }, { retryCount: 0, retryLimit: 2 }),
    ).toBe('done');
    expect(sftp.writes.length).toBe(writesBefore);

    sftp.holdWrites = null;
    sftp.releaseHeld();
    const [ended] = await endedRuns(admin, submissionId);
    expect(ended).toMatchObject({ status: 'Success', attempts: 1, files: ['/slow/slow.csv'] });
    const stored = await storedRun(submissionId);
    expect(stored.log.filter((e) => e.message.startsWith('Delivered'))).toHaveLength(1);
    expect(sftp.writes.filter((w) => w.startsWith('/slow/'))).toHaveLength(1);
    expect([...sftp.stored.keys()].filter((k) => k.startsWith('/slow/'))).toEqual(['/slow/slow.csv']);
  }, 60_000);

  it('an attempt whose lease another attempt took over never renames its file into place', async () => {
    const template = await sftpTemplate('/fenced');
    const held = new Promise<void>((resolve) => {
      // Only the first attempt's upload is held; the one that takes over writes freely.
      sftp.holdWrites = (path) => {
        if (!path.startsWith('/fenced/')) return false;
        return sftp.writes.filter((w) => w.startsWith('/fenced/')).length === 1;
      };
      sftp.onHeld = resolve;
    });
    const submissionId = await submitRows(admin, template, [['Spring Sale', 'paid_social']]);
    await held;
    const run = await storedRun(submissionId);
    const firstPart = sftp.writes.filter((w) => w.startsWith('/fenced/'))[0]!;
    // The first attempt lost its lease (as a process frozen past it would); a second one takes over.
    await ctx.deps.db
      .updateTable('integration_runs')
      .set({ lease_token: 'lapsed', lease_until: sql`now() - interval '1 second'` })
      .where('id', '=', run.id)
      .execute();
    expect(
      await runIntegration(ctx.deps, { runId: run.id, accountId }, { retryCount: 0, retryLimit: 2 }),
    ).toBe('done');
    const secondPart = sftp.writes.filter((w) => w.startsWith('/fenced/'))[1]!;
    expect(secondPart).not.toBe(firstPart);
    const delivered = sftp.stored.get('/fenced/slow.csv');
    expect(delivered).toBeDefined();

    sftp.holdWrites = null;
    sftp.releaseHeld();
    // The first attempt ends (its job completes) without renaming: the file stays the second's.
    await vi.waitFor(
      async () => {
        const job = await sql<{ state: string }>`
          select state from pgboss.job where id = ${run.job_id}::uuid`.execute(ctx.deps.db);
        expect(job.rows[0]?.state).toBe('completed');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(sftp.stored.has(firstPart)).toBe(false);
    expect(sftp.stored.get('/fenced/slow.csv')).toBe(delivered);
    const stored = await storedRun(submissionId);
    expect(stored.status).toBe('Success');
    expect(stored.log.filter((e) => e.message.startsWith('Delivered'))).toHaveLength(1);
    expect([...sftp.stored.keys()].filter((k) => k.startsWith('/fenced/'))).toEqual(['/fenced/slow.csv']);
  }, 60_000);
});
