/** Helpers the benchmark scripts share: generated cell text, medians, databases and servers. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const WORDS = [
  'Summer',
  'Sale',
  'Brand',
  'Launch',
  'Retarget',
  'Lookalike',
  'Spring',
  'Promo',
  'Évènement',
  'Größe',
  'Niño',
  'São Paulo',
  'Zürich',
  'Kraków',
  'Dublin',
  'Q3',
  'EMEA',
  'APAC',
  'Video',
  'Display',
];

/** Deterministic realistic cell text of 10-40 characters (some non-ASCII) for row and column. */
export function cellText(row: number, column: number): string {
  let seed = (row * 131 + column * 7919) % 2147483647 || 1;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed;
  };
  const length = 10 + (next() % 31);
  let text = '';
  while (text.length < length) text += `${WORDS[next() % WORDS.length]} `;
  return text.slice(0, length).trim() || 'x'.repeat(length);
}

/** The median of `values` (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Drops and creates the database of `url` (connecting to the server's `postgres` database). */
export async function recreateDatabase(url: URL): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
    await client.query(`create database "${url.pathname.slice(1)}"`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the REST server (npm run start:server) as its own process on `port` over `databaseUrl`
 * and resolves once it serves; `env` adds variables (e.g. NODE_ENV). The demo account is seeded
 * without its history (SEED_DEMO_HISTORY=false), so figures stay comparable with earlier runs.
 */
export async function startServer(
  databaseUrl: URL,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      NOMEN_SECRET_KEY: 'bench-secret-key-0123456789abcdefghij',
      LOGIN_RATE_LIMIT: '1000',
      SEED_DEMO_HISTORY: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

/** CPU time (user + system, ms) a process has used so far, read from /proc (Linux; 100 ticks/s). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident set size in MB, read from /proc (Linux). */
export function processRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}
