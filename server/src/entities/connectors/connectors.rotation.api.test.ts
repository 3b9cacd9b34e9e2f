import { openDatabase } from '@nomen/shared/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { clientSecretContext } from '../../auth/sso/sso.signin';
import { runCommand } from '../../cli/commands';
import { migrateToLatest } from '../../db/migrate';
import { decryptSecret, keyRingOf, SecretError } from '../../security/secrets';
import { createAccount, createTestContext, signIn, type TestContext } from '../../test/test-context';
import { testDatabaseUrl } from '../../test/test-database';
import { readConnector } from './connectors.read';

const OLD_KEY = 'the-old-nomen-secret-key-0123456789';
const NEW_KEY = 'the-new-nomen-secret-key-9876543210';

let ctx: TestContext;

/**
 * The rotation reaches every account's secrets, so it runs on a database of its own: the other API
 * test files, running at the same time, keep theirs under the test key.
 */
async function isolatedContext(): Promise<TestContext> {
  const shared = await createTestContext({ NOMEN_SECRET_KEY: OLD_KEY });
  await shared.handle.close();
  const url = new URL(testDatabaseUrl());
  url.pathname = `${url.pathname}_rotation`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
  await client.query(`create database "${url.pathname.slice(1)}"`);
  await client.end();
  const handle = await openDatabase({ url: url.toString(), poolSize: 3 });
  await migrateToLatest(handle.db);
  const deps = { ...shared.deps, db: handle.db, pool: handle.pool };
  return {
    ...createApp(deps),
    deps,
    handle,
    mails: shared.mails,
    close: async () => {
      await handle.close();
      await shared.close().catch(() => undefined);
    },
  };
}

beforeAll(async () => {
  ctx = await isolatedContext();
});
afterAll(() => ctx.close());

describe('npm run nomen -- rotate-secret-key', () => {
  it('re-encrypts every secret under the new key in one go; the old key is then no longer needed', async () => {
    const account = await createAccount(ctx);
    const admin = await signIn(ctx, account.admin.email);
    const provider = await admin.post('/api/v1/account/sso/providers').send({
      name: 'Rotated SSO',
      protocol: 'oidc',
      oidc: { issuer: 'https://idp.example.com', client_id: 'nomen', client_secret: 'sso-secret-rotates' },
    });
    expect(provider.status).toBe(201);
    const created = await admin.post('/api/v1/account/connector/').send({
      name: 'Rotated SFTP',
      connector_type_slug: 'sftp',
      metadata: {
        host: 'sftp.example.com',
        port: '22',
        username: 'u',
        auth_type: 'password',
        password: 'rotate-me-please',
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.id as number;

    const rotating = {
      ...ctx.deps,
      config: { ...ctx.deps.config, secretKey: NEW_KEY, previousSecretKeys: [OLD_KEY] },
    };
    const [line, ssoLine] = await runCommand(rotating, 'rotate-secret-key', {});
    expect(line).toMatch(/^Re-encrypted \d+ secrets? of \d+ connected accounts? under the current key/);
    expect(ssoLine).toBe('Single sign-on: 1 identity provider client secret among them.');

    const newOnly = {
      ...ctx.deps,
      config: { ...ctx.deps.config, secretKey: NEW_KEY, previousSecretKeys: [] },
    };
    const read = await readConnector(newOnly, account.id, id);
    expect(read.credentials).toMatchObject({ family: 'sftp', password: 'rotate-me-please' });
    await expect(readConnector(ctx.deps, account.id, id)).rejects.toThrow(SecretError);
    const sealed = await ctx.deps.db
      .selectFrom('identity_providers')
      .select('oidc_client_secret')
      .where('id', '=', provider.body.provider.id)
      .executeTakeFirstOrThrow();
    const ring = keyRingOf(newOnly.config);
    expect(decryptSecret(ring, sealed.oidc_client_secret!, clientSecretContext(account.id))).toBe(
      'sso-secret-rotates',
    );

    const again = await runCommand(rotating, 'rotate-secret-key', {});
    expect(again[0]).toMatch(/^Re-encrypted 0 secrets of 0 connected accounts/);
  });

  it('changes nothing when a secret is under a key it does not have', async () => {
    const account = await createAccount(ctx);
    const admin = await signIn(ctx, account.admin.email);
    const res = await admin
      .post('/api/v1/account/connector/')
      .send({ name: 'Kochava', connector_type_slug: 'kochava', metadata: { api_key: 'kochava-key' } });
    expect(res.status).toBe(200);
    const before = await ctx.deps.db
      .selectFrom('connectors')
      .select(['id', 'secrets'])
      .orderBy('id')
      .execute();
    const stranger = {
      ...ctx.deps,
      config: { ...ctx.deps.config, secretKey: 'a-third-unrelated-key-000000000000', previousSecretKeys: [] },
    };
    await expect(runCommand(stranger, 'rotate-secret-key', {})).rejects.toThrow(/Nothing was changed/);
    expect(
      await ctx.deps.db.selectFrom('connectors').select(['id', 'secrets']).orderBy('id').execute(),
    ).toEqual(before);
  });
});
