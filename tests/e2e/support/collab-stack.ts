import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import pg from 'pg';
import { DEMO_PASSWORD, ROLES, type RoleName } from './roles';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SECRET = 'e2e-collab-secret-0123456789';

/** A REST server and separate collab processes on one fresh database, for collaboration tests. */
export interface CollabStack {
  baseURL: string;
  collabPorts: number[];
  /** Stops collab instance `i` (its clients see the connection drop). */
  stopCollab(i: number): Promise<void>;
  /** Starts collab instance `i` again on the same port. */
  startCollab(i: number): Promise<void>;
  /** A browser context signed in as `role` on this stack. */
  signedIn(browser: Browser, role: RoleName): Promise<BrowserContext>;
  close(): Promise<void>;
}

function waitFor(child: ChildProcess, text: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}: ${output.slice(-2000)}`)));
  });
}

/**
 * Starts the production layout in miniature (ARCHITECTURE.md): a fresh PostgreSQL database
 * seeded with the demo account, the REST server (npm run start:server) on `port`, and
 * `collabInstances` collab processes (npm run start:collab) on the following ports, joined by
 * Redis when there are several; the REST server sends each user to one collab instance by user
 * id (COLLAB_URL). Needs the client built (npm run build -w @nomen/client).
 */
export async function startCollabStack(options: {
  port: number;
  collabInstances?: number;
  database: string;
  lockTimeoutMs?: number;
}): Promise<CollabStack> {
  const count = options.collabInstances ?? 1;
  const dbUrl = `postgres://postgres@127.0.0.1:5432/${options.database}`;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`drop database if exists "${options.database}" with (force)`);
  await admin.query(`create database "${options.database}"`);
  await admin.end();

  const collabPorts = Array.from({ length: count }, (_, i) => options.port + 1 + i);
  const common = {
    ...process.env,
    DATABASE_URL: dbUrl,
    NOMEN_SECRET_KEY: SECRET,
    NODE_ENV: 'test',
    LOCK_TIMEOUT_MS: String(options.lockTimeoutMs ?? 120_000),
  };
  const rest = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...common,
      PORT: String(options.port),
      LOGIN_RATE_LIMIT: '1000',
      COLLAB_URL: collabPorts.map((p) => `ws://localhost:${p}/collab`).join(','),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await waitFor(rest, 'serving', 'the REST server');

  const collabs: (ChildProcess | null)[] = collabPorts.map(() => null);
  const startCollab = async (i: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'collab/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...common,
        COLLAB_PORT: String(collabPorts[i]),
        REDIS_URL: count > 1 ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    collabs[i] = child;
    await waitFor(child, 'serving', `collab instance ${i}`);
  };
  const stopCollab = async (i: number) => {
    const child = collabs[i];
    if (!child) return;
    collabs[i] = null;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };
  for (let i = 0; i < count; i++) await startCollab(i);

  const baseURL = `http://localhost:${options.port}`;
  return {
    baseURL,
    collabPorts,
    startCollab,
    stopCollab,
    async signedIn(browser, role) {
      const context = await browser.newContext({ baseURL });
      const res = await context.request.post('/api/v1/auth/login', {
        data: { email: ROLES[role], password: DEMO_PASSWORD },
      });
      if (res.status() !== 200) throw new Error(`sign-in as ${role} failed: ${res.status()}`);
      return context;
    },
    async close() {
      for (let i = 0; i < count; i++) await stopCollab(i);
      await new Promise<void>((resolve) => {
        rest.once('exit', () => resolve());
        rest.kill('SIGTERM');
      });
    },
  };
}
