import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TikTokStandin } from '../../../../tests/standins/tiktok';
import { rotatingToken } from '../../../../tests/standins/token-source';
import { TikTokClient, type TikTokClientOptions } from './client';

const standin = new TikTokStandin({
  app: { appId: 'app', secret: 'secret' },
  advertiserIds: ['7100'],
  validTokens: ['tt-ok', 'tt-fresh'],
  objects: {
    '7100': {
      campaign: [{ campaign_id: '1701', campaign_name: 'Spring', budget: 100 }],
      adgroup: [{ adgroup_id: '1801', adgroup_name: 'Group', campaign_id: '1701' }],
    },
  },
});

function client(overrides: Partial<TikTokClientOptions> = {}) {
  return new TikTokClient({
    baseUrl: `${standin.url}/open_api/v1.3`,
    getAccessToken: async () => 'tt-ok',
    ...overrides,
  });
}

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('TikTokClient', () => {
  it('reads objects by id with the fields asked for; an unknown id is simply absent', async () => {
    expect(await client().get('campaign', '7100', ['1701', '999'], ['campaign_id', 'campaign_name'])).toEqual(
      [{ campaign_id: '1701', campaign_name: 'Spring' }],
    );
    const [call] = standin.requestsTo('/open_api/v1.3/campaign/get/');
    expect(JSON.parse(call!.query.filtering!)).toEqual({ campaign_ids: ['1701', '999'] });
  });

  it('updates an object, and TikTok codes become errors with its message', async () => {
    await client().update('adgroup', '7100', { adgroup_id: '1801', adgroup_name: 'Group v2' });
    expect(standin.objectsOf('7100', 'adgroup')[0]!.adgroup_name).toBe('Group v2');
    await expect(
      client().update('adgroup', '7100', { adgroup_id: '404', adgroup_name: 'x' }),
    ).rejects.toMatchObject({
      code: 'HTTP',
      status: 400,
      providerCode: '40002',
      provider: 'tiktok',
    });
  });

  it('a refused token (code 40105 in a 200 answer) refreshes once, then fails UNAUTHORIZED', async () => {
    const fresh = rotatingToken('tt-expired', 'tt-fresh');
    expect(await client(fresh).get('campaign', '7100', ['1701'], ['campaign_id'])).toHaveLength(1);
    expect(fresh.refreshes).toBe(1);
    const revoked = rotatingToken('tt-expired', 'tt-revoked');
    await expect(client(revoked).get('campaign', '7100', ['1701'], ['campaign_id'])).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerCode: '40105',
    });
  });

  it('refuses an answer without the documented list', async () => {
    standin.injectOnce({
      path: '/open_api/v1.3/campaign/get/',
      answer: { status: 200, body: { code: 0, message: 'OK', data: {} } },
    });
    await expect(client().get('campaign', '7100', ['1701'], ['campaign_id'])).rejects.toMatchObject({
      code: 'MALFORMED',
    });
  });
});
