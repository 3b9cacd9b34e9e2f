import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, openDatabase } from '@nomen/shared/db';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import type { AppDeps } from '../http/context';
import { createMailer } from '../mail/mailer';
import { endedRuns, makeRunTemplate, outbound, submitRows } from '../test/integration-runs-fixtures';
import { createAccount, signIn, type TestContext } from '../test/test-context';
import { type JobRuntime, startJobs } from './index';

/**
 * The queue on the embedded database (issue 12 item 4: "it must also work on the embedded
 * database, and a test proves it"): pg-boss installs its schema in PGlite through the handle's
 * executeSql, and a submission's email-output run is delivered by a worker in the same process.
 */

let handle: DbHandle;
let dataDir: string;
let jobs: JobRuntime;
let ctx: TestContext;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nomen-pglite-jobs-'));
  handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    APP_URL: 'http://nomen.test',
    NOMEN_SECRET_KEY: 'test-secret-key-for-collab-tokens',
    SMTP_URL: '',
    DATA_DIR: dataDir,
    JOB_POLL_SECONDS: '0.5',
  });
  const mailer = createMailer({ from: 'test@nomen.test', dataDir, quiet: true });
  const deps: AppDeps = { db: handle.db, pool: null, config, mailer };
  jobs = await startJobs(deps, handle, config.jobs, { work: true });
  deps.jobs = jobs;
  const app = createApp(deps);
  ctx = { ...app, deps, handle, mails: [], close: async () => undefined };
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('integration runs on the embedded database', () => {
  it('queues the run in PGlite and delivers the mail with its attachment', async () => {
    const account = await createAccount(ctx);
    const admin = await signIn(ctx, account.admin.email);
    const template = await makeRunTemplate(admin, [
      outbound('email-output', {
        name: 'Embedded mail',
        metadata: { to: ['embedded@example.com'], subject: 'Embedded export', sendToSubmitter: 0 },
      }),
    ]);
    const submissionId = await submitRows(admin, template, [['Spring Sale', 'paid_social']]);
    const [run] = await endedRuns(admin, submissionId, 60_000);
    expect(run).toMatchObject({ status: 'Success', attempts: 1 });
    const jobRows = await handle.executeSql('select count(*)::int as n from pgboss.job where name = $1', [
      'integration-run',
    ]);
    expect(jobRows.rows[0]).toEqual({ n: 1 });
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(readFileSync(join(dataDir, 'mail', files[0]!)));
    expect(mail.subject).toBe('Embedded export');
    expect(mail.attachments.map((a) => a.filename)).toEqual(run!.files);
    expect(mail.attachments[0]!.content.toString('utf8')).toMatch(
      /^ID,Campaign,Channel\r\n[^,]+,Spring Sale,paid_social\r\n$/,
    );
  }, 120_000);
});
