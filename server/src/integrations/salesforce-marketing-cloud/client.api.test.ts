import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SfmcStandin } from '../../../../tests/standins/salesforce-marketing-cloud';
import { SfmcClient } from './client';

const standin = new SfmcStandin({
  clientId: 'mc-client',
  clientSecret: 'mc-secret',
  maxPageSize: 2,
  dataExtensions: {
    Assets: {
      primaryKey: ['AssetId'],
      rows: Array.from({ length: 5 }, (_, i) => ({ AssetId: String(i + 1), Name: `Asset ${i + 1}` })),
    },
  },
});

const client = (secret = 'mc-secret') =>
  new SfmcClient({ authUrl: standin.url, restUrl: standin.url, clientId: 'mc-client', clientSecret: secret });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('SfmcClient', () => {
  it('signs in once and reads every page of a data extension', async () => {
    const rows = await client().rows('Assets');
    expect(rows).toHaveLength(5);
    expect(rows[4]).toEqual({ keys: { assetid: '5' }, values: { assetid: '5', name: 'Asset 5' } });
    expect(standin.requestsTo('/v2/token')).toHaveLength(1);
    expect(
      standin.requestsTo('/data/v1/customobjectdata/key/Assets/rowset').map((r) => r.query.$page),
    ).toEqual(['1', '2', '3']);
  });

  it('a refused client secret is UNAUTHORIZED with the grant error', async () => {
    await expect(client('wrong').rows('Assets')).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      providerMessage: 'Client authentication failed.',
    });
  });

  it('an unknown data extension answers Marketing Cloud 404 with its message', async () => {
    await expect(client().rows('Nope')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerMessage: 'Data extension Nope not found',
    });
  });
});
