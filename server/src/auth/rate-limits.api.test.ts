import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  createAccount,
  createTestContext,
  createUser,
  TEST_PASSWORD,
  type TestAccount,
  type TestContext,
} from '../test/test-context';

/**
 * Rate limits shared by every server process, and keyed on the client address as the trusted
 * proxies report it (README "Security": sign-in limit, TRUST_PROXY).
 */

const contexts: TestContext[] = [];

async function instance(env: Record<string, string>): Promise<TestContext> {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  return ctx;
}

afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

function login(ctx: TestContext, email: string, password: string, forwardedFor?: string) {
  const req = supertest(ctx.app).post('/api/v1/auth/login');
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  return req.send({ email, password });
}

describe('sign-in limit across server processes', () => {
  let a: TestContext;
  let b: TestContext;
  let account: TestAccount;

  beforeAll(async () => {
    a = await instance({ LOGIN_RATE_LIMIT: '3' });
    b = await instance({ LOGIN_RATE_LIMIT: '3' });
    account = await createAccount(a);
  });

  it('refuses a sign-in on instance B after the failures allowed were used on instance A', async () => {
    const user = await createUser(a, account.id, { role: 'USER' });
    for (let i = 0; i < 3; i++) expect((await login(a, user.email, 'wrong-password')).status).toBe(401);
    const refused = await login(b, user.email, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(a, user.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('lets no more concurrent wrong guesses through than the limit, spread over two instances', async () => {
    const user = await createUser(a, account.id, { role: 'USER' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(i % 2 ? a : b, user.email, 'wrong-password')),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(3).fill(401), ...Array(7).fill(429)]);
  });

  it('clears the count on a success, on every instance', async () => {
    const user = await createUser(a, account.id, { role: 'USER' });
    for (let i = 0; i < 2; i++) expect((await login(a, user.email, 'wrong-password')).status).toBe(401);
    expect((await login(b, user.email, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(a, user.email, 'wrong-password')).status).toBe(401);
    expect((await login(b, user.email, 'wrong-password')).status).toBe(429);
  });

  it('shares the forgot-password count too', async () => {
    const user = await createUser(a, account.id, { role: 'USER' });
    const forgot = (ctx: TestContext) =>
      supertest(ctx.app).post('/api/v1/auth/forgot-password').send({ email: user.email });
    for (let i = 0; i < 3; i++) expect((await forgot(i % 2 ? a : b)).status).toBe(202);
    expect((await forgot(a)).status).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('with the proxy trusted, X-Forwarded-For tells clients apart: one client at its limit does not stop another', async () => {
    const ctx = await instance({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: 'loopback' });
    const account = await createAccount(ctx);
    const user = await createUser(ctx, account.id, { role: 'USER' });
    for (let i = 0; i < 2; i++)
      expect((await login(ctx, user.email, 'wrong-password', '203.0.113.7')).status).toBe(401);
    expect((await login(ctx, user.email, TEST_PASSWORD, '203.0.113.7')).status).toBe(429);
    expect((await login(ctx, user.email, TEST_PASSWORD, '203.0.113.8')).status).toBe(200);
  });

  it('with TRUST_PROXY=false, X-Forwarded-For is ignored: everyone behind the proxy shares its address', async () => {
    const ctx = await instance({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: 'false' });
    const account = await createAccount(ctx);
    const user = await createUser(ctx, account.id, { role: 'USER' });
    for (let i = 0; i < 2; i++)
      expect((await login(ctx, user.email, 'wrong-password', '203.0.113.7')).status).toBe(401);
    expect((await login(ctx, user.email, TEST_PASSWORD, '203.0.113.8')).status).toBe(429);
  });

  it('refuses a TRUST_PROXY that is no address, CIDR, hop count or name, naming it', () => {
    const env = { ...process.env, NODE_ENV: 'test', NOMEN_SECRET_KEY: 'test-secret-key-for-collab-tokens' };
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'not an address' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe(
      '10.0.0.0/8, loopback',
    );
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });
});
