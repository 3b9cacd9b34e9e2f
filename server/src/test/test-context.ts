import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FeatureFlag, Permission, Role } from '@nomen/shared';
import { type DbHandle, openDatabase } from '@nomen/shared/db';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import supertest from 'supertest';
import { createApp, type NomenApp } from '../app';
import { hashPassword } from '../auth/crypto';
import { type Config, loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import type { AppDeps } from '../http/context';
import { type JobRuntime, startJobs } from '../jobs/index';
import { createMailer, type MailMessage } from '../mail/mailer';
import { LOCAL_PEERS_ALLOW } from './local-outbound';
import { testDatabaseUrl } from './test-database';

/** The password every factory-made user signs in with. */
export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

/** A running app over the test database, mailing through a real local SMTP server. */
export interface TestContext extends NomenApp {
  deps: AppDeps;
  handle: DbHandle;
  /** Every mail the test SMTP server received, oldest first. */
  mails: MailMessage[];
  close(): Promise<void>;
}

/** A local SMTP server (the `smtp-server` package) that keeps what it receives. */
interface SmtpPeer {
  url: string;
  mails: MailMessage[];
  close(): Promise<void>;
}

/**
 * Starts an SMTP server on 127.0.0.1, port 0, without TLS or authentication. Each message is
 * parsed (mailparser) before the server answers 250, so by the time the app's send resolves the
 * mail is in `mails`.
 */
async function startSmtpPeer(): Promise<SmtpPeer> {
  const mails: MailMessage[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({
              to: rcpt.address,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              ...(parsed.attachments.length > 0
                ? {
                    attachments: parsed.attachments.map((a) => ({
                      filename: a.filename ?? '',
                      content: a.content,
                      contentType: a.contentType,
                    })),
                  }
                : {}),
              ...(parsed.messageId ? { messageId: parsed.messageId } : {}),
            });
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The database API tests run on: the test PostgreSQL (TEST_DATABASE_URL, migrated once per run by
 * global-setup.ts and copied for each worker by worker-database.ts), or, in the `api-embedded`
 * project (TEST_DATABASE=embedded), a fresh in-memory embedded database (openEmbeddedTestDatabase),
 * the one `npm start` opens for every new user.
 */
export async function openTestDatabase(): Promise<DbHandle> {
  if (!isEmbeddedTestRun()) return openDatabase({ url: testDatabaseUrl(), poolSize: 5 });
  return openEmbeddedTestDatabase();
}

/** The migrated empty embedded database's data folder, made once per worker. */
let migratedEmbedded: Promise<Blob> | undefined;

/**
 * A fresh, migrated, in-memory embedded database (PGlite). The first call migrates an empty one
 * and keeps its data folder; every call opens a copy of that folder, which skips PGlite's initdb
 * and the migrations (about 0.5 s against 2.5 s).
 */
export async function openEmbeddedTestDatabase(): Promise<DbHandle> {
  migratedEmbedded ??= (async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(handle.db);
      const dump = await handle.dumpDataDir?.();
      if (!dump) throw new Error('the embedded database gave no data folder');
      return dump;
    } finally {
      await handle.close();
    }
  })();
  const snapshot = await migratedEmbedded.catch((error) => {
    migratedEmbedded = undefined;
    throw error;
  });
  return openDatabase({ dataDir: 'memory://', snapshot });
}

/** True in the `api-embedded` vitest project, whose tests run on the embedded database. */
export function isEmbeddedTestRun(): boolean {
  return process.env.TEST_DATABASE === 'embedded';
}

/**
 * Builds the app against the test database (openTestDatabase) (STYLE.md: API tests through a test server and
 * factories), with SMTP_URL pointing at a local SMTP server whose mail lands in `mails` and
 * OUTBOUND_ALLOW admitting loopback (the local peers). `env` overrides configuration variables.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const smtp = await startSmtpPeer();
  const config: Config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    APP_URL: 'http://nomen.test',
    NOMEN_SECRET_KEY: 'test-secret-key-for-collab-tokens',
    SMTP_URL: smtp.url,
    // The peers and stand-ins listen on loopback; `OUTBOUND_ALLOW: ''` gives the rule's default.
    OUTBOUND_ALLOW: LOCAL_PEERS_ALLOW,
    ...env,
  });
  const handle = await openTestDatabase();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: 'test@nomen.test', dataDir: config.dataDir });
  const deps: AppDeps = { db: handle.db, pool: handle.pool, config, mailer };
  const nomen = createApp(deps);
  return {
    ...nomen,
    deps,
    handle,
    mails: smtp.mails,
    async close() {
      await handle.close();
      await smtp.close();
    },
  };
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

/** A supertest agent signed in by `signIn` (cookies kept). */
export type SignedIn = Awaited<ReturnType<typeof signIn>>;

/** What most API test files start with: the app, a fresh account and its signed-in super-admin. */
export interface AdminContext {
  ctx: TestContext;
  account: TestAccount;
  admin: SignedIn;
}

/**
 * Starts an app over the test database (`createTestContext(env)`), makes an account with
 * `features` on and signs its super-admin in. When the account or the sign-in fails the app is
 * closed again and the error thrown, so a file's `afterAll` has only a started context to close.
 */
export async function createAdminContext(
  features: FeatureFlag[] = [],
  env: Record<string, string> = {},
): Promise<AdminContext> {
  const ctx = await createTestContext(env);
  try {
    const account = await createAccount(ctx, features);
    const admin = await signIn(ctx, account.admin.email);
    return { ctx, account, admin };
  } catch (error) {
    await ctx.close();
    throw error;
  }
}

/**
 * Runs `work` against a fresh embedded database (openEmbeddedTestDatabase) with `ctx`'s config and
 * mailer: an app over it and an agent signed in as the admin of a fresh account with `features`.
 * With `options.jobs` the job queue runs on it too, working its jobs in this process as the
 * embedded server does (server/src/start.ts). `work` also gets a context over the embedded
 * database for the factories (`createUser`, `signIn` there). Closes the database afterwards, also
 * when `work` throws.
 */
export async function withEmbeddedAdmin(
  ctx: TestContext,
  work: (
    agent: ReturnType<typeof supertest.agent>,
    account: TestAccount,
    embedded: TestContext,
  ) => Promise<void>,
  features: FeatureFlag[] = [],
  options: { jobs?: boolean } = {},
): Promise<void> {
  const handle = await openEmbeddedTestDatabase();
  let jobs: JobRuntime | null = null;
  try {
    const deps: AppDeps = { ...ctx.deps, db: handle.db, pool: handle.pool };
    if (options.jobs) {
      jobs = await startJobs(deps, handle, ctx.deps.config.jobs, { work: true });
      deps.jobs = jobs;
    }
    const nomen = createApp(deps);
    const embedded: TestContext = { ...ctx, ...nomen, deps, handle };
    const account = await createAccount(embedded, features);
    const agent = supertest.agent(nomen.app);
    const login = await agent
      .post('/api/v1/auth/login')
      .send({ email: account.admin.email, password: TEST_PASSWORD });
    if (login.status !== 200)
      throw new Error(`embedded sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
    await work(agent, account, embedded);
  } finally {
    await jobs?.stop();
    await handle.close();
  }
}

/** The link of the newest mail to `email` the test SMTP server received. */
export function lastLinkTo(ctx: TestContext, email: string): string {
  const mail = [...ctx.mails].reverse().find((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${email}`);
  return link;
}

/** The token query parameter of a mailed link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}
