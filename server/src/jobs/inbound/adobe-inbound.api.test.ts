import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdobeAnalyticsStandin } from '../../../../tests/standins/adobe-analytics';
import { AdobeImsStandin } from '../../../../tests/standins/adobe-ims';
import {
  outbound,
  type RunTemplate,
  syncAndWait,
  templateWithIntegration,
} from '../../test/integration-runs-fixtures';
import { type JobsContext, startJobsContext } from '../../test/jobs-context';
import type { SignedIn } from '../../test/test-context';

/**
 * adobe-inbound really runs (issue 12 item 5) against the Adobe Analytics and IMS stand-ins: a sync
 * reads the values of the dimension the chosen classification dataset classifies in the chosen
 * report suite into a Draft to classify; values already imported are not imported again; a
 * refused client secret fails the run at once.
 */

let admin: SignedIn;
let running: JobsContext;

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
  running = await startJobsContext({
    peers: [ims, adobe],
    env: () => ({
      ADOBE_ANALYTICS_API_URL: adobe.url,
      ADOBE_IMS_URL: ims.url,
    }),
    retryLimit: 1,
  });
  admin = running.admin;
});

afterAll(() => running?.close());

async function adobeAccount(secret: string): Promise<number> {
  const res = await admin.post('/api/v1/account/connector/').send({
    name: `Adobe ${Math.random().toString(36).slice(2, 8)}`,
    connector_type_slug: 'adobe-analytics',
    metadata: { auth_type: 'fields', company: 'acme0', username: IMS_CLIENT.clientId, secret },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

function template(connectorId: number, reportLinked: string): Promise<RunTemplate> {
  return templateWithIntegration(admin, (fieldIds) =>
    outbound('adobe-inbound', {
      name: 'Adobe codes',
      connector_id: connectorId,
      metadata: { realmLinked: 'acme.prod', reportLinked },
      mapping_fields: [{ fieldName: 'Key', label: 'Key', cvFieldId: fieldIds.campaign, required: false }],
    }),
  );
}

describe('adobe-inbound (Adobe Analytics stand-in)', () => {
  it("reads the values of the dataset's dimension into a Draft to classify, then only new values", async () => {
    const made = await template(await adobeAccount(IMS_CLIENT.clientSecret), 'ds-1');
    const assignmentId = made.integrations[0]!.id;
    const run = await syncAndWait(admin, assignmentId);
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

    expect((await syncAndWait(admin, assignmentId)).message).toBe(
      'Nothing new to import from campaign values of acme.prod',
    );
    items.push({ itemId: '103', value: 'so_summer_2026' });
    const more = await syncAndWait(admin, assignmentId);
    const next = await admin.get(`/api/v1/account/submissions/${more.submission_id}`);
    expect(
      (next.body.rows as { data: Record<string, string> }[]).map((r) => r.data[made.fields.campaign]),
    ).toEqual(['so_summer_2026']);
  });

  it('a dataset of another report suite fails at once asking for another report', async () => {
    const made = await template(await adobeAccount(IMS_CLIENT.clientSecret), 'ds-other');
    const run = await syncAndWait(admin, made.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).toBe(
      'The report "Other suite" does not classify a dimension of report suite acme.prod: choose another report',
    );
  });

  it('a refused client secret fails the run at once without showing it', async () => {
    const made = await template(await adobeAccount('wrong-secret'), 'ds-1');
    const run = await syncAndWait(admin, made.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).not.toContain('wrong-secret');
    expect(run.message).toMatch(
      /^Adobe Analytics refused the connected account's credentials reading the report ds-1 of acme\.prod: reconnect the account in Connected accounts/,
    );
  });
});
