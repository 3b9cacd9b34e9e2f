import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapchatStandin } from '../../../../tests/standins/snapchat';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { SnapchatClient, type SnapchatClientOptions } from './client';

const standin = new SnapchatStandin({
  validTokens: ['snap-ok', 'snap-fresh'],
  entities: {
    campaigns: [
      { id: 'c1', name: 'Spring', status: 'ACTIVE', ad_account_id: 'acc1', daily_budget_micro: 5000000 },
    ],
  },
});

function client(overrides: Partial<SnapchatClientOptions> = {}) {
  return new SnapchatClient({ baseUrl: standin.apiUrl, getAccessToken: async () => 'snap-ok', ...overrides });
}

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
});
