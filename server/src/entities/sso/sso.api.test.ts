import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeThroughDevInteractions } from '../../../../tests/peers/oidc-peer';
import { type SsoOidcPeer, startSsoOidcPeer } from '../../../../tests/peers/sso-oidc-peer';
import { ssoChecks } from '../../test/sso-checks';
import {
  type AdminContext,
  createAdminContext,
  createUser,
  signIn,
  TEST_PASSWORD,
} from '../../test/test-context';

/**
 * Single sign-on through OpenID Connect (README "Single sign-on"), end to end over HTTP against a
 * real OpenID provider (`oidc-provider`, tests/peers/sso-oidc-peer.ts): the browser is a cookie
 * jar following the redirects, and the IdP's development interactions sign in any login name with
 * the claims of the peer's directory. Covers Settings → Single sign-on, the sign-in (just-in-time
 * creation with the mapped role and group, a claim change demoting at the next sign-in, an
 * existing password user linked not duplicated), every refusal (each logged, nothing created),
 * "Require SSO" with its break-glass admin, the test button, and sessions bounded by the IdP.
 */

const CALLBACK = 'http://nomen.test/api/v1/auth/sso/oidc/callback';

let idp: SsoOidcPeer;
/** An IdP whose ID tokens live 2 seconds, for sessions bounded by the IdP. */
let shortIdp: SsoOidcPeer;
let c: AdminContext;
let domain: string;
let providerId: number;
let adminsGroup: number;
let marketingGroup: number;

/** Every body the app answered in this file, for the secret grep at the end. */
const seen: string[] = [];

function record<T extends { body: unknown; headers: Record<string, unknown> }>(res: T): T {
  seen.push(JSON.stringify(res.body), JSON.stringify(res.headers));
  return res;
}

/** A provider's save body, on the main IdP unless told. */
function providerBody(overrides: Record<string, unknown> = {}, peer: SsoOidcPeer = idp) {
  return {
    name: 'Acme SSO',
    protocol: 'oidc',
    enabled: true,
    email_domains: [domain],
    jit_enabled: true,
    default_role: 'USER',
    mapping_rules: [
      { claim: 'groups', value: 'nomen-admins', role: 'ADMIN' },
      { claim: 'groups', value: 'nomen-admins', group_id: adminsGroup },
      { claim: 'groups', value: 'marketing', group_id: marketingGroup },
    ],
    bound_session_to_idp: false,
    oidc: {
      issuer: peer.issuer,
      client_id: peer.clientId,
      client_secret: peer.clientSecret,
      scopes: 'openid email profile groups',
    },
    ...overrides,
  };
}

type Agent = ReturnType<typeof supertest.agent>;

/** Starts a sign-in in `agent` (a browser); answers the IdP's URL. */
async function start(agent: Agent, id = providerId): Promise<string> {
  const res = await agent.get(`/api/v1/auth/sso/${id}/start`);
  expect(res.status).toBe(302);
  return res.headers.location as string;
}

/** Brings the IdP's answer back to Nomen in `agent`. */
function callback(agent: Agent, url: string) {
  const u = new URL(url);
  return agent.get(u.pathname + u.search);
}

/** A whole sign-in as `login` at the IdP, in a fresh browser unless one is given. */
async function ssoSignIn(login: string, options: { agent?: Agent; id?: number } = {}) {
  const agent = options.agent ?? supertest.agent(c.ctx.app);
  const idpUrl = await start(agent, options.id);
  const back = await authorizeThroughDevInteractions(idpUrl, { login, callbackPrefix: CALLBACK });
  const res = record(await callback(agent, back));
  return { agent, res, back };
}

const { refusal, usersWithEmail, lastRefusal, groupIdsOf } = ssoChecks(() => c);

beforeAll(async () => {
  [idp, shortIdp] = await Promise.all([
    startSsoOidcPeer({ redirectUri: CALLBACK }),
    startSsoOidcPeer({ redirectUri: CALLBACK, idTokenTtl: 2, claimsInIdToken: true }),
  ]);
  c = await createAdminContext();
  domain = `acme-${randomUUID().slice(0, 6)}.test`;
  const group = async (name: string) =>
    (await c.admin.post('/api/v1/account/groups/merge-or-create').send({ name })).body.group.id as number;
  adminsGroup = await group('Admins');
  marketingGroup = await group('Marketing');
  const created = record(await c.admin.post('/api/v1/account/sso/providers').send(providerBody()));
  expect(created.status).toBe(201);
  providerId = created.body.provider.id;
});

afterAll(async () => {
  await c?.ctx.close();
  await idp?.close();
  await shortIdp?.close();
});

describe('Settings → Single sign-on', () => {
  it('answers providers with the redirect URI and the secret only as set', async () => {
    const list = record(await c.admin.get('/api/v1/account/sso/providers'));
    expect(list.status).toBe(200);
    expect(list.body.oidc_redirect_uri).toBe(CALLBACK);
    const provider = list.body.data.find((p: { id: number }) => p.id === providerId);
    expect(provider.oidc).toEqual({
      issuer: idp.issuer,
      client_id: 'nomen-sso',
      scopes: 'openid email profile groups',
      client_secret_set: true,
    });
    const stored = await c.ctx.deps.db
      .selectFrom('identity_providers')
      .select('oidc_client_secret')
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow();
    expect(stored.oidc_client_secret).toMatch(/^v1\./);
    expect(stored.oidc_client_secret).not.toContain(idp.clientSecret);
  });

  it('keeps the stored secret when an edit leaves it blank, and refuses a stale edit', async () => {
    const { body } = record(await c.admin.get(`/api/v1/account/sso/providers/${providerId}`));
    const edit = providerBody({
      updated_at: body.provider.updated_at,
      oidc: {
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: '',
        scopes: 'openid email profile groups',
      },
    });
    const saved = record(await c.admin.put(`/api/v1/account/sso/providers/${providerId}`).send(edit));
    expect(saved.status).toBe(200);
    expect(saved.body.provider.oidc.client_secret_set).toBe(true);
    const stale = await c.admin
      .put(`/api/v1/account/sso/providers/${providerId}`)
      .send({ ...edit, updated_at: '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    // Still signs in with the kept secret.
    idp.people.set('kept-secret', { email: `kept@${domain}` });
    const { res } = await ssoSignIn('kept-secret');
    expect(res.headers.location).toBe('/');
  });

  it('answers 400 naming the field for bad input, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'body.name'],
      [{ email_domains: ['@acme.com'] }, 'body.email_domains.0'],
      [{ email_domains: ['a.test', 'a.test'] }, 'body.email_domains'],
      [{ oidc: { issuer: 'not a url', client_id: 'x', client_secret: 'y' } }, 'body.oidc.issuer'],
      [{ oidc: { issuer: idp.issuer, client_id: '', client_secret: 'y' } }, 'body.oidc.client_id'],
      [{ oidc: { issuer: idp.issuer, client_id: 'x' } }, 'body.oidc.client_secret'],
      [
        { mapping_rules: [{ claim: 'groups', value: 'x', role: 'ADMIN', group_id: adminsGroup }] },
        'body.mapping_rules.0.role',
      ],
      [
        { mapping_rules: [{ claim: 'groups', value: 'x', group_id: 999_999 }] },
        'body.mapping_rules.0.group_id',
      ],
      [{ default_role: 'OWNER' }, 'body.default_role'],
      [{ protocol: 'ldap' }, 'body.protocol'],
      [{ email_domains: [domain], name: 'Other' }, 'body.email_domains.0'],
    ];
    for (const [overrides, path] of cases) {
      const res = await c.admin.post('/api/v1/account/sso/providers').send(providerBody(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    const enforcement = await c.admin.put('/api/v1/account/sso/enforcement').send({ require_sso: 'yes' });
    expect(enforcement.status).toBe(400);
    const discover = await supertest(c.ctx.app).post('/api/v1/auth/sso/discover').send({ email: 'nope' });
    expect(discover.status).toBe(400);
    expect(discover.body.issues[0].path).toBe('body.email');
    const test = await c.admin.get('/api/v1/account/sso/tests/not-a-uuid');
    expect(test.status).toBe(400);
    const badStart = await supertest(c.ctx.app).get('/api/v1/auth/sso/abc/start');
    expect(badStart.status).toBe(400);
  });

  it('is for admins of the account only', async () => {
    const manager = await createUser(c.ctx, c.account.id, { role: 'MANAGER', permissions: ['manage_users'] });
    const agent = await signIn(c.ctx, manager.email);
    expect((await agent.get('/api/v1/account/sso/providers')).status).toBe(403);
    const other = await createAdminContext();
    try {
      expect((await other.admin.get(`/api/v1/account/sso/providers/${providerId}`)).status).toBe(404);
      expect((await other.admin.delete(`/api/v1/account/sso/providers/${providerId}`)).status).toBe(404);
      expect((await other.admin.post(`/api/v1/account/sso/providers/${providerId}/test`)).status).toBe(404);
    } finally {
      await other.ctx.close();
    }
  });
});

describe('Signing in through OpenID Connect', () => {
  it('routes an email of the domain to the provider on the sign-in page', async () => {
    const res = await supertest(c.ctx.app)
      .post('/api/v1/auth/sso/discover')
      .send({ email: `Ann@${domain.toUpperCase()}` });
    expect(res.body).toEqual({
      providers: [{ id: providerId, name: 'Acme SSO', start_url: `/api/v1/auth/sso/${providerId}/start` }],
      password_allowed: true,
    });
    const none = await supertest(c.ctx.app)
      .post('/api/v1/auth/sso/discover')
      .send({ email: 'ann@elsewhere.test' });
    expect(none.body).toEqual({ providers: [], password_allowed: true });
  });

  it('creates a new person just in time with the mapped role and groups, then signs them in', async () => {
    const email = `grace@${domain}`;
    idp.people.set('grace', { email, name: 'Grace Hopper', groups: ['nomen-admins', 'marketing'] });
    const { agent, res } = await ssoSignIn('grace');
    expect(res.headers.location).toBe('/');
    const me = await agent.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, name: 'Grace Hopper', role: 'ADMIN' });
    expect(await groupIdsOf(me.body.user.id)).toEqual([adminsGroup, marketingGroup].sort((a, b) => a - b));
  });

  it('re-applies the mapping at every sign-in: a claim change demotes, never duplicating the user', async () => {
    const email = `grace@${domain}`;
    const [before] = await usersWithEmail(email);
    idp.people.set('grace', { email, name: 'Grace Hopper', groups: ['marketing'] });
    const { agent } = await ssoSignIn('grace');
    const me = await agent.get('/api/v1/auth/me');
    expect(me.body.user).toMatchObject({ id: before!.id, role: 'USER' });
    expect(await groupIdsOf(before!.id)).toEqual([marketingGroup]);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('links an existing password user on first sign-in instead of creating another', async () => {
    const existing = await createUser(c.ctx, c.account.id, { role: 'MANAGER', email: `lin@${domain}` });
    idp.people.set('lin', { email: `LIN@${domain}`, groups: [] });
    const { agent } = await ssoSignIn('lin');
    const me = await agent.get('/api/v1/auth/me');
    expect(me.body.user.id).toBe(existing.id);
    expect(await usersWithEmail(`lin@${domain}`)).toHaveLength(1);
    const link = await c.ctx.deps.db
      .selectFrom('sso_identities')
      .selectAll()
      .where('user_id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ provider_id: providerId, subject: 'lin' });
    // Their password still works (the account does not require SSO).
    await signIn(c.ctx, `lin@${domain}`, TEST_PASSWORD);
  });
});

describe('Refusals: a clear page, an activity entry, nothing created', () => {
  it('refuses a state brought back in another browser', async () => {
    idp.people.set('mallory', { email: `mallory@${domain}` });
    const starter = supertest.agent(c.ctx.app);
    const idpUrl = await start(starter);
    const back = await authorizeThroughDevInteractions(idpUrl, {
      login: 'mallory',
      callbackPrefix: CALLBACK,
    });
    const victim = supertest.agent(c.ctx.app);
    const res = record(await callback(victim, back));
    expect(refusal(res)).toMatch(/started in another browser/);
    expect(await lastRefusal()).toMatch(/another browser/);
    expect((await victim.get('/api/v1/auth/me')).status).toBe(401);
    expect(await usersWithEmail(`mallory@${domain}`)).toHaveLength(0);
  });

  it('refuses a replayed answer', async () => {
    idp.people.set('ruth', { email: `ruth@${domain}` });
    const { agent, res, back } = await ssoSignIn('ruth');
    expect(res.headers.location).toBe('/');
    const again = record(await callback(agent, back));
    expect(refusal(again)).toMatch(/already used/);
    expect(await lastRefusal()).toMatch(/replay/);
  });

  it('refuses an unknown state and an answer naming another issuer', async () => {
    const agent = supertest.agent(c.ctx.app);
    expect(refusal(await agent.get('/api/v1/auth/sso/oidc/callback?code=x&state=forged'))).toMatch(
      /not started here/,
    );
    idp.people.set('ivan', { email: `ivan@${domain}` });
    const idpUrl = await start(agent);
    const back = new URL(
      await authorizeThroughDevInteractions(idpUrl, { login: 'ivan', callbackPrefix: CALLBACK }),
    );
    back.searchParams.set('iss', 'https://evil.example');
    expect(refusal(await callback(agent, back.href))).toMatch(/failed a check/);
    expect(await usersWithEmail(`ivan@${domain}`)).toHaveLength(0);
  });

  it('refuses an email outside the allowed domains', async () => {
    idp.people.set('eve', { email: 'eve@elsewhere.test' });
    const { res } = await ssoSignIn('eve');
    expect(refusal(res)).toBe(`eve@elsewhere.test is outside the email domains Acme SSO signs in.`);
    expect(await lastRefusal()).toMatch(/outside the email domains/);
    expect(await usersWithEmail('eve@elsewhere.test')).toHaveLength(0);
  });

  it('refuses an unverified email', async () => {
    idp.people.set('una', { email: `una@${domain}`, emailVerified: false });
    expect(refusal((await ssoSignIn('una')).res)).toMatch(/not verified/);
    expect(await usersWithEmail(`una@${domain}`)).toHaveLength(0);
  });

  it('keeps a disabled user out even though the IdP lets them in, changing nothing', async () => {
    const user = await createUser(c.ctx, c.account.id, {
      role: 'USER',
      email: `dora@${domain}`,
      disabled: true,
    });
    idp.people.set('dora', { email: `dora@${domain}`, groups: ['nomen-admins'] });
    const { agent, res } = await ssoSignIn('dora');
    expect(refusal(res)).toMatch(/disabled/);
    expect((await agent.get('/api/v1/auth/me')).status).toBe(401);
    expect(await usersWithEmail(`dora@${domain}`)).toEqual([{ id: user.id, role: 'USER' }]);
    expect(await groupIdsOf(user.id)).toEqual([]);
    const links = await c.ctx.deps.db
      .selectFrom('sso_identities')
      .select('subject')
      .where('user_id', '=', user.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('refuses an unknown person when just-in-time creation is off', async () => {
    const strict = record(
      await c.admin
        .post('/api/v1/account/sso/providers')
        .send(providerBody({ name: 'Strict SSO', email_domains: [`strict-${domain}`], jit_enabled: false })),
    );
    idp.people.set('nobody', { email: `nobody@strict-${domain}` });
    const { res } = await ssoSignIn('nobody', { id: strict.body.provider.id });
    expect(refusal(res)).toMatch(/no Nomen user/);
    expect(await usersWithEmail(`nobody@strict-${domain}`)).toHaveLength(0);
  });

  it('refuses an unknown or turned-off provider at the start', async () => {
    expect(refusal(await supertest(c.ctx.app).get('/api/v1/auth/sso/999999/start'))).toMatch(/unknown/);
    const off = record(
      await c.admin
        .post('/api/v1/account/sso/providers')
        .send(providerBody({ name: 'Off SSO', email_domains: [], enabled: false })),
    );
    expect(refusal(await supertest(c.ctx.app).get(`/api/v1/auth/sso/${off.body.provider.id}/start`))).toMatch(
      /turned off/,
    );
    expect(await lastRefusal()).toMatch(/turned off/);
  });
});

describe('Require SSO', () => {
  it('refuses passwords to everyone but the break-glass admin, and hides the password for the domain', async () => {
    const other = await createUser(c.ctx, c.account.id, { role: 'ADMIN', email: `otto@${domain}` });
    const noBreakGlass = await c.admin
      .put('/api/v1/account/sso/enforcement')
      .send({ require_sso: true, break_glass_user_id: null });
    expect(noBreakGlass.status).toBe(400);
    expect(noBreakGlass.body.issues[0].path).toBe('body.break_glass_user_id');
    const saved = await c.admin
      .put('/api/v1/account/sso/enforcement')
      .send({ require_sso: true, break_glass_user_id: c.account.admin.id });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ require_sso: true, break_glass_user_id: c.account.admin.id });
    expect(saved.body.candidates.map((u: { id: number }) => u.id)).toContain(other.id);

    const refused = await supertest(c.ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: other.email, password: TEST_PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/single sign-on/);
    expect(await lastRefusal()).toMatch(/Password sign-in is turned off/);
    const wrong = await supertest(c.ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: other.email, password: 'wrong-password' });
    expect(wrong.body.message).toBe('Invalid email or password');
    await signIn(c.ctx, c.account.admin.email);
    // Single sign-on still works for the others.
    idp.people.set('otto', { email: other.email });
    expect((await ssoSignIn('otto')).res.headers.location).toBe('/');

    const discover = await supertest(c.ctx.app)
      .post('/api/v1/auth/sso/discover')
      .send({ email: other.email });
    expect(discover.body.password_allowed).toBe(false);
    // The last enabled provider stays while SSO is required.
    const { body } = await c.admin.get('/api/v1/account/sso/providers');
    const enabled = body.data.filter((p: { enabled: boolean }) => p.enabled);
    for (const [i, p] of enabled.entries()) {
      const deleted = await c.admin.delete(`/api/v1/account/sso/providers/${p.id}`);
      expect(deleted.status).toBe(i === enabled.length - 1 ? 400 : 200);
    }
    await c.admin
      .put('/api/v1/account/sso/enforcement')
      .send({ require_sso: false, break_glass_user_id: null });
    const recreated = record(await c.admin.post('/api/v1/account/sso/providers').send(providerBody()));
    providerId = recreated.body.provider.id;
  });
});

describe('Test button and bounded sessions', () => {
  it('runs a real sign-in that shows the claims and changes nothing', async () => {
    idp.people.set('tess', { email: `tess@${domain}`, groups: ['nomen-admins'] });
    const started = record(await c.admin.post(`/api/v1/account/sso/providers/${providerId}/test`));
    expect(started.status).toBe(200);
    const pending = await c.admin.get(`/api/v1/account/sso/tests/${started.body.test_id}`);
    expect(pending.body.status).toBe('pending');
    const back = await authorizeThroughDevInteractions(started.body.url, {
      login: 'tess',
      callbackPrefix: CALLBACK,
    });
    const res = await callback(c.admin, back);
    expect(res.headers.location).toBe(`/sso/test-finished?test=${started.body.test_id}`);
    const result = await c.admin.get(`/api/v1/account/sso/tests/${started.body.test_id}`);
    expect(result.body).toMatchObject({
      status: 'ok',
      email: `tess@${domain}`,
      role: 'ADMIN',
      group_ids: [adminsGroup],
    });
    expect(result.body.claims).toMatchObject({ sub: 'tess', groups: ['nomen-admins'], iss: idp.issuer });
    expect(result.body.message).toMatch(/creates the user/);
    expect(await usersWithEmail(`tess@${domain}`)).toHaveLength(0);
  });

  it('ends a session when the IdP says so', async () => {
    const shortDomain = `short-${domain}`;
    const created = record(
      await c.admin
        .post('/api/v1/account/sso/providers')
        .send(
          providerBody(
            { name: 'Short SSO', email_domains: [shortDomain], bound_session_to_idp: true },
            shortIdp,
          ),
        ),
    );
    shortIdp.people.set('brief', { email: `brief@${shortDomain}` });
    const { agent, res } = await ssoSignIn('brief', { id: created.body.provider.id });
    expect(res.headers.location).toBe('/');
    expect((await agent.get('/api/v1/auth/me')).status).toBe(200);
    const session = await c.ctx.deps.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.expires_at', 'sessions.bound_expires_at'])
      .where('users.email', '=', `brief@${shortDomain}`)
      .executeTakeFirstOrThrow();
    expect(session.bound_expires_at!.getTime() - Date.now()).toBeLessThanOrEqual(2_000);
    expect(session.expires_at).toEqual(session.bound_expires_at);
    await expect.poll(async () => (await agent.get('/api/v1/auth/me')).status, { timeout: 5_000 }).toBe(401);
  });

  it('never answers a client secret', () => {
    for (const secret of [idp.clientSecret, shortIdp.clientSecret]) {
      expect(seen.some((text) => text.includes(secret))).toBe(false);
    }
  });
});
