import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmazonAdsStandin } from '../../../../tests/standins/amazon-ads';
import { AmazonAdsClient } from './client';

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
    },
  },
});

const client = (token = 'Atza|ok', clientId = 'amzn1.application-oa2-client.x') =>
  new AmazonAdsClient({ baseUrl: standin.url, clientId, getAccessToken: async () => token });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('AmazonAdsClient', () => {
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
