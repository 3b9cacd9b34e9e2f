import { randomUUID } from 'node:crypto';
import type { FeatureFlag, Permission, Role } from '@nomen/shared';
import { type DbHandle, openDatabase } from '@nomen/shared/db';
import supertest from 'supertest';
import { createApp, type NomenApp } from '../app';
import { hashPassword } from '../auth/crypto';
import { type Config, loadConfig } from '../config';
import type { AppDeps } from '../http/context';
import { createMailer, type MailMessage } from '../mail/mailer';
import { testDatabaseUrl } from './test-database';

/** The password every factory-made user signs in with. */
export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

/** A running app over the test database, with its dev outbox. */
export interface TestContext extends NomenApp {
  deps: AppDeps;
  handle: DbHandle;
  outbox: MailMessage[];
  close(): Promise<void>;
}

/**
 * Builds the app against the test PostgreSQL (STYLE.md: API tests through a test server and
 * factories). `env` overrides configuration variables.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const config: Config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    APP_URL: 'http://nomen.test',
    NOMEN_SECRET_KEY: 'test-secret-key-for-collab-tokens',
    ...env,
  });
  const handle = await openDatabase({ url: testDatabaseUrl(), poolSize: 5 });
  const mailer = createMailer({ from: 'test@nomen.test', quiet: true });
  const deps: AppDeps = { db: handle.db, pool: handle.pool, config, mailer };
  const nomen = createApp(deps);
  return { ...nomen, deps, handle, outbox: mailer.outbox!, close: () => handle.close() };
}

/** A user made by the factories. */
export interface TestUser {
  id: number;
  email: string;
  name: string;
}

/** A fresh account with its super-admin, made directly in the database. */
export interface TestAccount {
  id: number;
  uuid: string;
  admin: TestUser;
}

/** A unique email for a test user. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Creates an account (with `features` on) and its super-admin, who can sign in with TEST_PASSWORD. */
export async function createAccount(ctx: TestContext, features: FeatureFlag[] = []): Promise<TestAccount> {
  const account = await ctx.deps.db
    .insertInto('accounts')
    .values({ name: `Account ${randomUUID().slice(0, 6)}`, settings: '{}', feature_flags: features })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  const admin = await createUser(ctx, account.id, { role: 'ADMIN', superAdmin: true, name: 'Ada Admin' });
  return { ...account, admin };
}

/** Creates an activated user in an account. */
export async function createUser(
  ctx: TestContext,
  accountId: number,
  options: {
    role: Role;
    permissions?: Permission[];
    superAdmin?: boolean;
    name?: string;
    email?: string;
    disabled?: boolean;
  } = {
    role: 'USER',
  },
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? uniqueEmail(options.role.toLowerCase());
  const name =
    options.name ?? `${options.role[0]}${options.role.slice(1).toLowerCase()} ${randomUUID().slice(0, 4)}`;
  const row = await ctx.deps.db
    .insertInto('users')
    .values({
      account_id: accountId,
      name,
      email,
      role: options.role,
      permissions: options.permissions ?? [],
      super_admin: options.superAdmin ?? false,
      disabled: options.disabled ?? false,
      password_hash: await passwordHash,
      activated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, name };
}

/** A supertest agent signed in as `email` (cookies kept). Throws when sign-in fails. */
export async function signIn(ctx: TestContext, email: string, password = TEST_PASSWORD) {
  const agent = supertest.agent(ctx.app);
  const res = await agent.post('/api/v1/auth/login').send({ email, password });
  if (res.status !== 200)
    throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

/** The link of the newest mail to `email` in the dev outbox. */
export function lastLinkTo(ctx: TestContext, email: string): string {
  const mail = [...ctx.outbox].reverse().find((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${email}`);
  return link;
}

/** The token query parameter of a mailed link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}
