import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClientBuilt } from './client-build.mjs';

/**
 * `npm start`: builds the client if it is missing or stale, then runs the server (REST API,
 * client, embedded database unless DATABASE_URL is set). `npm run dev` instead runs the server in
 * watch mode on PORT+1 and Vite's dev server on PORT, proxying /api to it.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const children = [];

function run(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? (signal ? 1 : 0));
  });
  return child;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

if (dev) {
  const port = Number(process.env.PORT ?? 3000);
  run(['--import', 'tsx', '--watch', 'scripts/embedded.ts'], { PORT: String(port + 1) });
  run([join(root, 'node_modules/vite/bin/vite.js'), 'client', '--port', String(port), '--strictPort'], {
    NOMEN_API_PORT: String(port + 1),
  });
} else {
  // CLIENT_DIST names a client built elsewhere, which is served as it is.
  if (!process.env.CLIENT_DIST) ensureClientBuilt(root);
  run(['--import', 'tsx', 'scripts/embedded.ts']);
}
