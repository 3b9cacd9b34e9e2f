import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  lastLinkTo,
  signIn,
  TEST_PASSWORD,
  type TestAccount,
  type TestContext,
  tokenOf,
  uniqueEmail,
} from '../test/test-context';

let ctx: TestContext;
let account: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_LIMIT: '5' });
  account = await createAccount(ctx, ['live-collaboration']);
});
afterAll(() => ctx.close());

describe('POST /api/v1/auth/login', () => {
  it('sets an httpOnly SameSite=Lax session cookie and answers who signed in', async () => {
    const res = await supertest(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: account.admin.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/nomen_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(res.body.user.email).toBe(account.admin.email);
    expect(res.body.account.uuid).toBe(account.uuid);
    expect(res.body.permissions).toContain('all_privileges');
    expect(res.body.features).toEqual(['live-collaboration']);
    expect(res.body.settings).toEqual({ allow_approval: false, allow_self_approval: false });
  });

  it('answers 401 with one message for a wrong password, an unknown email and a disabled user', async () => {
    const disabled = await createUser(ctx, account.id, { role: 'USER', disabled: true });
    for (const body of [
      { email: account.admin.email, password: 'wrong-password' },
      { email: uniqueEmail(), password: TEST_PASSWORD },
      { email: disabled.email, password: TEST_PASSWORD },
    ]) {
      const res = await supertest(ctx.app).post('/api/v1/auth/login').send(body);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid email or password');
    }
  });

  it.each([
    ['no email', { password: 'x' }, 'body.email'],
    ['a malformed email', { email: 'not-an-email', password: 'x' }, 'body.email'],
    ['a password of the wrong type', { email: 'a@b.test', password: 1 }, 'body.password'],
  ])('answers 400 for %s', async (_label, body, path) => {
    const res = await supertest(ctx.app).post('/api/v1/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe(path);
  });

  it('is rate-limited per address and email', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await supertest(ctx.app)
        .post('/api/v1/auth/login')
        .send({ email: user.email, password: 'wrong-password' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const right = await supertest(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(right.status).toBe(429);
  });
});

describe('POST /api/v1/auth/login: one address, one limit (issue 8 items 6, 7)', () => {
  const login = (email: unknown, password: string) =>
    supertest(ctx.app).post('/api/v1/auth/login').send({ email, password });

  it('counts spaced and capitalised forms of an address as that address', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const forms = [
      ` ${user.email}`,
      `\t${user.email}`,
      `\u00a0${user.email}`,
      `\u2003${user.email.toUpperCase()}`,
      `${user.email}\u3000`,
    ];
    for (const form of forms) expect((await login(form, 'wrong-password')).status).toBe(401);
    const sixth = await login(`\u2028${user.email}`, 'wrong-password');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(` ${user.email}`, TEST_PASSWORD)).status).toBe(429);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('signs in with a spaced form of the address as the same user', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const res = await login(`\u00a0 ${user.email.toUpperCase()}\t`, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
  });

  it('refuses none of many concurrent correct sign-ins', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(user.email, TEST_PASSWORD)));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
  });

  it('lets no more concurrent wrong sign-ins through than the limit', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(user.email, 'wrong-password')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it.each([
    ['an object', '{ "$ne": "" }'],
    ['an object without a string form', '{ "toString": 1 }'],
    ['a deeply nested array', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['a number', '42'],
    ['null', 'null'],
  ])('answers 400 naming body.email for %s', async (_label, email) => {
    const res = await supertest(ctx.app)
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .send(`{"email": ${email}, "password": "whatever-password"}`);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('body.email');
  });
});

describe('POST /api/v1/auth/forgot-password: rate limit (issue 8 item 6)', () => {
  it('answers 429 after the limit for one address, spaced forms included, and mails no more', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const forms = [
      user.email,
      ` ${user.email}`,
      `\t${user.email}`,
      `\u00a0${user.email}`,
      user.email.toUpperCase(),
    ];
    for (const form of forms) {
      expect(
        (await supertest(ctx.app).post('/api/v1/auth/forgot-password').send({ email: form })).status,
      ).toBe(202);
    }
    const mailed = ctx.mails.filter((m) => m.to === user.email).length;
    expect(mailed).toBe(5);
    const sixth = await supertest(ctx.app)
      .post('/api/v1/auth/forgot-password')
      .send({ email: `\u2003${user.email}` });
    expect(sixth.status).toBe(429);
    expect(ctx.mails.filter((m) => m.to === user.email).length).toBe(mailed);
  });
});

describe('GET /api/v1/auth/me and POST /api/v1/auth/logout', () => {
  it('answers 401 without a session and after sign-out', async () => {
    expect((await supertest(ctx.app).get('/api/v1/auth/me')).status).toBe(401);
    const agent = await signIn(ctx, account.admin.email);
    expect((await agent.get('/api/v1/auth/me')).status).toBe(200);
    expect((await agent.post('/api/v1/auth/logout')).status).toBe(200);
    expect((await agent.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('refuses a forged session cookie', async () => {
    const res = await supertest(ctx.app).get('/api/v1/auth/me').set('Cookie', 'nomen_session=forged-token');
    expect(res.status).toBe(401);
  });
});

describe('activation', () => {
  it('lets a new user set a password from the mailed link once, and signs them in', async () => {
    const admin = await signIn(ctx, account.admin.email);
    const email = uniqueEmail('new');
    const created = await admin.put('/api/v1/account/user').send({ name: 'Nia New', email, role: 'USER' });
    expect(created.status).toBe(200);
    const link = lastLinkTo(ctx, email);
    expect(link).toMatch(/^http:\/\/nomen\.test\/activate\?token=/);

    const before = await supertest(ctx.app)
      .post('/api/v1/auth/login')
      .send({ email, password: 'a-new-password' });
    expect(before.status).toBe(401);

    const agent = supertest.agent(ctx.app);
    const activated = await agent
      .post('/api/v1/auth/activate')
      .send({ token: tokenOf(link), password: 'a-new-password' });
    expect(activated.status).toBe(200);
    expect(activated.body.user.email).toBe(email);
    expect((await agent.get('/api/v1/auth/me')).status).toBe(200);

    const again = await supertest(ctx.app)
      .post('/api/v1/auth/activate')
      .send({ token: tokenOf(link), password: 'another-password' });
    expect(again.status).toBe(400);
    expect(again.body.issues[0].path).toBe('body.token');
    expect(
      (await supertest(ctx.app).post('/api/v1/auth/login').send({ email, password: 'a-new-password' }))
        .status,
    ).toBe(200);
  });

  it('refuses an expired link', async () => {
    const admin = await signIn(ctx, account.admin.email);
    const email = uniqueEmail('late');
    await admin.put('/api/v1/account/user').send({ name: 'Lou Late', email, role: 'USER' });
    await ctx.deps.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    const res = await supertest(ctx.app)
      .post('/api/v1/auth/activate')
      .send({ token: tokenOf(lastLinkTo(ctx, email)), password: 'a-new-password' });
    expect(res.status).toBe(400);
  });

  it('resend activation voids the old link', async () => {
    const admin = await signIn(ctx, account.admin.email);
    const email = uniqueEmail('resend');
    const { body } = await admin
      .put('/api/v1/account/user')
      .send({ name: 'Rae Resend', email, role: 'USER' });
    const oldLink = lastLinkTo(ctx, email);
    const res = await admin
      .post('/api/v1/account/user/bulk/resend-activation-links')
      .send({ user_ids: [body.user.id] });
    expect(res.status).toBe(200);
    const newLink = lastLinkTo(ctx, email);
    expect(newLink).not.toBe(oldLink);
    expect(
      (
        await supertest(ctx.app)
          .post('/api/v1/auth/activate')
          .send({ token: tokenOf(oldLink), password: 'a-new-password' })
      ).status,
    ).toBe(400);
    expect(
      (
        await supertest(ctx.app)
          .post('/api/v1/auth/activate')
          .send({ token: tokenOf(newLink), password: 'a-new-password' })
      ).status,
    ).toBe(200);
  });

  it('answers 400 for a password under 8 characters and keeps the link usable', async () => {
    const admin = await signIn(ctx, account.admin.email);
    const email = uniqueEmail('short');
    await admin.put('/api/v1/account/user').send({ name: 'Sho Short', email, role: 'USER' });
    const token = tokenOf(lastLinkTo(ctx, email));
    const short = await supertest(ctx.app).post('/api/v1/auth/activate').send({ token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.issues[0].path).toBe('body.password');
    expect(
      (await supertest(ctx.app).post('/api/v1/auth/activate').send({ token, password: 'long-enough' }))
        .status,
    ).toBe(200);
  });
});

describe('password reset', () => {
  it('forgot-password answers 202 for known and unknown addresses, and mails only the known one', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const unknown = uniqueEmail('nobody');
    const known = await supertest(ctx.app).post('/api/v1/auth/forgot-password').send({ email: user.email });
    const missing = await supertest(ctx.app).post('/api/v1/auth/forgot-password').send({ email: unknown });
    expect(known.status).toBe(202);
    expect(missing.status).toBe(202);
    expect(lastLinkTo(ctx, user.email)).toMatch(/\/reset-password\?token=/);
    expect(ctx.mails.some((m) => m.to === unknown)).toBe(false);
  });

  it('resets the password from the link and ends the old sessions', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const oldSession = await signIn(ctx, user.email);
    await supertest(ctx.app).post('/api/v1/auth/forgot-password').send({ email: user.email });
    const res = await supertest(ctx.app)
      .post('/api/v1/auth/reset-password')
      .send({ token: tokenOf(lastLinkTo(ctx, user.email)), password: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect((await oldSession.get('/api/v1/auth/me')).status).toBe(401);
    expect(
      (
        await supertest(ctx.app)
          .post('/api/v1/auth/login')
          .send({ email: user.email, password: TEST_PASSWORD })
      ).status,
    ).toBe(401);
    expect(
      (
        await supertest(ctx.app)
          .post('/api/v1/auth/login')
          .send({ email: user.email, password: 'brand-new-pass' })
      ).status,
    ).toBe(200);
  });

  it('force password reset invalidates the password and sessions and mails a reset link', async () => {
    const admin = await signIn(ctx, account.admin.email);
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const session = await signIn(ctx, user.email);
    const res = await admin
      .post('/api/v1/account/user/bulk/force-password-reset')
      .send({ user_ids: [user.id] });
    expect(res.status).toBe(200);
    expect((await session.get('/api/v1/auth/me')).status).toBe(401);
    expect(
      (
        await supertest(ctx.app)
          .post('/api/v1/auth/login')
          .send({ email: user.email, password: TEST_PASSWORD })
      ).status,
    ).toBe(401);
    const link = lastLinkTo(ctx, user.email);
    expect(link).toMatch(/\/reset-password\?token=/);
    expect(
      (
        await supertest(ctx.app)
          .post('/api/v1/auth/reset-password')
          .send({ token: tokenOf(link), password: 'after-reset-1' })
      ).status,
    ).toBe(200);
  });
});
