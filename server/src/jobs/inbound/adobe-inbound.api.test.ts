import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdobeAnalyticsStandin } from '../../../../tests/standins/adobe-analytics';
import { AdobeImsStandin } from '../../../../tests/standins/adobe-ims';
import { makeRunTemplate, outbound, type RunTemplate } from '../../test/integration-runs-fixtures';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { type JobRuntime, startJobs } from '../index';

/**
 * adobe-inbound really runs (issue 12 item 5) against the Adobe Analytics and IMS stand-ins: a sync
 * reads the values of the dimension the chosen classification dataset classifies in the chosen
 * report suite into a Draft to classify; values already imported are not imported again; a
 * refused client secret fails the run at once.
 */

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let jobs: JobRuntime;

const IMS_CLIENT = { clientId: 'client-aa', clientSecret: 'aa-secret', accessToken: 'aa-token' };
const ims = new AdobeImsStandin([IMS_CLIENT]);
const items = [
  { itemId: '101', value: 'em_spring_2026' },
  { itemId: '102', value: 'ps_brand_2026' },
];
const adobe = new AdobeAnalyticsStandin({
  validTokens: [IMS_CLIENT.accessToken],
  clientId: IMS_CLIENT.clientId,
  imsUserId: 'U@AdobeID',
  imsOrgId: 'O@AdobeOrg',
  companies: [
    { globalCompanyId: 'acme0', companyName: 'Acme', reportSuites: [{ rsid: 'acme.prod', name: 'Prod' }] },
  ],
  datasets: [
    {
      datasetId: 'ds-1',
      name: 'Tracking codes',
      globalCompanyId: 'acme0',
      rsid: 'acme.prod',
      dimension: 'variables/campaign',
      columns: ['Channel'],
      items,
    },
    {
      datasetId: 'ds-other',
      name: 'Other suite',
      globalCompanyId: 'acme0',
      rsid: 'acme.stage',
      dimension: 'variables/evar5',
      columns: ['Region'],
    },
  ],
});

beforeAll(async () => {
  await Promise.all([ims.start(), adobe.start()]);
  ctx = await createTestContext({
    ADOBE_ANALYTICS_API_URL: adobe.url,
    ADOBE_IMS_URL: ims.url,
    JOB_RETRY_LIMIT: '1',
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_POLL_SECONDS: '0.5',
  });
  account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
  jobs = await startJobs(ctx.deps, ctx.handle, ctx.deps.config.jobs, { work: true });
  ctx.deps.jobs = jobs;
});

afterAll(async () => {
  await jobs?.stop();
  await Promise.all([ctx?.close(), ims.close(), adobe.close()]);
});

async function adobeAccount(secret: string): Promise<number> {
  const res = await admin.post('/api/v1/account/connector/').send({
    name: `Adobe ${Math.random().toString(36).slice(2, 8)}`,
    connector_type_slug: 'adobe-analytics',
    metadata: { auth_type: 'fields', company: 'acme0', username: IMS_CLIENT.clientId, secret },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function template(connectorId: number, reportLinked: string): Promise<RunTemplate> {
  const base = await makeRunTemplate(admin, []);
  const got = await admin.get(`/api/v1/account/template/${base.id}`);
  const fieldOf = (id: number) =>
    (got.body.template_fields as { id: number; field_id: number }[]).find((f) => f.id === id)!.field_id;
  const saved = await admin.put('/api/v1/account/template/').send({
    ...got.body,
    integrations: [
      outbound('adobe-inbound', {
        name: 'Adobe codes',
        connector_id: connectorId,
        metadata: { realmLinked: 'acme.prod', reportLinked },
        mapping_fields: [
          { fieldName: 'Key', label: 'Key', cvFieldId: fieldOf(base.fields.campaign), required: false },
        ],
      }),
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return {
    ...base,
    integrations: (await admin.get(`/api/v1/account/template/${base.id}`)).body.integrations,
  };
}

async function syncAndWait(assignmentId: number) {
  const res = await admin.post(`/api/v1/integration-assignments/${assignmentId}/sync`);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const runId = res.body.id as number;
  return vi.waitFor(
    async () => {
      const runs = await admin.get(`/api/v1/integration-assignments/${assignmentId}/runs`);
      const run = (
        runs.body.data as { id: number; status: string; message: string; submission_id: number | null }[]
      ).find((r) => r.id === runId)!;
      expect(['Success', 'Failed'], JSON.stringify(run)).toContain(run.status);
      return run;
    },
    { timeout: 30_000, interval: 200 },
  );
}

describe('adobe-inbound (Adobe Analytics stand-in)', () => {
  it("reads the values of the dataset's dimension into a Draft to classify, then only new values", async () => {
    const made = await template(await adobeAccount(IMS_CLIENT.clientSecret), 'ds-1');
    const assignmentId = made.integrations[0]!.id;
    const run = await syncAndWait(assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(
      /^Imported campaign values of acme\.prod: 2 rows to fix and submit in draft submission #\d+$/,
    );
    const sub = await admin.get(`/api/v1/account/submissions/${run.submission_id}`);
    expect(sub.body.status).toBe('Draft');
    expect(
      (sub.body.rows as { data: Record<string, string> }[]).map((r) => r.data[made.fields.campaign]),
    ).toEqual(['em_spring_2026', 'ps_brand_2026']);
    const report = adobe.requestsTo('/api/acme0/reports').at(-1)!;
    expect(report.method).toBe('POST');

    expect((await syncAndWait(assignmentId)).message).toBe(
      'Nothing new to import from campaign values of acme.prod',
    );
    items.push({ itemId: '103', value: 'so_summer_2026' });
    const more = await syncAndWait(assignmentId);
    const next = await admin.get(`/api/v1/account/submissions/${more.submission_id}`);
    expect(
      (next.body.rows as { data: Record<string, string> }[]).map((r) => r.data[made.fields.campaign]),
    ).toEqual(['so_summer_2026']);
  });

  it('a dataset of another report suite fails at once asking for another report', async () => {
    const made = await template(await adobeAccount(IMS_CLIENT.clientSecret), 'ds-other');
    const run = await syncAndWait(made.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).toBe(
      'The report "Other suite" does not classify a dimension of report suite acme.prod: choose another report',
    );
  });

  it('a refused client secret fails the run at once without showing it', async () => {
    const made = await template(await adobeAccount('wrong-secret'), 'ds-1');
    const run = await syncAndWait(made.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).not.toContain('wrong-secret');
    expect(run.message).toMatch(
      /^Adobe Analytics refused the connected account's credentials reading the report ds-1 of acme\.prod: reconnect the account in Connected accounts/,
    );
  });
});
