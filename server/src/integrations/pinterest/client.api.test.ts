import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinterestStandin } from '../../../../tests/standins/pinterest';
import { PinterestClient } from './client';

const standin = new PinterestStandin({
  validTokens: ['pina-ok'],
  maxPageSize: 2,
  adAccounts: [
    {
      id: '5497',
      name: 'Acme Pins',
      objects: {
        ads: Array.from({ length: 6 }, (_, i) => ({
          id: String(800 + i),
          name: `Pin ad ${i}`,
          status: i === 5 ? 'ARCHIVED' : 'ACTIVE',
          campaign_id: i < 4 ? '1' : '2',
        })),
      },
    },
  ],
});

const client = (token = 'pina-ok') =>
  new PinterestClient({ baseUrl: standin.apiUrl, getAccessToken: async () => token });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('PinterestClient', () => {
  it('sends campaign ids and statuses as repeated parameters and follows the bookmark', async () => {
    const ads = await client().listObjects('5497', 'ads', {
      campaignIds: ['1', '2'],
      entityStatuses: ['ACTIVE'],
    });
    expect(ads.map((a) => a.id)).toEqual(['800', '801', '802', '803', '804']);
    expect(standin.requestsTo('/v5/ad_accounts/5497/ads')).toHaveLength(3);
  });

  it('lists the ad accounts of the token', async () => {
    expect(await client().listAdAccounts()).toEqual([
      { id: '5497', name: 'Acme Pins', country: 'US', currency: 'USD' },
    ]);
  });

  it('a refused token is UNAUTHORIZED with Pinterest words', async () => {
    await expect(client('pina-bad').listAdAccounts()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerMessage: 'Authentication failed.',
    });
  });
});
