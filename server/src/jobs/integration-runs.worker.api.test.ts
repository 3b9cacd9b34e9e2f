import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SftpPeer, startSftpPeer } from '../../../tests/peers/sftp-peer';
import {
  endedRuns,
  makeRunTemplate,
  outbound,
  sftpConnectorOn,
  submitRows,
} from '../test/integration-runs-fixtures';
import { createAccount, createTestContext, signIn, type TestContext } from '../test/test-context';
import { testDatabaseUrl } from '../test/test-database';

/**
 * Integration runs worked by `npm run start:worker` processes (spec 01 §3.1; README, Jobs): a
 * worker killed in the middle of a push, and the run finished by the next one. Workers in their
 * own processes need PostgreSQL, so this file runs on it alone.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let sftp: SftpPeer;

const ROWS: [string, string][] = [
  ['Spring Sale', 'paid_social'],
  ['Summer, "Hot" deals', 'email'],
];
const CSV = 'Campaign,Channel\r\nSpring Sale,paid_social\r\n"Summer, ""Hot"" deals",email\r\n';

/** A default report's CSV without its first column (the template's ID field, a new UUID per row). */
function withoutId(csv: string): string {
  return csv.replace(/^[^,\r\n]+,/gm, '');
}

beforeAll(async () => {
  sftp = await startSftpPeer();
  // No job queue in this process: only the worker processes work jobs.
  ctx = await createTestContext();
  const account = await createAccount(ctx, ['integration-notifications']);
  admin = await signIn(ctx, account.admin.email);
});

afterAll(async () => {
  await Promise.all([ctx?.close(), sftp?.close()]);
});

/** The repository root (where `npm run start:worker` runs). */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts `server/src/worker.ts` as its own process against the test database. */
function startWorker(): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/worker.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      NOMEN_SECRET_KEY: ctx.deps.config.secretKey,
      SMTP_URL: ctx.deps.config.smtpUrl ?? '',
      JOB_EXPIRE_SECONDS: '3',
      JOB_MAINTENANCE_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_RETRY_LIMIT: '2',
      JOB_POLL_SECONDS: '0.5',
      JOB_CONCURRENCY: '1',
      // The SFTP peer listens on loopback, which an operator admits as here.
      OUTBOUND_ALLOW: '127.0.0.0/8',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  return { child, output: () => out };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('a worker process killed in the middle of a push', () => {
  const workers: ChildProcess[] = [];
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    sftp.holdWrites = null;
  });

  it('runs again after a restart and the destination holds the file exactly once', async () => {
    const id = await sftpConnectorOn(admin, sftp);
    const template = await makeRunTemplate(admin, [
      outbound('sftp-push', {
        name: 'Killed drop',
        connector_id: id,
        folder: '/kill',
        filename_pattern: 'killed-push',
      }),
    ]);
    const held = new Promise<void>((resolve) => {
      sftp.holdWrites = (path) => path.startsWith('/kill/');
      sftp.onHeld = resolve;
    });
    const submissionId = await submitRows(admin, template, ROWS);

    const first = startWorker();
    workers.push(first.child);
    await Promise.race([
      held,
      exited(first.child).then(() => {
        throw new Error(`the worker exited: ${first.output()}`);
      }),
    ]);
    first.child.kill('SIGKILL');
    await exited(first.child);
    sftp.holdWrites = null;
    const during = await admin.get(`/api/v1/account/submissions/${submissionId}/integration-runs`);
    expect(during.body.data[0]).toMatchObject({ status: 'Running', attempts: 1 });

    const second = startWorker();
    workers.push(second.child);
    const [run] = await endedRuns(admin, submissionId, 60_000);
    expect(run, second.output()).toMatchObject({
      status: 'Success',
      attempts: 2,
      files: ['/kill/killed-push.csv'],
    });
    const kept = [...sftp.stored.keys()].filter((k) => k.startsWith('/kill/'));
    expect(kept).toEqual(['/kill/killed-push.csv']);
    expect(withoutId(sftp.stored.get('/kill/killed-push.csv')!.toString('utf8'))).toBe(CSV);
    // Each attempt wrote its own temporary file; the second renamed its own into place.
    const parts = sftp.writes.filter((w) => /^\/kill\/\.killed-push\.csv\.[0-9a-f]{8}\.part$/.test(w));
    expect(parts).toHaveLength(2);
    expect(new Set(parts).size).toBe(2);
  }, 90_000);
});
