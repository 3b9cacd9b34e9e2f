import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdobeAnalyticsStandin } from '../../../../tests/standins/adobe-analytics';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { ProviderError } from '../provider-error';
import { AdobeAnalyticsClient } from './client';

const suites = Array.from({ length: 230 }, (_, i) => ({
  rsid: `acme.prod.${String(i).padStart(3, '0')}`,
  name: `Acme Production ${i}`,
}));

const standin = new AdobeAnalyticsStandin({
  validTokens: ['token-ok', 'token-fresh'],
  clientId: 'client-123',
  imsUserId: 'USER1@AdobeID',
  imsOrgId: 'ORG1@AdobeOrg',
  companies: [
    { globalCompanyId: 'acmeco0', companyName: 'Acme Co', reportSuites: suites },
    { globalCompanyId: 'other0', companyName: 'Other Co', reportSuites: [] },
  ],
  datasets: [
    {
      datasetId: '646e65bfc2d00205dbc5f034',
      name: 'acme evar5 classifications',
      globalCompanyId: 'acmeco0',
      rsid: 'acme.prod.000',
      dimension: 'variables/evar5',
      columns: ['Channel', 'Campaign Name'],
    },
    {
      datasetId: '64c437bc6f71754e2e56e019',
      name: 'acme tracking code classifications',
      globalCompanyId: 'acmeco0',
      rsid: 'acme.prod.000',
      dimension: 'variables/campaign',
      columns: ['Creative', 'Placement', 'Audience'],
    },
    {
      datasetId: '64c437886f71754e2e56e011',
      name: 'another suite',
      globalCompanyId: 'acmeco0',
      rsid: 'acme.prod.001',
      dimension: 'variables/evar1',
      columns: ['Region'],
    },
  ],
});

function client(
  token = 'token-ok',
  extra: Partial<ConstructorParameters<typeof AdobeAnalyticsClient>[0]> = {},
) {
  return new AdobeAnalyticsClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.url,
    clientId: 'client-123',
    imsOrgId: 'ORG1@AdobeOrg',
    getAccessToken: async () => token,
    ...extra,
  });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('AdobeAnalyticsClient', () => {
  it('says who the token belongs to and which companies it may call', async () => {
    const me = await client().whoAmI();
    expect(me.imsUserId).toBe('USER1@AdobeID');
    expect(me.imsOrgs[0]?.companies.map((c) => c.globalCompanyId)).toEqual(['acmeco0', 'other0']);
  });

  it('lists every report suite of a company as realms, following the pages', async () => {
    const before = standin.requestsTo('/api/acmeco0/reportsuites/collections/suites').length;
    const realms = await client().listRealms('acmeco0');
    expect(realms).toHaveLength(230);
    expect(realms[0]).toEqual({ realm_name: 'Acme Production 0', remote_realm_id: 'acme.prod.000' });
    expect(realms.at(-1)).toEqual({ realm_name: 'Acme Production 229', remote_realm_id: 'acme.prod.229' });
    const pages = standin.requestsTo('/api/acmeco0/reportsuites/collections/suites').slice(before);
    expect(pages.map((r) => r.query.page)).toEqual(['0', '1', '2']);
  });

  it('also reads the bare-array form of the suites listing that the guide shows', async () => {
    standin.injectOnce({
      path: '/api/acmeco0/reportsuites/collections/suites',
      answer: { status: 200, body: [{ rsid: 'acme.solo', id: 'acme.solo', name: 'Solo' }] },
    });
    expect(await client().listRealms('acmeco0')).toEqual([
      { realm_name: 'Solo', remote_realm_id: 'acme.solo' },
    ]);
  });

  it('answers no realms for a company without report suites', async () => {
    expect(await client().listRealms('other0')).toEqual([]);
  });

  it('lists the classification datasets of a report suite with their classification names', async () => {
    const targets = await client().listTargets('acmeco0', 'acme.prod.000');
    expect(targets).toEqual([
      {
        id: '646e65bfc2d00205dbc5f034',
        name: 'acme evar5 classifications',
        classifications_names: ['Channel', 'Campaign Name'],
      },
      {
        id: '64c437bc6f71754e2e56e019',
        name: 'acme tracking code classifications',
        classifications_names: ['Creative', 'Placement', 'Audience'],
      },
    ]);
    expect(await client().listTargets('acmeco0', 'acme.prod.002')).toEqual([]);
  });

  it('refreshes an expired token once and retries the call', async () => {
    const tokens = rotatingToken('token-expired', 'token-fresh');
    const realms = await client('unused', tokens).listRealms('acmeco0');
    expect(realms).toHaveLength(230);
    expect(tokens.refreshes).toBe(1);
  });

  it('fails with UNAUTHORIZED when the refreshed token is refused too, without a second retry', async () => {
    const tokens = rotatingToken('token-expired', 'token-still-bad');
    const error = await client('unused', tokens)
      .whoAmI()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      providerMessage: 'Oauth token is not valid',
    });
    expect(tokens.refreshes).toBe(1);
    expect((error as ProviderError).message).not.toContain('token-still-bad');
  });

  it("maps Adobe's error envelope to a ProviderError with its status and message", async () => {
    const error = await client()
      .listTargets('acmeco0', 'no.such.suite')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'HTTP',
      status: 404,
      provider: 'adobe-analytics',
      providerCode: 'report_suite_not_found',
      providerMessage: 'Report suite no.such.suite was not found',
      httpStatus: 404,
    });
    expect((error as Error).message).toBe(
      'Adobe Analytics answered 404: Report suite no.such.suite was not found',
    );
  });

  it('refuses a wrong client id with the gateway message', async () => {
    const error = await client('token-ok', { clientId: 'someone-else' })
      .whoAmI()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'HTTP', status: 403, providerMessage: 'Api Key is invalid' });
  });

  it('refuses an answer that does not have the documented shape', async () => {
    standin.injectOnce({
      path: '/api/acmeco0/reportsuites/collections/suites',
      answer: { status: 200, body: { content: [{ name: 'no rsid' }], lastPage: true } },
    });
    const error = await client()
      .listRealms('acmeco0')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MALFORMED', provider: 'adobe-analytics', httpStatus: 502 });
    expect((error as Error).message).toContain('content.0.rsid');

    standin.injectOnce({ path: '/discovery/me', answer: { status: 200, raw: '<html>maintenance</html>' } });
    await expect(client().whoAmI()).rejects.toMatchObject({ code: 'MALFORMED' });
  });

  it('gives up with TIMEOUT when Adobe does not answer in time', async () => {
    standin.injectOnce({ path: '/discovery/me', delayMs: 500, answer: { status: 200, body: {} } });
    const error = await client('token-ok', { timeoutMs: 100 })
      .whoAmI()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: null, httpStatus: 504 });
  });

  it('imports classifications through the import job flow: create, upload the TSV, commit', async () => {
    const c = client();
    const jobId = await c.createImportJob('acmeco0', '646e65bfc2d00205dbc5f034', {
      jobName: 'Nomen run 1',
      notifyEmail: 'ops@acme.example',
    });
    const tsv = 'Key\tChannel\tCampaign Name\ncv-1\tEmail\tSpring\n';
    await c.uploadImportFile('acmeco0', jobId, 'run-1.tsv', tsv);
    // A second upload replaces the job's file (what a retry does).
    await c.uploadImportFile('acmeco0', jobId, 'run-1.tsv', tsv);
    const importJobId = await c.commitImportJob('acmeco0', jobId);
    const job = standin.importJobs.find((j) => j.apiJobId === jobId)!;
    expect(job).toMatchObject({ importJobId, uploads: 2, file: tsv });
    expect(job.options).toMatchObject({
      dataFormat: 'tsv',
      jobName: 'Nomen run 1',
      notifications: [{ method: 'email', state: 'completed', recipients: ['ops@acme.example'] }],
    });
    expect(standin.importedRows('646e65bfc2d00205dbc5f034')).toEqual([
      { Key: 'cv-1', Channel: 'Email', 'Campaign Name': 'Spring' },
    ]);
    // Committing twice is refused: the import is made once.
    await expect(c.commitImportJob('acmeco0', jobId)).rejects.toMatchObject({ code: 'HTTP', status: 400 });
  });

  it("answers Adobe's refusal of a file naming a column the dataset lacks", async () => {
    const c = client();
    const jobId = await c.createImportJob('acmeco0', '646e65bfc2d00205dbc5f034', { jobName: 'bad' });
    const error = await c
      .uploadImportFile('acmeco0', jobId, 'bad.tsv', 'Key\tRegion\ncv-1\tEU\n')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toContain('Unknown classification columns: Region');
  });

  it('lists the classification jobs of a dataset (jobs by dataset): a committed import by its name and id', async () => {
    const c = client();
    const jobId = await c.createImportJob('acmeco0', '64c437bc6f71754e2e56e019', { jobName: 'Nomen run 77' });
    // Before its commit, the API job is no classification job of the dataset.
    expect(await c.listClassificationJobs('acmeco0', '64c437bc6f71754e2e56e019')).toEqual([]);
    await c.uploadImportFile('acmeco0', jobId, 'run-77.tsv', 'Key\ncv-1\n');
    const importJobId = await c.commitImportJob('acmeco0', jobId);
    const jobs = await c.listClassificationJobs('acmeco0', '64c437bc6f71754e2e56e019', { lookbackDays: 7 });
    expect(jobs).toEqual([expect.objectContaining({ jobId: importJobId, name: 'Nomen run 77' })]);
    expect(jobs[0]!.state).not.toBe('created');
    const asked = standin.requestsTo('/api/acmeco0/classification/job/byDataset/64c437bc6f71754e2e56e019');
    expect(asked.at(-1)?.query).toMatchObject({ lookbackDays: '7', page: '0', size: '100' });
    // An unknown dataset answers 404 ("cannot find job"): no jobs.
    expect(await c.listClassificationJobs('acmeco0', 'no-such-dataset')).toEqual([]);
  });
});
