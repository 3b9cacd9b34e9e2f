import { createHash } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands';
import {
  createAccount,
  createTestContext,
  createUser,
  lastLinkTo,
  signIn,
  type TestAccount,
  type TestContext,
  tokenOf,
} from '../../test/test-context';

type Agent = Awaited<ReturnType<typeof signIn>>;

let ctx: TestContext;
let account: TestAccount;
let admin: Agent;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
});
afterAll(() => ctx.close());

/** Makes a token through the API as `agent`; returns the answer's token and secret. */
async function makeToken(agent: Agent, name = 'CI', expires_in_days: number | null = 30) {
  const res = await agent.post('/api/v1/account/api-tokens').send({ name, expires_in_days });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { token: { id: number; name: string; hint: string; state: string }; secret: string };
}

/** A request without cookies, authenticated by `secret` only. */
function bearer(secret: string) {
  const app = supertest(ctx.app);
  return {
    get: (path: string) => app.get(path).set('Authorization', `Bearer ${secret}`),
    post: (path: string) => app.post(path).set('Authorization', `Bearer ${secret}`),
    put: (path: string) => app.put(path).set('Authorization', `Bearer ${secret}`),
  };
}

describe('POST /api/v1/account/api-tokens', () => {
  it('answers the secret once, stores only its SHA-256, and lists the token without it', async () => {
    const { token, secret } = await makeToken(admin, 'Nightly import');
    expect(secret).toMatch(/^nomen_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Nightly import', state: 'active', hint: `${secret.slice(0, 14)}…` });
    const stored = await ctx.deps.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(secret);
    const list = await admin.get('/api/v1/account/api-tokens');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: token.id, name: 'Nightly import', last_used_at: null });
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('names the field of a bad name or lifetime', async () => {
    const blank = await admin.post('/api/v1/account/api-tokens').send({ name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].path).toBe('body.name');
    const long = await admin.post('/api/v1/account/api-tokens').send({ name: 'x', expires_in_days: 5000 });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toBe('body.expires_in_days');
  });

  it('never writes the secret or its hash to the activity log', async () => {
    const { token, secret } = await makeToken(admin, 'Audited');
    await admin.post(`/api/v1/account/api-tokens/${token.id}/revoke`);
    const entries = await ctx.deps.db
      .selectFrom('activities')
      .selectAll()
      .where('account_id', '=', account.id)
      .where('configured_object', '=', 'api token')
      .where('object_id', '=', token.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.operation)).toEqual(['created', 'updated']);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(createHash('sha256').update(secret).digest('hex'));
    expect(text).not.toContain(secret.slice(10));
  });
});

describe('Authorization: Bearer <token>', () => {
  it('acts as the token’s user with that user’s own rights, and records when it was used', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const { token, secret } = await makeToken(agent);
    const me = await bearer(secret).get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: user.id, email: user.email, role: 'USER' });
    // A USER reads the settings but may not delete folders, whatever the token.
    expect((await bearer(secret).get('/api/v1/account/settings')).status).toBe(200);
    const refused = await bearer(secret)
      .post('/api/v1/account/folder/bulk/delete')
      .send({ folder_ids: [1] });
    expect(refused.status).toBe(403);
    const adminToken = await makeToken(admin);
    const made = await bearer(adminToken.secret)
      .put('/api/v1/account/folder')
      .send({ name: 'From a script' });
    expect(made.status).toBe(200);
    const list = await agent.get('/api/v1/account/api-tokens');
    expect(list.body.data.find((t: { id: number }) => t.id === token.id).last_used_at).not.toBeNull();
  });

  it('follows the user: a disabled user’s tokens stop, a changed role applies at once', async () => {
    const user = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_lists'] });
    const { secret } = await makeToken(await signIn(ctx, user.email));
    expect((await bearer(secret).get('/api/v1/account/lists/')).status).toBe(200);
    await ctx.deps.db.updateTable('users').set({ permissions: [] }).where('id', '=', user.id).execute();
    expect((await bearer(secret).get('/api/v1/account/lists/')).status).toBe(403);
    await ctx.deps.db.updateTable('users').set({ disabled: true }).where('id', '=', user.id).execute();
    expect((await bearer(secret).get('/api/v1/auth/me')).status).toBe(401);
  });

  it('dies when its owner is disabled: enabling the user again does not bring it back', async () => {
    const user = await createUser(ctx, account.id, { role: 'MANAGER', permissions: ['manage_lists'] });
    const { token, secret } = await makeToken(await signIn(ctx, user.email));
    const bystander = await createUser(ctx, account.id, { role: 'USER' });
    const kept = await makeToken(await signIn(ctx, bystander.email));
    expect((await bearer(secret).get('/api/v1/account/lists/')).status).toBe(200);

    await runCommand(ctx.deps, 'disable-user', { email: user.email });
    expect((await bearer(secret).get('/api/v1/auth/me')).status).toBe(401);
    await runCommand(ctx.deps, 'enable-user', { email: user.email });
    expect((await bearer(secret).get('/api/v1/account/lists/')).status).toBe(401);
    const mine = await signIn(ctx, user.email);
    const listed = (await mine.get('/api/v1/account/api-tokens')).body.data as {
      id: number;
      state: string;
    }[];
    expect(listed.find((t) => t.id === token.id)?.state).toBe('revoked');
    expect((await bearer(kept.secret).get('/api/v1/auth/me')).status).toBe(200);
  });

  it('dies with a password reset: forced by an admin, or through a reset link', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const { token, secret } = await makeToken(await signIn(ctx, user.email));
    const forced = await admin
      .post('/api/v1/account/user/bulk/force-password-reset')
      .send({ user_ids: [user.id] });
    expect(forced.status).toBe(200);
    expect((await bearer(secret).get('/api/v1/auth/me')).status).toBe(401);
    const row = await ctx.deps.db
      .selectFrom('api_tokens')
      .select('revoked_at')
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();

    const other = await createUser(ctx, account.id, { role: 'USER' });
    const kept = await makeToken(await signIn(ctx, other.email));
    await supertest(ctx.app).post('/api/v1/auth/forgot-password').send({ email: other.email });
    const link = lastLinkTo(ctx, other.email);
    const reset = await supertest(ctx.app)
      .post('/api/v1/auth/reset-password')
      .send({ token: tokenOf(link), password: 'a-brand-new-password' });
    expect(reset.status).toBe(200);
    expect((await bearer(kept.secret).get('/api/v1/auth/me')).status).toBe(401);
  });

  it('answers 401 to an unknown, malformed or empty token and ignores the cookie beside it', async () => {
    for (const header of ['Bearer nomen_pat_nope', 'Bearer ', 'Bearer a b', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await admin.get('/api/v1/auth/me').set('Authorization', header);
      expect(res.status, header).toBe(401);
    }
  });

  it('stops working at once when revoked, and when expired', async () => {
    const { token, secret } = await makeToken(admin, 'Short-lived');
    expect((await bearer(secret).get('/api/v1/auth/me')).status).toBe(200);
    const revoked = await admin.post(`/api/v1/account/api-tokens/${token.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ state: 'revoked' });
    expect(revoked.body.revoked_at).not.toBeNull();
    expect((await bearer(secret).get('/api/v1/auth/me')).status).toBe(401);

    const other = await makeToken(admin, 'Expiring', 1);
    expect((await bearer(other.secret).get('/api/v1/auth/me')).status).toBe(200);
    await ctx.deps.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', other.token.id)
      .execute();
    expect((await bearer(other.secret).get('/api/v1/auth/me')).status).toBe(401);
    const list = await admin.get('/api/v1/account/api-tokens');
    expect(list.body.data.find((t: { id: number }) => t.id === other.token.id).state).toBe('expired');
  });

  it('makes no token without an expiry unless asked, and keeps a token without one working', async () => {
    const { token, secret } = await makeToken(admin, 'Forever', null);
    expect(token).toMatchObject({ expires_at: null });
    expect((await bearer(secret).get('/api/v1/auth/me')).status).toBe(200);
  });

  it('is refused by session-only endpoints: token management, sign-out, collaboration tokens', async () => {
    const { token, secret } = await makeToken(admin);
    const cases = {
      'GET api-tokens': bearer(secret).get('/api/v1/account/api-tokens'),
      'POST api-tokens': bearer(secret).post('/api/v1/account/api-tokens').send({ name: 'Escalate' }),
      'POST revoke': bearer(secret).post(`/api/v1/account/api-tokens/${token.id}/revoke`),
      'POST logout': bearer(secret).post('/api/v1/auth/logout'),
      'POST collab-token': bearer(secret).post('/api/v1/account/lists/1/collab-token'),
    };
    for (const [name, request] of Object.entries(cases)) {
      const res = await request;
      expect(res.status, name).toBe(403);
      expect(res.body.message, name).toMatch(/browser session/);
    }
    expect((await bearer(secret).get('/api/v1/auth/me')).status).toBe(200);
  });

  it('passes the cross-site write check, which still refuses cookie requests from other sites', async () => {
    const { secret } = await makeToken(admin);
    const viaToken = await bearer(secret)
      .put('/api/v1/account/folder')
      .set('Origin', 'https://elsewhere.example')
      .send({ name: 'Scripted folder' });
    expect(viaToken.status).toBe(200);
    const viaCookie = await admin
      .put('/api/v1/account/folder')
      .set('Origin', 'https://elsewhere.example')
      .send({ name: 'Forged folder' });
    expect(viaCookie.status).toBe(403);
  });
});

describe('POST /api/v1/account/api-tokens/{id}/revoke', () => {
  it('answers 404 for another person’s token and another account’s, and revokes nothing', async () => {
    const { token, secret } = await makeToken(admin);
    const colleague = await signIn(ctx, (await createUser(ctx, account.id, { role: 'ADMIN' })).email);
    expect((await colleague.post(`/api/v1/account/api-tokens/${token.id}/revoke`)).status).toBe(404);
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.post(`/api/v1/account/api-tokens/${token.id}/revoke`)).status).toBe(404);
    expect((await colleague.get('/api/v1/account/api-tokens')).body.data).toEqual([]);
    expect((await bearer(secret).get('/api/v1/auth/me')).status).toBe(200);
  });
});
