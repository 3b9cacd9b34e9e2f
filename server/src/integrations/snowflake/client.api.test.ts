import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnowflakeStandin } from '../../../../tests/standins/snowflake';
import { localOutbound } from '../../test/local-outbound';
import { SnowflakeClient, snowflakeAccountOf, snowflakeKeyPairJwt } from './client';

const KEYS = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const standin = new SnowflakeStandin({
  account: 'XY12345',
  user: 'LOADER',
  publicKeyPem: KEYS.publicKey,
  accessTokens: ['pat-ok'],
  asyncFirst: true,
});

const pat = () =>
  new SnowflakeClient({
    fetch: localOutbound.fetch,
    baseUrl: standin.url,
    tokenType: 'PROGRAMMATIC_ACCESS_TOKEN',
    getAccessToken: async () => 'pat-ok',
    pollMs: 10,
  });

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('SnowflakeClient', () => {
  it('runs a statement with bindings, waiting while Snowflake answers 202', async () => {
    await pat().execute('CREATE TABLE IF NOT EXISTS "T" ("CV_ID" VARCHAR NOT NULL, "A" VARCHAR)', {
      requestId: '00000000-0000-5000-a000-000000000001',
    });
    const result = await pat().execute(
      'MERGE INTO "T" t USING (SELECT column1 AS "CV_ID", column2 AS "A" FROM VALUES (?, ?)) s ON t."CV_ID" = s."CV_ID" WHEN MATCHED THEN UPDATE SET t."A" = s."A" WHEN NOT MATCHED THEN INSERT ("CV_ID", "A") VALUES (s."CV_ID", s."A")',
      {
        bindings: [
          { type: 'TEXT', value: 'cv-1' },
          { type: 'TEXT', value: 'x' },
        ],
        context: { warehouse: 'WH', database: 'DB', schema: 'S', role: 'R' },
        requestId: '00000000-0000-5000-a000-000000000002',
      },
    );
    expect(result.code).toBe('090001');
    expect(standin.tables.get('T')!.rows.get('cv-1')).toEqual(['cv-1', 'x']);
    expect(standin.requests.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it("signs in with a key-pair JWT of the account's private key", async () => {
    const account = snowflakeAccountOf('https://xy12345.us-east-1.snowflakecomputing.com');
    expect(account).toBe('XY12345');
    const client = new SnowflakeClient({
      fetch: localOutbound.fetch,
      baseUrl: standin.url,
      tokenType: 'KEYPAIR_JWT',
      getAccessToken: async () =>
        snowflakeKeyPairJwt({ account, user: 'loader', privateKeyPem: KEYS.privateKey }),
      pollMs: 10,
    });
    await expect(
      client.execute('CREATE TABLE IF NOT EXISTS "U" ("CV_ID" VARCHAR NOT NULL)', {
        requestId: '00000000-0000-5000-a000-000000000003',
      }),
    ).resolves.toMatchObject({ code: '090001' });
  });

  it('maps a refused token to UNAUTHORIZED and an SQL error (422) to HTTP with its code', async () => {
    const refused = new SnowflakeClient({
      fetch: localOutbound.fetch,
      baseUrl: standin.url,
      tokenType: 'PROGRAMMATIC_ACCESS_TOKEN',
      getAccessToken: async () => 'pat-bad',
    }).execute('SELECT 1', { requestId: '00000000-0000-5000-a000-000000000004' });
    await expect(refused).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    const sqlError = pat().execute('SELECT 1', { requestId: '00000000-0000-5000-a000-000000000005' });
    await expect(sqlError).rejects.toMatchObject({ code: 'HTTP', status: 422, providerCode: '001003' });
  });
});
