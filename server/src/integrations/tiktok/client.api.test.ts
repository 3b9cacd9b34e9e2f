import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TikTokStandin } from '../../../../tests/standins/tiktok';
import { TikTokClient } from './client';

const standin = new TikTokStandin({
  app: { appId: 'app', secret: 'secret' },
  advertiserIds: ['7001'],
  validTokens: ['tt-ok'],
  maxPageSize: 3,
  objects: {
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

const client = (token = 'tt-ok') =>
  new TikTokClient({ baseUrl: `${standin.url}/open_api/v1.3`, getAccessToken: async () => token });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('TikTokClient', () => {
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
    await expect(client('tt-revoked').listObjects('ad', '7001', ['ad_id'])).rejects.toMatchObject({
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
