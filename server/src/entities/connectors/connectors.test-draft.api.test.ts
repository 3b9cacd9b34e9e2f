import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SftpPeer, startSftpPeer } from '../../../../tests/peers/sftp-peer';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

// "Test connection" of unsaved values (spec 01 §4): a new account, or a saved one with changes.
// `ctx` admits loopback (OUTBOUND_ALLOW, where the peer listens); `strict` is the default rule.

const TEST = '/api/v1/account/connector/test';

let ctx: TestContext;
let strict: TestContext;
let account: TestAccount;
let other: TestAccount;
let admin: supertest.Agent;
let strictAdmin: supertest.Agent;
let otherAdmin: supertest.Agent;
let sftp: SftpPeer;
/** Everything the app logged during this file, for the secret grep. */
const logged: string[] = [];

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      original(...args);
    });
  }
  sftp = await startSftpPeer();
  ctx = await createTestContext();
  strict = await createTestContext({ OUTBOUND_ALLOW: '' });
  [account, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  admin = await signIn(ctx, account.admin.email);
  strictAdmin = await signIn(strict, account.admin.email);
  otherAdmin = await signIn(ctx, other.admin.email);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all([ctx?.close(), strict?.close(), sftp?.close()]);
});

function sftpMetadata(overrides: Record<string, unknown> = {}) {
  return {
    host: '127.0.0.1',
    port: sftp.port,
    username: sftp.username,
    auth_type: 'password',
    password: sftp.password,
    ...overrides,
  };
}

async function connectorIds(agent: supertest.Agent): Promise<number[]> {
  const res = await agent.get('/api/v1/account/connector');
  expect(res.status).toBe(200);
  return (res.body.data as { id: number }[]).map((c) => c.id).sort();
}

describe('POST /api/v1/account/connector/test (unsaved values)', () => {
  it('signs in to an unsaved SFTP account with the right password, stores nothing and pins no host key', async () => {
    const before = await connectorIds(admin);
    const res = await admin.post(TEST).send({ connector_type_slug: 'sftp', metadata: sftpMetadata() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.message).toContain(`Signed in to 127.0.0.1:${sftp.port} as ${sftp.username}`);
    expect(res.body.message).toContain('not pinned yet');
    expect(JSON.stringify(res.body)).not.toContain(sftp.password);
    expect(await connectorIds(admin)).toEqual(before);
  });

  it("answers not ok with the peer's refusal for a wrong password", async () => {
    const res = await admin.post(TEST).send({
      name: 'Draft',
      connector_type_slug: 'sftp',
      metadata: sftpMetadata({ password: 'wrong-password-1' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ok: false,
      message: `127.0.0.1:${sftp.port} refused the sign-in of ${sftp.username}: check the username and password.`,
    });
  });

  it('tests a saved account with a changed field using its stored secret when none is sent, without storing the change', async () => {
    const saved = await admin.post('/api/v1/account/connector/').send({
      name: 'Saved SFTP for draft tests',
      connector_type_slug: 'sftp',
      metadata: sftpMetadata({ username: 'someone-else' }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.id as number;
    // The saved username is wrong; the typed one is right, and the password is the stored one.
    const res = await admin.post(TEST).send({
      id,
      connector_type_slug: 'sftp',
      metadata: sftpMetadata({ password: '' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok, res.body.message).toBe(true);
    const metadata = await admin.get(`/api/v1/account/connector/${id}/metadata`);
    expect(metadata.body.metadata.username).toBe('someone-else');
    expect(metadata.body.host_key).toBeNull();
    // A wrong password typed over the stored one is the one used.
    const wrong = await admin.post(TEST).send({
      id,
      connector_type_slug: 'sftp',
      metadata: sftpMetadata({ password: 'not-the-password' }),
    });
    expect(wrong.body.ok).toBe(false);
    // Without the stored secret (another account's id) the draft is not found.
    const foreign = await otherAdmin.post(TEST).send({
      id,
      connector_type_slug: 'sftp',
      metadata: sftpMetadata({ password: '' }),
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses a private host literal and a missing password naming the field', async () => {
    const loopback = await strictAdmin
      .post(TEST)
      .send({ connector_type_slug: 'sftp', metadata: sftpMetadata() });
    expect(loopback.status).toBe(400);
    expect(loopback.body.issues).toContainEqual({
      path: 'body.metadata.host',
      message:
        'Nomen does not connect to private or loopback addresses (127.0.0.1); an operator can allow this host with OUTBOUND_ALLOW',
    });
    const missing = await admin
      .post(TEST)
      .send({ connector_type_slug: 'sftp', metadata: sftpMetadata({ password: '' }) });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toContainEqual({ path: 'body.metadata.password', message: '*Required' });
    const unknown = await admin.post(TEST).send({ connector_type_slug: 'no-such-type', metadata: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].path).toBe('body.connector_type_slug');
  });

  it('answers an OAuth type that it is tested after signing in', async () => {
    const res = await admin.post(TEST).send({ connector_type_slug: 'ga', metadata: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(res.body.message).toMatch(/tested after signing in/);
  });

  it('never answers 500 to a huge or malformed body', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { connector_type_slug: 42 },
      { connector_type_slug: 'sftp', metadata: 'x' },
      { connector_type_slug: 'sftp', metadata: { port: 'not-a-port', host: 'x'.repeat(19_999) } },
      { connector_type_slug: 'sftp', metadata: { nope: 'x' } },
      { connector_type_slug: 'sftp', id: -1, metadata: sftpMetadata() },
      { connector_type_slug: 'sftp', id: 2 ** 40, metadata: sftpMetadata() },
      {
        connector_type_slug: 'sftp',
        metadata: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'v'])),
      },
      { connector_type_slug: 'sftp', metadata: { host: 'x'.repeat(2_000_000) } },
    ];
    for (const body of bodies) {
      const res = await admin.post(TEST).set('Content-Type', 'application/json').send(JSON.stringify(body));
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    }
    const malformed = await admin
      .post(TEST)
      .set('Content-Type', 'application/json')
      .send('{"connector_type_slug":');
    expect(malformed.status).toBe(400);
  });

  it('needs manage_connectors', async () => {
    const user = await createUser(ctx, account.id, { role: 'USER', permissions: ['manage_templates'] });
    const agent = await signIn(ctx, user.email);
    const res = await agent.post(TEST).send({ connector_type_slug: 'sftp', metadata: sftpMetadata() });
    expect(res.status).toBe(403);
  });

  it('logs no secret', () => {
    expect(logged.join('\n')).not.toContain(sftp.password);
    expect(logged.join('\n')).not.toContain('not-the-password');
  });
});
