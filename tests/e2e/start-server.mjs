import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Starts the server for the end-to-end tests: recreates the E2E database (so the demo account is
 * seeded fresh on start), then runs the real server on E2E_PORT with the built client.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const url = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_e2e');
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
await client.query(`create database "${url.pathname.slice(1)}"`);
await client.end();

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/embedded.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url.toString(),
    PORT: process.env.E2E_PORT ?? '3210',
    LOGIN_RATE_LIMIT: '1000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
