import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cm360Standin } from '../../../../tests/standins/cm360';
import { Dv360Standin } from '../../../../tests/standins/dv360';
import { GoogleAnalyticsStandin } from '../../../../tests/standins/google-analytics-admin';
import { GaDataStandin } from '../../../../tests/standins/google-analytics-data';
import { insertOAuthConnector } from '../../test/connectors';
import {
  draftRows,
  metricsTemplate,
  outbound,
  type RunTemplate,
  syncAndWait,
  templateWithIntegration,
} from '../../test/integration-runs-fixtures';
import { type JobsContext, startJobsContext } from '../../test/jobs-context';
import type { SignedIn, TestAccount, TestContext } from '../../test/test-context';

/**
 * Google ad-server inbounds really run (issue 12 item 5) against the CM360 v4 and DV360 v4
 * stand-ins: "Sync now" reads the chosen data type with its filters and the date window into a
 * Draft submission to fix; a second sync with nothing changed imports nothing and a changed object
 * is imported again; a refused token fails the run at once saying to reconnect the account.
 * With pull_performance_metrics the run asks for a delivery report (a CM360 STANDARD report, a Bid
 * Manager query), polls it until ready and joins impressions, clicks, spend and conversions to the
 * rows by id; a report that fails or is not ready within PROVIDER_REPORT_MAX_WAIT_MS fails the run
 * naming the platform and the report.
 */

let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;
let running: JobsContext;

const DAY = 86_400_000;
const ago = (days: number) => String(Date.now() - days * DAY);
const isoAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** The seeded campaigns, edited in place to stand for a change made in Campaign Manager. */
const campaigns = [
  {
    id: '9001',
    name: 'Spring Sale',
    advertiserId: '55',
    archived: false,
    lastModifiedInfo: { time: ago(10) },
  },
  { id: '9002', name: 'Old Sale', advertiserId: '55', archived: false, lastModifiedInfo: { time: ago(500) } },
  { id: '9003', name: 'Gone Sale', advertiserId: '55', archived: true, lastModifiedInfo: { time: ago(5) } },
  {
    id: '9004',
    name: 'Other Brand',
    advertiserId: '66',
    archived: false,
    lastModifiedInfo: { time: ago(5) },
  },
  {
    id: '9005',
    name: 'Summer Sale',
    advertiserId: '55',
    archived: false,
    lastModifiedInfo: { time: ago(3) },
  },
];

const cm360 = new Cm360Standin({
  validTokens: ['cm-ok'],
  profiles: {
    '777': {
      campaigns,
      placements: [
        {
          id: '31',
          name: 'Homepage banner',
          campaignId: '9001',
          siteId: '8',
          advertiserId: '55',
          archived: false,
          lastModifiedInfo: { time: ago(2) },
        },
      ],
      creatives: [
        {
          id: '4001',
          name: 'Spring banner',
          advertiserId: '55',
          type: 'DISPLAY',
          active: true,
          archived: false,
          lastModifiedInfo: { time: ago(4) },
          creativeAssets: [
            { id: '88001', assetIdentifier: { name: 'spring_300x250.jpg', type: 'IMAGE' }, role: 'PRIMARY' },
            {
              id: '88002',
              assetIdentifier: { name: 'spring_backup.gif', type: 'IMAGE' },
              role: 'BACKUP_IMAGE',
            },
          ],
        },
        {
          id: '4002',
          name: 'Spring banner (copy)',
          advertiserId: '55',
          type: 'DISPLAY',
          active: true,
          archived: false,
          lastModifiedInfo: { time: ago(3) },
          // Shares the primary image of 4001: one row for it.
          creativeAssets: [
            { id: '88001', assetIdentifier: { name: 'spring_300x250.jpg', type: 'IMAGE' }, role: 'PRIMARY' },
            {
              id: '88003',
              assetIdentifier: { name: 'spring_video.mp4', type: 'VIDEO' },
              role: 'PARENT_VIDEO',
            },
          ],
        },
        {
          id: '4003',
          name: 'Other brand banner',
          advertiserId: '66',
          type: 'DISPLAY',
          lastModifiedInfo: { time: ago(3) },
          creativeAssets: [
            { id: '88100', assetIdentifier: { name: 'other.jpg', type: 'IMAGE' }, role: 'PRIMARY' },
          ],
        },
        {
          id: '4004',
          name: 'Tracking only',
          advertiserId: '55',
          type: 'TRACKING_TEXT',
          lastModifiedInfo: { time: ago(3) },
        },
      ],
      // Campaign Manager report rows: 9002 and 9005 did not deliver in the window.
      delivery: {
        campaignId: {
          '9001': {
            impressions: 120000,
            clicks: 2400,
            mediaCost: '310.55',
            totalConversions: '48.5',
            advertiserId: '55',
          },
          '9004': { impressions: 7, clicks: 0, mediaCost: '0.02', totalConversions: 0, advertiserId: '66' },
        },
        placementId: {
          '31': { impressions: 5000, clicks: 40, mediaCost: 12, totalConversions: 2, advertiserId: '55' },
        },
      },
    },
  },
});

const dv360 = new Dv360Standin({
  validTokens: ['dv-ok'],
  partners: {
    '400': [
      {
        advertiserId: '501',
        displayName: 'Acme',
        entityStatus: 'ENTITY_STATUS_ACTIVE',
        updateTime: isoAgo(30),
      },
      {
        advertiserId: '502',
        displayName: 'Beta',
        entityStatus: 'ENTITY_STATUS_ACTIVE',
        updateTime: isoAgo(30),
      },
    ],
  },
  advertisers: {
    '501': {
      lineItems: [
        {
          lineItemId: '7001',
          advertiserId: '501',
          campaignId: '61',
          insertionOrderId: '81',
          displayName: 'Prospecting',
          entityStatus: 'ENTITY_STATUS_ACTIVE',
          updateTime: isoAgo(4),
        },
        {
          lineItemId: '7002',
          advertiserId: '501',
          campaignId: '61',
          insertionOrderId: '81',
          displayName: 'Retargeting',
          entityStatus: 'ENTITY_STATUS_PAUSED',
          updateTime: isoAgo(4),
        },
        {
          lineItemId: '7003',
          advertiserId: '501',
          campaignId: '61',
          insertionOrderId: '81',
          displayName: 'Legacy',
          entityStatus: 'ENTITY_STATUS_ACTIVE',
          updateTime: isoAgo(900),
        },
      ],
    },
    '502': {
      lineItems: [
        {
          lineItemId: '7101',
          advertiserId: '502',
          campaignId: '62',
          insertionOrderId: '82',
          displayName: 'Beta spring',
          entityStatus: 'ENTITY_STATUS_ACTIVE',
          updateTime: isoAgo(1),
        },
        {
          lineItemId: '7102',
          advertiserId: '502',
          campaignId: '62',
          insertionOrderId: '82',
          displayName: 'Beta awareness',
          entityStatus: 'ENTITY_STATUS_ACTIVE',
          updateTime: isoAgo(1),
        },
      ],
    },
  },
  delivery: {
    FILTER_LINE_ITEM: {
      '7001': {
        impressions: 98000,
        clicks: 1500,
        mediaCost: '245.5',
        totalConversions: 12,
        advertiserId: '501',
      },
      '7101': { impressions: 10, clicks: 1, mediaCost: '0.05', totalConversions: 0, advertiserId: '502' },
    },
  },
});

/** Seeded GA4 events of property 3131 (edited in place to stand for new traffic). */
const gaEvents: Record<string, string>[] = [
  {
    sessionCampaignId: 'c-1',
    sessionCampaignName: 'spring_sale',
    sessionSource: 'google',
    sessionMedium: 'cpc',
  },
  {
    sessionCampaignId: 'c-1',
    sessionCampaignName: 'spring_sale',
    sessionSource: 'google',
    sessionMedium: 'cpc',
  },
  {
    sessionCampaignId: 'c-2',
    sessionCampaignName: 'newsletter',
    sessionSource: 'mailchimp',
    sessionMedium: 'email',
  },
];

/** Eleven user properties u1…u11 registered on property 6161, each set on its one event. */
const manyUserDimensions = Array.from({ length: 11 }, (_, i) => `u${i + 1}`);

const ga = new GaDataStandin({
  validTokens: ['ga-ok'],
  properties: {
    '3131': gaEvents,
    // Custom (event-scoped) and user (user-scoped) dimension values of property 4141's events.
    '4141': [
      { 'customEvent:promo_code': 'SPRING10', 'customEvent:cta_label': 'Buy now', 'customUser:tier': 'gold' },
      {
        'customEvent:promo_code': 'SPRING10',
        'customEvent:cta_label': 'Buy now',
        'customUser:tier': 'silver',
      },
      { 'customEvent:promo_code': 'SUMMER5', 'customUser:tier': 'gold' },
      { 'customEvent:cta_label': '(not set)', 'customUser:tier': 'gold' },
    ],
    '5151': [{ 'customEvent:form_id': 'signup' }],
    '6161': [Object.fromEntries(manyUserDimensions.map((u) => [`customUser:${u}`, `${u}-value`]))],
  },
  customDimensions: {
    '4141': { event: ['promo_code', 'cta_label'], user: ['tier'] },
    '5151': { event: ['form_id'] },
    '6161': { user: manyUserDimensions },
  },
});

/** The GA Admin API: the custom dimensions registered on each property. */
const gaAdmin = new GoogleAnalyticsStandin({
  validTokens: ['ga-ok'],
  user: { sub: '1', email: 'analytics@example.com', name: 'Analytics' },
  accounts: [
    {
      id: '99',
      displayName: 'Acme',
      properties: [
        { id: '3131', displayName: 'Acme web' },
        {
          id: '4141',
          displayName: 'Acme shop',
          customDimensions: [
            { parameterName: 'promo_code', displayName: 'Promo code', scope: 'EVENT' },
            { parameterName: 'tier', displayName: 'Membership tier', scope: 'USER' },
            { parameterName: 'old_campaign', displayName: 'Old campaign', scope: 'EVENT', archived: true },
            { parameterName: 'item_colour', displayName: 'Item colour', scope: 'ITEM' },
            { parameterName: 'cta_label', displayName: 'CTA label', scope: 'EVENT' },
          ],
        },
        {
          id: '5151',
          displayName: 'Acme forms',
          customDimensions: [{ parameterName: 'form_id', displayName: 'Form', scope: 'EVENT' }],
        },
        {
          id: '6161',
          displayName: 'Acme app',
          customDimensions: manyUserDimensions.map((u) => ({
            parameterName: u,
            displayName: u.toUpperCase(),
            scope: 'USER' as const,
          })),
        },
      ],
    },
  ],
});

beforeAll(async () => {
  running = await startJobsContext({
    peers: [cm360, dv360, ga, gaAdmin],
    env: () => ({
      CM360_API_URL: cm360.apiUrl,
      DV360_API_URL: dv360.apiUrl,
      BID_MANAGER_API_URL: dv360.bidManagerUrl,
      GOOGLE_ANALYTICS_DATA_API_URL: ga.dataUrl,
      GOOGLE_ANALYTICS_ADMIN_API_URL: gaAdmin.adminUrl,
      // Reports are waited for 1.5 s at most here (10 minutes by default), first polled after 10 ms.
      PROVIDER_REPORT_MAX_WAIT_MS: '1500',
      PROVIDER_REPORT_POLL_MS: '10',
    }),
    retryLimit: 1,
  });
  ({ ctx, account, admin } = running);
});

afterAll(() => running?.close());

/** A connected Google account of `typeId` (2 GA, 10 legacy CM, 11 CM360, 14 DV360) with `token`. */
async function googleAccount(typeId: number, profileId: string, token: string): Promise<number> {
  return insertOAuthConnector(ctx, {
    accountId: account.id,
    type: typeId,
    accessToken: token,
    name: `Google ${typeId} ${token}`,
    metadata: typeId === 2 ? {} : { googleProfileId: profileId, googleConnectedEmail: 'ads@example.com' },
    scope: 'https://www.googleapis.com/auth/dfatrafficking',
  });
}

/** A template whose one integration is `slug` with `extra`, mapping `campaignFrom` → Campaign and `channelFrom` → Channel. */
function templateWith(
  slug: string,
  channelFrom: string,
  extra: Record<string, unknown>,
  campaignFrom = 'name',
): Promise<RunTemplate> {
  return templateWithIntegration(admin, (fieldIds) =>
    outbound(slug, {
      name: `${slug} pull`,
      mapping_fields: [
        { fieldName: campaignFrom, label: campaignFrom, cvFieldId: fieldIds.campaign, required: false },
        { fieldName: channelFrom, label: channelFrom, cvFieldId: fieldIds.channel, required: false },
      ],
      ...extra,
    }),
  );
}

describe('google-cm360-inbound (CM360 stand-in)', () => {
  it('reads the campaigns of the chosen advertiser changed within the last year, then only what changed', async () => {
    const connectorId = await googleAccount(11, '777', 'cm-ok');
    const template = await templateWith('google-cm360-inbound', 'advertiserId', {
      connector_id: connectorId,
      metadata: { data_type: 'campaigns' },
      filters: [
        { integrationFilterId: 'advertiser_ids', values: ['55'] },
        { integrationFilterId: 'status', values: ['ACTIVE'] },
      ],
    });
    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(
      /^Imported campaigns of profile 777: 2 rows to fix and submit in draft submission #\d+$/,
    );
    // Other advertisers, archived campaigns and ones unchanged for over a year are left out.
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['Spring Sale', '55'],
      ['Summer Sale', '55'],
    ]);
    const call = cm360.requestsTo('/dfareporting/v4/userprofiles/777/campaigns').at(-1)!;
    expect(call.query).toMatchObject({ advertiserIds: '55', maxResults: '1000' });

    const again = await syncAndWait(admin, assignmentId);
    expect(again).toMatchObject({ status: 'Success', submission_id: null });
    expect(again.message).toBe('Nothing new to import from campaigns of profile 777');

    const summer = campaigns.find((c) => c.id === '9005')!;
    summer.name = 'Summer Sale 2';
    summer.lastModifiedInfo = { time: String(Date.now()) };
    const changed = await syncAndWait(admin, assignmentId);
    expect(changed.status, changed.message).toBe('Success');
    expect(await draftRows(admin, template, changed.submission_id!)).toEqual([['Summer Sale 2', '55']]);
  });

  it('a refused token fails the run at once, saying to reconnect the account', async () => {
    const connectorId = await googleAccount(11, '777', 'cm-revoked');
    const template = await templateWith('google-cm360-inbound', 'advertiserId', {
      connector_id: connectorId,
      metadata: { data_type: 'campaigns' },
    });
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).toMatch(
      /^Campaign Manager 360 refused the connected account's credentials reading the campaigns of profile 777: reconnect the account in Connected accounts/,
    );
    expect(run.message).not.toContain('cm-revoked');
    expect(run.submission_id).toBeNull();
  });
});

describe('google-dcm creative assets (legacy campaign manager)', () => {
  it("reads the assets of the chosen advertiser's creatives, one row per asset", async () => {
    const connectorId = await googleAccount(10, '777', 'cm-ok');
    const template = await templateWith(
      'google-dcm',
      'role',
      {
        connector_id: connectorId,
        metadata: { data_type: 'creative_assets' },
        filters: [{ integrationFilterId: 'advertiser_ids', values: ['55'] }],
      },
      'creativeAsset',
    );
    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(
      /^Imported creative assets of profile 777: 3 rows to fix and submit in draft submission #\d+$/,
    );
    // The other advertiser's asset is left out; the image both creatives use comes once.
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['spring_300x250.jpg', 'PRIMARY'],
      ['spring_backup.gif', 'BACKUP_IMAGE'],
      ['spring_video.mp4', 'PARENT_VIDEO'],
    ]);
    expect(cm360.requestsTo('/dfareporting/v4/userprofiles/777/creatives').at(-1)!.query).toMatchObject({
      advertiserId: '55',
    });
    expect((await syncAndWait(admin, assignmentId)).message).toBe(
      'Nothing new to import from creative assets of profile 777',
    );
  });
});

describe('google-dcm (legacy campaign manager)', () => {
  it('reads placements under their campaign manager names', async () => {
    const connectorId = await googleAccount(10, '777', 'cm-ok');
    const template = await templateWith('google-dcm', 'placementId', {
      connector_id: connectorId,
      metadata: { data_type: 'placements' },
      filters: [{ integrationFilterId: 'campaign_ids', values: ['9001'] }],
    });
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status, run.message).toBe('Success');
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([['Homepage banner', '31']]);
    expect(cm360.requestsTo('/dfareporting/v4/userprofiles/777/placements').at(-1)!.query).toMatchObject({
      campaignIds: '9001',
    });
  });
});

describe('google-dv360-inbound (DV360 stand-in)', () => {
  it('reads the line items of the linked advertiser with the status and date filters, once', async () => {
    const connectorId = await googleAccount(14, '400', 'dv-ok');
    const template = await templateWith('google-dv360-inbound', 'lineItemId', {
      connector_id: connectorId,
      metadata: { data_type: 'line_items', adAccountsLinked: '501' },
      filters: [{ integrationFilterId: 'status', values: ['ACTIVE'] }],
    });
    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(/^Imported line items of advertiser 501: 1 row to fix/);
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([['Prospecting', '7001']]);
    const filter = dv360.requestsTo('/v4/advertisers/501/lineItems').at(-1)!.query.filter!;
    expect(filter).toMatch(
      /^entityStatus="ENTITY_STATUS_ACTIVE" AND updateTime>="\d{4}-\d\d-\d\dT[\d:.]+Z"$/,
    );
    // The default window starts one year back.
    const since = Date.parse(/updateTime>="([^"]+)"/.exec(filter)![1]!);
    expect(Math.abs(since - (Date.now() - 365 * DAY))).toBeLessThan(2 * DAY);

    const again = await syncAndWait(admin, assignmentId);
    expect(again.message).toBe('Nothing new to import from line items of advertiser 501');
  });

  it("without chosen advertisers reads every advertiser of the account's partner", async () => {
    const connectorId = await googleAccount(14, '400', 'dv-ok');
    const template = await templateWith('google-dv360-inbound', 'advertiserId', {
      connector_id: connectorId,
      metadata: { data_type: 'line_items' },
      filters: [{ integrationFilterId: 'name_contains', values: ['ING'] }],
    });
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status, run.message).toBe('Success');
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['Prospecting', '501'],
      ['Retargeting', '501'],
      ['Beta spring', '502'],
    ]);
    expect(dv360.requestsTo('/v4/advertisers').at(-1)!.query).toMatchObject({ partnerId: '400' });
  });

  it('a refused token fails the run at once', async () => {
    const connectorId = await googleAccount(14, '400', 'dv-expired');
    const template = await templateWith('google-dv360-inbound', 'lineItemId', {
      connector_id: connectorId,
      metadata: { data_type: 'line_items', adAccountsLinked: '501' },
    });
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).toMatch(/^Display & Video 360 refused the connected account's credentials/);
  });
});

describe('google-analytics (GA Data API stand-in)', () => {
  const gaMetadata = {
    ga_account_id: '99',
    ga_property_id: 'properties/3131',
    ga_custom_data_source_id: 'ds-1',
  };

  it("reads the campaign data's distinct values into a Draft, then only new combinations", async () => {
    const connectorId = await googleAccount(2, '', 'ga-ok');
    // The mapping fields map campaign_name → Campaign and source → Channel.
    const template = await templateWith(
      'google-analytics',
      'source',
      { connector_id: connectorId, metadata: { ...gaMetadata, ga_data_set_type: 'campaign_data' } },
      'campaign_name',
    );
    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(/^Imported campaign data of property 3131: 2 rows to fix/);
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['spring_sale', 'google'],
      ['newsletter', 'mailchimp'],
    ]);
    const call = ga.requestsTo('/v1beta/properties/3131:runReport').at(-1)!;
    expect(call.method).toBe('POST');

    expect((await syncAndWait(admin, assignmentId)).message).toBe(
      'Nothing new to import from campaign data of property 3131',
    );
    gaEvents.push({
      sessionCampaignId: 'c-3',
      sessionCampaignName: 'summer',
      sessionSource: 'meta',
      sessionMedium: 'paid_social',
    });
    const more = await syncAndWait(admin, assignmentId);
    expect(await draftRows(admin, template, more.submission_id!)).toEqual([['summer', 'meta']]);
  });

  it("custom data reads the property's event-scoped custom dimensions, a column per parameter name", async () => {
    const connectorId = await googleAccount(2, '', 'ga-ok');
    const template = await templateWith(
      'google-analytics',
      'cta_label',
      {
        connector_id: connectorId,
        metadata: { ...gaMetadata, ga_property_id: '4141', ga_data_set_type: 'custom_data' },
      },
      'promo_code',
    );
    const assignmentId = template.integrations[0]!.id;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(/^Imported custom data of property 4141: 2 rows to fix/);
    // The event with neither parameter set is left out; "(not set)" is an empty cell.
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['SPRING10', 'Buy now'],
      ['SUMMER5', ''],
    ]);
    // Archived, user- and item-scoped dimensions are not asked for; the Admin API's order is kept.
    expect(ga.reports.at(-1)).toEqual({
      property: '4141',
      dimensions: ['customEvent:promo_code', 'customEvent:cta_label'],
    });
    expect(gaAdmin.requestsTo('/v1beta/properties/4141/customDimensions').at(-1)!.query).toMatchObject({
      pageSize: '200',
    });
    expect((await syncAndWait(admin, assignmentId)).message).toBe(
      'Nothing new to import from custom data of property 4141',
    );
  });

  it("user data reads the property's user-scoped custom dimensions", async () => {
    const connectorId = await googleAccount(2, '', 'ga-ok');
    const template = await templateWith(
      'google-analytics',
      'promo_code',
      {
        connector_id: connectorId,
        metadata: { ...gaMetadata, ga_property_id: 'properties/4141', ga_data_set_type: 'user_data' },
      },
      'tier',
    );
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(/^Imported user data of property 4141: 2 rows to fix/);
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['gold', ''],
      ['silver', ''],
    ]);
    expect(ga.reports.at(-1)).toEqual({ property: '4141', dimensions: ['customUser:tier'] });
  });

  it('with more than 9 user-scoped dimensions, reads the first 9 and says so', async () => {
    const connectorId = await googleAccount(2, '', 'ga-ok');
    const template = await templateWith(
      'google-analytics',
      'u9',
      {
        connector_id: connectorId,
        metadata: { ...gaMetadata, ga_property_id: '6161', ga_data_set_type: 'user_data' },
      },
      'u10',
    );
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(
      /^Imported user data of property 6161 \(the first 9 of its 11 user-scoped custom dimensions\): 1 row to fix/,
    );
    // u10 is not read (Campaign stays empty); u9 is.
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([['', 'u9-value']]);
    expect(ga.reports.at(-1)).toEqual({
      property: '6161',
      dimensions: manyUserDimensions.slice(0, 9).map((u) => `customUser:${u}`),
    });
  });

  it('user data of a property without user-scoped custom dimensions fails at once, asking nothing of the Data API', async () => {
    const connectorId = await googleAccount(2, '', 'ga-ok');
    const template = await templateWith('google-analytics', 'source', {
      connector_id: connectorId,
      metadata: { ...gaMetadata, ga_property_id: '5151', ga_data_set_type: 'user_data' },
    });
    const before = ga.requestsTo('/v1beta/properties/5151:runReport').length;
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run).toMatchObject({ status: 'Failed', submission_id: null });
    expect(run.message).toBe(
      'Property 5151 has no user-scoped custom dimensions: register one in Google Analytics (Admin, Custom definitions) or choose another data set type',
    );
    expect(ga.requestsTo('/v1beta/properties/5151:runReport')).toHaveLength(before);
  });

  it('a refused token fails the run at once', async () => {
    const connectorId = await googleAccount(2, '', 'ga-expired');
    const template = await templateWith('google-analytics', 'source', {
      connector_id: connectorId,
      metadata: { ...gaMetadata, ga_data_set_type: 'geography_data' },
    });
    const run = await syncAndWait(admin, template.integrations[0]!.id);
    expect(run.status).toBe('Failed');
    expect(run.message).toMatch(
      /^Google Analytics refused the connected account's credentials reading the geography data of property 3131/,
    );
  });
});

describe('pull_performance_metrics (asynchronous reports)', () => {
  it("google-cm360-inbound: a STANDARD report, polled until available, adds each campaign's metrics", async () => {
    const connectorId = await googleAccount(11, '777', 'cm-ok');
    const { assignmentId, cellsOf } = await metricsTemplate(
      admin,
      'google-cm360-inbound',
      connectorId,
      { data_type: 'campaigns', pull_performance_metrics: '1' },
      [{ integrationFilterId: 'advertiser_ids', values: ['55'] }],
    );
    const before = cm360.requests.length;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    // Campaigns changed within the year, of advertiser 55; 9005 delivered nothing.
    expect(await cellsOf(run.submission_id!)).toEqual([
      ['Spring Sale', '120000', '2400', '310.55', '48.5'],
      ['Gone Sale', '0', '0', '0', '0'],
      ['Summer Sale 2', '0', '0', '0', '0'],
    ]);
    const calls = cm360.requests.slice(before).filter((r) => !r.path.endsWith('/campaigns'));
    expect(calls.map((r) => r.method)).toEqual(['POST', 'POST', 'GET', 'GET', 'GET', 'GET', 'DELETE']);
    expect(calls.filter((r) => r.query.alt === 'media')).toHaveLength(1);
    // Nothing moved: nothing new on the next sync (a new report is read all the same).
    const again = await syncAndWait(admin, assignmentId);
    expect(again.message).toMatch(/^Nothing new to import from campaigns of profile 777$/);
  });

  it('google-dcm: placements carry their metrics too', async () => {
    const connectorId = await googleAccount(10, '777', 'cm-ok');
    const { assignmentId, cellsOf } = await metricsTemplate(admin, 'google-dcm', connectorId, {
      data_type: 'placements',
      pull_performance_metrics: '1',
    });
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(await cellsOf(run.submission_id!)).toEqual([['Homepage banner', '5000', '40', '12', '2']]);
  });

  it('google-dcm: creative assets have no delivery report: Failed at once, nothing read', async () => {
    const connectorId = await googleAccount(10, '777', 'cm-ok');
    const before = cm360.requests.length;
    const { assignmentId } = await metricsTemplate(admin, 'google-dcm', connectorId, {
      data_type: 'creative_assets',
      pull_performance_metrics: '1',
    });
    const run = await syncAndWait(admin, assignmentId);
    expect(run).toMatchObject({
      status: 'Failed',
      message:
        'Campaign Manager (legacy) reports performance metrics of campaigns, placements, ads, creatives only: choose one of them as the data type, or turn off "Pull performance metrics"',
    });
    expect(cm360.requests.length).toBe(before);
  });

  it('google-cm360-inbound: a FAILED report file fails the run naming the report', async () => {
    const connectorId = await googleAccount(11, '777', 'cm-ok');
    const { assignmentId } = await metricsTemplate(admin, 'google-cm360-inbound', connectorId, {
      data_type: 'campaigns',
      pull_performance_metrics: '1',
    });
    cm360.endNextReportWith('failed');
    const run = await syncAndWait(admin, assignmentId);
    expect(run).toMatchObject({ status: 'Failed', submission_id: null });
    expect(run.message).toMatch(/^Campaign Manager 360 report \d+ \(file \d+\) failed \(FAILED\)$/);
  });

  it("google-dv360-inbound: a Bid Manager query, polled until DONE, adds each line item's metrics", async () => {
    const connectorId = await googleAccount(14, '400', 'dv-ok');
    const { assignmentId, cellsOf } = await metricsTemplate(admin, 'google-dv360-inbound', connectorId, {
      data_type: 'line_items',
      adAccountsLinked: '501',
      pull_performance_metrics: '1',
    });
    const before = dv360.requests.length;
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(await cellsOf(run.submission_id!)).toEqual([
      ['Prospecting', '98000', '1500', '245.5', '12'],
      ['Retargeting', '0', '0', '0', '0'],
    ]);
    const calls = dv360.requests.slice(before).filter((r) => !r.path.startsWith('/v4/'));
    expect(calls.map((r) => `${r.method} ${r.path.replace(/\d+/g, 'N')}`)).toEqual([
      'POST /vN/queries',
      'POST /vN/queries/N:run',
      'GET /vN/queries/N/reports/N',
      'GET /vN/queries/N/reports/N',
      'GET /vN/queries/N/reports/N',
      'GET /storage/dvN-reports/N.csv',
      'DELETE /vN/queries/N',
    ]);
  });

  it('google-dv360-inbound: a report not DONE within the wait fails the run naming it', async () => {
    const connectorId = await googleAccount(14, '400', 'dv-ok');
    const { assignmentId } = await metricsTemplate(admin, 'google-dv360-inbound', connectorId, {
      data_type: 'line_items',
      adAccountsLinked: '501',
      pull_performance_metrics: '1',
    });
    dv360.endNextReportWith('stuck');
    const run = await syncAndWait(admin, assignmentId);
    expect(run).toMatchObject({ status: 'Failed', submission_id: null });
    expect(run.message).toMatch(
      /^Display & Video 360 report \d+ \(query \d+\) was not ready after 1500 ms \(still RUNNING\): sync again later$/,
    );
  });
});
