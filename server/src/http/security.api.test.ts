import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLE_SECRET_KEY } from '@nomen/shared/node';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/mailer';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
  uniqueEmail,
} from '../test/test-context';

let ctx: TestContext;
let account: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({
    COLLAB_URL: 'wss://collab-1.nomen.test/collab,wss://collab-2.nomen.test/collab',
  });
  account = await createAccount(ctx);
});
afterAll(() => ctx.close());

describe('mail is never served over HTTP (issue 8 item 1)', () => {
  it('GET /api/dev/outbox does not exist, signed in or not', async () => {
    const admin = await signIn(ctx, account.admin.email);
    await admin.put('/api/v1/account/user').send({ name: 'Ola Outbox', email: uniqueEmail(), role: 'USER' });
    for (const agent of [supertest(ctx.app), admin]) {
      const res = await agent.get('/api/dev/outbox');
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/token=/);
    }
  });

  it('without SMTP_URL, writes each mail to its own file under DATA_DIR/mail and serves none of them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nomen-mail-'));
    try {
      const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, SMTP_URL: '' });
      expect(config.smtpUrl).toBeUndefined();
      const mailer = createMailer({ from: config.mailFrom, dataDir: config.dataDir, quiet: true });
      const deps = { ...ctx.deps, config: { ...ctx.deps.config, dataDir, smtpUrl: undefined }, mailer };
      const { app } = createApp(deps);
      const agent = supertest.agent(app);
      await agent
        .post('/api/v1/auth/login')
        .send({ email: account.admin.email, password: 'correct-horse-battery' });
      const email = uniqueEmail('filed');
      expect(
        (await agent.put('/api/v1/account/user').send({ name: 'Fay Filed', email, role: 'USER' })).status,
      ).toBe(200);
      const folder = join(dataDir, 'mail');
      const files = readdirSync(folder);
      expect(files).toHaveLength(1);
      const text = readFileSync(join(folder, files[0]!), 'utf8');
      expect(text).toContain(`\r\nTo: ${email}\r\n`);
      expect(text).toMatch(/http:\/\/nomen\.test\/activate\?token=[\w-]{43}/);
      expect(statSync(join(folder, files[0]!)).mode & 0o077).toBe(0);
      expect((await agent.get('/api/dev/outbox')).status).toBe(404);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('security headers (issue 8 item 8)', () => {
  it('answers every request with a CSP, no framing, nosniff and a same-origin referrer policy', async () => {
    for (const path of ['/api/v1/auth/me', '/api/docs', '/api/no-such-route']) {
      const res = await supertest(ctx.app).get(path).set('Host', 'nomen.test');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(
        /connect-src 'self' ws:\/\/nomen\.test wss:\/\/collab-1\.nomen\.test wss:\/\/collab-2\.nomen\.test/,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('serves the API reference page without inline scripts', async () => {
    const page = await supertest(ctx.app).get('/api/docs');
    expect(page.text).not.toMatch(/<script>/);
    expect((await supertest(ctx.app).get('/api/docs/init.js')).text).toContain('SwaggerUIBundle');
  });
});

describe('cross-site writes (issue 8 item 8)', () => {
  it('refuses a cross-site form POST to /auth/logout, and the session lives on', async () => {
    const agent = await signIn(ctx, account.admin.email);
    const res = await agent
      .post('/api/v1/auth/logout')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('a=1');
    expect(res.status).toBe(403);
    expect((await agent.get('/api/v1/auth/me')).status).toBe(200);
  });

  it.each([
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Origin null', { Origin: 'null' }],
    ['a look-alike Origin', { Origin: 'http://nomen.test.evil.example' }],
    ['a foreign Referer without Origin', { Referer: 'https://evil.example/page' }],
    ['a malformed Referer without Origin', { Referer: 'not a url' }],
  ])('answers 403 to a write with %s and changes nothing', async (_label, headers) => {
    const agent = await signIn(ctx, account.admin.email);
    const email = uniqueEmail('csrf');
    const res = await agent
      .put('/api/v1/account/user')
      .set(headers)
      .send({ name: 'Cross Site', email, role: 'ADMIN' });
    expect(res.status).toBe(403);
    const emails = ((await agent.get('/api/v1/account/user')).body.data as { email: string }[]).map(
      (u) => u.email,
    );
    expect(emails).not.toContain(email);
  });

  it.each([
    ['the APP_URL origin', { Origin: 'http://nomen.test' }],
    ['the Host of the request', { Origin: 'http://localhost:3000', Host: 'localhost:3000' }],
    ['an own Referer without Origin', { Referer: 'http://nomen.test/admin/users' }],
    ['neither header (API clients)', {}],
  ])('lets a write with %s through', async (_label, headers) => {
    const agent = await signIn(ctx, account.admin.email);
    const res = await agent
      .put('/api/v1/account/user')
      .set(headers)
      .send({ name: 'Same Site', email: uniqueEmail('same'), role: 'USER' });
    expect(res.status).toBe(200);
  });

  it('lets reads with a foreign Origin through (they change nothing)', async () => {
    const res = await supertest(ctx.app).get('/api/docs/openapi.json').set('Origin', 'https://evil.example');
    expect(res.status).toBe(200);
  });
});

describe('the secret key in production (issue 8 item 8)', () => {
  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://x@127.0.0.1/x' };

  it.each([
    ['missing', {}],
    ["the compose file's example", { NOMEN_SECRET_KEY: EXAMPLE_SECRET_KEY }],
    ['shorter than 32 bytes', { NOMEN_SECRET_KEY: 'a'.repeat(31) }],
  ])('refuses to start when NOMEN_SECRET_KEY is %s', (_label, env) => {
    expect(() => loadConfig({ ...production, ...env })).toThrow(/NOMEN_SECRET_KEY/);
  });

  it('starts with 32 bytes or more', () => {
    const key = 'k'.repeat(32);
    expect(loadConfig({ ...production, NOMEN_SECRET_KEY: key }).secretKey).toBe(key);
  });

  it("docker-compose.yml's placeholder is the example production refuses", () => {
    const compose = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docker-compose.yml'), 'utf8');
    expect(compose).toContain(EXAMPLE_SECRET_KEY);
  });
});
