import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Starts the server for the end-to-end tests: recreates the E2E database (so the demo account is
 * seeded fresh on start) and an empty DATA_DIR, then runs the real server on E2E_PORT with the
 * built client. It runs without SMTP_URL, so mail lands as files in DATA_DIR/mail, where tests
 * read it (admin/people.spec.ts); nothing serves mail over HTTP.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.E2E_PORT ?? '3210';
const dataDir = process.env.E2E_DATA_DIR ?? join(root, '.data', `e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
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
    DATA_DIR: dataDir,
    SMTP_URL: '',
    PORT: port,
    LOGIN_RATE_LIMIT: '1000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
