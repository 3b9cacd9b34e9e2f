import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapchatStandin } from '../../../../tests/standins/snapchat';
import { SnapchatClient } from './client';

const standin = new SnapchatStandin({
  validTokens: ['snap-ok'],
  maxPageSize: 2,
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

const client = (token = 'snap-ok') =>
  new SnapchatClient({ baseUrl: standin.apiUrl, getAccessToken: async () => token });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('SnapchatClient', () => {
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
    await expect(client('snap-bad').list('campaigns', 'acc-1')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(client().list('campaigns', 'acc-9')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerMessage: 'Ad account acc-9 not found',
    });
  });
});
