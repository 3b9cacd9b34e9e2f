import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmazonAdsStandin } from '../../../../tests/standins/amazon-ads';
import { GoogleAdsStandin } from '../../../../tests/standins/google-ads';
import { MarketingCloudStandin } from '../../../../tests/standins/marketing-cloud';
import { MetaStandin } from '../../../../tests/standins/meta';
import { PinterestStandin } from '../../../../tests/standins/pinterest';
import { SnapchatStandin } from '../../../../tests/standins/snapchat';
import { TikTokStandin } from '../../../../tests/standins/tiktok';
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
import { metricsWindow } from './ad-readers/metrics';

/**
 * Ad-platform and marketing-cloud inbounds really run (issue 12 item 5) against stand-ins of
 * TikTok, Snapchat, Pinterest, Amazon Ads, Google Ads and Salesforce Marketing Cloud: "Sync now"
 * reads the chosen data type with its filters, every page of it, into a Draft submission mapped
 * by the mapping fields; a second sync with nothing changed imports nothing, a changed object is
 * imported again; a refused credential ends the run Failed naming the account to reconnect.
 * With pull_performance_metrics, Meta, TikTok, Snapchat, Pinterest, Google Ads and Amazon Ads rows
 * also carry their delivery metrics of the last 30 days (Amazon's through an asynchronous Reporting
 * v3 report polled within the run; a failed or late report fails the run naming it); Marketing
 * Cloud refuses the flag.
 */

let ctx: TestContext;
let account: TestAccount;
let admin: SignedIn;
let running: JobsContext;

const tiktok = new TikTokStandin({
  app: { appId: 'app', secret: 'secret' },
  advertiserIds: ['7001'],
  validTokens: ['tt-ok'],
  maxPageSize: 2,
  objects: {
    '7001': {
      campaign: [
        ['1801', 'Spring Sale', 'CONVERSIONS', 'ENABLE'],
        ['1802', 'Summer Sale', 'TRAFFIC', 'DISABLE'],
        ['1803', 'Autumn Sale', 'REACH', 'ENABLE'],
        ['1804', 'Brand Push', 'REACH', 'ENABLE'],
        ['1805', 'Winter Sale', 'TRAFFIC', 'ENABLE'],
      ].map(([id, name, objective, status]) => ({
        campaign_id: id,
        campaign_name: name,
        objective_type: objective,
        operation_status: status,
        modify_time: '2026-03-01 10:00:00',
        budget: 100,
      })),
    },
  },
  reports: {
    '7001': {
      '1801': { impressions: '120000', clicks: '2400', spend: '310.55', conversion: '48' },
      '1803': { impressions: '5', clicks: '0', spend: '0.10', conversion: '0' },
      '1805': { impressions: '1', clicks: '1', spend: '0.01', conversion: '1' },
    },
  },
});

const snapchat = new SnapchatStandin({
  validTokens: ['snap-ok'],
  maxPageSize: 2,
  stats: {
    'c-1': { impressions: 98000, swipes: 1500, spend: 245_500_000 },
    'c-4': { impressions: 10, swipes: 1, spend: 50_000 },
  },
  organizations: [
    {
      id: 'org-1',
      name: 'Acme',
      adAccounts: [
        {
          id: 'acc-1',
          name: 'Acme US',
          objects: {
            campaigns: [
              ['c-1', 'Spring Sale', 'ACTIVE', 'WEB_CONVERSION'],
              ['c-2', 'Summer Sale', 'PAUSED', 'AWARENESS'],
              ['c-3', 'Autumn Sale', 'ACTIVE', 'APP_INSTALL'],
              ['c-4', 'Winter Sale', 'ACTIVE', 'AWARENESS'],
              ['c-5', 'Brand Push', 'ACTIVE', 'AWARENESS'],
            ].map(([id, name, status, objective]) => ({
              id,
              name,
              status,
              objective,
              ad_account_id: 'acc-1',
              updated_at: '2026-03-01T10:00:00.000Z',
            })),
          },
        },
      ],
    },
  ],
});

const pinterest = new PinterestStandin({
  validTokens: ['pin-ok'],
  maxPageSize: 2,
  analytics: {
    '626735565838': {
      IMPRESSION_1: 40000,
      CLICKTHROUGH_1: 800,
      SPEND_IN_MICRO_DOLLAR: 120_250_000,
      TOTAL_CONVERSIONS: 12,
    },
  },
  adAccounts: [
    {
      id: '549755885175',
      name: 'Acme Pins',
      objects: {
        campaigns: [
          ['626735565838', 'Spring Sale', 'ACTIVE', 'AWARENESS'],
          ['626735565839', 'Summer sale', 'PAUSED', 'CONSIDERATION'],
          ['626735565840', 'Autumn Sale', 'ACTIVE', 'CONSIDERATION'],
          ['626735565841', 'Brand Push', 'ACTIVE', 'AWARENESS'],
          ['626735565842', 'Winter SALE', 'ACTIVE', 'WEB_CONVERSION'],
        ].map(([id, name, status, objective]) => ({
          id,
          name,
          status,
          objective_type: objective,
          ad_account_id: '549755885175',
          updated_time: 1_740_000_000,
        })),
        ad_groups: [
          ['2680059592705', 'Spring audiences', '626735565838'],
          ['2680059592706', 'Autumn audiences', '626735565840'],
        ].map(([id, name, campaign]) => ({
          id,
          name,
          status: 'ACTIVE',
          campaign_id: campaign,
          ad_account_id: '549755885175',
          updated_time: 1_740_000_000,
        })),
      },
    },
  ],
});

const amazon = new AmazonAdsStandin({
  validTokens: ['amzn-ok'],
  clientId: 'amzn1.application-oa2-client.nomen',
  maxPageSize: 2,
  profiles: {
    '3362351578582214': {
      campaigns: [
        ['5001', 'Spring Sale', 'ENABLED', 'AUTO'],
        ['5002', 'Summer Sale', 'PAUSED', 'MANUAL'],
        ['5003', 'Autumn Sale', 'ENABLED', 'MANUAL'],
        ['5004', 'Brand Push', 'ENABLED', 'AUTO'],
        ['5005', 'Winter Sale', 'ENABLED', 'AUTO'],
      ].map(([campaignId, name, state, targetingType]) => ({
        campaignId,
        name,
        state,
        targetingType,
        startDate: '2026-03-01',
        budget: { budget: 50, budgetType: 'DAILY' },
      })),
      sb: {
        campaigns: [
          ['6001', 'Spring Sale', 'ENABLED', 'DAILY'],
          ['6002', 'Summer Sale', 'PAUSED', 'DAILY'],
          ['6003', 'Autumn Sale', 'ENABLED', 'LIFETIME'],
          ['6004', 'Brand Push', 'ENABLED', 'DAILY'],
          ['6005', 'Winter Sale', 'ENABLED', 'DAILY'],
        ].map(([campaignId, name, state, budgetType]) => ({
          campaignId,
          name,
          state,
          budget: 25,
          budgetType,
          startDate: '2026-03-01',
          brandEntityId: 'ENTITY1A2B3C',
        })),
      },
      sd: {
        adGroups: [
          [1, 'Spring Sale views', 'enabled', 'T00020'],
          [1, 'Spring Sale audiences', 'paused', 'T00030'],
          [1, 'Spring remarketing', 'enabled', 'T00030'],
          [2, 'Autumn Sale views', 'enabled', 'T00020'],
          [2, 'Autumn Sale audiences', 'enabled', 'T00030'],
          [3, 'Winter Sale views', 'enabled', 'T00020'],
        ].map(([campaign, name, state, tactic], i) => ({
          adGroupId: 480_000_000_001 + i,
          campaignId: 470_000_000_000 + Number(campaign),
          name,
          state,
          tactic,
          defaultBid: 0.75,
          bidOptimization: 'clicks',
        })),
      },
      // Reporting v3 rows (ids are numbers in report files); 5002, 5004 and 5005 did not deliver.
      reports: {
        'spCampaigns:campaign': [
          { campaignId: 5001, impressions: 5400, clicks: 61, cost: 48.27, purchases7d: 4 },
          { campaignId: 5003, impressions: 12, clicks: 1, cost: 0.35, purchases7d: 0 },
        ],
      },
    },
  },
});
const amazonProfile = amazon.profile('3362351578582214');

const googleAds = new GoogleAdsStandin({
  validTokens: ['gads-ok'],
  developerToken: 'dev-token-1',
  batchSize: 2,
  customers: {
    '1234567890': {
      campaign: [
        ['9001', 'Spring Sale', 'ENABLED', 'SEARCH'],
        ['9002', 'Summer Sale', 'PAUSED', 'DISPLAY'],
        ['9003', 'Autumn Sale', 'ENABLED', 'DISPLAY'],
        ['9004', 'Brand Push', 'ENABLED', 'SEARCH'],
        ['9005', 'Winter Sale', 'ENABLED', 'VIDEO'],
      ].map(([id, name, status, channel]) => ({
        'campaign.id': id!,
        'campaign.name': name!,
        'campaign.status': status!,
        'campaign.advertising_channel_type': channel!,
        ...(id === '9001'
          ? {
              'metrics.impressions': '51000',
              'metrics.clicks': '1700',
              'metrics.cost_micros': '845120000',
              'metrics.conversions': '33.5',
            }
          : {}),
      })),
    },
  },
});

const sfmc = new MarketingCloudStandin({
  clientId: 'sfmc-client',
  clientSecret: 'sfmc-secret',
  maxPageSize: 2,
  dataExtensions: [
    {
      key: 'Nomen_Campaigns',
      primaryKey: ['Campaign_ID'],
      rows: [
        ['C-1', 'Spring Sale', 'Active', 'Email'],
        ['C-2', 'Summer Sale', 'Paused', 'SMS'],
        ['C-3', 'Autumn Sale', 'Active', 'Push'],
        ['C-4', 'Brand Push', 'Active', 'Email'],
        ['C-5', 'Winter Sale', 'Active', 'SMS'],
      ].map(([id, name, status, channel]) => ({
        Campaign_ID: id!,
        Name: name!,
        Status: status!,
        Channel: channel!,
      })),
    },
  ],
});

const meta = new MetaStandin({
  validTokens: ['fb-ok'],
  me: { id: '1', name: 'Acme bot' },
  adAccounts: [
    {
      account_id: '4242',
      name: 'Acme Retail',
      objects: {
        campaigns: [
          ['120001', 'Spring Sale'],
          ['120002', 'Summer Push'],
          ['120003', 'Autumn Sale'],
        ].map(([id, name]) => ({ id: id!, name: name!, status: 'ACTIVE', effective_status: 'ACTIVE' })),
        adcreatives: [{ id: '130001', name: 'Spring creative' }],
      },
      insights: {
        '120001': {
          impressions: '361324',
          clicks: '7346',
          spend: '5339.50',
          actions: [
            { action_type: 'link_click', value: '7000' },
            { action_type: 'offsite_conversion.fb_pixel_purchase', value: '40' },
            { action_type: 'offsite_conversion.fb_pixel_lead', value: '2' },
          ],
        },
        '120003': { impressions: '12', clicks: '1', spend: '0.04' },
      },
    },
  ],
});

const standins = [tiktok, snapchat, pinterest, amazon, googleAds, sfmc, meta];

beforeAll(async () => {
  running = await startJobsContext({
    peers: standins,
    env: () => ({
      TIKTOK_API_URL: `${tiktok.url}/open_api/v1.3`,
      SNAPCHAT_API_URL: snapchat.apiUrl,
      PINTEREST_API_URL: pinterest.apiUrl,
      AMAZON_ADS_API_URL: amazon.url,
      OAUTH_AMAZON_ADS_CLIENT_ID: 'amzn1.application-oa2-client.nomen',
      GOOGLE_ADS_API_URL: googleAds.apiUrl,
      GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token-1',
      SFMC_AUTH_URL: sfmc.authUrl,
      SFMC_REST_URL: sfmc.url,
      META_GRAPH_API_URL: meta.graphUrl,
      // Reports are waited for 1.5 s at most here (10 minutes by default), first polled after 10 ms.
      PROVIDER_REPORT_MAX_WAIT_MS: '1500',
      PROVIDER_REPORT_POLL_MS: '10',
    }),
    retryLimit: 1,
  });
  ({ ctx, account, admin } = running);
});

afterAll(() => running?.close());

/** A connected account of OAuth type `typeId` holding `accessToken` (as after signing in), with `metadata`. */
async function oauthAccount(
  typeId: number,
  name: string,
  accessToken: string,
  metadata: Record<string, string> = {},
): Promise<number> {
  return insertOAuthConnector(ctx, {
    accountId: account.id,
    type: typeId,
    accessToken,
    name,
    metadata,
    scope: 'ads',
  });
}

/** A Marketing Cloud account made in Connected accounts with `secret`. */
async function sfmcAccount(name: string, secret: string): Promise<number> {
  const res = await admin.post('/api/v1/account/connector/').send({
    name,
    connector_type_slug: 'salesforce-marketing-cloud',
    metadata: { subdomain: 'mc563885gzs27c5t9-63k636ttgm', client_id: 'sfmc-client', client_secret: secret },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** Saves a template with one inbound assignment mapping `nameColumn` → Campaign and `otherColumn` → Channel. */
async function templateWith(
  slug: string,
  connectorId: number,
  metadata: Record<string, string>,
  filters: { integrationFilterId: string; values: string[] }[],
  [nameColumn, otherColumn]: [string, string],
): Promise<{ template: RunTemplate; assignmentId: number }> {
  const template = await templateWithIntegration(admin, (fieldIds) =>
    outbound(slug, {
      name: `${slug} import`,
      connector_id: connectorId,
      metadata,
      filters,
      mapping_fields: [
        { fieldName: nameColumn, label: 'Name', cvFieldId: fieldIds.campaign, required: false },
        { fieldName: otherColumn, label: 'Other', cvFieldId: fieldIds.channel, required: false },
      ],
    }),
  );
  return { template, assignmentId: template.integrations[0]!.id };
}

/** What differs per provider. */
interface Case {
  slug: string;
  /** A connected account that the provider accepts (true) or refuses (false). */
  account: (accepted: boolean) => Promise<number>;
  metadata: Record<string, string>;
  filters: { integrationFilterId: string; values: string[] }[];
  columns: [string, string];
  label: string;
  cells: string[][];
  /** How many list calls (pages) the provider saw so far. */
  pages: () => number;
  /** Asserts the filters reached the provider where its API takes them. */
  sentFilters: () => void;
  /** Changes one object at the provider (so the next sync imports it again), and its new cells. */
  change: () => string[];
  /** Who refuses, as the run message says. */
  provider: string;
}

const saleActive = [
  { integrationFilterId: 'name_contains', values: ['Sale'] },
  { integrationFilterId: 'status', values: ['ACTIVE'] },
];

const CASES: Case[] = [
  {
    slug: 'tiktok-inbound',
    provider: 'TikTok',
    account: (ok) => oauthAccount(18, `TikTok ${ok}`, ok ? 'tt-ok' : 'tt-BAD-TOKEN-7', { client_id: 'app' }),
    metadata: { data_type: 'campaigns', adAccountsLinked: '7001' },
    filters: saleActive,
    columns: ['name', 'objective_type'],
    label: 'campaigns of advertiser 7001',
    cells: [
      ['Spring Sale', 'CONVERSIONS'],
      ['Autumn Sale', 'REACH'],
      ['Winter Sale', 'TRAFFIC'],
    ],
    pages: () => tiktok.requestsTo('/open_api/v1.3/campaign/get/').filter((r) => r.isAuthorized).length,
    sentFilters: () => {
      const call = tiktok.requestsTo('/open_api/v1.3/campaign/get/').at(-1)!;
      expect(JSON.parse(call.query.filtering!)).toEqual({
        campaign_name: 'Sale',
        primary_status: 'STATUS_DELIVERY_OK',
      });
    },
    change: () => {
      const c = tiktok.objectsOf('7001', 'campaign')[2]!;
      Object.assign(c, { objective_type: 'VIDEO_VIEWS', modify_time: '2026-04-01 10:00:00' });
      return ['Autumn Sale', 'VIDEO_VIEWS'];
    },
  },
  {
    slug: 'snapchat-marketing-inbound',
    provider: 'Snapchat',
    account: (ok) =>
      oauthAccount(17, `Snapchat ${ok}`, ok ? 'snap-ok' : 'snap-BAD-TOKEN-7', { client_id: 'snap' }),
    metadata: { data_type: 'campaigns', adAccountsLinked: 'acc-1' },
    filters: [...saleActive, { integrationFilterId: 'campaign_ids', values: ['c-1', 'c-2', 'c-4', 'c-5'] }],
    columns: ['name', 'objective'],
    label: 'campaigns of acc-1',
    cells: [
      ['Spring Sale', 'WEB_CONVERSION'],
      ['Winter Sale', 'AWARENESS'],
    ],
    pages: () => snapchat.requestsTo('/v1/adaccounts/acc-1/campaigns').filter((r) => r.isAuthorized).length,
    sentFilters: () => {
      // Snapchat's lists take no filters: Nomen applies them to what it read.
      expect(snapchat.requestsTo('/v1/adaccounts/acc-1/campaigns').at(-1)!.query.limit).toBe('1000');
    },
    change: () => {
      const c = snapchat.entity('campaigns', 'c-4')!;
      Object.assign(c, { objective: 'ENGAGEMENT', updated_at: '2026-04-01T10:00:00.000Z' });
      return ['Winter Sale', 'ENGAGEMENT'];
    },
  },
  {
    slug: 'pinterest-inbound',
    provider: 'Pinterest',
    account: (ok) => oauthAccount(16, `Pinterest ${ok}`, ok ? 'pin-ok' : 'pin-BAD-TOKEN-7'),
    metadata: { data_type: 'campaigns', adAccountsLinked: '549755885175' },
    filters: [
      { integrationFilterId: 'name_contains', values: ['sale'] },
      { integrationFilterId: 'status', values: ['ACTIVE'] },
    ],
    columns: ['name', 'objective_type'],
    label: 'campaigns of 549755885175',
    cells: [
      ['Spring Sale', 'AWARENESS'],
      ['Autumn Sale', 'CONSIDERATION'],
      ['Winter SALE', 'WEB_CONVERSION'],
    ],
    pages: () =>
      pinterest.requestsTo('/v5/ad_accounts/549755885175/campaigns').filter((r) => r.isAuthorized).length,
    sentFilters: () => {
      expect(
        pinterest.requestsTo('/v5/ad_accounts/549755885175/campaigns').at(-1)!.query.entity_statuses,
      ).toBe('ACTIVE');
    },
    change: () => {
      const c = pinterest.object('549755885175', 'campaigns', '626735565838')!;
      Object.assign(c, { objective_type: 'VIDEO_VIEW', updated_time: 1_750_000_000 });
      return ['Spring Sale', 'VIDEO_VIEW'];
    },
  },
  {
    slug: 'amazon-ads-inbound',
    provider: 'Amazon Ads',
    account: (ok) => oauthAccount(15, `Amazon ${ok}`, ok ? 'amzn-ok' : 'amzn-BAD-TOKEN-7'),
    metadata: { data_type: 'sponsored_products_campaigns', adAccountsLinked: '3362351578582214' },
    filters: saleActive,
    columns: ['name', 'targetingType'],
    label: 'Sponsored Products campaigns of profile 3362351578582214',
    cells: [
      ['Spring Sale', 'AUTO'],
      ['Autumn Sale', 'MANUAL'],
      ['Winter Sale', 'AUTO'],
    ],
    pages: () => amazon.requestsTo('/sp/campaigns/list').filter((r) => r.isAuthorized).length,
    sentFilters: () => {
      const [first, second] = amazon.bodies.slice(-2) as Record<string, unknown>[];
      expect(first).toEqual({
        maxResults: 1000,
        stateFilter: { include: ['ENABLED'] },
        nameFilter: { queryTermMatchType: 'BROAD_MATCH', include: ['Sale'] },
      });
      expect(second).toMatchObject({ stateFilter: { include: ['ENABLED'] }, nextToken: expect.any(String) });
    },
    change: () => {
      Object.assign(amazonProfile.campaigns![4]!, { targetingType: 'MANUAL' });
      return ['Winter Sale', 'MANUAL'];
    },
  },
  {
    slug: 'amazon-ads-inbound',
    provider: 'Amazon Ads',
    account: (ok) => oauthAccount(15, `Amazon SB ${ok}`, ok ? 'amzn-ok' : 'amzn-BAD-TOKEN-7'),
    metadata: { data_type: 'sponsored_brands_campaigns', adAccountsLinked: '3362351578582214' },
    filters: saleActive,
    columns: ['name', 'budgetType'],
    label: 'Sponsored Brands campaigns of profile 3362351578582214',
    cells: [
      ['Spring Sale', 'DAILY'],
      ['Autumn Sale', 'LIFETIME'],
      ['Winter Sale', 'DAILY'],
    ],
    pages: () => amazon.requestsTo('/sb/v4/campaigns/list').filter((r) => r.isAuthorized).length,
    sentFilters: () => {
      const filters = {
        maxResults: 100,
        stateFilter: { include: ['ENABLED'] },
        nameFilter: { queryTermMatchType: 'BROAD_MATCH', include: ['Sale'] },
      };
      expect(amazon.bodies.slice(-2)).toEqual([filters, { ...filters, nextToken: expect.any(String) }]);
    },
    change: () => {
      Object.assign(amazonProfile.sb!.campaigns![2]!, { budgetType: 'DAILY' });
      return ['Autumn Sale', 'DAILY'];
    },
  },
  {
    slug: 'amazon-ads-inbound',
    provider: 'Amazon Ads',
    account: (ok) => oauthAccount(15, `Amazon SD ${ok}`, ok ? 'amzn-ok' : 'amzn-BAD-TOKEN-7'),
    metadata: { data_type: 'sponsored_display_ad_groups', adAccountsLinked: '3362351578582214' },
    filters: [
      ...saleActive,
      { integrationFilterId: 'campaign_ids', values: ['470000000001', '470000000002'] },
    ],
    columns: ['name', 'tactic'],
    label: 'Sponsored Display ad groups of profile 3362351578582214',
    cells: [
      ['Spring Sale views', 'T00020'],
      ['Autumn Sale views', 'T00020'],
      ['Autumn Sale audiences', 'T00030'],
    ],
    pages: () => amazon.requestsTo('/sd/adGroups').filter((r) => r.isAuthorized).length,
    sentFilters: () => {
      // SD's `name` is an exact match: Nomen keeps the names containing "Sale" itself.
      expect(amazon.requestsTo('/sd/adGroups').at(-1)!.query).toEqual({
        startIndex: '4',
        count: '100',
        stateFilter: 'enabled',
        campaignIdFilter: '470000000001,470000000002',
      });
    },
    change: () => {
      Object.assign(amazonProfile.sd!.adGroups![3]!, { tactic: 'T00030' });
      return ['Autumn Sale views', 'T00030'];
    },
  },
  {
    slug: 'google-ads-inbound',
    provider: 'Google Ads',
    account: (ok) =>
      oauthAccount(9, `Google Ads ${ok}`, ok ? 'gads-ok' : 'gads-BAD-TOKEN-7', {
        client_id: 'gads-client',
        customer_id: '123-456-7890',
      }),
    metadata: { data_type: 'campaigns' },
    filters: [
      ...saleActive,
      { integrationFilterId: 'campaign_ids', values: ['9001', '9002', '9003', '9005'] },
    ],
    columns: ['name', 'campaign.advertising_channel_type'],
    label: 'campaigns of customer 123-456-7890',
    cells: [
      ['Spring Sale', 'SEARCH'],
      ['Autumn Sale', 'DISPLAY'],
      ['Winter Sale', 'VIDEO'],
    ],
    // searchStream answers every batch to one call; the batches are its pages.
    pages: () => googleAds.batchesAnswered,
    sentFilters: () => {
      expect(googleAds.queries.at(-1)).toBe(
        "SELECT campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type FROM campaign WHERE campaign.id IN (9001, 9002, 9003, 9005) AND campaign.name LIKE '%Sale%' AND campaign.status IN ('ENABLED') ORDER BY campaign.id",
      );
    },
    change: () => {
      const c = (
        googleAds as unknown as {
          seed: { customers: Record<string, { campaign: Record<string, string>[] }> };
        }
      ).seed.customers['1234567890']!.campaign[2]!;
      c['campaign.advertising_channel_type'] = 'SHOPPING';
      return ['Autumn Sale', 'SHOPPING'];
    },
  },
  {
    slug: 'salesforce-marketing-cloud-inbound',
    provider: 'Salesforce Marketing Cloud',
    account: (ok) => sfmcAccount(`Marketing Cloud ${ok}`, ok ? 'sfmc-secret' : 'sfmc-BAD-SECRET-7'),
    metadata: { data_type: 'campaigns', data_extension_key: 'Nomen_Campaigns' },
    filters: [...saleActive, { integrationFilterId: 'campaign_ids', values: ['C-1', 'C-2', 'C-3', 'C-4'] }],
    columns: ['name', 'channel'],
    label: 'campaigns of data extension Nomen_Campaigns',
    cells: [
      ['Spring Sale', 'Email'],
      ['Autumn Sale', 'Push'],
    ],
    pages: () =>
      sfmc.requestsTo('/data/v1/customobjectdata/key/Nomen_Campaigns/rowset').filter((r) => r.isAuthorized)
        .length,
    sentFilters: () => {
      expect(
        sfmc.requestsTo('/data/v1/customobjectdata/key/Nomen_Campaigns/rowset').at(-1)!.query.$pageSize,
      ).toBe('2500');
    },
    change: () => {
      const c = sfmc.rows.get('Nomen_Campaigns')!.get('C-1')!;
      c.Channel = 'WhatsApp';
      return ['Spring Sale', 'WhatsApp'];
    },
  },
];

describe.each(CASES)('$slug $metadata.data_type', (c) => {
  it('imports the filtered objects of every page into a Draft, then only what changed', async () => {
    const { template, assignmentId } = await templateWith(
      c.slug,
      await c.account(true),
      c.metadata,
      c.filters,
      c.columns,
    );
    const before = c.pages();
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(
      new RegExp(`^Imported ${c.label}: ${c.cells.length} rows to fix and submit in draft submission #\\d+$`),
    );
    expect(await draftRows(admin, template, run.submission_id!)).toEqual(c.cells);
    expect(c.pages() - before).toBeGreaterThan(1);
    c.sentFilters();

    const again = await syncAndWait(admin, assignmentId);
    expect(again).toMatchObject({ status: 'Success', message: `Nothing new to import from ${c.label}` });

    const changed = c.change();
    const third = await syncAndWait(admin, assignmentId);
    expect(third.status, third.message).toBe('Success');
    expect(third.message).toMatch(new RegExp(`^Imported ${c.label}: 1 row to fix`));
    expect(await draftRows(admin, template, third.submission_id!)).toEqual([changed]);
  });

  it('a refused credential ends the run Failed, naming the account to reconnect', async () => {
    const id = await c.account(false);
    const { assignmentId } = await templateWith(c.slug, id, c.metadata, c.filters, c.columns);
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status).toBe('Failed');
    expect(run.submission_id).toBeNull();
    expect(run.message).toContain(`${c.provider} refused the credentials of "`);
    expect(run.message).toContain('reconnect it in Connected accounts');
    expect(run.message).not.toMatch(/BAD-TOKEN|BAD-SECRET/);
  });
});

describe('provider faults', () => {
  it('a provider fault is retried, and the retry imports the objects once', async () => {
    const id = await oauthAccount(16, 'Pinterest flaky', 'pin-ok');
    const { template, assignmentId } = await templateWith(
      'pinterest-inbound',
      id,
      { data_type: 'ad_groups', adAccountsLinked: '549755885175' },
      [],
      ['name', 'campaign_id'],
    );
    pinterest.injectOnce({
      path: '/v5/ad_accounts/549755885175/ad_groups',
      answer: { status: 503, body: { code: 503, message: 'Service unavailable.' } },
    });
    const run = await syncAndWait(admin, assignmentId);
    expect(run).toMatchObject({ status: 'Success', attempts: 2 });
    expect(run.message).toMatch(/^Imported ad groups of 549755885175: 2 rows to fix/);
    expect(await draftRows(admin, template, run.submission_id!)).toEqual([
      ['Spring audiences', '626735565838'],
      ['Autumn audiences', '626735565840'],
    ]);
  });

  it('an ad account the provider does not know ends the run Failed at once, with its words', async () => {
    const id = await oauthAccount(16, 'Pinterest other', 'pin-ok');
    const { assignmentId } = await templateWith(
      'pinterest-inbound',
      id,
      { data_type: 'campaigns', adAccountsLinked: '999' },
      [],
      ['name', 'status'],
    );
    const run = await syncAndWait(admin, assignmentId);
    expect(run).toMatchObject({
      status: 'Failed',
      attempts: 1,
      message: 'Pinterest refused the campaigns of 999: Ad account 999 not found.',
    });
  });

  it('an Amazon data type Nomen does not read fails naming the ones it reads', async () => {
    const id = await oauthAccount(15, 'Amazon television', 'amzn-ok');
    const { assignmentId } = await templateWith(
      'amazon-ads-inbound',
      id,
      { data_type: 'sponsored_products_campaigns', adAccountsLinked: '3362351578582214' },
      [],
      ['name', 'state'],
    );
    // Saving refuses a data type the integration does not offer; an assignment stored with one
    // (before a data type was withdrawn) still reaches the run.
    await ctx.deps.db
      .updateTable('integration_assignments')
      .set({
        metadata: JSON.stringify({
          data_type: 'sponsored_television_campaigns',
          adAccountsLinked: '3362351578582214',
        }),
      })
      .where('id', '=', assignmentId)
      .execute();
    const run = await syncAndWait(admin, assignmentId);
    expect(run).toMatchObject({
      status: 'Failed',
      attempts: 1,
      message:
        'Nomen reads sponsored_brands_campaigns, sponsored_brands_ad_groups, sponsored_brands_ads, sponsored_display_campaigns, sponsored_display_ad_groups, sponsored_products_campaigns, sponsored_products_ad_groups, sponsored_products_ads from Amazon Ads: choose one of them as the data type',
    });
  });
});

/** What differs per platform for performance metrics. */
interface MetricsCase {
  slug: string;
  account: () => Promise<number>;
  metadata: Record<string, string>;
  /** Rows as [name, impressions, clicks, spend, conversions]. */
  rows: string[][];
  /** Asserts the report call followed the platform's reference. */
  sentReport: () => void;
}

const METRICS_CASES: MetricsCase[] = [
  {
    slug: 'facebook-marketing-inbound',
    account: () => oauthAccount(13, 'Facebook metrics', 'fb-ok'),
    metadata: { data_type: 'campaigns', adAccountsLinked: 'act_4242' },
    rows: [
      ['Spring Sale', '361324', '7346', '5339.5', '42'],
      ['Summer Push', '0', '0', '0', '0'],
      ['Autumn Sale', '12', '1', '0.04', '0'],
    ],
    sentReport: () => {
      const call = meta.requestsTo('/v23.0/act_4242/insights').at(-1)!;
      expect(call.query).toMatchObject({
        level: 'campaign',
        date_preset: 'last_30d',
        fields: 'campaign_id,impressions,clicks,spend,actions',
      });
    },
  },
  {
    slug: 'google-ads-inbound',
    account: () =>
      oauthAccount(9, 'Google Ads metrics', 'gads-ok', {
        client_id: 'gads-client',
        customer_id: '123-456-7890',
      }),
    metadata: { data_type: 'campaigns' },
    rows: [
      ['Spring Sale', '51000', '1700', '845.12', '33.5'],
      ['Summer Sale', '0', '0', '0', '0'],
      ['Autumn Sale', '0', '0', '0', '0'],
      ['Brand Push', '0', '0', '0', '0'],
      ['Winter Sale', '0', '0', '0', '0'],
    ],
    sentReport: () => {
      expect(googleAds.queries.at(-1)).toBe(
        'SELECT campaign.id, campaign.name, campaign.status, campaign.advertising_channel_type, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions FROM campaign WHERE segments.date DURING LAST_30_DAYS ORDER BY campaign.id',
      );
    },
  },
  {
    slug: 'tiktok-inbound',
    account: () => oauthAccount(18, 'TikTok metrics', 'tt-ok', { client_id: 'app' }),
    metadata: { data_type: 'campaigns', adAccountsLinked: '7001' },
    rows: [
      ['Spring Sale', '120000', '2400', '310.55', '48'],
      ['Summer Sale', '0', '0', '0', '0'],
      ['Autumn Sale', '5', '0', '0.1', '0'],
      ['Brand Push', '0', '0', '0', '0'],
      ['Winter Sale', '1', '1', '0.01', '1'],
    ],
    sentReport: () => {
      const { since, until } = metricsWindow();
      const calls = tiktok.requestsTo('/open_api/v1.3/report/integrated/get/');
      expect(calls.at(-1)!.query).toMatchObject({
        advertiser_id: '7001',
        report_type: 'BASIC',
        data_level: 'AUCTION_CAMPAIGN',
        dimensions: '["campaign_id"]',
        metrics: '["impressions","clicks","spend","conversion"]',
        start_date: since,
        end_date: until,
      });
      // Three report rows at two per page (maxPageSize): every page is read.
      expect(calls.slice(-2).map((c) => c.query.page)).toEqual(['1', '2']);
    },
  },
  {
    slug: 'snapchat-marketing-inbound',
    account: () => oauthAccount(17, 'Snapchat metrics', 'snap-ok', { client_id: 'snap' }),
    metadata: { data_type: 'campaigns', adAccountsLinked: 'acc-1' },
    rows: [
      ['Spring Sale', '98000', '1500', '245.5', ''],
      ['Summer Sale', '0', '0', '0', ''],
      ['Autumn Sale', '0', '0', '0', ''],
      ['Winter Sale', '10', '1', '0.05', ''],
      ['Brand Push', '0', '0', '0', ''],
    ],
    sentReport: () => {
      const { start, end } = metricsWindow();
      expect(snapchat.requestsTo('/v1/adaccounts/acc-1/stats').at(-1)!.query).toEqual({
        granularity: 'TOTAL',
        breakdown: 'campaign',
        fields: 'impressions,swipes,spend',
        start_time: start.toISOString(),
        end_time: end.toISOString(),
      });
    },
  },
  {
    slug: 'amazon-ads-inbound',
    account: () => oauthAccount(15, 'Amazon metrics', 'amzn-ok'),
    metadata: { data_type: 'sponsored_products_campaigns', adAccountsLinked: '3362351578582214' },
    rows: [
      ['Spring Sale', '5400', '61', '48.27', '4'],
      ['Summer Sale', '0', '0', '0', '0'],
      ['Autumn Sale', '12', '1', '0.35', '0'],
      ['Brand Push', '0', '0', '0', '0'],
      ['Winter Sale', '0', '0', '0', '0'],
    ],
    sentReport: () => {
      const { since, until } = metricsWindow();
      const created = amazon.requestsTo('/reporting/reports').at(-1)!;
      expect(created.method).toBe('POST');
      const polls = amazon.requests.filter((r) => r.path.startsWith('/reporting/reports/'));
      // Pending, processing, then completed: three polls of the report before the download.
      expect(polls.slice(-3).map((r) => r.path)).toEqual(Array(3).fill(polls.at(-1)!.path));
      const body = amazon.reportRequests.at(-1)!;
      expect(body).toEqual({
        name: expect.any(String),
        startDate: since,
        endDate: until,
        configuration: {
          adProduct: 'SPONSORED_PRODUCTS',
          groupBy: ['campaign'],
          columns: ['campaignId', 'impressions', 'clicks', 'cost', 'purchases7d'],
          reportTypeId: 'spCampaigns',
          timeUnit: 'SUMMARY',
          format: 'GZIP_JSON',
        },
      });
    },
  },
  {
    slug: 'pinterest-inbound',
    account: () => oauthAccount(16, 'Pinterest metrics', 'pin-ok'),
    metadata: { data_type: 'campaigns', adAccountsLinked: '549755885175' },
    rows: [
      ['Spring Sale', '40000', '800', '120.25', '12'],
      ['Summer sale', '0', '0', '0', '0'],
      ['Autumn Sale', '0', '0', '0', '0'],
      ['Brand Push', '0', '0', '0', '0'],
      ['Winter SALE', '0', '0', '0', '0'],
    ],
    sentReport: () => {
      const { since, until } = metricsWindow();
      const call = pinterest.requestsTo('/v5/ad_accounts/549755885175/campaigns/analytics').at(-1)!;
      expect(call.query).toEqual({
        start_date: since,
        end_date: until,
        campaign_ids: '626735565838,626735565839,626735565840,626735565841,626735565842',
        columns: 'CAMPAIGN_ID,IMPRESSION_1,CLICKTHROUGH_1,SPEND_IN_MICRO_DOLLAR,TOTAL_CONVERSIONS',
        granularity: 'TOTAL',
      });
    },
  },
];

describe('pull_performance_metrics', () => {
  it.each(METRICS_CASES)('$slug: every row carries its metrics of the last 30 days', async (c) => {
    const { assignmentId, cellsOf } = await metricsTemplate(admin, c.slug, await c.account(), {
      ...c.metadata,
      pull_performance_metrics: '1',
    });
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(await cellsOf(run.submission_id!)).toEqual(c.rows);
    c.sentReport();
    // Unchanged objects and metrics: nothing new.
    const again = await syncAndWait(admin, assignmentId);
    expect(again.status, again.message).toBe('Success');
    expect(again.message).toMatch(/^Nothing new to import/);
  });

  it('with the flag off the rows are as before and no report is asked for', async () => {
    const before = meta.requestsTo('/v23.0/act_4242/insights').length;
    const { assignmentId, cellsOf } = await metricsTemplate(
      admin,
      'facebook-marketing-inbound',
      await oauthAccount(13, 'Facebook no metrics', 'fb-ok'),
      { data_type: 'campaigns', adAccountsLinked: 'act_4242', pull_performance_metrics: '0' },
    );
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(await cellsOf(run.submission_id!)).toEqual([
      ['Spring Sale', '', '', '', ''],
      ['Summer Push', '', '', '', ''],
      ['Autumn Sale', '', '', '', ''],
    ]);
    expect(meta.requestsTo('/v23.0/act_4242/insights')).toHaveLength(before);
  });

  it('metrics that moved import the object again', async () => {
    const { assignmentId, cellsOf } = await metricsTemplate(
      admin,
      'pinterest-inbound',
      await oauthAccount(16, 'Pinterest moving metrics', 'pin-ok'),
      { data_type: 'campaigns', adAccountsLinked: '549755885175', pull_performance_metrics: '1' },
    );
    expect((await syncAndWait(admin, assignmentId)).status).toBe('Success');
    pinterest.seedAnalytics('626735565840', {
      IMPRESSION_1: 7,
      CLICKTHROUGH_1: 1,
      SPEND_IN_MICRO_DOLLAR: 990_000,
    });
    const run = await syncAndWait(admin, assignmentId);
    expect(run.status, run.message).toBe('Success');
    expect(run.message).toMatch(/: 1 row to fix/);
    expect(await cellsOf(run.submission_id!)).toEqual([['Autumn Sale', '7', '1', '0.99', '0']]);
  });

  it.each([
    {
      slug: 'facebook-marketing-inbound',
      account: () => oauthAccount(13, 'Facebook creatives', 'fb-ok'),
      metadata: { data_type: 'ad_creatives', adAccountsLinked: 'act_4242' },
      message:
        'Facebook Marketing inbound reports performance metrics of campaigns, ad_sets, ads only: choose one of them as the data type, or turn off "Pull performance metrics"',
    },
    {
      slug: 'salesforce-marketing-cloud-inbound',
      account: () => sfmcAccount('Marketing Cloud metrics', 'sfmc-secret'),
      metadata: { data_type: 'campaigns', data_extension_key: 'Nomen_Campaigns' },
      message:
        'Nomen reads performance metrics in these imports only: Facebook Marketing inbound, Google Ads, TikTok inbound, Snapchat Marketing inbound, Pinterest inbound, Campaign Manager 360 inbound, Campaign Manager (legacy), Display & Video 360 inbound, Amazon Ads. Turn off "Pull performance metrics" to import the objects of Salesforce Marketing Cloud inbound',
    },
  ] as { slug: string; account: () => Promise<number>; metadata: Record<string, string>; message: string }[])(
    '$slug refuses the flag where it has no metrics: Failed at once, nothing read',
    async (c) => {
      const requestsBefore = [sfmc, meta].map((s) => s.requests.length);
      const { assignmentId } = await metricsTemplate(admin, c.slug, await c.account(), {
        ...c.metadata,
        pull_performance_metrics: '1',
      });
      const run = await syncAndWait(admin, assignmentId);
      expect(run).toMatchObject({ status: 'Failed', attempts: 1, submission_id: null, message: c.message });
      expect([sfmc, meta].map((s) => s.requests.length)).toEqual(requestsBefore);
    },
  );

  it.each([
    {
      outcome: 'failed' as const,
      message:
        /^Amazon Ads report [0-9a-f-]{36} failed \(FAILED\): Report generation failed: internal error$/,
    },
    {
      outcome: 'stuck' as const,
      message:
        /^Amazon Ads report [0-9a-f-]{36} was not ready after 1500 ms \(still PROCESSING\): sync again later$/,
    },
  ])('amazon-ads-inbound: a report that ends $outcome fails the run at once naming the report', async (c) => {
    const { assignmentId } = await metricsTemplate(
      admin,
      'amazon-ads-inbound',
      await oauthAccount(15, `Amazon ${c.outcome} report`, 'amzn-ok'),
      {
        data_type: 'sponsored_products_campaigns',
        adAccountsLinked: '3362351578582214',
        pull_performance_metrics: '1',
      },
    );
    amazon.endNextReportWith(c.outcome);
    const run = await syncAndWait(admin, assignmentId);
    expect(run).toMatchObject({ status: 'Failed', attempts: 1, submission_id: null });
    expect(run.message).toMatch(c.message);
  });
});
