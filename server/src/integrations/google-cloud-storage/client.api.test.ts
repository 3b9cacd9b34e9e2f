import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GcsStandin } from '../../../../tests/standins/google-cloud-storage';
import { localOutbound } from '../../test/local-outbound';
import {
  GCS_READ_WRITE_SCOPE,
  GcsClient,
  parseServiceAccountKey,
  requestServiceAccountToken,
  type ServiceAccountKey,
} from './client';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
const KEYS = pair();
const EMAIL = 'pusher@acme.iam.gserviceaccount.com';
const standin = new GcsStandin({
  accounts: [{ clientEmail: EMAIL, publicKeyPem: KEYS.publicKey }],
  buckets: ['b1'],
});
const key: ServiceAccountKey = { type: 'service_account', client_email: EMAIL, private_key: KEYS.privateKey };

beforeAll(() => standin.start());
afterAll(() => standin.close());

describe('Cloud Storage client', () => {
  it('reads service account key files and refuses other JSON', () => {
    expect(parseServiceAccountKey(JSON.stringify({ ...key, project_id: 'p' }))?.client_email).toBe(EMAIL);
    expect(parseServiceAccountKey('{"type":"authorized_user"}')).toBeNull();
    expect(parseServiceAccountKey('not json')).toBeNull();
  });

  it('gets a token by the JWT bearer grant and uploads an object, replacing one of the same name', async () => {
    const token = await requestServiceAccountToken({
      tokenUrl: standin.tokenUrl,
      fetch: localOutbound.fetch,
      key,
      scope: GCS_READ_WRITE_SCOPE,
    });
    const client = new GcsClient({
      fetch: localOutbound.fetch,
      baseUrl: standin.url,
      getAccessToken: async () => token.accessToken,
    });
    const first = await client.uploadObject('b1', 'dir/a.csv', Buffer.from('one'), 'text/csv');
    const second = await client.uploadObject('b1', 'dir/a.csv', Buffer.from('two'), 'text/csv');
    expect([first.generation, second.generation]).toEqual(['1', '2']);
    expect(standin.objects.get('b1/dir/a.csv')!.data.toString()).toBe('two');
  });

  it('maps a key Google refuses to UNAUTHORIZED and a missing bucket to 404', async () => {
    await expect(
      requestServiceAccountToken({
        tokenUrl: standin.tokenUrl,
        fetch: localOutbound.fetch,
        key: { ...key, private_key: pair().privateKey },
        scope: GCS_READ_WRITE_SCOPE,
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', providerMessage: 'Invalid JWT Signature.' });
    const token = await requestServiceAccountToken({
      tokenUrl: standin.tokenUrl,
      fetch: localOutbound.fetch,
      key,
      scope: GCS_READ_WRITE_SCOPE,
    });
    const client = new GcsClient({
      fetch: localOutbound.fetch,
      baseUrl: standin.url,
      getAccessToken: async () => token.accessToken,
    });
    await expect(client.uploadObject('nope', 'a', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      code: 'HTTP',
      status: 404,
      providerCode: 'notFound',
    });
  });
});
