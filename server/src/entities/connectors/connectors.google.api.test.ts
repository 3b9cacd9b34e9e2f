import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeThroughDevInteractions,
  type OidcPeer,
  startOidcPeer,
} from '../../../../tests/peers/oidc-peer';
import { Cm360Standin } from '../../../../tests/standins/cm360';
import { Dv360Standin } from '../../../../tests/standins/dv360';
import { readOAuthProviders } from '../../integrations/oauth/providers';
import { recordingSignIn } from '../../test/recording';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { readConnector } from './connectors.read';

/**
 * Sign-in with Google for the Google ad servers (spec 01 §3.2, §4, §5: googleProfileId and
 * googleConnectedEmail): google-dcm, google-cm360 and google-dv360 start Google's sign-in directly
 * (state bound to the session, PKCE S256), the callback makes the account with the email of the
 * validated ID token or the userinfo endpoint, and the drawer's Profile ID choices come from
 * `GET /api/v1/account/connector/{id}/google-profiles`: CM360 userProfiles.list, DV360
 * partners.list, with the account's own token. Google is the local OpenID Connect provider
 * (tests/peers/oidc-peer.ts); the APIs are the CM360 and DV360 stand-ins.
 */

const CALLBACK = 'http://nomen.test/api/v1/oauth/callback';
const SLUGS = ['google-cm360', 'google-dv360', 'google-dcm'] as const;

const cm360 = new Cm360Standin({
  validTokens: [],
  profiles: { '5001': {}, '5002': {} },
  userProfiles: [
    { profileId: '5002', userName: 'grace', accountId: '77', accountName: 'Zephyr Network' },
    { profileId: '5001', userName: 'grace', accountId: '76', accountName: 'Acme Network' },
  ],
});
const dv360 = new Dv360Standin({
  validTokens: [],
  partners: { '400': [], '401': [] },
  partnerNames: { '400': 'Acme Partner', '401': 'Beta Partner' },
  advertisers: {},
});

let ctx: TestContext;
let account: TestAccount;
let admin: supertest.Agent;
let oidc: OidcPeer;
/** Google as CM360 meets it: the email in the ID token, and no userinfo endpoint to ask. */
let google: OidcPeer;

/** Every header and body the app answered in this file, for the token grep at the end. */
const seen: string[] = [];
/** Every token this file saw stored. */
const tokens = new Set<string>();

const signInRecording = recordingSignIn(() => ctx, seen);

beforeAll(async () => {
  [oidc, google] = await Promise.all([
    startOidcPeer({ redirectUri: CALLBACK }),
    startOidcPeer({ redirectUri: CALLBACK, emailInIdToken: true }),
    cm360.start(),
    dv360.start(),
  ]);
  ctx = await createTestContext({
    // CM360 reads the email from the ID token (its userinfo endpoint is off); DV360 and the legacy
    // type from the userinfo endpoint (their ID tokens carry no email).
    ...google.envFor('google-cm360'),
    OAUTH_GOOGLE_CM360_USERINFO_URL: '',
    ...oidc.envFor('google-dv360'),
    ...oidc.envFor('google-dcm'),
    CM360_API_URL: cm360.apiUrl,
    DV360_API_URL: dv360.apiUrl,
  });
  account = await createAccount(ctx, ['show-inactive-connectors', 'user-activity-log']);
  admin = await signInRecording(account.admin.email);
});

afterAll(async () => {
  await Promise.all([ctx?.close(), oidc?.close(), google?.close(), cm360.close(), dv360.close()]);
});

/** Signs in with "Google" as `login` (its email is `<login>@oidc.test`); answers the callback's redirect. */
async function signInWithGoogle(
  slug: string,
  body: Record<string, unknown>,
  login: string,
  agent = admin,
): Promise<string> {
  const init = await agent.post(`/api/v1/oauth/init/${slug}`).send(body);
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const back = new URL(await authorizeThroughDevInteractions(init.body, { login, callbackPrefix: CALLBACK }));
  const callback = await agent.get(`/api/v1/oauth/callback${back.search}`);
  expect(callback.status).toBe(302);
  return callback.headers.location ?? '';
}

async function connectorNamed(name: string): Promise<{ id: number; oauth_connected: boolean }> {
  const list = await admin.get('/api/v1/account/connector');
  const found = list.body.data.find((c: { name: string }) => c.name === name);
  expect(found, `no account named ${name}`).toBeTruthy();
  return found;
}

/** A signed-in Google ad-server account named `name`; its stored access token is remembered. */
async function connected(slug: string, name: string, login = 'grace') {
  expect(await signInWithGoogle(slug, { connector_name: name }, login)).toBe(
    '/admin/accounts?oauth_success=true',
  );
  const { id } = await connectorNamed(name);
  const read = await readConnector(ctx.deps, account.id, id);
  tokens.add(read.tokens!.access_token);
  if (read.tokens!.refresh_token) tokens.add(read.tokens!.refresh_token);
  return { id, accessToken: read.tokens!.access_token };
}

describe('Sign in with Google for the Google ad servers', () => {
  it('asks Google for each product’s scopes, with openid and email, offline and with consent', () => {
    const providers = readOAuthProviders({});
    const cm = [
      'https://www.googleapis.com/auth/dfareporting',
      'https://www.googleapis.com/auth/dfatrafficking',
    ];
    expect(providers['google-cm360']!.scopes).toEqual(['openid', 'email', ...cm]);
    expect(providers['google-dcm']!.scopes).toEqual(['openid', 'email', ...cm]);
    expect(providers['google-dv360']!.scopes).toEqual([
      'openid',
      'email',
      'https://www.googleapis.com/auth/display-video',
      'https://www.googleapis.com/auth/doubleclickbidmanager',
    ]);
    for (const slug of SLUGS)
      expect(providers[slug]).toMatchObject({
        authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        issuer: 'https://accounts.google.com',
        pkce: true,
        extraAuthParams: { access_type: 'offline', prompt: 'consent' },
      });
  });

  it.each(SLUGS)(
    '%s: init answers the sign-in URL; the callback makes the account with the signed-in email and encrypted tokens',
    async (slug) => {
      const name = `${slug} via Google`;
      const init = await admin
        .post(`/api/v1/oauth/init/${slug}`)
        .send({ connector_name: name, connector_description: 'Ad server', connector_type_slug: slug });
      expect(init.status).toBe(200);
      const url = new URL(init.body);
      expect(url.origin).toBe(slug === 'google-cm360' ? google.issuer : oidc.issuer);
      expect(url.searchParams.get('state')).toBeTruthy();
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
      expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));

      const back = new URL(
        await authorizeThroughDevInteractions(init.body, { login: 'grace', callbackPrefix: CALLBACK }),
      );
      const callback = await admin.get(`/api/v1/oauth/callback${back.search}`);
      expect(callback.headers.location).toBe('/admin/accounts?oauth_success=true');

      const row = await connectorNamed(name);
      expect(row).toMatchObject({ oauth_connected: true, description: 'Ad server' });
      const metadata = await admin.get(`/api/v1/account/connector/${row.id}/metadata`);
      expect(metadata.status).toBe(200);
      expect(metadata.body.metadata).toEqual({ googleConnectedEmail: 'grace@oidc.test' });
      expect(metadata.body.oauth).toMatchObject({ connected: true, scope: expect.stringContaining('email') });

      const read = await readConnector(ctx.deps, account.id, row.id);
      tokens.add(read.tokens!.access_token);
      if (read.tokens!.refresh_token) tokens.add(read.tokens!.refresh_token);
      const stored = await ctx.deps.db
        .selectFrom('connectors')
        .select(['oauth_tokens', 'metadata'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(stored.oauth_tokens).toBeTruthy();
      expect(stored.oauth_tokens).not.toContain(read.tokens!.access_token);

      // The activity log names who signed in, never a token.
      const log = await admin.get('/api/v1/account/activities');
      const created = log.body.data.find((e: { objectId: number }) => e.objectId === row.id);
      expect(created.changes).toContainEqual({
        field: 'metadata.googleConnectedEmail',
        old: null,
        new: 'grace@oidc.test',
      });
    },
  );

  it('the email comes only from the sign-in: a save keeps it, and a new account cannot be saved without signing in', async () => {
    const typed = await admin.post('/api/v1/account/connector/').send({
      name: 'Typed CM360',
      connector_type_slug: 'google-cm360',
      metadata: { googleProfileId: '5001', googleConnectedEmail: 'mallory@evil.test' },
    });
    expect(typed.status).toBe(400);
    expect(typed.body.issues).toEqual([
      { path: 'body.metadata.googleConnectedEmail', message: 'Sign in with Google to fill it in' },
    ]);

    const { id } = await connected('google-cm360', 'Kept email CM360');
    const row = await connectorNamed('Kept email CM360');
    const saved = await admin.post('/api/v1/account/connector/').send({
      id,
      name: 'Kept email CM360',
      connector_type_slug: 'google-cm360',
      metadata: { googleProfileId: '5001', googleConnectedEmail: 'mallory@evil.test' },
      updated_at: (row as unknown as { updated_at: string }).updated_at,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.metadata).toEqual({ googleProfileId: '5001', googleConnectedEmail: 'grace@oidc.test' });
    expect(saved.body.oauth.connected).toBe(true);

    const badProfile = await admin.post('/api/v1/account/connector/').send({
      id,
      name: 'Kept email CM360',
      connector_type_slug: 'google-cm360',
      metadata: { googleProfileId: 'profile-7' },
      updated_at: saved.body.updated_at,
    });
    expect(badProfile.status).toBe(400);
    expect(badProfile.body.issues).toEqual([
      { path: 'body.metadata.googleProfileId', message: 'Profile ID must be numeric (digits only)' },
    ]);

    // Signing in again as another Google user replaces the email and the tokens, keeps the profile.
    expect(await signInWithGoogle('google-cm360', { connector_id: id }, 'ada')).toBe(
      '/admin/accounts?oauth_success=true',
    );
    const after = await admin.get(`/api/v1/account/connector/${id}/metadata`);
    expect(after.body.metadata).toEqual({ googleProfileId: '5001', googleConnectedEmail: 'ada@oidc.test' });
    const reread = await readConnector(ctx.deps, account.id, id);
    tokens.add(reread.tokens!.access_token);
  });

  it.each([
    ['google-cm360', 'the ID token'],
    ['google-dv360', 'the userinfo endpoint'],
  ])('%s: a sign-in that grants no email (%s says none) is refused and stores nothing', async (slug) => {
    const init = await admin.post(`/api/v1/oauth/init/${slug}`).send({ connector_name: `${slug} no email` });
    // The person at Google's consent screen grants less than asked: no email scope.
    const url = new URL(init.body);
    url.searchParams.set('scope', 'openid offline_access');
    const back = new URL(
      await authorizeThroughDevInteractions(url.toString(), { login: 'grace', callbackPrefix: CALLBACK }),
    );
    const res = await admin.get(`/api/v1/oauth/callback${back.search}`);
    const location = new URL(res.headers.location ?? '', 'http://nomen.test');
    expect(location.searchParams.get('oauth_success')).toBe('false');
    expect(location.searchParams.get('message')).toBe(
      'The provider did not say which email signed in: allow access to the email',
    );
    const list = await admin.get('/api/v1/account/connector');
    expect(list.body.data.map((c: { name: string }) => c.name)).not.toContain(`${slug} no email`);
  });

  it('refuses bad input naming the field, and another session’s callback stores nothing', async () => {
    const unnamed = await admin.post('/api/v1/oauth/init/google-dv360').send({});
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.issues[0].path).toBe('body.connector_name');
    const wrongType = await admin
      .post('/api/v1/oauth/init/google-dv360')
      .send({ connector_name: 'x', connector_type_id: 11 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.issues[0].path).toBe('body.connector_type_id');
    const badId = await admin.post('/api/v1/oauth/init/google-dv360').send({ connector_id: 'seven' });
    expect(badId.status).toBe(400);
    expect(badId.body.issues[0].path).toBe('body.connector_id');
    const { id: cm } = await connected('google-cm360', 'CM360 for the DV360 init');
    const otherType = await admin.post('/api/v1/oauth/init/google-dv360').send({ connector_id: cm });
    expect(otherType.status).toBe(400);
    expect(otherType.body.issues[0].path).toBe('body.connector_id');

    const init = await admin
      .post('/api/v1/oauth/init/google-dv360')
      .send({ connector_name: 'Hijacked DV360' });
    const back = new URL(await authorizeThroughDevInteractions(init.body, { callbackPrefix: CALLBACK }));
    const otherSession = await signInRecording(account.admin.email);
    const res = await otherSession.get(`/api/v1/oauth/callback${back.search}`);
    expect(new URL(res.headers.location ?? '', 'http://nomen.test').searchParams.get('oauth_success')).toBe(
      'false',
    );
    const list = await admin.get('/api/v1/account/connector');
    expect(list.body.data.map((c: { name: string }) => c.name)).not.toContain('Hijacked DV360');
  });
});

describe('GET /api/v1/account/connector/{id}/google-profiles', () => {
  it('CM360: the signed-in user’s profiles from userProfiles.list, with the account’s token, sorted by name', async () => {
    const { id, accessToken } = await connected('google-cm360', 'CM360 profiles');
    cm360.acceptCredential(accessToken);
    const res = await admin.get(`/api/v1/account/connector/${id}/google-profiles`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      data: [
        { id: '5001', name: 'grace · Acme Network (76)' },
        { id: '5002', name: 'grace · Zephyr Network (77)' },
      ],
    });
    expect(cm360.requestsTo('/dfareporting/v4/userprofiles')).toHaveLength(1);

    // The legacy campaign manager reads the same list.
    const legacy = await connected('google-dcm', 'Legacy profiles');
    cm360.acceptCredential(legacy.accessToken);
    const old = await admin.get(`/api/v1/account/connector/${legacy.id}/google-profiles`);
    expect(old.body.data.map((p: { id: string }) => p.id)).toEqual(['5001', '5002']);
  });

  it('DV360: the partners from partners.list', async () => {
    const { id, accessToken } = await connected('google-dv360', 'DV360 partners');
    dv360.acceptCredential(accessToken);
    const res = await admin.get(`/api/v1/account/connector/${id}/google-profiles`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      data: [
        { id: '400', name: 'Acme Partner' },
        { id: '401', name: 'Beta Partner' },
      ],
    });
    expect(dv360.requestsTo('/v4/partners').at(-1)!.query).toMatchObject({ pageSize: '200' });
  });

  it('answers 424 with Google’s words when Google refuses the token (the drawer then lets the ID be typed)', async () => {
    const { id } = await connected('google-dv360', 'DV360 refused');
    const res = await admin.get(`/api/v1/account/connector/${id}/google-profiles`);
    expect(res.status).toBe(424);
    expect(res.body.message).toBeTruthy();
    // The refusal led to one refresh and one retry with the fresh token.
    const read = await readConnector(ctx.deps, account.id, id);
    tokens.add(read.tokens!.access_token);
  });

  it('400 naming params.id for a bad id or another type; 404 for another account’s; 403 without manage_connectors', async () => {
    const kochava = await admin.post('/api/v1/account/connector/').send({
      name: 'Links',
      connector_type_slug: 'kochava',
      metadata: { api_key: 'kochava-key' },
    });
    const notGoogle = await admin.get(`/api/v1/account/connector/${kochava.body.id}/google-profiles`);
    expect(notGoogle.status).toBe(400);
    expect(notGoogle.body.issues[0].path).toBe('params.id');
    const bad = await admin.get('/api/v1/account/connector/abc/google-profiles');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('params.id');

    const { id } = await connected('google-cm360', 'Not yours');
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.get(`/api/v1/account/connector/${id}/google-profiles`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/account/connector/${id}/metadata`)).status).toBe(404);
    expect((await stranger.post('/api/v1/oauth/init/google-cm360').send({ connector_id: id })).status).toBe(
      404,
    );

    const user = await createUser(ctx, account.id, { role: 'USER' });
    const plain = await signIn(ctx, user.email);
    expect((await plain.get(`/api/v1/account/connector/${id}/google-profiles`)).status).toBe(403);
  });
});

describe('tokens stay secret', () => {
  it('no answer of this file carries a stored access or refresh token', () => {
    expect(tokens.size).toBeGreaterThan(5);
    expect(seen.length).toBeGreaterThan(30);
    for (const token of tokens) {
      const leak = seen.find((t) => t.includes(token));
      expect(leak, `a token appeared in: ${leak?.slice(0, 200)}`).toBeUndefined();
    }
  });
});
