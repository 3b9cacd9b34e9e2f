import { addFieldsetFields, addLinkField, newTemplate, type TemplateField } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AemStandin } from '../../../tests/standins/aem';
import { Cm360Standin } from '../../../tests/standins/cm360';
import { Dv360Standin } from '../../../tests/standins/dv360';
import { MarketingCloudStandin } from '../../../tests/standins/marketing-cloud';
import { insertOAuthConnector } from '../test/connectors';
import { endedRuns, offsetFieldIds, outbound } from '../test/integration-runs-fixtures';
import { type JobsContext, rerunAfterCrash, startJobsContext } from '../test/jobs-context';
import type { SignedIn, TestAccount, TestContext } from '../test/test-context';

/**
 * Ad-platform and content outbound integrations that update the objects each row identifies
 * (issue 12 item 4): Campaign Manager 360 (google-cm360-outbound, google-dcm-output), Display &
 * Video 360 (google-dv360-outbound), Salesforce Marketing Cloud data extensions
 * (salesforce-marketing-cloud-outbound) and AEM asset metadata (adobe-experience-manager-outbound),
 * each reached by its typed client through its configured base URL and checked against a local
 * stand-in that follows the provider's published reference (tests/standins). Each test submits
 * rows and reads what the stand-in holds afterwards.
 */

const rotation = (...creativeIds: string[]) => ({
  type: 'CREATIVE_ROTATION_TYPE_RANDOM',
  creativeAssignments: creativeIds.map((creativeId) => ({
    creativeId,
    active: true,
    clickThroughUrl: { defaultLandingPage: true, landingPageId: '77' },
  })),
});

const cm360 = new Cm360Standin({
  validTokens: ['google-token-1'],
  profiles: {
    '5001': {
      ads: [
        { id: '1001', name: 'Old spring', campaignId: '300', creativeRotation: rotation('71', '72') },
        { id: '1002', name: 'Old summer', campaignId: '300', creativeRotation: rotation('73') },
        { id: '1003', name: 'Tracker', campaignId: '300', type: 'AD_SERVING_CLICK_TRACKER' },
      ],
    },
    '6001': {
      ads: [{ id: '2001', name: 'Other profile', campaignId: '400', creativeRotation: rotation('74') }],
    },
  },
});
const dv360 = new Dv360Standin({
  validTokens: ['google-token-1'],
  partners: {},
  advertisers: {
    '11': {
      lineItems: [
        { lineItemId: '501', displayName: 'LI old 1', lineItemType: 'LINE_ITEM_TYPE_DISPLAY_DEFAULT' },
        { lineItemId: '502', displayName: 'LI old 2', lineItemType: 'LINE_ITEM_TYPE_DISPLAY_DEFAULT' },
      ],
      creatives: [{ creativeId: '601', displayName: 'Creative old', exitEvents: [] }],
    },
  },
});
const sfmc = new MarketingCloudStandin({
  clientId: 'sfmc-client',
  clientSecret: 'sfmc-secret',
  dataExtensions: [
    { key: 'Nomen_Campaigns', columns: ['CampaignKey', 'Title', 'Link'], primaryKey: ['CampaignKey'] },
  ],
  pendingReads: 2,
});
const aem = new AemStandin({
  validTokens: [],
  basicUsers: [{ username: 'nomen', password: 'aem-pass' }],
  folders: [
    {
      name: 'campaigns',
      folders: [
        {
          name: 'spring',
          assets: [{ name: 'banner.png', title: 'Old banner' }, { name: 'hero.jpg' }],
        },
      ],
    },
  ],
});

let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;
let running: JobsContext;

beforeAll(async () => {
  running = await startJobsContext({
    peers: [cm360, dv360, sfmc, aem],
    env: () => ({
      CM360_API_URL: cm360.apiUrl,
      DV360_API_URL: dv360.apiUrl,
      SFMC_AUTH_URL: sfmc.authUrl,
      AEM_API_URL: aem.url,
    }),
    retryLimit: 2,
    features: ['integration-notifications'],
    beforeJobs: offsetFieldIds,
  });
  ({ ctx, account, admin } = running);
});

afterAll(() => running?.close());

async function connector(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/v1/account/connector/').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** A Google ad-platform account (profile `profileId`) holding `accessToken`, as sign-in leaves it. */
async function googleConnector(slug: string, accessToken: string, profileId = '5001'): Promise<number> {
  return insertOAuthConnector(ctx, {
    accountId: account.id,
    type: slug,
    accessToken,
    metadata: { googleProfileId: profileId, googleConnectedEmail: 'ads@acme.com' },
  });
}

interface Fields {
  ref: number;
  title: number;
  owner: number;
  link: number;
}

/** A template with text fields Ref, Title and Owner and a link field, carrying `integrations`. */
async function adTemplate(integrations: (f: Fields) => unknown[]): Promise<{ id: number; fields: Fields }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const text = (id: string, name: string) => ({
    id,
    name,
    governance_type: 'text',
    validation: { characters: 'any' },
  });
  const set = await admin.put('/api/v1/account/fieldsets').send({
    name: `Ad fields ${tag}`,
    fields: [text('TEMP_a', 'Ref'), text('TEMP_b', 'Title'), text('TEMP_c', 'Owner')],
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const folder = await admin.put('/api/v1/account/folder').send({ name: `Ads ${tag}`, description: '' });
  const draft = addLinkField(
    addFieldsetFields(newTemplate({ templateName: 'Ads', now: new Date() }), set.body.fieldset),
  );
  const saved = await admin.put('/api/v1/account/template/').send({
    ...draft,
    name: `Ads ${tag}`,
    folder_id: folder.body.folder.id,
    integrations: [],
    settings: { require_identifier: 0, require_approval: 0, enable_auto_submit: 0 },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  let got = await admin.get(`/api/v1/account/template/${saved.body.id}`);
  const tfs = got.body.template_fields as TemplateField[];
  const idOf = (name: string) => tfs.find((f) => f.field.name === name)!.id as number;
  const fields = {
    ref: idOf('Ref'),
    title: idOf('Title'),
    owner: idOf('Owner'),
    link: tfs.find((f) => f.governance_type === 'link')!.id as number,
  };
  // Integrations name saved fields (mapping cvFieldId, dcm* metadata); rows are keyed by template field.
  const savedOf = (id: number) => tfs.find((f) => f.id === id)!.field_id as number;
  const savedIds = {
    ref: savedOf(fields.ref),
    title: savedOf(fields.title),
    owner: savedOf(fields.owner),
    link: savedOf(fields.link),
  };
  const again = await admin
    .put('/api/v1/account/template/')
    .send({ ...got.body, integrations: integrations(savedIds) });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  got = await admin.get(`/api/v1/account/template/${saved.body.id}`);
  return { id: saved.body.id, fields };
}

/** Submits rows `[ref, title, owner, link][]`; answers the submission id. */
async function submit(
  template: { id: number; fields: Fields },
  rows: [string, string, string, string][],
): Promise<number> {
  const f = template.fields;
  const res = await admin.post('/api/v1/account/submissions').send({
    template_id: template.id,
    name: `Ads ${Math.random().toString(36).slice(2, 6)}`,
    rows: rows.map(([ref, title, owner, link]) => ({
      [f.ref]: ref,
      [f.title]: title,
      [f.owner]: owner,
      [f.link]: link,
    })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const map = (fieldName: string, cvFieldId: number, required = false) => ({
  fieldName,
  cvFieldId,
  required,
  type: 'integration_field',
  source_type: 'field',
});

/** The campaign manager's required mappings (spec 03 §5) with the ad id in Ref. */
const cmMappings = (f: Fields) => [
  map('adId', f.ref, true),
  map('campaign', f.owner, true),
  map('campaignId', f.owner, true),
  map('placementId', f.owner, true),
];

describe('google-cm360-outbound and google-dcm-output (Campaign Manager 360 API stand-in)', () => {
  it("sets each row's ad click-through URL and name; a retry after a fault changes nothing twice", async () => {
    const id = await googleConnector('google-cm360', 'google-token-1');
    const template = await adTemplate((f) => [
      outbound('google-cm360-outbound', {
        name: 'CM360 ads',
        connector_id: id,
        metadata: { data_type: 'ads', updateClickThroughUrl: 1 },
        mapping_fields: [...cmMappings(f), map('ad', f.title)],
      }),
    ]);
    // The first patch of the second ad meets a Google fault (retried).
    cm360.injectOnce({
      method: 'PATCH',
      path: '/dfareporting/v4/userprofiles/5001/ads',
      answer: {
        status: 503,
        body: { error: { code: 503, message: 'Backend Error', status: 'UNAVAILABLE' } },
      },
    });
    const submissionId = await submit(template, [
      ['1001', 'Spring 2026', 'x', 'https://acme.com/spring?utm_source=cm'],
      ['1003', 'Tracker 2026', 'x', 'https://acme.com/track'],
      ['', 'No id', 'x', 'https://acme.com/none'],
    ]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'Success',
      attempts: 2,
      files: ['1001', '1003'],
    });
    expect(run!.message).toBe('Updated 2 ads: 1001, 1003; 1 row without an ad id or link skipped');
    expect(run!.log.some((l) => l.message.includes('Backend Error'))).toBe(true);
    const spring = cm360.ad('5001', '1001')!;
    expect(spring.name).toBe('Spring 2026');
    expect(
      spring.creativeRotation!.creativeAssignments.map((a) => [a.creativeId, a.clickThroughUrl]),
    ).toEqual([
      ['71', { defaultLandingPage: false, customClickThroughUrl: 'https://acme.com/spring?utm_source=cm' }],
      ['72', { defaultLandingPage: false, customClickThroughUrl: 'https://acme.com/spring?utm_source=cm' }],
    ]);
    expect(cm360.ad('5001', '1003')!.clickThroughUrl).toEqual({
      defaultLandingPage: false,
      customClickThroughUrl: 'https://acme.com/track',
    });
    expect(cm360.ad('5001', '1002')!.name).toBe('Old summer');
  });

  it('google-dcm-output: only the creative the dcmCreativeId field names gets the link', async () => {
    const id = await googleConnector('google-dcm', 'google-token-1');
    const template = await adTemplate((f) => [
      outbound('google-dcm-output', {
        name: 'DCM ads',
        connector_id: id,
        metadata: {
          updateClickThroughUrl: '1',
          dcmAdId: String(f.ref),
          dcmCreativeId: String(f.title),
          dcmLink: String(f.link),
        },
        mapping_fields: cmMappings(f),
      }),
    ]);
    const submissionId = await submit(template, [['1001', '72', 'x', 'https://acme.com/only-72']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'Success', message: 'Updated 1 ad: 1001' });
    const assignments = cm360.ad('5001', '1001')!.creativeRotation!.creativeAssignments;
    expect(assignments.find((a) => a.creativeId === '72')!.clickThroughUrl).toEqual({
      defaultLandingPage: false,
      customClickThroughUrl: 'https://acme.com/only-72',
    });
    expect(assignments.find((a) => a.creativeId === '71')!.clickThroughUrl).not.toEqual(
      expect.objectContaining({ customClickThroughUrl: 'https://acme.com/only-72' }),
    );
  });

  it('ads the profile cannot see are reported and end the run Failed without retries', async () => {
    const id = await googleConnector('google-cm360', 'google-token-1');
    const template = await adTemplate((f) => [
      outbound('google-cm360-outbound', {
        name: 'CM360 unknown',
        connector_id: id,
        metadata: { data_type: 'ads', updateClickThroughUrl: 1 },
        mapping_fields: cmMappings(f),
      }),
    ]);
    const submissionId = await submit(template, [
      ['1002', 'a', 'x', 'https://acme.com/summer-2026'],
      ['9999', 'b', 'x', 'https://acme.com/missing'],
      ['2001', 'c', 'x', 'https://acme.com/other-profile'],
    ]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain('Updated 1 ad: 1002; not found: 9999, 2001');
    expect(cm360.ad('5001', '1002')!.creativeRotation!.creativeAssignments[0]!.clickThroughUrl).toEqual({
      defaultLandingPage: false,
      customClickThroughUrl: 'https://acme.com/summer-2026',
    });
    expect(cm360.ad('6001', '2001')!.creativeRotation!.creativeAssignments[0]!.clickThroughUrl).toEqual({
      defaultLandingPage: true,
      landingPageId: '77',
    });
  });

  it('an account without a profile id: Failed at once naming what to fix', async () => {
    const id = await googleConnector('google-cm360', 'google-token-1', '');
    const template = await adTemplate((f) => [
      outbound('google-cm360-outbound', {
        name: 'CM360 no profile',
        connector_id: id,
        metadata: { data_type: 'ads', updateClickThroughUrl: 1 },
        mapping_fields: cmMappings(f),
      }),
    ]);
    const before = cm360.requests.length;
    const submissionId = await submit(template, [['1002', 'a', 'x', 'https://acme.com/never']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain('has no Campaign Manager profile id: add it in Connected accounts');
    expect(cm360.requests.length).toBe(before);
  });

  it('a token Google refuses: Failed at once with a clear message', async () => {
    const id = await googleConnector('google-cm360', 'google-revoked');
    const template = await adTemplate((f) => [
      outbound('google-cm360-outbound', {
        name: 'CM360 revoked',
        connector_id: id,
        metadata: { data_type: 'ads', updateClickThroughUrl: 1 },
        mapping_fields: cmMappings(f),
      }),
    ]);
    const submissionId = await submit(template, [['1002', 'a', 'x', 'https://acme.com/never']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain(
      "Campaign Manager 360 refused the connected account's credentials: Request had invalid authentication credentials",
    );
    expect(run!.message).not.toContain('google-revoked');
  });
});

describe('google-dv360-outbound (Display & Video 360 API stand-in)', () => {
  it("renames each row's line item under its advertiser; unknown ids are reported, Failed without retries", async () => {
    const id = await googleConnector('google-dv360', 'google-token-1');
    const template = await adTemplate((f) => [
      outbound('google-dv360-outbound', {
        name: 'DV360 line items',
        connector_id: id,
        metadata: { data_type: 'line_items' },
        mapping_fields: [map('id', f.ref), map('name', f.title), map('advertiserId', f.owner)],
      }),
    ]);
    const submissionId = await submit(template, [
      ['501', 'Spring LI', '11', 'https://acme.com/a'],
      ['502', 'Summer LI', '11', 'https://acme.com/b'],
      ['599', 'Ghost LI', '11', 'https://acme.com/c'],
    ]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain('Updated 2 line items: 501, 502; not found: 599');
    expect(dv360.object('11', 'lineItems', '501')!.displayName).toBe('Spring LI');
    expect(dv360.object('11', 'lineItems', '502')).toMatchObject({
      displayName: 'Summer LI',
      lineItemType: 'LINE_ITEM_TYPE_DISPLAY_DEFAULT',
    });
    expect(dv360.requestsTo('/v4/advertisers/11/lineItems/501')[0]!.query).toEqual({
      updateMask: 'displayName',
    });
  });

  it("creatives with updateClickThroughUrl: the row's link becomes the default exit event", async () => {
    const id = await googleConnector('google-dv360', 'google-token-1');
    const template = await adTemplate((f) => [
      outbound('google-dv360-outbound', {
        name: 'DV360 creatives',
        connector_id: id,
        metadata: { data_type: 'creatives', updateClickThroughUrl: 1, advertiserId: '11' },
        mapping_fields: [map('id', f.ref), map('name', f.title)],
      }),
    ]);
    const submissionId = await submit(template, [['601', 'Creative 2026', '', 'https://acme.com/creative']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'Success', message: 'Updated 1 creative: 601' });
    expect(dv360.object('11', 'creatives', '601')).toMatchObject({
      displayName: 'Creative 2026',
      exitEvents: [{ type: 'EXIT_EVENT_TYPE_DEFAULT', url: 'https://acme.com/creative' }],
    });
  });

  it('a token Google refuses: Failed at once', async () => {
    const id = await googleConnector('google-dv360', 'google-revoked');
    const template = await adTemplate((f) => [
      outbound('google-dv360-outbound', {
        name: 'DV360 revoked',
        connector_id: id,
        metadata: { data_type: 'line_items', advertiserId: '11' },
        mapping_fields: [map('id', f.ref), map('name', f.title)],
      }),
    ]);
    const submissionId = await submit(template, [['501', 'Never', '', 'https://acme.com/a']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain("Display & Video 360 refused the connected account's credentials");
    expect(dv360.object('11', 'lineItems', '501')!.displayName).not.toBe('Never');
  });
});

describe('salesforce-marketing-cloud-outbound (Marketing Cloud stand-in)', () => {
  const sfmcConnector = (secret: string) =>
    connector({
      name: `SFMC ${Math.random().toString(36).slice(2, 8)}`,
      connector_type_slug: 'salesforce-marketing-cloud',
      metadata: { subdomain: 'mc-acme', client_id: 'sfmc-client', client_secret: secret },
    });

  it('upserts one data extension row per submission row, waiting for the request; a rerun updates the same rows', async () => {
    const id = await sfmcConnector('sfmc-secret');
    const template = await adTemplate((f) => [
      outbound('salesforce-marketing-cloud-outbound', {
        name: 'SFMC campaigns',
        connector_id: id,
        metadata: { data_type: 'campaigns', data_extension_key: 'Nomen_Campaigns' },
        mapping_fields: [map('CampaignKey', f.ref), map('Title', f.title), map('Link', f.link)],
      }),
    ]);
    const first = await submit(template, [
      ['C-1', 'Spring', '', 'https://acme.com/spring'],
      ['C-2', 'Summer', '', 'https://acme.com/summer'],
    ]);
    const [run] = await endedRuns(admin, first);
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'Success',
      message: 'Upserted 2 rows into data extension Nomen_Campaigns',
    });
    const second = await submit(template, [['C-1', 'Spring v2', '', 'https://acme.com/spring-2']]);
    const [again] = await endedRuns(admin, second);
    expect(again!.status).toBe('Success');
    const rows = sfmc.rows.get('Nomen_Campaigns')!;
    expect([...rows.values()]).toEqual([
      { CampaignKey: 'C-1', Title: 'Spring v2', Link: 'https://acme.com/spring-2' },
      { CampaignKey: 'C-2', Title: 'Summer', Link: 'https://acme.com/summer' },
    ]);
  });

  it('a retry after a crash while the upsert was pending follows the recorded request: rows sent once, Success', async () => {
    const id = await sfmcConnector('sfmc-secret');
    const template = await adTemplate((f) => [
      outbound('salesforce-marketing-cloud-outbound', {
        name: 'SFMC crash',
        connector_id: id,
        metadata: { data_type: 'campaigns', data_extension_key: 'Nomen_Campaigns' },
        mapping_fields: [map('CampaignKey', f.ref), map('Title', f.title)],
      }),
    ]);
    const isUpsert = (r: { method: string; path: string }) =>
      r.method === 'PUT' && r.path.endsWith('/dataextensions/key:Nomen_Campaigns/rows');
    const upsertsBefore = sfmc.requests.filter(isUpsert).length;
    const [run] = await endedRuns(admin, await submit(template, [['C-7', 'Crash', '', '']]));
    expect(run).toMatchObject({
      status: 'Success',
      message: 'Upserted 1 row into data extension Nomen_Campaigns',
    });
    expect(sfmc.requests.filter(isUpsert)).toHaveLength(upsertsBefore + 1);
    const runId = (run as { id: number }).id;
    const stored = await ctx.deps.db
      .selectFrom('integration_runs')
      .select('provider_jobs')
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    const requestId = (stored.provider_jobs.Nomen_Campaigns as { request_id?: string }).request_id;
    expect(requestId).toBeTruthy();

    // The process died while it waited for the request: the run is still Running, the request
    // recorded. Working it again reads that request's status and sends no rows.
    const after = await rerunAfterCrash(ctx, runId, account.id);
    expect(after).toEqual({
      status: 'Success',
      message: 'Upserted 1 row into data extension Nomen_Campaigns',
    });
    expect(sfmc.requests.filter(isUpsert)).toHaveLength(upsertsBefore + 1);
    expect(sfmc.requestsTo(`/data/v1/async/${requestId}/status`).length).toBeGreaterThan(0);
  });

  it('a client secret Marketing Cloud refuses: Failed at once, the secret never shown', async () => {
    const id = await sfmcConnector('wrong-secret-123');
    const template = await adTemplate((f) => [
      outbound('salesforce-marketing-cloud-outbound', {
        name: 'SFMC refused',
        connector_id: id,
        metadata: { data_type: 'campaigns', data_extension_key: 'Nomen_Campaigns' },
        mapping_fields: [map('CampaignKey', f.ref)],
      }),
    ]);
    const submissionId = await submit(template, [['C-9', '', '', 'https://acme.com/x']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain(
      "Salesforce Marketing Cloud refused the connected account's credentials: Client authentication failed.",
    );
    expect(JSON.stringify(run)).not.toContain('wrong-secret-123');
  });

  it('an unknown data extension key: Failed at once naming it', async () => {
    const id = await sfmcConnector('sfmc-secret');
    const template = await adTemplate((f) => [
      outbound('salesforce-marketing-cloud-outbound', {
        name: 'SFMC unknown',
        connector_id: id,
        metadata: { data_type: 'campaigns', data_extension_key: 'No_Such_DE' },
        mapping_fields: [map('CampaignKey', f.ref)],
      }),
    ]);
    const submissionId = await submit(template, [['C-9', '', '', 'https://acme.com/x']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain('Unable to find a data extension with external key No_Such_DE');
  });
});

describe('adobe-experience-manager-outbound (AEM Assets HTTP API stand-in)', () => {
  const aemConnector = (password: string) =>
    connector({
      name: `AEM ${password} ${Math.random().toString(36).slice(2, 6)}`,
      connector_type_slug: 'aem',
      metadata: { host_type: 'self', url: 'https://author.acme.com', username: 'nomen', password },
    });

  it("writes each row's mapped values into its asset's metadata in the folder; unknown assets are reported", async () => {
    const id = await aemConnector('aem-pass');
    const template = await adTemplate((f) => [
      outbound('adobe-experience-manager-outbound', {
        name: 'AEM assets',
        connector_id: id,
        metadata: { aem_data_type: 'file_assets', folderFilter: '/content/dam/campaigns/spring' },
        mapping_fields: [map('id', f.ref), map('name', f.title), map('dc:description', f.owner)],
      }),
    ]);
    const submissionId = await submit(template, [
      ['banner.png', 'Spring banner', 'Hero of the spring sale', 'https://acme.com/a'],
      ['hero.jpg', 'Spring hero', '', 'https://acme.com/b'],
      ['gone.gif', 'Gone', '', 'https://acme.com/c'],
    ]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain('Updated 2 assets: banner.png, hero.jpg; not found: gone.gif');
    expect(aem.assetAt('campaigns/spring/banner.png')).toMatchObject({
      title: 'Spring banner',
      metadata: { 'dc:title': 'Spring banner', 'dc:description': 'Hero of the spring sale' },
    });
    expect(aem.assetAt('campaigns/spring/hero.jpg')!.metadata).toEqual({ 'dc:title': 'Spring hero' });
  });

  it('without an asset mapping, stores the submission file as an asset of the folder; a retry replaces it', async () => {
    const id = await aemConnector('aem-pass');
    const template = await adTemplate(() => [
      outbound('adobe-experience-manager-outbound', {
        name: 'AEM files',
        connector_id: id,
        metadata: { aem_data_type: 'file_assets', folderFilter: '/content/dam/campaigns' },
        filename_pattern: 'aem-export',
      }),
    ]);
    // AEM stores the asset, then its answer is lost (a fault that is retried).
    aem.injectOnce({
      method: 'POST',
      path: '/api/assets/campaigns/aem-export.csv',
      answer: { status: 503, raw: 'busy' },
    });
    const submissionId = await submit(template, [['R1', 'Spring', 'Ann', 'https://acme.com/spring']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'Success',
      attempts: 2,
      files: ['/content/dam/campaigns/aem-export.csv'],
    });
    const asset = aem.assetAt('campaigns/aem-export.csv')!;
    expect(asset.binary!.toString('utf8')).toContain('Spring');
    expect(asset.contentType).toContain('text/csv');
  });

  it('credentials AEM refuses: Failed at once', async () => {
    const id = await aemConnector('wrong-pass');
    const template = await adTemplate((f) => [
      outbound('adobe-experience-manager-outbound', {
        name: 'AEM refused',
        connector_id: id,
        metadata: { aem_data_type: 'file_assets', folderFilter: '/campaigns/spring' },
        mapping_fields: [map('id', f.ref), map('name', f.title)],
      }),
    ]);
    const submissionId = await submit(template, [['banner.png', 'Never', '', 'https://acme.com/a']]);
    const [run] = await endedRuns(admin, submissionId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(run!.message).toContain("Adobe Experience Manager refused the connected account's credentials");
    expect(aem.assetAt('campaigns/spring/banner.png')!.title).not.toBe('Never');
  });
});
