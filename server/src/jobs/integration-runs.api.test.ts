import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { BlobServiceClient, StorageSharedKeyCredential } from '@azure/storage-blob';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AZURITE_ACCOUNT,
  AZURITE_KEY,
  type AzuritePeer,
  startAzuritePeer,
} from '../../../tests/peers/azurite-peer';
import { type S3Peer, startS3Peer } from '../../../tests/peers/s3-peer';
import { type SftpPeer, startSftpPeer } from '../../../tests/peers/sftp-peer';
import {
  endedRuns,
  makeRunTemplate,
  outbound,
  type RunTemplate,
  sftpConnectorOn,
  submitRows,
} from '../test/integration-runs-fixtures';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../test/test-context';
import { type JobRuntime, startJobs } from './index';

/**
 * Outbound integrations really run (issue 12 item 4): a submission entering the dataset queues one
 * run per outbound assignment on pg-boss, and a worker delivers the built files to real local
 * peers (smtp-server, the ssh2 SFTP server, s3rver, Azurite). Faults: a peer that is down, a bad
 * credential, two workers sharing 200 jobs, another account's runs.
 */

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let jobs: JobRuntime;
let sftp: SftpPeer;
let s3: S3Peer;
let azurite: AzuritePeer;

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
  [sftp, s3, azurite] = await Promise.all([startSftpPeer(), startS3Peer(['exports']), startAzuritePeer()]);
  ctx = await createTestContext({
    S3_ENDPOINT: s3.endpoint,
    AZURE_BLOB_ENDPOINT: azurite.endpoint,
    JOB_RETRY_LIMIT: '2',
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_POLL_SECONDS: '0.5',
  });
  account = await createAccount(ctx, ['integration-notifications']);
  admin = await signIn(ctx, account.admin.email);
  jobs = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
  ctx.deps.jobs = jobs;
  const azure = new BlobServiceClient(
    azurite.endpoint.replace('{account}', AZURITE_ACCOUNT),
    new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
  );
  await azure.getContainerClient('exports').createIfNotExists();
});

afterAll(async () => {
  await jobs?.stop();
  await Promise.all([ctx?.close(), sftp?.close(), s3?.close(), azurite?.close()]);
});

async function connector(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/v1/account/connector/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

function sftpConnector(overrides: Record<string, unknown> = {}) {
  return sftpConnectorOn(admin, sftp, overrides);
}

function s3Client() {
  return new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
}

describe('delivery to each real peer', () => {
  it('email-output mails the files as attachments to the recipients and the submitter', async () => {
    const template = await makeRunTemplate(admin, [], (fields) => [
      outbound('email-output', {
        name: 'Weekly mail',
        file_type: ['csv', 'json'],
        report_type: 'custom',
        included_output_fields: [
          { id: fields.campaign, name: 'Campaign', display: '', selected: true },
          { id: fields.channel, name: 'Channel', display: '', selected: true },
        ],
        metadata: {
          to: ['media@example.com'],
          cc: ['lead@example.com'],
          bcc: [],
          subject: 'Export',
          sendToSubmitter: 1,
        },
      }),
    ]);
    const submissionId = await submitRows(admin, template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Success', attempts: 1, slug: 'email-output' });
    const mails = ctx.mails.filter((m) => m.subject === 'Export');
    expect(mails.map((m) => m.to).sort()).toEqual(
      ['lead@example.com', 'media@example.com', account.admin.email].sort(),
    );
    const attachments = mails[0]!.attachments!;
    expect(attachments.map((a) => a.filename)).toEqual(run!.files);
    expect(attachments[0]!.filename).toMatch(/^Exports \w+_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.csv$/);
    expect(attachments[0]!.content.toString('utf8')).toBe(CSV);
    expect(JSON.parse(attachments[1]!.content.toString('utf8'))).toEqual([
      { Campaign: 'Spring Sale', Channel: 'paid_social' },
      { Campaign: 'Summer, "Hot" deals', Channel: 'email' },
    ]);
  });

  it('sftp-push uploads the file into the folder and the run log names it', async () => {
    const id = await sftpConnector();
    const template = await makeRunTemplate(admin, [
      outbound('sftp-push', {
        name: 'Agency drop',
        connector_id: id,
        folder: '/drop/nomen',
        filename_pattern: '{submission_name}',
        metadata: { transform_case: 'to_uppercase' },
      }),
    ]);
    const submissionId = await submitRows(admin, template, ROWS, 'Sftp week');
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Success', files: ['/drop/nomen/Sftp week.csv'] });
    expect(run!.message).toBe('Delivered 1 file: /drop/nomen/Sftp week.csv');
    expect(withoutId(sftp.stored.get('/drop/nomen/Sftp week.csv')!.toString('utf8'))).toBe(
      'Campaign,Channel\r\nSPRING SALE,PAID_SOCIAL\r\n"SUMMER, ""HOT"" DEALS",EMAIL\r\n',
    );
    // The connect step's "Last runs" reads the same run.
    const last = await admin.get(`/api/v1/integration-assignments/${template.integrations[0]!.id}/runs`);
    expect(last.status).toBe(200);
    expect(last.body.data.map((r: { id: number }) => r.id)).toEqual([run!.id]);
  });

  it('sftp-push writes values a spreadsheet would run as formulas with a leading \' (README "CSV files and formula cells")', async () => {
    const id = await sftpConnector();
    const template = await makeRunTemplate(admin, [
      outbound('sftp-push', {
        name: 'Formula drop',
        connector_id: id,
        folder: '/drop/formulas',
        filename_pattern: '{submission_name}',
      }),
    ]);
    const rows: [string, string][] = [
      ['=HYPERLINK("http://evil.example","x")', '@SUM(A1)'],
      ['-12', '+1+2'],
    ];
    const submissionId = await submitRows(admin, template, rows, 'Formula week');
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Success', files: ['/drop/formulas/Formula week.csv'] });
    expect(withoutId(sftp.stored.get('/drop/formulas/Formula week.csv')!.toString('utf8'))).toBe(
      `Campaign,Channel\r\n"'=HYPERLINK(""http://evil.example"",""x"")",'@SUM(A1)\r\n-12,'+1+2\r\n`,
    );
  });

  it('an edit of a delivered submission pushes it again with the fixed rows (issue 12 item 6)', async () => {
    const id = await sftpConnector();
    const template = await makeRunTemplate(admin, [
      outbound('sftp-push', {
        name: 'Fixed drop',
        connector_id: id,
        folder: '/drop/fixed',
        filename_pattern: '{submission_name}',
      }),
    ]);
    const submissionId = await submitRows(admin, template, ROWS, 'Fix week');
    const [first] = await endedRuns(admin, submissionId);
    expect(first).toMatchObject({ status: 'Success', files: ['/drop/fixed/Fix week.csv'] });
    const detail = await admin.get(`/api/v1/account/submissions/${submissionId}`);
    const cvId = detail.body.rows[0].cv_id as string;
    const cvKey = Object.keys(detail.body.rows[0].data).find((k) => detail.body.rows[0].data[k] === cvId)!;
    const edit = await admin
      .post(`/api/v1/account/submissions/${submissionId}/edit`)
      .send({ rows: [{ [cvKey]: cvId, [template.fields.campaign]: 'Spring Sale fixed' }] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const runs = await endedRuns(admin, submissionId);
    expect(runs.map((r) => r.status)).toEqual(['Success', 'Success']);
    expect(withoutId(sftp.stored.get('/drop/fixed/Fix week.csv')!.toString('utf8'))).toBe(
      CSV.replace('Spring Sale', 'Spring Sale fixed'),
    );
  });

  it('s3-push puts the object into the bucket under the folder', async () => {
    const id = await connector({
      name: 'Exports bucket',
      connector_type_slug: 's3',
      metadata: { aws_key: s3.accessKeyId, aws_secret: s3.secretAccessKey },
    });
    const template = await makeRunTemplate(admin, [
      outbound('s3-push', {
        name: 'Bucket',
        connector_id: id,
        folder: '/exports/weekly',
        file_type: ['xlsx'],
        filename_pattern: 'codes-{submission_name}',
        metadata: { awsRegion: 'us-east-1', use_sse: 0 },
      }),
    ]);
    const submissionId = await submitRows(admin, template, ROWS, 's3');
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Success', files: ['exports/weekly/codes-s3.xlsx'] });
    const client = s3Client();
    const object = await client.send(
      new GetObjectCommand({ Bucket: 'exports', Key: 'weekly/codes-s3.xlsx' }),
    );
    const body = Buffer.from(await object.Body!.transformToByteArray());
    expect(body.subarray(0, 2).toString()).toBe('PK');
    client.destroy();
  });

  it('azure-blob-push uploads the blob into the container', async () => {
    const id = await connector({
      name: 'Azure exports',
      connector_type_slug: 'azure-blob',
      metadata: { blob_accountname: AZURITE_ACCOUNT, blob_key: AZURITE_KEY },
    });
    const template = await makeRunTemplate(admin, [
      outbound('azure-blob-push', {
        name: 'Blob',
        connector_id: id,
        folder: '/exports/daily',
        filename_pattern: 'azure-{submission_name}',
      }),
    ]);
    const submissionId = await submitRows(admin, template, ROWS, 'az');
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Success', files: ['exports/daily/azure-az.csv'] });
    const blob = new BlobServiceClient(
      azurite.endpoint.replace('{account}', AZURITE_ACCOUNT),
      new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY),
    )
      .getContainerClient('exports')
      .getBlobClient('daily/azure-az.csv');
    expect(withoutId((await blob.downloadToBuffer()).toString('utf8'))).toBe(CSV);
  });

  it('a submission waiting for approval runs nothing until it is approved', async () => {
    await ctx.deps.db
      .updateTable('accounts')
      // One admin submits and approves: a one-admin account allows self-approval.
      .set({ settings: JSON.stringify({ allow_approval: true, allow_self_approval: true }) })
      .where('id', '=', account.id)
      .execute();
    const template = await makeRunTemplate(admin, [
      outbound('email-output', { metadata: { to: ['approved@example.com'], subject: 'Approved export' } }),
    ]);
    const got = (await admin.get(`/api/v1/account/template/${template.id}`)).body;
    const saved = await admin.put('/api/v1/account/template/').send({
      ...got,
      settings: { ...got.settings, require_approval: 1 },
      approvers: [account.admin.id],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const submissionId = await submitRows(admin, template, ROWS);
    const before = await admin.get(`/api/v1/account/submissions/${submissionId}/integration-runs`);
    expect(before.body.data).toEqual([]);
    const approved = await admin
      .post(`/api/v1/account/submissions/${submissionId}/approve`)
      .send({ comment: '' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [run] = await endedRuns(admin, submissionId);
    expect(run!.status).toBe('Success');
    expect(ctx.mails.some((m) => m.subject === 'Approved export' && m.to === 'approved@example.com')).toBe(
      true,
    );
  });
});

describe('faults', () => {
  it('a peer that is down: retries with backoff, then Failed with its error, a notification, the submission untouched', async () => {
    const down = await startSftpPeer();
    const { port } = down;
    await down.close();
    const id = await sftpConnector({ port });
    const template = await makeRunTemplate(admin, [
      outbound('sftp-push', {
        name: 'Down drop',
        connector_id: id,
        folder: '/drop',
        integration_notifications: [
          { emailTo: ['oncall@example.com'], subject: '', emailOnFailure: true, emailOnSuccess: false },
        ],
      }),
    ]);
    const submissionId = await submitRows(admin, template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run!.status).toBe('Failed');
    expect(run!.attempts).toBe(3);
    expect(run!.message).toContain(`Could not reach 127.0.0.1:${port}`);
    expect(run!.message).toContain('gave up after 3 attempts');
    expect(run!.log.filter((l) => l.message.includes('retrying')).map((l) => l.attempt)).toEqual([1, 2]);
    const notice = ctx.mails.find((m) => m.to === 'oncall@example.com');
    expect(notice?.subject).toBe('Integration failed: Down drop');
    expect(notice?.text).toContain('ECONNREFUSED');
    const submission = await admin.get(`/api/v1/account/submissions/${submissionId}`);
    expect(submission.body.status).toBe('Submitted');
    expect(submission.body.rows).toHaveLength(2);
  });

  it('a bad credential: Failed at once with a clear message, no retry', async () => {
    const id = await sftpConnector({ password: 'not-the-password' });
    const template = await makeRunTemplate(admin, [
      outbound('sftp-push', { name: 'Bad key drop', connector_id: id, folder: '/drop' }),
    ]);
    const submissionId = await submitRows(admin, template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toBe(
      `127.0.0.1:${sftp.port} refused the sign-in of ${sftp.username}: check the account's username and password`,
    );
    // pg-boss completes the job once the attempt has given the run up, just after it ended.
    await vi.waitFor(async () => {
      const job = await sql<{ state: string; retry_count: number }>`
        select state, retry_count from pgboss.job
        where id = (select job_id::uuid from integration_runs where id = ${run!.id})`.execute(ctx.deps.db);
      expect(job.rows[0]).toEqual({ state: 'completed', retry_count: 0 });
    });
  });

  it('two workers share 200 queued jobs and deliver each once', async () => {
    const second = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
    try {
      const template = await makeRunTemplate(
        admin,
        Array.from({ length: 200 }, (_, i) =>
          outbound('email-output', {
            name: `Bulk ${i}`,
            metadata: { to: ['bulk@example.com'], subject: 'Bulk' },
          }),
        ),
      );
      const submissionId = await submitRows(admin, template, ROWS);
      const runs = await endedRuns(admin, submissionId, 60_000);
      expect(runs).toHaveLength(200);
      expect(runs.every((r) => r.status === 'Success' && r.attempts === 1)).toBe(true);
      const ids = ctx.mails.filter((m) => m.subject === 'Bulk').map((m) => m.messageId);
      expect(ids).toHaveLength(200);
      expect(new Set(ids).size).toBe(200);
    } finally {
      await second.stop();
    }
  });
});

describe('run logs belong to their account', () => {
  let template: RunTemplate;
  let submissionId: number;
  beforeAll(async () => {
    template = await makeRunTemplate(admin, [
      outbound('email-output', { metadata: { to: ['a@example.com'] } }),
    ]);
    submissionId = await submitRows(admin, template, ROWS);
    await endedRuns(admin, submissionId);
  });

  it("another account's assignment and submission runs answer 404", async () => {
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    const assignment = await stranger.get(
      `/api/v1/integration-assignments/${template.integrations[0]!.id}/runs`,
    );
    expect(assignment.status).toBe(404);
    const runs = await stranger.get(`/api/v1/account/submissions/${submissionId}/integration-runs`);
    expect(runs.status).toBe(404);
  });

  it('the assignment runs need manage_templates', async () => {
    const { createUser } = await import('../test/test-context');
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const res = await agent.get(`/api/v1/integration-assignments/${template.integrations[0]!.id}/runs`);
    expect(res.status).toBe(403);
  });

  it('the assignment runs refuse a bad limit naming it', async () => {
    const res = await admin.get(
      `/api/v1/integration-assignments/${template.integrations[0]!.id}/runs?limit=0`,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('limit');
  });
});

describe('listing', () => {
  it('lists what s3-push wrote once per run', async () => {
    const client = s3Client();
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'exports', Prefix: 'weekly/' }));
    expect(listed.Contents?.map((c) => c.Key)).toEqual(['weekly/codes-s3.xlsx']);
    client.destroy();
  });
});
