import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time (ms) of the files under `path`, skipping node_modules and the builds. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist.next') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Builds the client with Vite when client/dist is missing or older than its sources (client/ or
 * shared/src), so `npm start` and the end-to-end tests always serve the current client and a
 * second start skips the build. The build goes to a temporary folder beside dist and replaces
 * dist only when it succeeded, so a failed build never leaves a broken dist that the next start
 * would serve as fresh. Exits the process with the build's status when the build fails.
 */
export function ensureClientBuilt(root) {
  const dist = join(root, 'client', 'dist');
  const index = join(dist, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(join(root, 'client')), newestMtime(join(root, 'shared', 'src')));
  if (built >= sources) return false;
  console.log(
    built
      ? '[nomen] client sources changed: rebuilding the client'
      : '[nomen] building the client (first start)',
  );
  const next = join(root, 'client', 'dist.next');
  rmSync(next, { recursive: true, force: true });
  const result = spawnSync('npm', ['run', 'build', '-w', '@nomen/client', '--', '--outDir', next], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(join(next, 'index.html'))) {
    rmSync(next, { recursive: true, force: true });
    console.error('[nomen] the client build failed; nothing was replaced');
    process.exit(result.status || 1);
  }
  rmSync(dist, { recursive: true, force: true });
  renameSync(next, dist);
  return true;
}
