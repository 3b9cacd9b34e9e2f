import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KochavaStandin } from '../../../../tests/standins/kochava';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { localOutbound } from '../../test/local-outbound';
import { KochavaClient, type KochavaClientOptions } from './client';

const standin = new KochavaStandin({
  validKeys: ['kochava-key-ok', 'kochava-key-rotated'],
  appGroups: [
    {
      id: 123,
      name: 'Acme Shopping',
      account_id: 5899,
      apps: [
        { app_id: 24171, name: 'Acme Shopping - iOS', platform: 'ios' },
        { app_id: 26538, name: 'Acme Shopping - Android', platform: 'android' },
      ],
    },
    { id: 124, name: 'Acme Rewards', account_id: 5899, apps: [] },
    { id: 125, name: 'Archived group', account_id: 5899, apps: [], is_active: false },
  ],
});

function client(overrides: Partial<KochavaClientOptions> = {}) {
  return new KochavaClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.apiUrl,
    getAccessToken: async () => 'kochava-key-ok',
    ...overrides,
  });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('KochavaClient', () => {
  it('lists the active app groups as data with id and name', async () => {
    expect(await client().listAppGroups()).toEqual([
      { id: 123, name: 'Acme Shopping' },
      { id: 124, name: 'Acme Rewards' },
    ]);
  });

  it('reads one app group with its apps', async () => {
    const group = await client().getAppGroup(123);
    expect(group.apps.map((a) => a.platform)).toEqual(['ios', 'android']);
  });

  it('sends the key in Authentication-Key and re-reads a rotated key once when refused', async () => {
    const keys = rotatingToken('kochava-key-old', 'kochava-key-rotated');
    expect(await client(keys).listAppGroups()).toHaveLength(2);
    expect(keys.refreshes).toBe(1);
    await expect(client({ getAccessToken: async () => 'wrong' }).listAppGroups()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerMessage: 'Invalid Authentication-Key',
    });
  });

  it('maps an unknown app group to a ProviderError with the provider message', async () => {
    await expect(client().getAppGroup(999)).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      provider: 'kochava',
      providerMessage: 'App Group 999 not found',
    });
  });

  it('refuses an answer without the documented shape', async () => {
    standin.injectOnce({
      path: '/v1/groups',
      answer: { status: 200, body: { data: [{ id: '123', name: 'x' }] } },
    });
    await expect(client().listAppGroups()).rejects.toMatchObject({ code: 'MALFORMED' });
  });
});
