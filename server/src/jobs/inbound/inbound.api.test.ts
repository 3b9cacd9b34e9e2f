import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type S3Peer, startS3Peer } from '../../../../tests/peers/s3-peer';
import { type SftpPeer, startSftpPeer } from '../../../../tests/peers/sftp-peer';
import { MetaStandin } from '../../../../tests/standins/meta';
import { insertOAuthConnector } from '../../test/connectors';
import { makeRunTemplate, outbound, type RunTemplate } from '../../test/integration-runs-fixtures';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { xlsxBomb } from '../../test/xlsx-bomb';
import { type JobRuntime, startJobs } from '../index';
import { runIntegration } from '../run-integration';
import { openInboundRun, queueInboundRun } from './inbound.repository';
import { queueDuePulls } from './schedule';

/**
 * Inbound integrations really run (issue 12 item 5): sftp-pull against the ssh2 SFTP peer,
 * aws-s3-inbound against s3rver, facebook-marketing-inbound against the Meta stand-in. A new file
 * becomes one Draft submission with its rows, to fix and submit; the same file is not imported
 * twice; a bad file fails the run with a clear message; with auto-submit and identifier fields,
 * what passes is submitted. "Sync now" checks roles and tenancy; the 8-hour schedule queues pulls.
 */

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let jobs: JobRuntime;
let sftp: SftpPeer;
let s3: S3Peer;

const meta = new MetaStandin({
  validTokens: ['fb-inbound-ok'],
  me: { id: '1', name: 'Acme bot' },
  adAccounts: [
    {
      account_id: '4242',
      name: 'Acme Retail',
      objects: {
        campaigns: [
          {
            id: '120001',
            name: 'Spring Sale',
            effective_status: 'ACTIVE',
            status: 'ACTIVE',
            objective: 'OUTCOME_SALES',
            updated_time: '2026-03-01T10:00:00+0000',
          },
          {
            id: '120002',
            name: 'Summer Push',
            effective_status: 'PAUSED',
            status: 'PAUSED',
            objective: 'OUTCOME_TRAFFIC',
            updated_time: '2026-05-01T10:00:00+0000',
          },
          {
            id: '120003',
            name: 'Autumn Sale',
            effective_status: 'ACTIVE',
            status: 'ACTIVE',
            objective: 'OUTCOME_SALES',
            updated_time: '2026-09-01T10:00:00+0000',
          },
        ],
      },
    },
  ],
});

beforeAll(async () => {
  await meta.start();
  [sftp, s3] = await Promise.all([startSftpPeer(), startS3Peer(['drops'])]);
  ctx = await createTestContext({
    S3_ENDPOINT: s3.endpoint,
    META_GRAPH_API_URL: meta.graphUrl,
    JOB_RETRY_LIMIT: '1',
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_POLL_SECONDS: '0.5',
  });
  account = await createAccount(ctx, ['auto-submit', 'integration-notifications']);
  admin = await signIn(ctx, account.admin.email);
  jobs = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
  ctx.deps.jobs = jobs;
});

afterAll(async () => {
  await jobs?.stop();
  await Promise.all([ctx?.close(), sftp?.close(), s3?.close(), meta.close()]);
});

/** One run as the API answers it. */
interface Run {
  id: number;
  status: string;
  direction: string;
  message: string;
  submission_id: number | null;
  files: string[];
}

async function connector(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/v1/account/connector/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

function sftpConnector(password = sftp.password) {
  return connector({
    name: `SFTP ${Math.random().toString(36).slice(2, 6)}`,
    connector_type_slug: 'sftp',
    metadata: { host: sftp.host, port: sftp.port, username: sftp.username, auth_type: 'password', password },
  });
}

/** Clicks "Sync now" and waits until that run ends; answers it. */
async function syncAndWait(assignmentId: number): Promise<Run> {
  const res = await admin.post(`/api/v1/integration-assignments/${assignmentId}/sync`);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toMatchObject({ direction: 'INPUT', assignment_id: assignmentId });
  const runId = res.body.id as number;
  return vi.waitFor(
    async () => {
      const runs = await admin.get(`/api/v1/integration-assignments/${assignmentId}/runs`);
      const run = (runs.body.data as Run[]).find((r) => r.id === runId)!;
      expect(['Success', 'Failed'], JSON.stringify(run)).toContain(run.status);
      return run;
    },
    { timeout: 30_000, interval: 200 },
  );
}

async function submission(id: number) {
  const res = await admin.get(`/api/v1/account/submissions/${id}`);
  expect(res.status).toBe(200);
  return res.body as {
    status: string;
    name: string;
    row_count: number;
    rows: { data: Record<string, string> }[];
    submitter: { id: number };
  };
}

/**
 * Saves the template again with the integrations `make` builds from the field ids (the `fields`
 * table ids integrations name in mapping fields and identifier_field_ids), and `settings`.
 */
async function withIntegrations(
  base: RunTemplate,
  make: (fieldIds: { campaign: number; channel: number }) => unknown[],
  settings?: Record<string, number>,
): Promise<RunTemplate> {
  const got = await admin.get(`/api/v1/account/template/${base.id}`);
  const fieldOf = (templateFieldId: number) =>
    (got.body.template_fields as { id: number; field_id: number }[]).find((f) => f.id === templateFieldId)!
      .field_id;
  const saved = await admin.put('/api/v1/account/template/').send({
    ...got.body,
    ...(settings ? { settings } : {}),
    integrations: make({ campaign: fieldOf(base.fields.campaign), channel: fieldOf(base.fields.channel) }),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return {
    ...base,
    integrations: (await admin.get(`/api/v1/account/template/${base.id}`)).body.integrations,
  };
}

function cells(template: RunTemplate, rows: { data: Record<string, string> }[]) {
  return rows.map((r) => [r.data[template.fields.campaign] ?? '', r.data[template.fields.channel] ?? '']);
}

describe('sftp-pull', () => {
  let template: RunTemplate;
  let assignmentId: number;

  beforeAll(async () => {
    const id = await sftpConnector();
    template = await makeRunTemplate(admin, [
      outbound('sftp-pull', { name: 'Agency inbox', connector_id: id, folder: '/inbox' }),
    ]);
    assignmentId = template.integrations[0]!.id;
  });

  it('a new CSV file becomes one Draft submission with its rows, mapped by column name', async () => {
    sftp.putFile(
      '/inbox/week-12.csv',
      'channel,Campaign,Ignored\r\npaid_social,Spring Sale,x\r\nemail,"Summer, hot",y\r\n',
    );
    sftp.putFile('/inbox/notes.txt', 'not a table');
    const run = await syncAndWait(assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.files).toEqual(['week-12.csv']);
    expect(run.message).toMatch(/^Imported week-12\.csv: 2 rows to fix and submit in draft submission #\d+$/);
    const made = await submission(run.submission_id!);
    expect(made).toMatchObject({ status: 'Draft', name: 'Agency inbox: week-12.csv', row_count: 2 });
    expect(made.submitter.id).toBe(account.admin.id);
    expect(cells(template, made.rows)).toEqual([
      ['Spring Sale', 'paid_social'],
      ['Summer, hot', 'email'],
    ]);
  });

  it('does not import the same file twice, and imports it again once replaced', async () => {
    const again = await syncAndWait(assignmentId);
    expect(again).toMatchObject({ status: 'Success', submission_id: null, files: [] });
    expect(again.message).toBe(`Nothing new to import from sftp://${sftp.host}/inbox`);
    const drafts = await admin.get(`/api/v1/account/submissions?template_id=${template.id}`);
    expect(drafts.body.data).toHaveLength(1);

    sftp.putFile('/inbox/week-12.csv', 'Campaign,Channel\r\nAutumn Sale,search\r\n');
    const replaced = await syncAndWait(assignmentId);
    expect(replaced.status).toBe('Success');
    expect(cells(template, (await submission(replaced.submission_id!)).rows)).toEqual([
      ['Autumn Sale', 'search'],
    ]);
  });

  it('a bad file fails the run with a clear message while good files are still imported', async () => {
    sftp.putFile('/inbox/broken.json', '{"rows": [1, 2');
    sftp.putFile('/inbox/week-13.json', JSON.stringify([{ Campaign: 'Winter', Channel: 'tv' }]));
    const run = await syncAndWait(assignmentId);
    expect(run.status).toBe('Failed');
    expect(run.message).toContain('broken.json is not valid JSON');
    expect(run.message).toMatch(/Imported: week-13\.json: 1 row to fix and submit in draft submission #\d+/);
    expect(cells(template, (await submission(run.submission_id!)).rows)).toEqual([['Winter', 'tv']]);
    // The broken file is tried again (and fails again) until someone replaces or removes it.
    sftp.stored.delete('/inbox/broken.json');
  });

  it('refuses a zip-bomb XLSX and a CSV past 50,000 rows naming each file and its limit, importing the rest', async () => {
    // 0.6 MB that inflates to 258 MB (18,000,000 cells): refused from its zip directory.
    const bomb = xlsxBomb(60_000, 300);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    sftp.putFile('/inbox/bomb.xlsx', Buffer.from(bomb));
    sftp.putFile('/inbox/long.csv', `Campaign,Channel\r\n${'Spring,tv\r\n'.repeat(50_001)}`);
    sftp.putFile('/inbox/week-14.csv', 'Campaign,Channel\r\nSpring,tv\r\n');
    const run = await syncAndWait(assignmentId);
    expect(run.status).toBe('Failed');
    expect(run.message).toContain(
      'bomb.xlsx was refused: it would inflate to 258 MB (xl/worksheets/sheet1.xml), more than the 256 MB an XLSX file may hold.',
    );
    expect(run.message).toContain(
      'long.csv was refused: it has more than 50,000 rows, the most one import takes. Split it into smaller files.',
    );
    expect(run.message).toMatch(/Imported: week-14\.csv: 1 row to fix/);
    // The server still answers.
    expect((await admin.get(`/api/v1/integration-assignments/${assignmentId}/runs`)).status).toBe(200);
    sftp.stored.delete('/inbox/bomb.xlsx');
    sftp.stored.delete('/inbox/long.csv');
  });

  it('a pull whose process died reading a file resumes once; a second death refuses the file and fails the run', async () => {
    const put = (text: string) => ({
      key: '/inbox/poison.csv',
      version: `${Buffer.byteLength(text)}:${sftp.putFile('/inbox/poison.csv', text)}`,
    });
    let file = put('Campaign,Channel\r\nAutumn,radio\r\n');
    // A run as an attempt that died while reading poison.csv left it (its job is the dead one's).
    const diedWhileReading = async (deaths: number) => {
      const queued = await queueInboundRun(ctx.deps.db, {
        accountId: account.id,
        assignmentId,
        requestedBy: account.admin.id,
      });
      const runId = queued!.run.id;
      await ctx.deps.db
        .updateTable('integration_runs')
        .set({
          status: 'Running',
          attempts: deaths,
          job_id: randomUUID(),
          reading_file: JSON.stringify({ key: file.key, version: file.version, name: 'poison.csv' }),
          reading_deaths: deaths - 1,
        })
        .where('id', '=', runId)
        .execute();
      await runIntegration(ctx.deps, { runId, accountId: account.id }, { retryCount: deaths, retryLimit: 5 });
      return ctx.deps.db
        .selectFrom('integration_runs')
        .select(['status', 'message', 'reading_file'])
        .where('id', '=', runId)
        .executeTakeFirstOrThrow();
    };
    const resumed = await diedWhileReading(1);
    expect(resumed.status, resumed.message).toBe('Success');
    expect(resumed.message).toMatch(/^Imported poison\.csv: 1 row to fix/);
    expect(resumed.reading_file).toBeNull();

    file = put('Campaign,Channel\r\nWinter,radio\r\n');
    const refused = await diedWhileReading(2);
    expect(refused.status).toBe('Failed');
    expect(refused.message).toBe(
      'poison.csv was refused: the server stopped twice while reading it, so it is not read again. Check the file (size, rows, cells) and upload a corrected one.',
    );
    // Later pulls skip it until it is replaced.
    const later = await syncAndWait(assignmentId);
    expect(later.message).toBe(`Nothing new to import from sftp://${sftp.host}/inbox`);
    sftp.stored.delete('/inbox/poison.csv');
  });

  it('a file whose columns name no field fails naming the columns', async () => {
    sftp.putFile('/inbox/other.csv', 'Foo,Bar\r\n1,2\r\n');
    const run = await syncAndWait(assignmentId);
    expect(run.status).toBe('Failed');
    expect(run.message).toContain('other.csv: no column is named like a field of');
    expect(run.message).toContain('(columns: Foo, Bar)');
    sftp.stored.delete('/inbox/other.csv');
  });

  it('a peer that is down: retried with backoff, then Failed with its error, nothing imported', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const id = await connector({
      name: 'Down SFTP',
      connector_type_slug: 'sftp',
      metadata: { host: '127.0.0.1', port, username: 'nomen', auth_type: 'password', password: 'x' },
    });
    const down = await makeRunTemplate(admin, [
      outbound('sftp-pull', { name: 'Down inbox', connector_id: id, folder: '/inbox' }),
    ]);
    const run = await syncAndWait(down.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).toMatch(
      new RegExp(
        `^Could not reach 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED.* \\(gave up after 2 attempts\\)$`,
      ),
    );
    const log = await ctx.deps.db
      .selectFrom('integration_runs')
      .select(['log', 'submission_id'])
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(log.submission_id).toBeNull();
    expect(log.log.map((l) => l.message)).toEqual([
      'Attempt 1 started',
      expect.stringMatching(/\(attempt 1 of 2; retrying\)$/),
      'Attempt 2 started',
      expect.stringMatching(/\(gave up after 2 attempts\)$/),
    ]);
  });

  it('a refused sign-in fails at once with a clear message, and the notification recipients are mailed', async () => {
    const id = await sftpConnector('wrong-password');
    const bad = await makeRunTemplate(admin, [
      outbound('sftp-pull', {
        name: 'Locked inbox',
        connector_id: id,
        folder: '/inbox',
        integration_notifications: [
          {
            emailTo: ['inbound-oncall@example.com'],
            subject: '',
            emailOnFailure: true,
            emailOnSuccess: false,
          },
        ],
      }),
    ]);
    const run = await syncAndWait(bad.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    const refusal = `${sftp.host}:${sftp.port} refused the sign-in of nomen: check the account's username and password`;
    expect(run.message).toBe(refusal);
    const notice = ctx.mails.find((m) => m.to === 'inbound-oncall@example.com');
    expect(notice?.subject).toBe('Integration failed: Locked inbox');
    expect(notice?.text).toContain(refusal);
    expect(notice?.text).toContain(`/admin/templates/edit-template/${bad.id}/connect`);
    expect(notice?.text).not.toContain('wrong-password');
  });

  it('a pull that imports mails the success recipients a link to the draft to fix, and not the failure ones', async () => {
    const id = await sftpConnector();
    const watched = await makeRunTemplate(admin, [
      outbound('sftp-pull', {
        name: 'Watched inbox',
        connector_id: id,
        folder: '/watched',
        integration_notifications: [
          {
            emailTo: ['imports@example.com'],
            subject: 'New rows to fix',
            emailOnFailure: false,
            emailOnSuccess: true,
          },
          {
            emailTo: ['failures-only@example.com'],
            subject: '',
            emailOnFailure: true,
            emailOnSuccess: false,
          },
        ],
      }),
    ]);
    sftp.putFile('/watched/w1.csv', 'Campaign,Channel\r\nWatched,email\r\n');
    const run = await syncAndWait(watched.integrations[0]!.id);
    expect(run.status, run.message).toBe('Success');
    const notice = ctx.mails.find((m) => m.to === 'imports@example.com');
    expect(notice?.subject).toBe('New rows to fix');
    expect(notice?.text).toContain(`/codes/submissions/${run.submission_id}`);
    expect(ctx.mails.some((m) => m.to === 'failures-only@example.com')).toBe(false);
  });
});

describe('aws-s3-inbound', () => {
  it('reads new CSV and XLSX objects under the prefix once each', async () => {
    const id = await connector({
      name: 'Drops bucket',
      connector_type_slug: 's3',
      metadata: { aws_key: s3.accessKeyId, aws_secret: s3.secretAccessKey },
    });
    const template = await makeRunTemplate(admin, [
      outbound('aws-s3-inbound', {
        name: 'Bucket drops',
        connector_id: id,
        folder: '/drops/incoming',
        metadata: { awsRegion: 'us-east-1', identifier_field_ids: '' },
      }),
    ]);
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Codes');
    sheet.addRow(['Campaign', 'Channel']);
    sheet.addRow(['Launch', 'display']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    await client.send(
      new PutObjectCommand({
        Bucket: 'drops',
        Key: 'incoming/a.csv',
        Body: 'Campaign,Channel\nAlpha,email\n',
      }),
    );
    await client.send(new PutObjectCommand({ Bucket: 'drops', Key: 'incoming/b.xlsx', Body: xlsx }));
    await client.send(
      new PutObjectCommand({ Bucket: 'drops', Key: 'incoming/old/c.csv', Body: 'Campaign\nNested\n' }),
    );
    await client.send(
      new PutObjectCommand({ Bucket: 'drops', Key: 'elsewhere.csv', Body: 'Campaign\nOutside\n' }),
    );
    client.destroy();

    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.files).toEqual(['a.csv', 'b.xlsx']);
    const list = await admin.get(`/api/v1/account/submissions?template_id=${template.id}`);
    const byName = new Map((list.body.data as { id: number; name: string }[]).map((s) => [s.name, s.id]));
    expect([...byName.keys()].sort()).toEqual(['Bucket drops: a.csv', 'Bucket drops: b.xlsx']);
    expect(cells(template, (await submission(byName.get('Bucket drops: a.csv')!)).rows)).toEqual([
      ['Alpha', 'email'],
    ]);
    expect(cells(template, (await submission(byName.get('Bucket drops: b.xlsx')!)).rows)).toEqual([
      ['Launch', 'display'],
    ]);

    const again = await syncAndWait(assignmentId);
    expect(again.message).toBe('Nothing new to import from s3://drops/incoming/');
  });
});

describe('auto-submit with identifier fields', () => {
  it('submits the rows that carry the identifiers and pass, and leaves the rest in a draft', async () => {
    const id = await sftpConnector();
    const base = await makeRunTemplate(admin, []);
    const template = await withIntegrations(
      base,
      (fieldIds) => [
        outbound('sftp-pull', {
          name: 'Auto inbox',
          connector_id: id,
          folder: '/auto',
          metadata: { identifier_field_ids: String(fieldIds.campaign) },
        }),
      ],
      { require_identifier: 0, require_approval: 0, enable_auto_submit: 1 },
    );
    sftp.putFile('/auto/rows.csv', 'Campaign,Channel\r\nKept,email\r\n,missing-id\r\nAlso kept,tv\r\n');
    const run = await syncAndWait(template.integrations[0]!.id);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(
      /^Imported rows\.csv: 2 rows submitted \(submission #(\d+)\); 1 row to fix and submit in draft submission #(\d+)$/,
    );
    const [, submittedId, draftId] = /submission #(\d+)\).*draft submission #(\d+)/.exec(run.message)!;
    const submitted = await submission(Number(submittedId));
    expect(submitted.status).toBe('Submitted');
    expect(cells(base, submitted.rows)).toEqual([
      ['Kept', 'email'],
      ['Also kept', 'tv'],
    ]);
    const draft = await submission(Number(draftId));
    expect(draft.status).toBe('Draft');
    expect(cells(base, draft.rows)).toEqual([['', 'missing-id']]);
  });
});

describe('facebook-marketing-inbound (Meta stand-in)', () => {
  it('reads the chosen data type with its filters into a Draft, then only what changed', async () => {
    const connectorId = await insertOAuthConnector(ctx, {
      accountId: account.id,
      type: 13,
      accessToken: 'fb-inbound-ok',
      name: 'Acme Facebook',
      scope: 'ads_read',
    });
    const template = await withIntegrations(await makeRunTemplate(admin, []), (fieldIds) => [
      outbound('facebook-marketing-inbound', {
        name: 'Meta campaigns',
        connector_id: connectorId,
        metadata: { data_type: 'campaigns', adAccountsLinked: 'act_4242' },
        filters: [{ integrationFilterId: 'status', values: ['ACTIVE'] }],
        mapping_fields: [
          { fieldName: 'name', label: 'Name', cvFieldId: fieldIds.campaign, required: false },
          { fieldName: 'objective', label: 'Objective', cvFieldId: fieldIds.channel, required: false },
        ],
      }),
    ]);
    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(
      /^Imported campaigns of act_4242: 2 rows to fix and submit in draft submission #\d+$/,
    );
    const made = await submission(run.submission_id!);
    // The mapping fields say which Graph field fills which template field.
    expect(cells(template, made.rows)).toEqual([
      ['Spring Sale', 'OUTCOME_SALES'],
      ['Autumn Sale', 'OUTCOME_SALES'],
    ]);
    const call = meta.requestsTo('/v23.0/act_4242/campaigns').at(-1)!;
    expect(JSON.parse(call.query.filtering!)).toEqual([
      { field: 'effective_status', operator: 'IN', value: ['ACTIVE'] },
    ]);
    expect(call.query.fields).toBe('id,name,status,effective_status,objective,updated_time');

    const again = await syncAndWait(assignmentId);
    expect(again).toMatchObject({
      status: 'Success',
      message: 'Nothing new to import from campaigns of act_4242',
    });
  });
});

describe('POST /api/v1/integration-assignments/:id/sync', () => {
  let template: RunTemplate;

  beforeAll(async () => {
    const id = await sftpConnector();
    template = await makeRunTemplate(admin, [
      outbound('sftp-pull', { name: 'Quiet inbox', connector_id: id, folder: '/quiet' }),
      outbound('email-output', {
        name: 'Mail',
        metadata: { to: ['a@example.com'], cc: [], bcc: [], subject: '' },
      }),
    ]);
  });

  it('queues a pull and answers its run; a pull already open is answered instead of a second one', async () => {
    const inbound = template.integrations.find((i) => i.slug === 'sftp-pull')!;
    const res = await admin.post(`/api/v1/integration-assignments/${inbound.id}/sync`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug: 'sftp-pull', direction: 'INPUT', assignment_name: 'Quiet inbox' });
    // The repository refuses a second open run of the same assignment (a unique index).
    const assignmentId = template.integrations.find((i) => i.slug === 'sftp-pull')!.id;
    await vi.waitFor(
      async () => {
        const open = await openInboundRun(ctx.deps.db, account.id, assignmentId);
        expect(open).toBeUndefined();
      },
      { timeout: 30_000, interval: 200 },
    );
    const first = await queueInboundRun(ctx.deps.db, {
      accountId: account.id,
      assignmentId,
      requestedBy: null,
    });
    const second = await queueInboundRun(ctx.deps.db, {
      accountId: account.id,
      assignmentId,
      requestedBy: null,
    });
    expect(first?.isNew).toBe(true);
    expect(second).toMatchObject({ isNew: false, run: { id: first!.run.id } });
  });

  it('needs manage_templates', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const res = await agent.post(`/api/v1/integration-assignments/${template.integrations[0]!.id}/sync`);
    expect(res.status).toBe(403);
  });

  it("answers 404 for another account's assignment and 400 for a bad id or an outbound one", async () => {
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    const inbound = template.integrations.find((i) => i.slug === 'sftp-pull')!;
    expect((await stranger.post(`/api/v1/integration-assignments/${inbound.id}/sync`)).status).toBe(404);
    expect((await admin.post('/api/v1/integration-assignments/999999999/sync')).status).toBe(404);
    const bad = await admin.post('/api/v1/integration-assignments/abc/sync');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('id');
    const mail = template.integrations.find((i) => i.slug === 'email-output')!;
    const outboundRes = await admin.post(`/api/v1/integration-assignments/${mail.id}/sync`);
    expect(outboundRes.status).toBe(400);
    expect(outboundRes.body.message).toContain('Only inbound integrations sync');
  });
});

describe('the 8-hour schedule', () => {
  it('queues a pull of an inbound assignment 8 hours after its last one, not before', async () => {
    const id = await sftpConnector();
    const template = await makeRunTemplate(admin, [
      outbound('sftp-pull', { name: 'Scheduled inbox', connector_id: id, folder: '/scheduled' }),
      outbound('sftp-pull', {
        name: 'Manual inbox',
        connector_id: id,
        folder: '/manual',
        metadata: { syncFrequency: 'manual-only', identifier_field_ids: '' },
      }),
    ]);
    const [scheduled, manual] = template.integrations;
    const runsOf = (assignmentId: number) =>
      ctx.deps.db
        .selectFrom('integration_runs')
        .select(['id', 'requested_by'])
        .where('assignment_id', '=', assignmentId)
        .execute();
    // A new assignment waits 8 hours for its first scheduled pull.
    await queueDuePulls(ctx.deps.db, new Date(Date.now() + 7.9 * 3600_000));
    expect(await runsOf(scheduled!.id)).toHaveLength(0);
    await queueDuePulls(ctx.deps.db, new Date(Date.now() + 8.1 * 3600_000));
    const queued = await runsOf(scheduled!.id);
    expect(queued).toEqual([{ id: expect.any(Number), requested_by: null }]);
    expect(await runsOf(manual!.id)).toHaveLength(0);
    // The scheduled pull runs as the template's creator.
    const run = await vi.waitFor(
      async () => {
        const r = await ctx.deps.db
          .selectFrom('integration_runs')
          .selectAll()
          .where('id', '=', queued[0]!.id)
          .executeTakeFirstOrThrow();
        expect(['Success', 'Failed']).toContain(r.status);
        return r;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toBe(`Nothing new to import from sftp://${sftp.host}/scheduled`);
  });
});
