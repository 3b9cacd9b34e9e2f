import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetaStandin } from '../../../../tests/standins/meta';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { MetaClient, type MetaClientOptions } from './client';

const standin = new MetaStandin({
  validTokens: ['EAAB-ok', 'EAAB-fresh'],
  me: { id: '10158', name: 'Acme Ads Bot' },
  adAccounts: [
    ...Array.from({ length: 240 }, (_, i) => ({ account_id: String(5000 + i), name: `Acme market ${i}` })),
    {
      account_id: '777',
      name: 'Acme Retail',
      currency: 'EUR',
      pixels: [
        { id: '990001', name: 'Retail site' },
        { id: '990002', name: 'Retail app' },
      ],
    },
  ],
});

function client(overrides: Partial<MetaClientOptions> = {}) {
  return new MetaClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.graphUrl,
    getAccessToken: async () => 'EAAB-ok',
    ...overrides,
  });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('MetaClient', () => {
  it('says who the token belongs to', async () => {
    expect(await client().whoAmI()).toEqual({ id: '10158', name: 'Acme Ads Bot' });
  });

  it('lists every ad account across cursor pages', async () => {
    const accounts = await client().listAdAccounts();
    expect(accounts).toHaveLength(241);
    expect(accounts[0]).toEqual({
      id: 'act_5000',
      account_id: '5000',
      name: 'Acme market 0',
      account_status: 1,
      currency: 'USD',
    });
    expect(accounts.at(-1)).toMatchObject({ id: 'act_777', name: 'Acme Retail', currency: 'EUR' });
    const calls = standin.requestsTo('/v23.0/me/adaccounts');
    expect(calls).toHaveLength(3);
    expect(calls[0]!.query.after).toBeUndefined();
    expect(calls[1]!.query.after).toBeTruthy();
  });

  it('lists the pixels of an ad account, with or without the act_ prefix', async () => {
    const expected = [
      { id: '990001', name: 'Retail site' },
      { id: '990002', name: 'Retail app' },
    ];
    expect(await client().listPixels('act_777')).toEqual(expected);
    expect(await client().listPixels('777')).toEqual(expected);
    expect(await client().listPixels('5001')).toEqual([]);
  });

  it('treats error code 190 as an expired token: refreshes once and retries', async () => {
    const tokens = rotatingToken('EAAB-expired', 'EAAB-fresh');
    expect(await client(tokens).listPixels('777')).toHaveLength(2);
    expect(tokens.refreshes).toBe(1);
  });

  it('fails with UNAUTHORIZED and the Graph message when the token stays refused', async () => {
    const tokens = rotatingToken('EAAB-expired', 'EAAB-revoked');
    await expect(client(tokens).whoAmI()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 400,
      providerCode: '190',
      providerMessage: 'Error validating access token: Session has expired.',
    });
    expect(tokens.refreshes).toBe(1);
  });

  it('maps a Graph error on an unknown ad account without retrying', async () => {
    const tokens = rotatingToken('EAAB-ok', 'EAAB-fresh');
    const error = await client(tokens)
      .listPixels('act_123')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'HTTP', status: 400, providerCode: '100', provider: 'meta' });
    expect((error as Error).message).toContain("Object with ID 'act_123' does not exist");
    expect(tokens.refreshes).toBe(0);
  });

  it('refuses an answer without the documented shape', async () => {
    standin.injectOnce({
      path: '/v23.0/me/adaccounts',
      answer: { status: 200, body: { data: [{ id: '5000', account_id: '5000' }] } },
    });
    await expect(client().listAdAccounts()).rejects.toMatchObject({ code: 'MALFORMED', provider: 'meta' });
  });
});

describe('MetaClient.listInsights (pull_performance_metrics)', () => {
  const graph = new MetaStandin({
    validTokens: ['EAAB-ok'],
    me: { id: '1', name: 'Bot' },
    adAccounts: [
      {
        account_id: '4242',
        name: 'Acme',
        objects: {
          adsets: Array.from({ length: 250 }, (_, i) => ({ id: String(7000 + i), name: `Set ${i}` })),
        },
        // Every other ad set delivered.
        insights: Object.fromEntries(
          Array.from({ length: 250 }, (_, i) => i)
            .filter((i) => i % 2 === 0)
            .map((i) => [
              String(7000 + i),
              { impressions: String(i * 10), clicks: String(i), spend: `${i}.5` },
            ]),
        ),
      },
    ],
  });
  const insightsClient = () =>
    new MetaClient({
      fetch: localOutbound.fetch,
      baseUrl: graph.graphUrl,
      getAccessToken: async () => 'EAAB-ok',
    });

  beforeAll(() => graph.start());
  afterAll(() => graph.close());

  it('reads every page of the ad account Insights at the level, over the preset', async () => {
    const rows = await insightsClient().listInsights(
      'act_4242',
      'adset',
      ['impressions', 'clicks', 'spend'],
      'last_30d',
    );
    // Ad sets that delivered nothing have no row.
    expect(rows.map((r) => r.adset_id)).toEqual(Array.from({ length: 125 }, (_, i) => String(7000 + i * 2)));
    expect(rows[1]).toMatchObject({ adset_id: '7002', impressions: '20', clicks: '2', spend: '2.5' });
    expect(rows[1]!.date_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const calls = graph.requestsTo('/v23.0/act_4242/insights');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.query).toMatchObject({
      level: 'adset',
      date_preset: 'last_30d',
      fields: 'adset_id,impressions,clicks,spend',
      limit: '100',
    });
    expect(calls[0]!.query.after).toBeUndefined();
    expect(calls[1]!.query.after).toBeTruthy();
  });

  it('answers Graph words for a period it does not know', async () => {
    await expect(
      insightsClient().listInsights('4242', 'campaign', ['impressions'], 'last_31d'),
    ).rejects.toMatchObject({ code: 'HTTP', status: 400, providerCode: '100' });
  });
});
