import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleAdsStandin } from '../../../../tests/standins/google-ads';
import { localOutbound } from '../../test/local-outbound';
import { GoogleAdsClient } from './client';

const standin = new GoogleAdsStandin({
  validTokens: ['ya29.ok'],
  developerToken: 'dev-1',
  batchSize: 2,
  customers: {
    '1234567890': {
      ad_group: Array.from({ length: 5 }, (_, i) => ({
        'ad_group.id': String(300 + i),
        'ad_group.name': i === 3 ? "Kids' 50%_off" : `Group ${i}`,
        'campaign.id': '9001',
      })),
    },
  },
});

const client = (token = 'ya29.ok', developerToken = 'dev-1') =>
  new GoogleAdsClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.apiUrl,
    developerToken,
    getAccessToken: async () => token,
  });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('GoogleAdsClient', () => {
  it('joins every batch of the stream, rows nested as the REST API answers them', async () => {
    const rows = await client().searchStream(
      '123-456-7890',
      'SELECT ad_group.id, ad_group.name FROM ad_group',
    );
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({ adGroup: { id: '300', name: 'Group 0' } });
    expect(standin.batchesAnswered).toBe(3);
  });

  it('a LIKE with escaped wildcards and quotes matches the literal name', async () => {
    const rows = await client().searchStream(
      '1234567890',
      "SELECT ad_group.id FROM ad_group WHERE ad_group.name LIKE '%Kids\\' 50[%][_]off%'",
    );
    expect(rows).toEqual([{ adGroup: { id: '303' } }]);
  });

  it('a refused token is UNAUTHORIZED; a wrong developer token a 403 with Google words', async () => {
    await expect(
      client('ya29.bad').searchStream('1234567890', 'SELECT ad_group.id FROM ad_group'),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerCode: 'UNAUTHENTICATED',
    });
    await expect(
      client('ya29.ok', 'dev-2').searchStream('1234567890', 'SELECT ad_group.id FROM ad_group'),
    ).rejects.toMatchObject({
      code: 'HTTP',
      status: 403,
      providerMessage: 'The developer token is not valid.',
    });
  });
});

describe('GoogleAdsClient.searchStream with metrics (pull_performance_metrics)', () => {
  const reporting = new GoogleAdsStandin({
    validTokens: ['ya29.ok'],
    developerToken: 'dev-1',
    batchSize: 2,
    customers: {
      '1234567890': {
        ad_group_ad: ['1', '2', '3'].map((id) => ({
          'ad_group_ad.ad.id': id,
          'metrics.impressions': id === '2' ? '0' : `${id}000`,
          'metrics.cost_micros': '1500000',
        })),
      },
    },
  });
  const gads = () =>
    new GoogleAdsClient({
      fetch: localOutbound.fetch,
      baseUrl: reporting.apiUrl,
      developerToken: 'dev-1',
      getAccessToken: async () => 'ya29.ok',
    });

  beforeAll(() => reporting.start());
  afterAll(() => reporting.close());

  it('one row per resource over the date range, batches joined, zero metrics left out as REST does', async () => {
    const rows = await gads().searchStream(
      '1234567890',
      'SELECT ad_group_ad.ad.id, metrics.impressions, metrics.cost_micros FROM ad_group_ad WHERE segments.date DURING LAST_30_DAYS',
    );
    expect(rows).toEqual([
      { adGroupAd: { ad: { id: '1' } }, metrics: { impressions: '1000', costMicros: '1500000' } },
      { adGroupAd: { ad: { id: '2' } }, metrics: { costMicros: '1500000' } },
      { adGroupAd: { ad: { id: '3' } }, metrics: { impressions: '3000', costMicros: '1500000' } },
    ]);
    expect(reporting.batchesAnswered).toBe(2);
  });

  it('a date range GAQL does not define is INVALID_ARGUMENT', async () => {
    await expect(
      gads().searchStream(
        '1234567890',
        'SELECT ad_group_ad.ad.id FROM ad_group_ad WHERE segments.date DURING LAST_31_DAYS',
      ),
    ).rejects.toMatchObject({ code: 'HTTP', status: 400, providerCode: 'INVALID_ARGUMENT' });
  });
});
