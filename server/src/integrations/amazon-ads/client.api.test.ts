import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmazonAdsStandin } from '../../../../tests/standins/amazon-ads';
import { localOutbound } from '../../test/local-outbound';
import { ReportError } from '../async-report';
import { AmazonAdsClient, type AmazonReportSpec } from './client';

const sbCampaign = (i: number, name: string, state: string) => ({
  campaignId: String(900 + i),
  name,
  state,
  budget: 20,
  budgetType: 'DAILY',
  startDate: '2026-03-01',
});

const standin = new AmazonAdsStandin({
  validTokens: ['Atza|ok'],
  clientId: 'amzn1.application-oa2-client.x',
  maxPageSize: 2,
  profiles: {
    '42': {
      productAds: Array.from({ length: 5 }, (_, i) => ({
        adId: String(700 + i),
        campaignId: i < 3 ? '1' : '2',
        asin: `B0${i}`,
        state: 'ENABLED',
      })),
      sb: {
        campaigns: [
          sbCampaign(1, 'Spring Sale', 'ENABLED'),
          sbCampaign(2, 'Summer Sale', 'PAUSED'),
          sbCampaign(3, 'Autumn sale', 'ENABLED'),
          sbCampaign(4, 'Brand Push', 'ENABLED'),
          sbCampaign(5, 'Winter SALE', 'ENABLED'),
        ],
        // One ad group in each of 12 campaigns: more campaign ids than one SB filter takes.
        adGroups: Array.from({ length: 12 }, (_, i) => ({
          adGroupId: String(9100 + i),
          campaignId: String(900 + i),
          name: `Ad group ${i}`,
          state: 'ENABLED',
        })),
        ads: [
          {
            adId: '9201',
            adGroupId: '9100',
            campaignId: '900',
            name: 'Collection',
            state: 'ENABLED',
            creative: { type: 'PRODUCT_COLLECTION', asins: ['B01'] },
          },
          { adGroupId: '9101', campaignId: '901', state: 'ENABLED', creative: { type: 'VIDEO' } },
          { adId: '9203', adGroupId: '9102', campaignId: '902', name: 'Spotlight', state: 'PAUSED' },
        ],
      },
      sd: {
        campaigns: Array.from({ length: 7 }, (_, i) => ({
          campaignId: 300_000_000_001 + i,
          name: `Display ${i}`,
          state: i === 6 ? 'archived' : i % 2 ? 'paused' : 'enabled',
          tactic: 'T00020',
          budget: 10,
          budgetType: 'daily',
          startDate: '20260301',
          costType: 'cpc',
        })),
        adGroups: Array.from({ length: 5 }, (_, i) => ({
          adGroupId: 400_000_000_001 + i,
          campaignId: i < 3 ? 300_000_000_001 : 300_000_000_002,
          name: `Display group ${i}`,
          state: 'enabled',
          defaultBid: 1.5,
        })),
      },
      reports: {
        'spCampaigns:campaign': [
          { campaignId: 1, impressions: 5400, clicks: 61, cost: 48.27, purchases7d: 4, campaignName: 'x' },
          { campaignId: 2, impressions: 10, clicks: 0, cost: 0, purchases7d: 0 },
        ],
      },
    },
  },
});

const client = (token = 'Atza|ok', clientId = 'amzn1.application-oa2-client.x', extra = {}) =>
  new AmazonAdsClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.url,
    clientId,
    getAccessToken: async () => token,
    ...extra,
  });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('AmazonAdsClient Sponsored Products', () => {
  it('follows nextToken with the list filters in every body', async () => {
    const ads = await client().list('productAds', '42', { campaignIds: ['1'], states: ['ENABLED'] });
    expect(ads.map((a) => a.adId)).toEqual(['700', '701', '702']);
    expect(standin.bodies.slice(-2)).toEqual([
      { maxResults: 1000, stateFilter: { include: ['ENABLED'] }, campaignIdFilter: { include: ['1'] } },
      {
        maxResults: 1000,
        stateFilter: { include: ['ENABLED'] },
        campaignIdFilter: { include: ['1'] },
        nextToken: expect.any(String),
      },
    ]);
  });

  it('a refused token is UNAUTHORIZED; a profile the token cannot use a 403', async () => {
    await expect(client('Atza|bad').list('productAds', '42')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerMessage: 'Not authorized to access this advertiser',
    });
    await expect(client().list('productAds', '43')).rejects.toMatchObject({ code: 'HTTP', status: 403 });
  });
});

describe('AmazonAdsClient Sponsored Brands v4', () => {
  it('lists campaigns page by page with the state and name filters in every body', async () => {
    const before = standin.requestsTo('/sb/v4/campaigns/list').length;
    const campaigns = await client().listSponsoredBrands('campaigns', '42', {
      states: ['ENABLED'],
      nameContains: 'sale',
    });
    expect(campaigns.map((c) => [c.campaignId, c.name])).toEqual([
      ['901', 'Spring Sale'],
      ['903', 'Autumn sale'],
      ['905', 'Winter SALE'],
    ]);
    expect(standin.requestsTo('/sb/v4/campaigns/list').length - before).toBe(2);
    const filters = {
      maxResults: 100,
      stateFilter: { include: ['ENABLED'] },
      nameFilter: { queryTermMatchType: 'BROAD_MATCH', include: ['sale'] },
    };
    expect(standin.bodies.slice(-2)).toEqual([filters, { ...filters, nextToken: expect.any(String) }]);
  });

  it('asks for ad groups of more than 10 campaigns 10 campaign ids at a time', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => String(900 + i));
    const groups = await client().listSponsoredBrands('adGroups', '42', { campaignIds: ids.slice(1) });
    expect(groups.map((g) => g.adGroupId)).toEqual(ids.slice(1).map((id) => String(Number(id) + 8200)));
    const sent = (standin.bodies as { campaignIdFilter?: { include: string[] } }[])
      .filter((b) => b.campaignIdFilter)
      .slice(-6)
      .map((b) => b.campaignIdFilter!.include);
    // 10 ids paged over five calls of 2, then the last id alone.
    expect(sent.at(-1)).toEqual(['911']);
    expect(sent.slice(0, 5).every((include) => include.length === 10)).toBe(true);
  });

  it('lists ads, those of campaigns made before version 4 without an ad id or name', async () => {
    const ads = await client().listSponsoredBrands('ads', '42', { states: ['ENABLED'] });
    expect(ads).toEqual([
      expect.objectContaining({ adId: '9201', name: 'Collection', creative: expect.any(Object) }),
      { adGroupId: '9101', campaignId: '901', state: 'ENABLED', creative: { type: 'VIDEO' } },
    ]);
  });

  it('a refused token is UNAUTHORIZED for every list', async () => {
    for (const list of ['campaigns', 'adGroups', 'ads'] as const)
      await expect(client('Atza|bad').listSponsoredBrands(list, '42')).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        providerMessage: 'Not authorized to access this advertiser',
      });
  });
});

describe('AmazonAdsClient Sponsored Display', () => {
  it('lists campaigns by startIndex until an empty page, with lowercase states in the query', async () => {
    const before = standin.requestsTo('/sd/campaigns').length;
    const campaigns = await client().listSponsoredDisplay('campaigns', '42', {
      states: ['enabled', 'paused'],
    });
    expect(campaigns.map((c) => c.campaignId)).toEqual([
      300_000_000_001, 300_000_000_002, 300_000_000_003, 300_000_000_004, 300_000_000_005, 300_000_000_006,
    ]);
    expect(
      standin
        .requestsTo('/sd/campaigns')
        .slice(before)
        .map((r) => r.query),
    ).toEqual(
      [0, 2, 4, 6].map((startIndex) => ({
        startIndex: String(startIndex),
        count: '100',
        stateFilter: 'enabled,paused',
      })),
    );
  });

  it('lists ad groups of the chosen campaigns', async () => {
    const groups = await client().listSponsoredDisplay('adGroups', '42', {
      campaignIds: ['300000000002'],
    });
    expect(groups.map((g) => [g.adGroupId, g.name])).toEqual([
      [400_000_000_004, 'Display group 3'],
      [400_000_000_005, 'Display group 4'],
    ]);
    expect(standin.requestsTo('/sd/adGroups').at(-1)!.query).toEqual({
      startIndex: '2',
      count: '100',
      campaignIdFilter: '300000000002',
    });
  });

  it('a refused token is UNAUTHORIZED; a profile the token cannot use a 403', async () => {
    for (const list of ['campaigns', 'adGroups'] as const)
      await expect(client('Atza|bad').listSponsoredDisplay(list, '42')).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    await expect(client().listSponsoredDisplay('campaigns', '43')).rejects.toMatchObject({
      code: 'HTTP',
      status: 403,
    });
  });

  it("a state in the wrong case is refused with Amazon's words", async () => {
    await expect(
      client().listSponsoredDisplay('campaigns', '42', { states: ['ENABLED'] }),
    ).rejects.toMatchObject({
      code: 'HTTP',
      status: 400,
      providerMessage: 'stateFilter takes enabled, paused, archived',
    });
  });
});

describe('AmazonAdsClient.deliveryReport (Reporting v3, pull_performance_metrics)', () => {
  const spec: AmazonReportSpec = {
    adProduct: 'SPONSORED_PRODUCTS',
    reportTypeId: 'spCampaigns',
    groupBy: 'campaign',
    idColumn: 'campaignId',
    conversionsColumn: 'purchases7d',
  };
  const fast = (maxWaitMs = 2_000) =>
    client(undefined, undefined, { reportPolling: { maxWaitMs, firstPollMs: 5 } });

  it('requests the report, polls it until COMPLETED and reads the gzipped JSON rows by id', async () => {
    const before = standin.requests.length;
    const delivery = await fast().deliveryReport('42', spec, '2026-03-01', '2026-03-30');
    expect(Object.fromEntries(delivery)).toEqual({
      '1': { impressions: 5400, clicks: 61, cost: 48.27, conversions: 4 },
      '2': { impressions: 10, clicks: 0, cost: 0, conversions: 0 },
    });
    const calls = standin.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    const id = calls[1]!.split('/').at(-1)!;
    expect(calls).toEqual([
      'POST /reporting/reports',
      `GET /reporting/reports/${id}`,
      `GET /reporting/reports/${id}`,
      `GET /reporting/reports/${id}`,
      `GET /reports-download/${id}.json.gz`,
    ]);
  });

  it('a column the report type does not allow is refused (400)', async () => {
    const error = await fast()
      .deliveryReport('42', { ...spec, conversionsColumn: 'purchases' }, '2026-03-01', '2026-03-30')
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^Amazon Ads answered 400: Invalid column purchases/);
  });

  it('a FAILED report is a ReportError with its failure reason', async () => {
    standin.endNextReportWith('failed');
    const error = await fast()
      .deliveryReport('42', spec, '2026-03-01', '2026-03-30')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReportError);
    expect((error as Error).message).toMatch(
      /^Amazon Ads report [0-9a-f-]{36} failed \(FAILED\): Report generation failed: internal error$/,
    );
  });

  it('a report still processing at the end of the wait is a TIMEOUT ReportError', async () => {
    standin.endNextReportWith('stuck');
    const error = await fast(80)
      .deliveryReport('42', spec, '2026-03-01', '2026-03-30')
      .catch((e: unknown) => e);
    expect((error as ReportError).reason).toBe('TIMEOUT');
    expect((error as Error).message).toMatch(
      /^Amazon Ads report [0-9a-f-]{36} was not ready after 80 ms \(still PROCESSING\): sync again later$/,
    );
  });
});
