import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starts Nomen for the end-to-end tests of the embedded database (tests/e2e-embedded) exactly as
 * `npm start` does on a fresh clone: scripts/start.mjs, no DATABASE_URL, so the embedded PGlite
 * database in an empty DATA_DIR, migrated and seeded with the demo account on start, jobs in the
 * same process. Only the port, the data folder and the mail (files in DATA_DIR/mail, no SMTP
 * server) are set.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.E2E_EMBEDDED_PORT ?? String(Number(process.env.E2E_PORT ?? 3210) + 20);
const dataDir = join(root, '.data', `e2e-embedded-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const { DATABASE_URL: _ignored, ...env } = process.env;
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, PORT: port, DATA_DIR: dataDir, SMTP_URL: '' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
