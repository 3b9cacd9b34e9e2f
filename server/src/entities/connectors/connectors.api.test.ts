import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AZURITE_ACCOUNT,
  AZURITE_KEY,
  type AzuritePeer,
  startAzuritePeer,
} from '../../../../tests/peers/azurite-peer';
import {
  authorizeThroughDevInteractions,
  type OidcPeer,
  startOidcPeer,
} from '../../../../tests/peers/oidc-peer';
import { type S3Peer, startS3Peer } from '../../../../tests/peers/s3-peer';
import { type SftpPeer, startSftpPeer } from '../../../../tests/peers/sftp-peer';
import { keyRingOf } from '../../security/secrets';
import { recordingSignIn } from '../../test/recording';
import {
  createAccount,
  createTestContext,
  createUser,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { readConnector, tokenColumns } from './connectors.read';

const CALLBACK = 'http://nomen.test/api/v1/oauth/callback';

let ctx: TestContext;
let account: TestAccount;
let admin: supertest.Agent;
let oidc: OidcPeer;
let sftp: SftpPeer;
let s3: S3Peer;
let azurite: AzuritePeer;

/** Everything the app answered and logged during this file, for the secret grep at the end. */
const seen: string[] = [];
/** Every secret value this file stores. */
const secrets = new Set<string>();
const secret = (value: string) => {
  secrets.add(value);
  return value;
};

const signInRecording = recordingSignIn(() => ctx, seen);

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      seen.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      original(...args);
    });
  }
  [oidc, sftp, s3, azurite] = await Promise.all([
    startOidcPeer({ redirectUri: CALLBACK, accessTokenTtl: 30 }),
    startSftpPeer(),
    startS3Peer(['campaign-exports']),
    startAzuritePeer(),
  ]);
  secret(sftp.password);
  secret(sftp.privateKey);
  secret(oidc.clientSecret);
  ctx = await createTestContext({
    ...oidc.envFor('ga'),
    S3_ENDPOINT: s3.endpoint,
    AZURE_BLOB_ENDPOINT: azurite.endpoint,
  });
  account = await createAccount(ctx, ['user-activity-log', 'use-aimia-for-sftp-push']);
  admin = await signInRecording(account.admin.email);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all([ctx?.close(), oidc?.close(), sftp?.close(), s3?.close(), azurite?.close()]);
});

function sftpAccount(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Agency SFTP',
    description: 'Nightly exports',
    connector_type_slug: 'sftp',
    metadata: {
      host: sftp.host,
      port: sftp.port,
      username: sftp.username,
      auth_type: 'password',
      password: sftp.password,
    },
    ...overrides,
  };
}

async function connectorNames(agent = admin) {
  const res = await agent.get('/api/v1/account/connector');
  return (res.body.data as { name: string }[]).map((c) => c.name);
}

describe('GET /api/v1/connector-type', () => {
  it('answers the catalogue sorted by name, inactive types only with show-inactive-connectors', async () => {
    const res = await admin.get('/api/v1/connector-type');
    expect(res.status).toBe(200);
    const names = res.body.data.map((t: { name: string }) => t.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(res.body.data).toContainEqual(expect.objectContaining({ id: 1, slug: 'adobe-analytics' }));
    expect(res.body.data).toContainEqual(
      expect.objectContaining({ id: 12, slug: 'facebook', oauth: 'direct' }),
    );
    expect(res.body.data.some((t: { active: boolean }) => !t.active)).toBe(false);

    const other = await createAccount(ctx, ['show-inactive-connectors']);
    const agent = await signInRecording(other.admin.email);
    const all = await agent.get('/api/v1/connector-type');
    expect(all.body.data.some((t: { active: boolean }) => !t.active)).toBe(true);
  });
});

describe('POST /api/v1/account/connector/', () => {
  it('creates an SFTP account whose password is never answered, and tests it against a real SFTP server', async () => {
    const created = await admin.post('/api/v1/account/connector/').send(sftpAccount());
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Agency SFTP',
      type: 'SFTP',
      connector_type: { slug: 'sftp' },
      metadata: { host: sftp.host, port: String(sftp.port), username: 'nomen', auth_type: 'password' },
      secrets_set: ['password'],
    });
    expect(created.body.metadata.password).toBeUndefined();
    const id = created.body.id;

    const stored = await ctx.deps.db
      .selectFrom('connectors')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(sftp.password);
    expect(stored.secrets.password).toMatch(/^v1\./);

    const metadata = await admin.get(`/api/v1/account/connector/${id}/metadata`);
    expect(metadata.body).toMatchObject({ secrets_set: ['password'], oauth: { connected: false } });

    const tested = await admin.post(`/api/v1/account/connector/${id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body.ok).toBe(true);
    expect(tested.body.message).toContain(`Signed in to 127.0.0.1:${sftp.port} as nomen`);
    expect(tested.body.message).toContain('2 entries');
  });

  it('keeps the stored password on a blank edit, replaces it when given, and a wrong one fails the test', async () => {
    const { body } = await admin.post('/api/v1/account/connector/').send(sftpAccount({ name: 'Blank edit' }));
    const blank = await admin.post('/api/v1/account/connector/').send(
      sftpAccount({
        id: body.id,
        name: 'Blank edit renamed',
        updated_at: body.updated_at,
        metadata: { ...sftpAccount().metadata, password: '' },
      }),
    );
    expect(blank.status).toBe(200);
    expect(blank.body.secrets_set).toEqual(['password']);
    expect((await admin.post(`/api/v1/account/connector/${body.id}/test`)).body.ok).toBe(true);

    const wrong = await admin.post('/api/v1/account/connector/').send(
      sftpAccount({
        id: body.id,
        name: 'Blank edit renamed',
        metadata: { ...sftpAccount().metadata, password: secret('not-the-password') },
      }),
    );
    expect(wrong.status).toBe(200);
    const refused = await admin.post(`/api/v1/account/connector/${body.id}/test`);
    expect(refused.body).toMatchObject({ ok: false });
    expect(refused.body.message).toContain('refused the sign-in of nomen');
  });

  it('switching SFTP to secret-key sign-in drops the stored password and signs in with the key', async () => {
    const { body } = await admin
      .post('/api/v1/account/connector/')
      .send(sftpAccount({ name: 'Key sign-in' }));
    const switched = await admin.post('/api/v1/account/connector/').send(
      sftpAccount({
        id: body.id,
        name: 'Key sign-in',
        metadata: {
          ...sftpAccount().metadata,
          auth_type: 'secret_key',
          password: '',
          client_secret: sftp.privateKey,
        },
      }),
    );
    expect(switched.status).toBe(200);
    expect(switched.body.secrets_set).toEqual(['client_secret']);
    const tested = await admin.post(`/api/v1/account/connector/${body.id}/test`);
    expect(tested.body).toMatchObject({ ok: true });
  });

  it.each([
    ['no name', () => sftpAccount({ name: ' ' }), 'body.name'],
    ['an unknown type', () => sftpAccount({ connector_type_slug: 'gopher' }), 'body.connector_type_slug'],
    [
      'no host',
      () => sftpAccount({ metadata: { ...sftpAccount().metadata, host: '' } }),
      'body.metadata.host',
    ],
    [
      'both a password and a secret key',
      () => sftpAccount({ metadata: { ...sftpAccount().metadata, client_secret: 'k' } }),
      'body.metadata.client_secret',
    ],
    [
      'a port out of range',
      () => sftpAccount({ metadata: { ...sftpAccount().metadata, port: 70000 } }),
      'body.metadata.port',
    ],
    [
      'a content-manager url that is not an https host',
      () => ({
        name: 'AEM',
        connector_type_slug: 'aem',
        metadata: { host_type: 'self', url: 'http://aem.local', username: 'u', password: 'p' },
      }),
      'body.metadata.url',
    ],
    [
      'a Google Ads customer id with dashes',
      () => ({
        name: 'Ads',
        connector_type_slug: 'google-ads',
        metadata: { customer_id: '123-456', client_id: 'c', client_secret: 's' },
      }),
      'body.metadata.customer_id',
    ],
    [
      'a field the type lacks',
      () => sftpAccount({ metadata: { ...sftpAccount().metadata, api_key: 'x' } }),
      'body.metadata.api_key',
    ],
    [
      'a metadata value of the wrong type',
      () => sftpAccount({ metadata: { host: { a: 1 } } }),
      'body.metadata.host',
    ],
    [
      'duplicate custom field names',
      () =>
        sftpAccount({
          customFields: [
            { name: 'Region', value: 'EU' },
            { name: 'region', value: 'US' },
          ],
        }),
      'body.customFields.1.name',
    ],
  ])('answers 400 naming the field for %s and stores nothing', async (_label, body, path) => {
    const before = await connectorNames();
    const res = await admin.post('/api/v1/account/connector/').send(body());
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await connectorNames()).toEqual(before);
  });

  it('stores the credentials of every family, secrets encrypted and answered as set markers', async () => {
    const cases = [
      {
        slug: 's3',
        metadata: { aws_key: secret('AKIAEXAMPLE123'), aws_secret: secret('aws-secret-value-1') },
        set: ['aws_key', 'aws_secret'],
      },
      {
        slug: 'azure-blob',
        metadata: { blob_accountname: 'acct', blob_key: secret('YmxvYi1rZXk=') },
        set: ['blob_key'],
      },
      {
        slug: 'google-cloud-storage',
        metadata: {
          account_key_file: secret(
            JSON.stringify({ client_email: 'x@y.iam.gserviceaccount.com', private_key: 'pk-1' }),
          ),
        },
        set: ['account_key_file'],
      },
      // The Google ad servers are made by signing in with Google: connectors.google.api.test.ts.
      {
        slug: 'google-ads',
        metadata: { customer_id: '1234567890', client_id: 'cid', client_secret: secret('gads-secret') },
        set: ['client_secret'],
      },
      {
        slug: 'workfront',
        metadata: { api_domain: 'acme.my.workfront.com', api_key: secret('wf-key-123') },
        set: ['api_key'],
      },
      {
        slug: 'branch',
        metadata: { branch_key: secret('key_live_abc'), branch_secret: secret('secret_live_abc') },
        set: ['branch_key', 'branch_secret'],
      },
      {
        slug: 'adobe-analytics',
        metadata: {
          auth_type: 'fields',
          company: 'acme',
          username: 'api@acme',
          secret: secret('adobe-secret'),
        },
        set: ['secret'],
      },
      {
        slug: 'aem',
        metadata: {
          host_type: 'cloud',
          url: 'https://author-p1.adobeaemcloud.com',
          ims_url: 'https://ims-na1.adobelogin.com',
          client_id: 'c',
          client_secret: secret('aem-client-secret'),
          private_key: secret('-----BEGIN PRIVATE KEY-----aem'),
          technical_account_id: 't@techacct.adobe.com',
          organization_id: 'o@AdobeOrg',
        },
        set: ['client_secret', 'private_key'],
      },
      {
        slug: 'snowflake',
        metadata: {
          url: 'https://xy123.us-east-1.snowflakecomputing.com',
          username: 'nomen',
          auth_type: 'password',
          password: secret('snow-pass'),
          role: 'NOMEN_ROLE',
          warehouse: 'NOMEN_WAREHOUSE',
          database: 'NOMEN_DB',
          schema: 'NOMEN_SCHEMA',
        },
        set: ['password'],
      },
      {
        slug: 'salesforce-marketing-cloud',
        metadata: {
          subdomain: 'mc563885gzs27c5t9-63k636ttgm',
          client_id: 'c',
          client_secret: secret('sfmc-secret'),
        },
        set: ['client_secret'],
      },
    ];
    for (const c of cases) {
      const res = await admin
        .post('/api/v1/account/connector/')
        .send({ name: `Family ${c.slug}`, connector_type_slug: c.slug, metadata: c.metadata });
      expect(res.status, `${c.slug}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.secrets_set, c.slug).toEqual([...c.set].sort());
      for (const key of c.set) expect(res.body.metadata[key], `${c.slug}.${key}`).toBeUndefined();
      const read = await readConnector(ctx.deps, account.id, res.body.id);
      expect(read.credentials, c.slug).toMatchObject(c.metadata);
    }
  });

  it('keeps custom fields per account: add, edit, delete', async () => {
    const created = await admin.post('/api/v1/account/connector/').send(
      sftpAccount({
        name: 'With custom fields',
        customFields: [
          { name: 'Region', value: 'EU' },
          { name: 'Team', value: 'Paid' },
        ],
      }),
    );
    expect(created.status).toBe(200);
    const [region, team] = created.body.customFields;
    const edited = await admin.post('/api/v1/account/connector/').send(
      sftpAccount({
        id: created.body.id,
        name: 'With custom fields',
        customFields: [
          { id: region.id, name: 'Region', value: 'EMEA' },
          { name: 'Owner', value: 'Ada' },
        ],
        deletedFields: [team.id],
      }),
    );
    expect(edited.status).toBe(200);
    const fields = await admin.get(`/api/v1/account/connector/${created.body.id}/custom-fields`);
    expect(fields.body.data.map((f: { name: string; value: string }) => `${f.name}=${f.value}`)).toEqual([
      'Region=EMEA',
      'Owner=Ada',
    ]);
  });

  it('answers 409 for a stale write and keeps the newer change', async () => {
    const { body } = await admin.post('/api/v1/account/connector/').send(sftpAccount({ name: 'Stale' }));
    await new Promise((r) => setTimeout(r, 5));
    const first = await admin
      .post('/api/v1/account/connector/')
      .send(sftpAccount({ id: body.id, name: 'Stale 2', updated_at: body.updated_at }));
    expect(first.status).toBe(200);
    const stale = await admin
      .post('/api/v1/account/connector/')
      .send(sftpAccount({ id: body.id, name: 'Stale old', updated_at: body.updated_at }));
    expect(stale.status).toBe(409);
    expect(await connectorNames()).toContain('Stale 2');
  });
});

describe('connection tests against cloud storage', () => {
  it('S3 lists the buckets; wrong keys fail with the reason', async () => {
    const ok = await admin.post('/api/v1/account/connector/').send({
      name: 'Exports bucket',
      connector_type_slug: 's3',
      metadata: { aws_key: s3.accessKeyId, aws_secret: secret(s3.secretAccessKey) },
    });
    const tested = await admin.post(`/api/v1/account/connector/${ok.body.id}/test`);
    expect(tested.body).toEqual({ ok: true, message: 'Signed in to S3; 1 bucket: campaign-exports.' });

    const bad = await admin.post('/api/v1/account/connector/').send({
      name: 'Wrong keys',
      connector_type_slug: 's3',
      metadata: { aws_key: 'AKIAWRONG', aws_secret: 'wrong' },
    });
    const refused = await admin.post(`/api/v1/account/connector/${bad.body.id}/test`);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toContain('InvalidAccessKeyId');
  });

  it('Azure Blob lists the containers of the storage account; a wrong key fails', async () => {
    const ok = await admin.post('/api/v1/account/connector/').send({
      name: 'Azure exports',
      connector_type_slug: 'azure-blob',
      metadata: { blob_accountname: AZURITE_ACCOUNT, blob_key: secret(AZURITE_KEY) },
    });
    const tested = await admin.post(`/api/v1/account/connector/${ok.body.id}/test`);
    expect(tested.body).toEqual({ ok: true, message: `Signed in to ${AZURITE_ACCOUNT}; 0 containers.` });

    const bad = await admin.post('/api/v1/account/connector/').send({
      name: 'Azure wrong key',
      connector_type_slug: 'azure-blob',
      metadata: { blob_accountname: AZURITE_ACCOUNT, blob_key: Buffer.from('wrong key').toString('base64') },
    });
    const refused = await admin.post(`/api/v1/account/connector/${bad.body.id}/test`);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toContain('Azure refused the account key');
  });
});

describe('OAuth connected accounts (spec 01 §4) against a local OpenID Connect provider', () => {
  it('init answers the authorisation URL with state and PKCE; the callback stores the tokens and connects the account', async () => {
    const init = await admin.post('/api/v1/oauth/init/ga').send({
      connector_name: 'GA through OIDC',
      connector_description: 'Main property',
      connector_type_id: 2,
    });
    expect(init.status).toBe(200);
    const url = new URL(init.body);
    expect(url.origin).toBe(oidc.issuer);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);

    const back = new URL(
      await authorizeThroughDevInteractions(init.body, { login: 'ada', callbackPrefix: CALLBACK }),
    );
    expect(back.searchParams.get('code')).toBeTruthy();
    const callback = await admin.get(`/api/v1/oauth/callback${back.search}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/admin/accounts?oauth_success=true');

    const list = await admin.get('/api/v1/account/connector');
    const ga = list.body.data.find((c: { name: string }) => c.name === 'GA through OIDC');
    expect(ga).toMatchObject({ connector_type_id: 2, description: 'Main property', oauth_connected: true });
    const read = await readConnector(ctx.deps, account.id, ga.id);
    expect(read.tokens?.access_token).toBeTruthy();
    secrets.add(read.tokens!.access_token);
    if (read.tokens?.refresh_token) secrets.add(read.tokens.refresh_token);

    // The access token lives 30 s, under the refresh margin: using the account refreshes it first.
    const before = await ctx.deps.db
      .selectFrom('connectors')
      .select('oauth_tokens')
      .where('id', '=', ga.id)
      .executeTakeFirstOrThrow();
    const tested = await admin.post(`/api/v1/account/connector/${ga.id}/test`);
    expect(tested.body).toEqual({ ok: true, message: 'Authorised as ada@oidc.test.' });
    const after = await readConnector(ctx.deps, account.id, ga.id);
    secrets.add(after.tokens!.access_token);
    expect(after.tokens!.access_token).not.toBe(read.tokens!.access_token);
    const stored = await ctx.deps.db
      .selectFrom('connectors')
      .select('oauth_tokens')
      .where('id', '=', ga.id)
      .executeTakeFirstOrThrow();
    expect(stored.oauth_tokens).not.toBe(before.oauth_tokens);

    const replay = await admin.get(`/api/v1/oauth/callback${back.search}`);
    expect(replay.headers.location).toMatch(/oauth_success=false/);
  });

  it('refreshes the access token once when the provider answers 401, and stores the new one', async () => {
    const init = await admin.post('/api/v1/oauth/init/ga').send({ connector_name: 'GA revoked token' });
    const back = new URL(await authorizeThroughDevInteractions(init.body, { callbackPrefix: CALLBACK }));
    await admin.get(`/api/v1/oauth/callback${back.search}`);
    const list = await admin.get('/api/v1/account/connector');
    const id = list.body.data.find((c: { name: string }) => c.name === 'GA revoked token').id;
    const read = await readConnector(ctx.deps, account.id, id);
    if (read.tokens?.refresh_token) secrets.add(read.tokens.refresh_token);
    // An access token the provider no longer knows, though it looks valid for an hour.
    const revoked = {
      ...read.tokens!,
      access_token: 'revoked-access-token',
      expires_at: Date.now() + 3_600_000,
    };
    await ctx.deps.db
      .updateTable('connectors')
      .set(tokenColumns(keyRingOf(ctx.deps.config), account.id, revoked))
      .where('id', '=', id)
      .execute();

    const tested = await admin.post(`/api/v1/account/connector/${id}/test`);
    expect(tested.body).toEqual({ ok: true, message: 'Authorised as ada@oidc.test.' });
    const after = await readConnector(ctx.deps, account.id, id);
    secrets.add(after.tokens!.access_token);
    expect(after.tokens!.access_token).not.toBe('revoked-access-token');
  });

  it('refuses a callback whose state another session started, and stores nothing', async () => {
    const init = await admin.post('/api/v1/oauth/init/ga').send({ connector_name: 'Hijacked GA' });
    const back = new URL(await authorizeThroughDevInteractions(init.body, { callbackPrefix: CALLBACK }));
    const otherSession = await signInRecording(account.admin.email);
    const res = await otherSession.get(`/api/v1/oauth/callback${back.search}`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.location ?? '', 'http://nomen.test');
    expect(location.searchParams.get('oauth_success')).toBe('false');
    expect(location.searchParams.get('message')).toContain('not started from this session');
    expect(await connectorNames()).not.toContain('Hijacked GA');
  });

  it('a denied consent comes back with the provider’s words', async () => {
    const init = await admin.post('/api/v1/oauth/init/ga').send({ connector_name: 'Denied GA' });
    const back = new URL(
      await authorizeThroughDevInteractions(init.body, { deny: true, callbackPrefix: CALLBACK }),
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await admin.get(`/api/v1/oauth/callback${back.search}`);
    const location = new URL(res.headers.location ?? '', 'http://nomen.test');
    expect(location.searchParams.get('oauth_success')).toBe('false');
    expect(location.searchParams.get('message')).toBe(
      'Authorisation was denied: End-User aborted interaction',
    );
    expect(await connectorNames()).not.toContain('Denied GA');
  });

  it('init refuses unknown slugs, save-first types without a saved account, and unconfigured providers', async () => {
    expect((await admin.post('/api/v1/oauth/init/sftp').send({ connector_name: 'x' })).status).toBe(404);
    const saveFirst = await admin.post('/api/v1/oauth/init/google-ads').send({ connector_name: 'Ads' });
    expect(saveFirst.status).toBe(400);
    expect(saveFirst.body.issues[0].path).toBe('body.connector_id');
    const unconfigured = await admin.post('/api/v1/oauth/init/bitly').send({ connector_name: 'Links' });
    expect(unconfigured.status).toBe(400);
    expect(unconfigured.body.message).toContain('not configured');
    expect((await admin.post('/api/v1/oauth/init/ga').send({})).body.issues[0].path).toBe(
      'body.connector_name',
    );
  });
});

describe('POST /api/v1/account/connector/connectors/bulk/delete', () => {
  it('deletes the selected accounts, all or nothing', async () => {
    const a = await admin.post('/api/v1/account/connector/').send(sftpAccount({ name: 'Delete A' }));
    const b = await admin.post('/api/v1/account/connector/').send(sftpAccount({ name: 'Delete B' }));
    const missing = await admin
      .post('/api/v1/account/connector/connectors/bulk/delete')
      .send({ connector_ids: [a.body.id, 999_999] });
    expect(missing.status).toBe(404);
    expect(await connectorNames()).toContain('Delete A');
    const res = await admin
      .post('/api/v1/account/connector/connectors/bulk/delete')
      .send({ connector_ids: [a.body.id, b.body.id] });
    expect(res.body).toEqual({ ok: true, message: '2 connected accounts deleted' });
    expect(await connectorNames()).not.toContain('Delete A');
    expect((await admin.get(`/api/v1/account/connector/${a.body.id}/metadata`)).status).toBe(404);
  });

  it('refuses to delete an account a template integration uses, naming the template', async () => {
    const { body } = await admin.post('/api/v1/account/connector/').send(sftpAccount({ name: 'In use' }));
    const template = await ctx.deps.db
      .insertInto('templates')
      .values({ account_id: account.id, name: 'Spring launch', created_by: account.admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.deps.db
      .insertInto('integration_assignments')
      .values({
        account_id: account.id,
        template_id: template.id,
        slug: 'sftp-push',
        integration_type: 'OUTPUT',
        connector_id: body.id,
      })
      .execute();
    const res = await admin
      .post('/api/v1/account/connector/connectors/bulk/delete')
      .send({ connector_ids: [body.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"In use" is used by the integrations of template "Spring launch"');
    expect(await connectorNames()).toContain('In use');
  });
});

describe('tenancy and rights', () => {
  it("answers 404 for another account's connected account, on every route, and leaves it unchanged", async () => {
    const other = await createAccount(ctx);
    const otherAdmin = await signInRecording(other.admin.email);
    const { body } = await otherAdmin
      .post('/api/v1/account/connector/')
      .send(sftpAccount({ name: 'Theirs' }));
    expect((await admin.get(`/api/v1/account/connector/${body.id}/metadata`)).status).toBe(404);
    expect((await admin.get(`/api/v1/account/connector/${body.id}/custom-fields`)).status).toBe(404);
    expect((await admin.post(`/api/v1/account/connector/${body.id}/test`)).status).toBe(404);
    expect(
      (await admin.post('/api/v1/account/connector/').send(sftpAccount({ id: body.id, name: 'Mine' })))
        .status,
    ).toBe(404);
    expect(
      (
        await admin
          .post('/api/v1/account/connector/connectors/bulk/delete')
          .send({ connector_ids: [body.id] })
      ).status,
    ).toBe(404);
    expect((await admin.post('/api/v1/oauth/init/ga').send({ connector_id: body.id })).status).toBe(404);
    expect(await connectorNames(otherAdmin)).toEqual(['Theirs']);
    expect(await connectorNames()).not.toContain('Theirs');
  });

  it('needs manage_connectors to change or read metadata; a manager with it may', async () => {
    const { body } = await admin.post('/api/v1/account/connector/').send(sftpAccount({ name: 'Guarded' }));
    const templater = await createUser(ctx, account.id, {
      role: 'MANAGER',
      permissions: ['manage_templates'],
    });
    const agent = await signInRecording(templater.email);
    expect((await agent.get('/api/v1/account/connector')).status).toBe(200);
    expect((await agent.get(`/api/v1/account/connector/${body.id}/metadata`)).status).toBe(403);
    expect((await agent.post('/api/v1/account/connector/').send(sftpAccount({ name: 'Nope' }))).status).toBe(
      403,
    );
    expect((await agent.post(`/api/v1/account/connector/${body.id}/test`)).status).toBe(403);
    const manager = await createUser(ctx, account.id, {
      role: 'MANAGER',
      permissions: ['manage_connectors'],
    });
    const allowed = await signInRecording(manager.email);
    expect(
      (await allowed.post('/api/v1/account/connector/').send(sftpAccount({ name: 'By a manager' }))).status,
    ).toBe(200);
  });
});

describe('activity log', () => {
  it('records creates, updates and deletes with old and new values, and of secrets only that they changed', async () => {
    const created = await admin.post('/api/v1/account/connector/').send(sftpAccount({ name: 'Audited' }));
    await admin.post('/api/v1/account/connector/').send(
      sftpAccount({
        id: created.body.id,
        name: 'Audited',
        metadata: { ...sftpAccount().metadata, username: 'ops', password: secret('rotated-password') },
      }),
    );
    await admin
      .post('/api/v1/account/connector/connectors/bulk/delete')
      .send({ connector_ids: [created.body.id] });
    const log = await admin.get('/api/v1/account/activities');
    const entries = log.body.data.filter((e: { objectId: number }) => e.objectId === created.body.id);
    expect(entries.map((e: { operation: string }) => e.operation)).toEqual(['deleted', 'updated', 'created']);
    const update = entries[1];
    expect(update).toMatchObject({ configuredObject: 'connected account', objectName: 'Audited' });
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'metadata.username', old: 'nomen', new: 'ops' },
        { field: 'metadata.password', old: 'set', new: 'changed' },
      ]),
    );
    expect(entries[2].changes).toContainEqual({ field: 'metadata.password', old: null, new: 'changed' });
  });
});

describe('secrets stay secret', () => {
  it('no response, log line or activity entry of this suite contains a stored secret', async () => {
    const rows = await ctx.deps.db.selectFrom('activities').select('changes').execute();
    const texts = [...seen, ...rows.map((r) => JSON.stringify(r.changes))];
    expect(seen.length).toBeGreaterThan(50);
    for (const value of secrets) {
      const leak = texts.find((t) => t.includes(value));
      expect(leak, `a secret appeared in: ${leak?.slice(0, 200)}`).toBeUndefined();
    }
  });
});
