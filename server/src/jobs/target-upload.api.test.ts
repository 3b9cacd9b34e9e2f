import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acmeDataset, acmeGaStandin, adobeStandins } from '../test/analytics-standins';
import { insertOAuthConnector } from '../test/connectors';
import {
  endedRuns,
  makeRunTemplate,
  outbound,
  type RunTemplate,
  submitRows,
} from '../test/integration-runs-fixtures';
import { type JobsContext, startJobsContext } from '../test/jobs-context';
import { createAccount, signIn, type TestAccount, type TestContext } from '../test/test-context';
import { runIntegration } from './run-integration';

/**
 * Uploads to analytics targets (issue 12 item 4; spec 01 §2.5, §3.1): a submission whose template
 * fields feed a target (target_fields) imports its rows into the Adobe report's classification
 * dataset (and its multi-targets) through the Classifications API import job flow, or uploads them
 * to the Google Analytics custom data source, each as an integration run; checked against the
 * Adobe Analytics, Adobe IMS and Google Analytics stand-ins (tests/standins).
 */

const IMS_CLIENT = { clientId: 'client-aa', clientSecret: 'ims-secret-aa-1', accessToken: 'ims-token-aa' };
const { ims, adobe } = adobeStandins(
  IMS_CLIENT,
  [
    { rsid: 'acme.prod', name: 'Acme Production' },
    { rsid: 'acme.eu', name: 'Acme Europe' },
    { rsid: 'other.prod', name: 'Other tenant suite' },
  ],
  [
    acmeDataset('ds-prod', 'Report ds-prod', 'acme.prod', ['Campaign Name', 'Channel', 'Creative']),
    acmeDataset('ds-eu', 'Report ds-eu', 'acme.eu', ['campaign name', 'channel']),
    acmeDataset('ds-retry', 'Report ds-retry', 'acme.prod', ['Campaign Name', 'Channel'], 'variables/evar7'),
    acmeDataset('ds-other', 'Report ds-other', 'other.prod', ['Campaign Name', 'Channel']),
    acmeDataset('ds-edit', 'Report ds-edit', 'acme.prod', ['Campaign Name', 'Channel'], 'variables/evar8'),
    acmeDataset('ds-crash', 'Report ds-crash', 'acme.prod', ['Campaign Name', 'Channel'], 'variables/evar9'),
    acmeDataset(
      'ds-notify',
      'Report ds-notify',
      'acme.prod',
      ['Campaign Name', 'Channel'],
      'variables/evar10',
    ),
  ],
);

const GA_SCHEMA = ['ga:campaignCode', 'ga:campaign', 'ga:medium'];
const ga = acmeGaStandin([
  { id: 'cds-1', name: 'Campaign data', schema: GA_SCHEMA },
  { id: 'cds-2', name: 'Campaign data (crash)', schema: GA_SCHEMA },
]);

let ctx: TestContext;
let account: TestAccount;
let admin: supertest.Agent;
let running: JobsContext;
let adobeConnectorId: number;

beforeAll(async () => {
  running = await startJobsContext({
    peers: [ims, adobe, ga],
    env: () => ({
      ADOBE_ANALYTICS_API_URL: adobe.url,
      ADOBE_IMS_URL: ims.url,
      GOOGLE_ANALYTICS_ADMIN_API_URL: ga.adminUrl,
      GOOGLE_ANALYTICS_MANAGEMENT_API_URL: ga.managementUrl,
      GOOGLE_ANALYTICS_UPLOAD_API_URL: ga.uploadUrl,
      GOOGLE_USERINFO_URL: ga.userInfoUrl,
    }),
    retryLimit: 2,
    features: ['integration-notifications'],
    beforeJobs: async (signedIn) => {
      adobeConnectorId = await adobeConnector(signedIn, IMS_CLIENT.clientSecret);
    },
  });
  ({ ctx, account, admin } = running);
});

afterAll(() => running?.close());

/** An Adobe Analytics account signing in to IMS with `secret`. */
async function adobeConnector(agent: supertest.Agent, secret: string): Promise<number> {
  const res = await agent.post('/api/v1/account/connector/').send({
    name: `Adobe ${Math.random().toString(36).slice(2, 6)}`,
    connector_type_slug: 'adobe-analytics',
    metadata: { auth_type: 'fields', company: 'acmeco0', username: IMS_CLIENT.clientId, secret },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** A Google Analytics account of `accountId` authorised with `accessToken`, as the OAuth callback stores it. */
async function gaConnector(accountId: number, accessToken: string): Promise<number> {
  return insertOAuthConnector(ctx, {
    accountId,
    type: 2,
    accessToken,
    name: `GA ${accessToken} ${Math.random().toString(36).slice(2, 6)}`,
    scope: 'analytics.edit',
  });
}

/** The field library ids behind the template's Campaign and Channel fields. */
async function libraryFields(template: RunTemplate) {
  const rows = await ctx.deps.db
    .selectFrom('template_fields')
    .select(['id', 'field_id'])
    .where('template_id', '=', template.id)
    .execute();
  const of = (tfId: number) => rows.find((r) => r.id === tfId)!.field_id;
  return { campaign: of(template.fields.campaign), channel: of(template.fields.channel) };
}

/** Saves a target through the API; answers its id. */
async function saveTarget(agent: supertest.Agent, body: object): Promise<number> {
  const res = await agent.put('/api/v1/account/targets/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.target.id;
}

/** An Adobe target on `datasetId` of `rsid` whose Campaign Name and Channel the template feeds. */
async function adobeTarget(
  template: RunTemplate,
  rsid: string,
  datasetId: string,
  connectorId = adobeConnectorId,
) {
  const f = await libraryFields(template);
  return saveTarget(admin, {
    name: `Adobe ${datasetId} ${Math.random().toString(36).slice(2, 6)}`,
    connector_type_id: 1,
    connector_id: connectorId,
    remote_realm_id: rsid,
    realm_name: rsid,
    remote_target_id: datasetId,
    target_fields: [
      { field_id: f.campaign, classification_name: 'Campaign Name' },
      { field_id: f.channel, classification_name: 'Channel' },
    ],
  });
}

const ROWS: [string, string][] = [
  ['Spring Sale', 'Email'],
  ['Summer, Deals', 'Social'],
];

/** The submission's rows with their cv_ids, in order. */
async function cvIds(submissionId: number): Promise<string[]> {
  const rows = await ctx.deps.db
    .selectFrom('submission_rows')
    .select('cv_id')
    .where('submission_id', '=', submissionId)
    .orderBy('row_number')
    .execute();
  return rows.map((r) => r.cv_id);
}

/** The stored run: its id, account, status and what it recorded of the provider's jobs. */
async function storedRun(runId: number) {
  return ctx.deps.db
    .selectFrom('integration_runs')
    .select(['id', 'account_id', 'status', 'message', 'files', 'provider_jobs'])
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
}

/**
 * Puts a finished run back as a process that died mid-attempt leaves it: still Running, with
 * `providerJobs` as the only record of what the provider made; then works it again as the queue's
 * redelivery would (a later attempt, retries left). Answers the attempt's outcome.
 */
async function crashAndRetry(runId: number, providerJobs: Record<string, Record<string, unknown>>) {
  await ctx.deps.db
    .updateTable('integration_runs')
    .set({ status: 'Running', provider_jobs: JSON.stringify(providerJobs), finished_at: null })
    .where('id', '=', runId)
    .execute();
  const run = await storedRun(runId);
  return runIntegration(
    ctx.deps,
    { runId: run.id, accountId: run.account_id },
    { retryCount: 1, retryLimit: 2 },
  );
}

describe('Adobe Analytics targets', () => {
  it('imports the rows as key + classification columns into the report and its multi-target, shown as a run', async () => {
    const template = await makeRunTemplate(admin, []);
    const targetId = await adobeTarget(template, 'acme.prod', 'ds-prod');
    const multi = await admin
      .post(`/api/v1/account/targets/${targetId}/multi-targets`)
      .send({ multi_targets: [{ remote_realm_id: 'acme.eu', remote_target_id: 'ds-eu' }] });
    expect(multi.status, JSON.stringify(multi.body)).toBe(200);

    const submissionId = await submitRows(admin, template, ROWS);
    const runs = await endedRuns(admin, submissionId);
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run!.status, run!.message).toBe('Success');
    expect(run!.slug).toBe('adobe-analytics-classifications');
    expect(run!.message).toMatch(/^Imported 2 rows into 2 Adobe classification datasets/);

    const [k1, k2] = await cvIds(submissionId);
    expect(adobe.importedRows('ds-prod')).toEqual([
      { Key: k1, 'Campaign Name': 'Spring Sale', Channel: 'Email' },
      { Key: k2, 'Campaign Name': 'Summer, Deals', Channel: 'Social' },
    ]);
    // The multi-target's dataset gets the same rows under its own spelling of the names.
    expect(adobe.importedRows('ds-eu')).toEqual([
      { Key: k1, 'campaign name': 'Spring Sale', channel: 'Email' },
      { Key: k2, 'campaign name': 'Summer, Deals', channel: 'Social' },
    ]);
    const job = adobe.importJobs.find((j) => j.datasetId === 'ds-prod')!;
    expect(job.options).toMatchObject({ dataFormat: 'tsv', encoding: 'UTF8' });
    expect(run!.files).toContain(`acme.prod/ds-prod: import job ${job.importJobId}`);
  });

  it('a commit that fails once is retried on the same import job: the rows are imported once', async () => {
    const template = await makeRunTemplate(admin, []);
    await adobeTarget(template, 'acme.prod', 'ds-retry');
    adobe.injectOnce({
      method: 'POST',
      path: /\/classification\/job\/import\/commitApiJob\//,
      answer: {
        status: 503,
        body: { errorCode: 'service_unavailable', errorDescription: 'Try again later' },
      },
    });
    const submissionId = await submitRows(admin, template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run!.status, run!.message).toBe('Success');
    expect(run!.attempts).toBe(2);
    expect(run!.log.some((l) => /503|Try again later/.test(l.message))).toBe(true);
    const jobsOfDataset = adobe.importJobs.filter((j) => j.datasetId === 'ds-retry');
    expect(jobsOfDataset).toHaveLength(1);
    expect(adobe.importedRows('ds-retry')).toHaveLength(2);

    // A run worked again after its import was recorded (a redelivered queue job) imports nothing new.
    const stored = await ctx.deps.db
      .updateTable('integration_runs')
      .set({ status: 'Retrying' })
      .where('id', '=', (run as { id: number }).id)
      .returning(['id', 'account_id'])
      .executeTakeFirstOrThrow();
    const outcome = await runIntegration(
      ctx.deps,
      { runId: stored.id, accountId: stored.account_id },
      { retryCount: 2, retryLimit: 2 },
    );
    expect(outcome).toBe('done');
    expect(adobe.importJobs.filter((j) => j.datasetId === 'ds-retry')).toHaveLength(1);
    expect(adobe.importedRows('ds-retry')).toHaveLength(2);
  });

  it('a retry after a crash between the commit and recording it finds the commit at Adobe: one import, Success', async () => {
    const template = await makeRunTemplate(admin, []);
    await adobeTarget(template, 'acme.prod', 'ds-crash');
    const submissionId = await submitRows(admin, template, ROWS);
    const [first] = await endedRuns(admin, submissionId);
    expect(first!.status, first!.message).toBe('Success');
    const runId = (first as { id: number }).id;
    const recorded = (await storedRun(runId)).provider_jobs['ds-crash'] as Record<string, string>;
    const [job] = adobe.importJobs.filter((j) => j.datasetId === 'ds-crash');
    expect(recorded).toMatchObject({ api_job_id: job!.apiJobId, import_job_id: job!.importJobId });

    // The process died after Adobe accepted the commit and before the import id was saved: the
    // run holds the job it created (saved before the upload) and no import.
    const outcome = await crashAndRetry(runId, {
      'ds-crash': { api_job_id: recorded.api_job_id!, job_name: recorded.job_name! },
    });
    expect(outcome).toBe('done');
    const after = await storedRun(runId);
    expect(after.status, after.message).toBe('Success');
    expect(after.files).toEqual([`acme.prod/ds-crash: import job ${job!.importJobId}`]);
    expect(after.provider_jobs['ds-crash']).toMatchObject({ import_job_id: job!.importJobId });
    // Adobe got one job, one file and one commit: the rows are imported once.
    expect(adobe.importJobs.filter((j) => j.datasetId === 'ds-crash')).toHaveLength(1);
    expect(job!.uploads).toBe(1);
    expect(
      adobe.requestsTo(`/api/acmeco0/classification/job/import/commitApiJob/${job!.apiJobId}`),
    ).toHaveLength(1);
    expect(adobe.importedRows('ds-crash')).toHaveLength(2);
    // It asked Adobe for the dataset's jobs to find out.
    expect(adobe.requestsTo('/api/acmeco0/classification/job/byDataset/ds-crash').length).toBeGreaterThan(0);
  });

  it('an edit of the submission imports its rows again under the same keys, with the fixed values', async () => {
    const template = await makeRunTemplate(admin, []);
    await adobeTarget(template, 'acme.prod', 'ds-edit');
    const submissionId = await submitRows(admin, template, ROWS);
    await endedRuns(admin, submissionId);
    const [k1, k2] = await cvIds(submissionId);
    const detail = await admin.get(`/api/v1/account/submissions/${submissionId}`);
    const row = detail.body.rows[0] as { data: Record<string, string> };
    const cvKey = Object.keys(row.data).find((k) => row.data[k] === k1)!;
    const edit = await admin
      .post(`/api/v1/account/submissions/${submissionId}/edit`)
      .send({ rows: [{ [cvKey]: k1, [template.fields.campaign]: 'Spring Sale fixed' }] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const runs = await vi.waitFor(
      async () => {
        const ended = await endedRuns(admin, submissionId);
        expect(ended).toHaveLength(2);
        return ended;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(runs.map((r) => r.status)).toEqual(['Success', 'Success']);
    expect(adobe.importJobs.filter((j) => j.datasetId === 'ds-edit')).toHaveLength(2);
    expect(adobe.importedRows('ds-edit').slice(2)).toEqual([
      { Key: k1, 'Campaign Name': 'Spring Sale fixed', Channel: 'Email' },
      { Key: k2, 'Campaign Name': 'Summer, Deals', Channel: 'Social' },
    ]);
  });

  it('credentials IMS refuses end the run Failed at the first attempt, naming the refusal', async () => {
    const template = await makeRunTemplate(admin, []);
    const targetId = await adobeTarget(template, 'acme.prod', 'ds-prod');
    // The target's account is one whose secret Adobe no longer accepts.
    const refused = await adobeConnector(admin, 'wrong-secret-9');
    await ctx.deps.db
      .updateTable('targets')
      .set({ connector_id: refused })
      .where('id', '=', targetId)
      .execute();
    const before = ims.requests.length;
    const importsBefore = adobe.importJobs.length;

    const submissionId = await submitRows(admin, template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run!.status).toBe('Failed');
    expect(run!.attempts).toBe(1);
    expect(run!.message).toBe(
      "Adobe classification import into acme.prod dataset ds-prod failed: Adobe Analytics refused the connected account's credentials: invalid client_secret parameter",
    );
    expect(run!.message).not.toContain('wrong-secret-9');
    expect(adobe.importJobs.length).toBe(importsBefore);
    // One sign-in attempt (and the client's one retry at most), not a storm.
    expect(ims.requests.length - before).toBeLessThanOrEqual(2);
  });
});

describe('Google Analytics targets', () => {
  async function gaTarget(template: RunTemplate, connectorId: number, source = 'cds-1'): Promise<number> {
    const f = await libraryFields(template);
    return saveTarget(admin, {
      name: `GA target ${Math.random().toString(36).slice(2, 6)}`,
      connector_type_id: 2,
      connector_id: connectorId,
      ga_account_id: '1001',
      ga_property_id: 'UA-1001-1',
      ga_custom_data_source_id: source,
      ga_custom_data_source_schema: JSON.stringify(GA_SCHEMA),
      target_fields: [
        { field_id: f.campaign, classification_name: 'ga:campaign' },
        { field_id: f.channel, classification_name: 'ga:medium' },
      ],
    });
  }

  it("uploads a CSV with the data source's schema header to its custom data source, once even when retried", async () => {
    const template = await makeRunTemplate(admin, []);
    await gaTarget(template, await gaConnector(account.id, 'ga-token-ok'));
    ga.injectOnce({
      method: 'POST',
      path: /\/customDataSources\/cds-1\/uploads$/,
      answer: {
        status: 503,
        body: { error: { code: 503, message: 'Backend Error', status: 'UNAVAILABLE' } },
      },
    });
    const before = ga.uploads.length;
    const submissionId = await submitRows(admin, template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run!.status, run!.message).toBe('Success');
    expect(run!.slug).toBe('google-analytics-data-import');
    expect(run!.attempts).toBe(2);
    const uploads = ga.uploads.slice(before);
    expect(uploads).toHaveLength(1);
    const [k1, k2] = await cvIds(submissionId);
    expect(uploads[0]!.csv).toBe(
      `ga:campaignCode,ga:campaign,ga:medium\n${k1},Spring Sale,Email\n${k2},"Summer, Deals",Social\n`,
    );
    expect(run!.message).toBe(
      `Uploaded 2 rows to Google Analytics data source cds-1 (upload ${uploads[0]!.id})`,
    );
  });

  it('a retry after a crash between the upload and recording it finds the upload at Google: one upload, Success', async () => {
    const template = await makeRunTemplate(admin, []);
    await gaTarget(template, await gaConnector(account.id, 'ga-token-ok'), 'cds-2');
    const before = ga.uploads.filter((u) => u.customDataSourceId === 'cds-2').map((u) => u.id);
    const submissionId = await submitRows(admin, template, ROWS);
    const [first] = await endedRuns(admin, submissionId);
    expect(first!.status, first!.message).toBe('Success');
    const runId = (first as { id: number }).id;
    const uploads = ga.uploads.filter((u) => u.customDataSourceId === 'cds-2' && !before.includes(u.id));
    expect(uploads).toHaveLength(1);

    // The process died after Google accepted the upload and before its id was saved: the run
    // holds only the data source's uploads before its own (saved before the upload).
    const outcome = await crashAndRetry(runId, { 'cds-2': { uploads_before: before } });
    expect(outcome).toBe('done');
    const after = await storedRun(runId);
    expect(after.status, after.message).toBe('Success');
    expect(after.message).toBe(
      `Uploaded 2 rows to Google Analytics data source cds-2 (upload ${uploads[0]!.id})`,
    );
    expect(ga.uploads.filter((u) => u.customDataSourceId === 'cds-2' && !before.includes(u.id))).toHaveLength(
      1,
    );
  });

  it("takes another run's recorded upload for neither retry: each run keeps its own, none uploads again", async () => {
    const template = await makeRunTemplate(admin, []);
    await gaTarget(template, await gaConnector(account.id, 'ga-token-ok'), 'cds-2');
    const before = ga.uploads.filter((u) => u.customDataSourceId === 'cds-2').map((u) => u.id);
    const firstSubmission = await submitRows(admin, template, ROWS);
    const [a] = await endedRuns(admin, firstSubmission);
    const secondSubmission = await submitRows(admin, template, [['Autumn Sale', 'Display']]);
    const [b] = await endedRuns(admin, secondSubmission);
    expect([a!.status, b!.status]).toEqual(['Success', 'Success']);
    const [uploadA, uploadB] = ga.uploads.filter(
      (u) => u.customDataSourceId === 'cds-2' && !before.includes(u.id),
    );
    expect(b!.message).toContain(`(upload ${uploadB!.id})`);

    // The second run crashed after its upload, holding a list of earlier uploads that predates the
    // first run's upload: the first run's upload is new to it too, but that run recorded it.
    const outcome = await crashAndRetry((b as { id: number }).id, { 'cds-2': { uploads_before: before } });
    expect(outcome).toBe('done');
    const after = await storedRun((b as { id: number }).id);
    expect(after.status, after.message).toBe('Success');
    expect(after.message).toBe(
      `Uploaded 1 row to Google Analytics data source cds-2 (upload ${uploadB!.id})`,
    );
    expect(uploadA!.id).not.toBe(uploadB!.id);
    expect(ga.uploads.filter((u) => u.customDataSourceId === 'cds-2' && !before.includes(u.id))).toHaveLength(
      2,
    );
  });

  it('a token Google refuses ends the run Failed without retrying', async () => {
    const template = await makeRunTemplate(admin, []);
    await gaTarget(template, await gaConnector(account.id, 'ga-token-revoked'));
    const before = ga.uploads.length;
    const submissionId = await submitRows(admin, template, ROWS);
    const [run] = await endedRuns(admin, submissionId);
    expect(run!.status).toBe('Failed');
    expect(run!.attempts).toBe(1);
    expect(run!.message).toContain(
      "Google Analytics Data Import upload to data source cds-1 failed: Google Analytics refused the connected account's credentials",
    );
    expect(ga.uploads.length).toBe(before);
  });
});

/** A Google Analytics target on cds-1 whose Campaign and Channel the template feeds. */
async function gaTargetOf(template: RunTemplate): Promise<number> {
  const f = await libraryFields(template);
  return saveTarget(admin, {
    name: `GA notify ${Math.random().toString(36).slice(2, 6)}`,
    connector_type_id: 2,
    connector_id: await gaConnector(account.id, 'ga-token-ok'),
    ga_account_id: '1001',
    ga_property_id: 'UA-1001-1',
    ga_custom_data_source_id: 'cds-1',
    ga_custom_data_source_schema: JSON.stringify(GA_SCHEMA),
    target_fields: [
      { field_id: f.campaign, classification_name: 'ga:campaign' },
      { field_id: f.channel, classification_name: 'ga:medium' },
    ],
  });
}

describe('notifications', () => {
  /**
   * Adds to the template a per-target email report naming `targetIds` (metadata target_id) with
   * `notifications`: the assignment whose recipients the target's runs answer to.
   */
  async function nameTargets(template: RunTemplate, targetIds: number[], notifications: object[]) {
    const got = (await admin.get(`/api/v1/account/template/${template.id}`)).body;
    const saved = await admin.put('/api/v1/account/template/').send({
      ...got,
      integrations: [
        outbound('email-output', {
          name: 'Per-target report',
          report_type: 'perTarget',
          metadata: {
            to: ['reports@example.com'],
            subject: 'Per-target export',
            target_id: targetIds.join(','),
          },
          integration_notifications: notifications,
        }),
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  const mailsTo = (to: string) => ctx.mails.filter((m) => m.to === to);

  it('a failed target upload mails the failure recipients of the assignment naming the target', async () => {
    const template = await makeRunTemplate(admin, []);
    const targetId = await adobeTarget(template, 'acme.prod', 'ds-notify');
    // The target's account is one whose secret Adobe no longer accepts.
    const refused = await adobeConnector(admin, 'bad-9');
    await ctx.deps.db
      .updateTable('targets')
      .set({ connector_id: refused })
      .where('id', '=', targetId)
      .execute();
    await nameTargets(
      template,
      [targetId],
      [
        { emailTo: ['oncall@example.com'], subject: '', emailOnFailure: true, emailOnSuccess: false },
        { emailTo: ['happy@example.com'], subject: '', emailOnFailure: false, emailOnSuccess: true },
      ],
    );
    const onCallBefore = mailsTo('oncall@example.com').length;
    const happyBefore = mailsTo('happy@example.com').length;
    const submissionId = await submitRows(admin, template, ROWS);
    const runs = await endedRuns(admin, submissionId);
    const targetRun = runs.find((r) => r.slug === 'adobe-analytics-classifications')!;
    expect(targetRun.status).toBe('Failed');

    const notices = mailsTo('oncall@example.com').slice(onCallBefore);
    // One for the target run; the email report itself succeeded and mails failures only.
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/^Integration failed: Adobe ds-notify /);
    expect(notices[0]!.text).toContain(targetRun.message);
    expect(notices[0]!.text).toContain(`/codes/submissions/${submissionId}`);
    expect(notices[0]!.text).not.toContain('bad-9');
    // The success recipient hears of the email report's success only, not of the failed upload.
    expect(
      mailsTo('happy@example.com')
        .slice(happyBefore)
        .map((m) => m.subject),
    ).toEqual(['Integration succeeded: Per-target report']);
  });

  it('a successful upload mails those who asked for successes, once each, and no one for a target the template does not name', async () => {
    const template = await makeRunTemplate(admin, []);
    const named = await adobeTarget(template, 'acme.prod', 'ds-notify');
    await gaTargetOf(template);
    await nameTargets(
      template,
      [named],
      [
        {
          emailTo: ['happy@example.com', 'oncall@example.com'],
          subject: 'Import done',
          emailOnFailure: true,
          emailOnSuccess: true,
        },
        { emailTo: ['happy@example.com'], subject: '', emailOnFailure: false, emailOnSuccess: true },
      ],
    );
    const before = ctx.mails.length;
    const submissionId = await submitRows(admin, template, ROWS);
    const runs = await endedRuns(admin, submissionId);
    expect(runs.map((r) => [r.slug, r.status]).sort()).toEqual([
      ['adobe-analytics-classifications', 'Success'],
      ['email-output', 'Success'],
      ['google-analytics-data-import', 'Success'],
    ]);
    const adobeRun = runs.find((r) => r.slug === 'adobe-analytics-classifications')!;
    const notices = ctx.mails.slice(before).filter((m) => m.subject === 'Import done');
    // Both recipients, each once, for the Adobe run and for the email report; none for the GA run.
    expect(notices.map((m) => m.to).sort()).toEqual([
      'happy@example.com',
      'happy@example.com',
      'oncall@example.com',
      'oncall@example.com',
    ]);
    expect(notices.filter((m) => m.text.includes(adobeRun.message))).toHaveLength(2);
    expect(notices.some((m) => m.text.includes('google-analytics-data-import'))).toBe(false);
  });
});

describe('tenants', () => {
  it("another account's target is never run or written, even one mapped to this template's fields", async () => {
    const other = await createAccount(ctx);
    const otherAdmin = await signIn(ctx, other.admin.email);
    const otherConnector = await adobeConnector(otherAdmin, IMS_CLIENT.clientSecret);
    const otherTemplate = await makeRunTemplate(otherAdmin, []);
    const otherFields = await libraryFields(otherTemplate);
    const otherTarget = await saveTarget(otherAdmin, {
      name: 'Other tenant target',
      connector_type_id: 1,
      connector_id: otherConnector,
      remote_realm_id: 'other.prod',
      realm_name: 'other.prod',
      remote_target_id: 'ds-other',
      target_fields: [{ field_id: otherFields.campaign, classification_name: 'Campaign Name' }],
    });
    const template = await makeRunTemplate(admin, []);
    const mine = await adobeTarget(template, 'acme.prod', 'ds-prod');
    // A mapping row of the other account naming this account's field (never made by the API).
    const f = await libraryFields(template);
    await ctx.deps.db
      .insertInto('target_fields')
      .values({
        account_id: other.id,
        target_id: otherTarget,
        field_id: f.channel,
        classification_name: 'Channel',
      })
      .execute();

    const submissionId = await submitRows(admin, template, ROWS);
    const runs = await endedRuns(admin, submissionId);
    expect(runs.map((r) => (r as { target_id?: number }).target_id)).toEqual([mine]);
    expect(runs[0]!.status, runs[0]!.message).toBe('Success');
    expect(adobe.importJobs.some((j) => j.datasetId === 'ds-other')).toBe(false);
    const otherRuns = await ctx.deps.db
      .selectFrom('integration_runs')
      .select('id')
      .where('target_id', '=', otherTarget)
      .execute();
    expect(otherRuns).toEqual([]);
  });
});
