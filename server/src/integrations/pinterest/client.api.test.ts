import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinterestStandin } from '../../../../tests/standins/pinterest';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { PinterestClient, type PinterestClientOptions } from './client';

const standin = new PinterestStandin({
  validTokens: ['pin-ok', 'pin-fresh'],
  maxPageSize: 2,
  adAccounts: [
    {
      id: '5497',
      name: 'Acme Pins',
      objects: {
        ad_groups: [{ id: 'g1', name: 'Group', status: 'ACTIVE', budget_in_micro_currency: 1000 }],
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

function client(overrides: Partial<PinterestClientOptions> = {}) {
  return new PinterestClient({ baseUrl: standin.apiUrl, getAccessToken: async () => 'pin-ok', ...overrides });
}

const withToken = (token: string) => client({ getAccessToken: async () => token });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('PinterestClient', () => {
  it('reads an ad group and patches only the fields given', async () => {
    expect(await client().get('5497', 'ad_groups', 'g1')).toMatchObject({ id: 'g1', name: 'Group' });
    await client().update('5497', 'ad_groups', 'g1', { budget_in_micro_currency: 2000 });
    expect(standin.object('5497', 'ad_groups', 'g1')).toMatchObject({
      name: 'Group',
      budget_in_micro_currency: 2000,
    });
  });

  it('an unknown object is a 404; an item Pinterest refuses in a bulk update is an HTTP 400 error', async () => {
    await expect(client().get('5497', 'ad_groups', 'nope')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
    });
    await expect(
      client().update('5497', 'ad_groups', 'g1', { objective_type: 'AWARENESS' }),
    ).rejects.toMatchObject({
      code: 'HTTP',
      status: 400,
      providerMessage: 'objective_type cannot be updated',
    });
  });

  it('a refused token refreshes once, then fails UNAUTHORIZED', async () => {
    const fresh = rotatingToken('pin-expired', 'pin-fresh');
    expect((await client(fresh).get('5497', 'ad_groups', 'g1')).id).toBe('g1');
    expect(fresh.refreshes).toBe(1);
    await expect(
      client(rotatingToken('pin-expired', 'pin-revoked')).get('5497', 'ad_groups', 'g1'),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', providerMessage: 'Authentication failed.' });
  });

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
    await expect(withToken('pina-bad').listAdAccounts()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerMessage: 'Authentication failed.',
    });
  });
});
