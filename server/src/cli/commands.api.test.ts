import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, tokenOf, uniqueEmail } from '../test/test-context';
import { runCommand } from './commands';
import { sendToControlSocket, startControlSocket } from './control-socket';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('nomen create-account', () => {
  it('creates the account and prints an activation link that lets the admin in', async () => {
    const email = uniqueEmail('founder');
    const lines = await runCommand(ctx.deps, 'create-account', { name: 'Globex', 'admin-email': email });
    expect(lines[0]).toMatch(/^Created account "Globex"/);
    const link = lines[1]!.match(/https?:\/\/\S+/)![0];
    const agent = supertest.agent(ctx.app);
    const activated = await agent
      .post('/api/v1/auth/activate')
      .send({ token: tokenOf(link), password: 'founder-pass' });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({
      account: { name: 'Globex' },
      user: { email, role: 'ADMIN', super_admin: true },
    });
  });

  it('refuses missing options and a taken email, creating nothing', async () => {
    await expect(runCommand(ctx.deps, 'create-account', { name: 'No email' })).rejects.toThrow(
      '--admin-email',
    );
    await expect(runCommand(ctx.deps, 'create-account', { 'admin-email': uniqueEmail() })).rejects.toThrow(
      '--name',
    );
    const email = uniqueEmail();
    await runCommand(ctx.deps, 'create-account', { name: 'First', 'admin-email': email });
    await expect(
      runCommand(ctx.deps, 'create-account', { name: 'Second', 'admin-email': email }),
    ).rejects.toThrow('already exists');
    const second = await ctx.deps.db
      .selectFrom('accounts')
      .select('id')
      .where('name', '=', 'Second')
      .execute();
    expect(second).toEqual([]);
    await expect(runCommand(ctx.deps, 'explode', {})).rejects.toThrow('Unknown command');
  });

  it('runs through a running server’s control socket', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nomen-cli-'));
    expect(await sendToControlSocket(dataDir, 'migrate', {})).toBeNull();
    const server = await startControlSocket({ ...ctx.deps, config: { ...ctx.deps.config, dataDir } });
    try {
      const email = uniqueEmail('socket');
      const lines = await sendToControlSocket(dataDir, 'create-account', {
        name: 'Initech',
        'admin-email': email,
      });
      expect(lines?.[1]).toContain('/activate?token=');
      await expect(sendToControlSocket(dataDir, 'create-account', { name: 'Initech' })).rejects.toThrow(
        '--admin-email',
      );
    } finally {
      server.close();
    }
  });
});

describe('nomen disable-user and enable-user', () => {
  it('locks a user out, ends their sessions, and lets them back in', async () => {
    const email = uniqueEmail('leaver');
    const lines = await runCommand(ctx.deps, 'create-account', { name: 'Leavers Inc', 'admin-email': email });
    const link = lines[1]!.match(/https?:\/\/\S+/)![0];
    const agent = supertest.agent(ctx.app);
    await agent.post('/api/v1/auth/activate').send({ token: tokenOf(link), password: 'leaver-pass' });
    expect((await agent.get('/api/v1/auth/me')).status).toBe(200);

    expect(await runCommand(ctx.deps, 'disable-user', { email })).toEqual([
      `${email.split('@')[0]} <${email}> is now disabled.`,
    ]);
    expect((await agent.get('/api/v1/auth/me')).status).toBe(401);
    expect(
      (await supertest(ctx.app).post('/api/v1/auth/login').send({ email, password: 'leaver-pass' })).status,
    ).toBe(401);

    await runCommand(ctx.deps, 'enable-user', { email });
    expect(
      (await supertest(ctx.app).post('/api/v1/auth/login').send({ email, password: 'leaver-pass' })).status,
    ).toBe(200);
    await expect(runCommand(ctx.deps, 'disable-user', { email: 'nobody@nowhere.test' })).rejects.toThrow(
      'not found',
    );
  });
});
