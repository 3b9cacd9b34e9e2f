import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PinterestStandin } from '../../../../tests/standins/pinterest';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
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
  return new PinterestClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.apiUrl,
    getAccessToken: async () => 'pin-ok',
    ...overrides,
  });
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

describe('PinterestClient.analytics (pull_performance_metrics)', () => {
  const ids = Array.from({ length: 150 }, (_, i) => String(626_000 + i));
  const reporting = new PinterestStandin({
    validTokens: ['pin-ok'],
    adAccounts: [
      { id: '5497', name: 'Acme', objects: { ad_groups: ids.map((id) => ({ id, status: 'ACTIVE' })) } },
    ],
    // Every third ad group delivered.
    analytics: Object.fromEntries(
      ids
        .filter((_, i) => i % 3 === 0)
        .map((id) => [id, { IMPRESSION_1: 10, CLICKTHROUGH_1: 2, SPEND_IN_MICRO_DOLLAR: 1_500_000 }]),
    ),
  });
  const analyticsClient = () =>
    new PinterestClient({
      fetch: localOutbound.fetch,
      baseUrl: reporting.apiUrl,
      getAccessToken: async () => 'pin-ok',
    });

  beforeAll(() => reporting.start());
  afterAll(() => reporting.close());

  it('asks 100 ids a call, TOTAL granularity, and answers the rows by id', async () => {
    const rows = await analyticsClient().analytics(
      '5497',
      'ad_groups',
      ids,
      ['IMPRESSION_1', 'CLICKTHROUGH_1', 'SPEND_IN_MICRO_DOLLAR'],
      '2026-03-01',
      '2026-03-30',
    );
    expect(rows.size).toBe(50);
    expect(rows.get('626003')).toEqual({
      AD_GROUP_ID: '626003',
      IMPRESSION_1: 10,
      CLICKTHROUGH_1: 2,
      SPEND_IN_MICRO_DOLLAR: 1_500_000,
    });
    const calls = reporting.requestsTo('/v5/ad_accounts/5497/ad_groups/analytics');
    expect(calls.map((c) => c.query.ad_group_ids!.split(',').length)).toEqual([100, 50]);
    expect(calls[0]!.query).toMatchObject({
      start_date: '2026-03-01',
      end_date: '2026-03-30',
      columns: 'AD_GROUP_ID,IMPRESSION_1,CLICKTHROUGH_1,SPEND_IN_MICRO_DOLLAR',
      granularity: 'TOTAL',
    });
  });

  it('a period Pinterest refuses is a 400 with its words', async () => {
    await expect(
      analyticsClient().analytics(
        '5497',
        'ad_groups',
        ids.slice(0, 1),
        ['IMPRESSION_1'],
        '2026-03-30',
        '2026-03-01',
      ),
    ).rejects.toMatchObject({ code: 'HTTP', status: 400 });
  });
});
