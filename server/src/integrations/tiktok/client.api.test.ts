import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TikTokStandin } from '../../../../tests/standins/tiktok';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { TikTokClient, type TikTokClientOptions } from './client';

const standin = new TikTokStandin({
  app: { appId: 'app', secret: 'secret' },
  advertiserIds: ['7100', '7001'],
  validTokens: ['tt-ok', 'tt-fresh'],
  maxPageSize: 3,
  objects: {
    '7100': {
      campaign: [{ campaign_id: '1701', campaign_name: 'Spring', budget: 100 }],
      adgroup: [{ adgroup_id: '1801', adgroup_name: 'Group', campaign_id: '1701' }],
    },
    '7001': {
      ad: Array.from({ length: 7 }, (_, i) => ({
        ad_id: String(100 + i),
        ad_name: `Ad ${i}`,
        campaign_id: i % 2 === 0 ? '1' : '2',
        operation_status: 'ENABLE',
      })),
    },
  },
});

function client(overrides: Partial<TikTokClientOptions> = {}) {
  return new TikTokClient({
    fetch: localOutbound.fetch,
    baseUrl: `${standin.url}/open_api/v1.3`,
    getAccessToken: async () => 'tt-ok',
    ...overrides,
  });
}

const withToken = (token: string) => client({ getAccessToken: async () => token });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('TikTokClient', () => {
  it('reads objects by id with the fields asked for; an unknown id is simply absent', async () => {
    expect(await client().get('campaign', '7100', ['1701', '999'], ['campaign_id', 'campaign_name'])).toEqual(
      [{ campaign_id: '1701', campaign_name: 'Spring' }],
    );
    const [call] = standin.requestsTo('/open_api/v1.3/campaign/get/');
    expect(JSON.parse(call!.query.filtering!)).toEqual({ campaign_ids: ['1701', '999'] });
  });

  it('updates an object, and TikTok codes become errors with its message', async () => {
    await client().update('adgroup', '7100', { adgroup_id: '1801', adgroup_name: 'Group v2' });
    expect(standin.objectsOf('7100', 'adgroup')[0]!.adgroup_name).toBe('Group v2');
    await expect(
      client().update('adgroup', '7100', { adgroup_id: '404', adgroup_name: 'x' }),
    ).rejects.toMatchObject({
      code: 'HTTP',
      status: 400,
      providerCode: '40002',
      provider: 'tiktok',
    });
  });

  it('a refused token (code 40105 in a 200 answer) refreshes once, then fails UNAUTHORIZED', async () => {
    const fresh = rotatingToken('tt-expired', 'tt-fresh');
    expect(await client(fresh).get('campaign', '7100', ['1701'], ['campaign_id'])).toHaveLength(1);
    expect(fresh.refreshes).toBe(1);
    const revoked = rotatingToken('tt-expired', 'tt-revoked');
    await expect(client(revoked).get('campaign', '7100', ['1701'], ['campaign_id'])).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerCode: '40105',
    });
  });

  it('refuses an answer without the documented list', async () => {
    standin.injectOnce({
      path: '/open_api/v1.3/campaign/get/',
      answer: { status: 200, body: { code: 0, message: 'OK', data: {} } },
    });
    await expect(client().get('campaign', '7100', ['1701'], ['campaign_id'])).rejects.toMatchObject({
      code: 'MALFORMED',
    });
  });

  it('reads every page of a list with the fields and filtering asked for', async () => {
    const ads = await client().listObjects('ad', '7001', ['ad_id', 'ad_name'], { campaign_ids: ['1'] });
    expect(ads).toEqual([
      { ad_id: '100', ad_name: 'Ad 0' },
      { ad_id: '102', ad_name: 'Ad 2' },
      { ad_id: '104', ad_name: 'Ad 4' },
      { ad_id: '106', ad_name: 'Ad 6' },
    ]);
    const calls = standin.requestsTo('/open_api/v1.3/ad/get/');
    expect(calls.map((c) => c.query.page)).toEqual(['1', '2']);
    expect(JSON.parse(calls[0]!.query.filtering!)).toEqual({ campaign_ids: ['1'] });
  });

  it('maps the HTTP-200 error codes: a refused token is UNAUTHORIZED, a bad advertiser a 400', async () => {
    await expect(withToken('tt-revoked').listObjects('ad', '7001', ['ad_id'])).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerCode: '40105',
      providerMessage: 'Access token is incorrect or has been revoked.',
    });
    await expect(client().listObjects('ad', '9999', ['ad_id'])).rejects.toMatchObject({
      code: 'HTTP',
      status: 400,
      providerCode: '40002',
    });
  });

  it('treats a rate limit and a TikTok fault as retryable statuses', async () => {
    for (const [code, status] of [
      [40100, 429],
      [50000, 500],
    ] as const) {
      standin.injectOnce({
        path: '/open_api/v1.3/ad/get/',
        answer: { status: 200, body: { code, message: 'busy', request_id: 'r', data: {} } },
      });
      await expect(client().listObjects('ad', '7001', ['ad_id'])).rejects.toMatchObject({ status });
    }
  });

  it('refuses a success answer without the documented page', async () => {
    standin.injectOnce({
      path: '/open_api/v1.3/ad/get/',
      answer: { status: 200, body: { code: 0, message: 'OK', request_id: 'r', data: { list: [] } } },
    });
    await expect(client().listObjects('ad', '7001', ['ad_id'])).rejects.toMatchObject({ code: 'MALFORMED' });
  });
});

describe('TikTokClient.report (pull_performance_metrics)', () => {
  const reporting = new TikTokStandin({
    app: { appId: 'app', secret: 'secret' },
    advertiserIds: ['7001'],
    validTokens: ['tt-ok'],
    maxPageSize: 2,
    objects: {
      '7001': { adgroup: Array.from({ length: 5 }, (_, i) => ({ adgroup_id: String(900 + i) })) },
    },
    reports: {
      '7001': Object.fromEntries(
        [900, 901, 903, 904].map((id) => [
          String(id),
          { impressions: String(id), clicks: '3', spend: '1.25', conversion: '1' },
        ]),
      ),
    },
  });
  const reportClient = () =>
    new TikTokClient({
      fetch: localOutbound.fetch,
      baseUrl: `${reporting.url}/open_api/v1.3`,
      getAccessToken: async () => 'tt-ok',
    });

  beforeAll(() => reporting.start());
  afterAll(() => reporting.close());

  it('reads every page of a basic report at the object level between two dates', async () => {
    const rows = await reportClient().report(
      'adgroup',
      '7001',
      ['impressions', 'clicks', 'spend', 'conversion'],
      '2026-03-01',
      '2026-03-30',
    );
    expect(rows.map((r) => r.dimensions.adgroup_id)).toEqual(['900', '901', '903', '904']);
    expect(rows[0]!.metrics).toEqual({ impressions: '900', clicks: '3', spend: '1.25', conversion: '1' });
    const calls = reporting.requestsTo('/open_api/v1.3/report/integrated/get/');
    expect(calls.map((c) => c.query.page)).toEqual(['1', '2']);
    expect(calls[0]!.query).toMatchObject({
      advertiser_id: '7001',
      report_type: 'BASIC',
      data_level: 'AUCTION_ADGROUP',
      dimensions: '["adgroup_id"]',
      metrics: '["impressions","clicks","spend","conversion"]',
      start_date: '2026-03-01',
      end_date: '2026-03-30',
      page_size: '1000',
    });
  });

  it("fails with TikTok's words for a metric it does not know", async () => {
    await expect(
      reportClient().report('campaign', '7001', ['clicks', 'made_up'], '2026-03-01', '2026-03-30'),
    ).rejects.toMatchObject({ code: 'HTTP', status: 400, providerCode: '40002' });
  });
});
