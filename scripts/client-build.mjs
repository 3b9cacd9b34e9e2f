import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time (ms) of the files under `path`, skipping node_modules and dist. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Builds the client with Vite when client/dist is missing or older than its sources (client/ or
 * shared/src), so `npm start` and the end-to-end tests always serve the current client and a
 * second start skips the build. Exits the process when the build fails.
 */
export function ensureClientBuilt(root) {
  const index = join(root, 'client', 'dist', 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(join(root, 'client')), newestMtime(join(root, 'shared', 'src')));
  if (built >= sources) return false;
  console.log(
    built
      ? '[nomen] client sources changed: rebuilding the client'
      : '[nomen] building the client (first start)',
  );
  const result = spawnSync('npm', ['run', 'build', '-w', '@nomen/client'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[nomen] the client build failed');
    process.exit(result.status ?? 1);
  }
  return true;
}
