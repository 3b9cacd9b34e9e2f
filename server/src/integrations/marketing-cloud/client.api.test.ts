import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketingCloudStandin } from '../../../../tests/standins/marketing-cloud';
import { localOutbound } from '../../test/local-outbound';
import { MarketingCloudClient } from './client';

const standin = new MarketingCloudStandin({
  clientId: 'mc-id',
  clientSecret: 'mc-secret-value',
  dataExtensions: [
    { key: 'Leads', columns: ['Email', 'Name'], primaryKey: ['Email'] },
    {
      key: 'Assets',
      primaryKey: ['AssetId'],
      rows: Array.from({ length: 5 }, (_, i) => ({ AssetId: String(i + 1), Name: `Asset ${i + 1}` })),
    },
  ],
  pendingReads: 1,
  maxPageSize: 2,
});

const client = (secret = 'mc-secret-value') =>
  new MarketingCloudClient({
    fetch: localOutbound.fetch,
    authUrl: standin.authUrl,
    restUrlFor: (instanceUrl) => instanceUrl.replace(/\/+$/, ''),
    clientId: 'mc-id',
    getClientSecret: async () => secret,
    accountId: '5140',
  });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('MarketingCloudClient', () => {
  it('gets a token once, upserts rows and follows the request to Complete', async () => {
    const before = standin.issued;
    const mc = client();
    const requestId = await mc.upsertRows('Leads', [
      { Email: 'a@acme.com', Name: 'A' },
      { Email: 'b@acme.com', Name: 'B' },
    ]);
    expect(await mc.requestStatus(requestId)).toEqual({ requestStatus: 'Pending', hasErrors: false });
    expect(await mc.requestStatus(requestId)).toEqual({ requestStatus: 'Complete', hasErrors: false });
    expect(standin.issued - before).toBe(1);
    await mc.upsertRows('Leads', [{ Email: 'a@acme.com', Name: 'A2' }]);
    expect([...standin.rows.get('Leads')!.values()]).toEqual([
      { Email: 'a@acme.com', Name: 'A2' },
      { Email: 'b@acme.com', Name: 'B' },
    ]);
    expect(standin.requestsTo('/data/v1/async/dataextensions/key:Leads/rows')).toHaveLength(2);
  });

  it('reports the rows Marketing Cloud refused', async () => {
    const mc = client();
    const requestId = await mc.upsertRows('Leads', [{ Email: '', Name: 'no key' }, { Phone: '1' }]);
    await mc.requestStatus(requestId);
    expect(await mc.requestStatus(requestId)).toEqual({ requestStatus: 'Complete', hasErrors: true });
    expect(await mc.requestErrors(requestId)).toEqual([
      'Primary key Email is required.',
      'The column Phone does not exist in the data extension.',
    ]);
  });

  it('asks for a new token when the REST API refuses one', async () => {
    const mc = client();
    await mc.upsertRows('Leads', [{ Email: 'c@acme.com', Name: 'C' }]);
    const issued = standin.issued;
    standin.revokeCredential(`sfmc-token-${issued}`);
    await mc.upsertRows('Leads', [{ Email: 'd@acme.com', Name: 'D' }]);
    expect(standin.issued).toBe(issued + 1);
  });

  it('a refused client secret is UNAUTHORIZED, the secret never in the message', async () => {
    const error = await client('wrong-secret-value')
      .upsertRows('Leads', [{ Email: 'e@acme.com' }])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      providerMessage: 'Client authentication failed.',
    });
    expect(String((error as Error).message)).not.toContain('wrong-secret-value');
  });

  it('an unknown data extension key is 404 with its message', async () => {
    await expect(client().upsertRows('Nope', [{ Email: 'x@acme.com' }])).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerMessage: 'Unable to find a data extension with external key Nope.',
    });
  });
  it('signs in once and reads every page of a data extension', async () => {
    const before = standin.requestsTo('/v2/token').length;
    const rows = await client().rows('Assets');
    expect(rows).toHaveLength(5);
    expect(rows[4]).toEqual({ keys: { assetid: '5' }, values: { assetid: '5', name: 'Asset 5' } });
    expect(standin.requestsTo('/v2/token').length - before).toBe(1);
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
