import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapchatStandin } from '../../../../tests/standins/snapchat';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { SnapchatClient, type SnapchatClientOptions } from './client';

const standin = new SnapchatStandin({
  validTokens: ['snap-ok', 'snap-fresh'],
  maxPageSize: 2,
  entities: {
    campaigns: [
      { id: 'c1', name: 'Spring', status: 'ACTIVE', ad_account_id: 'acc1', daily_budget_micro: 5000000 },
    ],
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
            media: Array.from({ length: 5 }, (_, i) => ({ id: `m-${i}`, name: `Video ${i}`, type: 'VIDEO' })),
          },
        },
        { id: 'acc-2', name: 'Acme EU' },
      ],
    },
  ],
});

function client(overrides: Partial<SnapchatClientOptions> = {}) {
  return new SnapchatClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.apiUrl,
    getAccessToken: async () => 'snap-ok',
    ...overrides,
  });
}

const withToken = (token: string) => client({ getAccessToken: async () => token });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('SnapchatClient', () => {
  it('reads an entity out of its wrapper and puts it back whole under its parent', async () => {
    const campaign = await client().get('campaigns', 'c1');
    expect(campaign).toMatchObject({ id: 'c1', name: 'Spring', ad_account_id: 'acc1' });
    await client().update('campaigns', { ...campaign, name: 'Spring v2', daily_budget_micro: 6000000 });
    expect(standin.entity('campaigns', 'c1')).toMatchObject({
      name: 'Spring v2',
      daily_budget_micro: 6000000,
    });
    expect(standin.requestsTo('/v1/adaccounts/acc1/campaigns')).toHaveLength(1);
  });

  it('an unknown id is a 404 with Snapchat’s message', async () => {
    await expect(client().get('campaigns', 'nope')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerCode: 'E3003',
      provider: 'snapchat',
    });
  });

  it('a refused token refreshes once, then fails UNAUTHORIZED', async () => {
    const fresh = rotatingToken('snap-expired', 'snap-fresh');
    expect((await client(fresh).get('campaigns', 'c1')).id).toBe('c1');
    expect(fresh.refreshes).toBe(1);
    await expect(
      client(rotatingToken('snap-expired', 'snap-revoked')).get('campaigns', 'c1'),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
    });
  });

  it('refuses an answer without the documented wrapper', async () => {
    standin.injectOnce({ path: '/v1/campaigns/c1', answer: { status: 200, body: { campaigns: 'none' } } });
    await expect(client().get('campaigns', 'c1')).rejects.toMatchObject({ code: 'MALFORMED' });
  });

  it('unwraps the objects and follows the cursor of next_link to the end', async () => {
    const media = await client().list('media', 'acc-1');
    expect(media.map((m) => m.id)).toEqual(['m-0', 'm-1', 'm-2', 'm-3', 'm-4']);
    const calls = standin.requestsTo('/v1/adaccounts/acc-1/media');
    expect(calls).toHaveLength(3);
    expect(calls[0]!.query.cursor).toBeUndefined();
    expect(calls[1]!.query.cursor).toBeTruthy();
  });

  it('lists organizations of the token and ad accounts of an organization', async () => {
    expect((await client().list('organizations', '')).map((o) => o.id)).toEqual(['org-1']);
    expect((await client().list('adaccounts', 'org-1')).map((a) => a.name)).toEqual(['Acme US', 'Acme EU']);
  });

  it('a refused token is UNAUTHORIZED; an unknown ad account a 404 with Snapchat words', async () => {
    await expect(withToken('snap-bad').list('campaigns', 'acc-1')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(client().list('campaigns', 'acc-9')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerMessage: 'Ad account acc-9 not found',
    });
  });
});

describe('SnapchatClient.stats (pull_performance_metrics)', () => {
  const measuring = new SnapchatStandin({
    validTokens: ['snap-ok'],
    organizations: [
      {
        id: 'org-1',
        name: 'Acme',
        adAccounts: [
          {
            id: 'acc-1',
            name: 'Acme US',
            objects: {
              campaigns: [{ id: 'c-1' }, { id: 'c-2' }],
              ads: [{ id: 'a-1', ad_squad_id: 'sq-1' }],
            },
          },
        ],
      },
    ],
    stats: {
      'c-1': { impressions: 98000, swipes: 1500, spend: 245_500_000 },
      'a-1': { impressions: 7, swipes: 0, spend: 1 },
    },
  });
  const statsClient = () =>
    new SnapchatClient({
      fetch: localOutbound.fetch,
      baseUrl: measuring.apiUrl,
      getAccessToken: async () => 'snap-ok',
    });
  const start = new Date('2026-03-01T00:00:00.000Z');
  const end = new Date('2026-03-31T00:00:00.000Z');

  beforeAll(() => measuring.start());
  afterAll(() => measuring.close());

  it("answers the ad account's TOTAL stats broken down by campaign, by campaign id", async () => {
    const stats = await statsClient().stats(
      'acc-1',
      'campaign',
      ['impressions', 'swipes', 'spend'],
      start,
      end,
    );
    expect([...stats]).toEqual([['c-1', { impressions: 98000, swipes: 1500, spend: 245_500_000 }]]);
    expect(measuring.requestsTo('/v1/adaccounts/acc-1/stats')[0]!.query).toEqual({
      granularity: 'TOTAL',
      breakdown: 'campaign',
      fields: 'impressions,swipes,spend',
      start_time: '2026-03-01T00:00:00.000Z',
      end_time: '2026-03-31T00:00:00.000Z',
    });
  });

  it('refuses times off the hour with Snapchat words', async () => {
    await expect(
      statsClient().stats('acc-1', 'ad', ['impressions'], new Date('2026-03-01T00:30:00Z'), end),
    ).rejects.toMatchObject({ code: 'HTTP', status: 400 });
  });
});
