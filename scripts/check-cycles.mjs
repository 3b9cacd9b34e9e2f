import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

/**
 * `node scripts/check-cycles.mjs` (`npm run check:cycles`, part of `npm run lint` and `npm test`):
 * no import cycles among the server's modules (ARCHITECTURE.md "Integrations": types and constants
 * several modules share live in leaf modules, such as server/src/jobs/types.ts, that import none
 * of them). Type-only imports count: a cycle of types is a cycle too. Prints each cycle found as
 * `a.ts > b.ts > c.ts` (paths under server/src) and exits 1; exits 0 when there is none.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_ROOT = join(root, 'server', 'src');

const result = await madge(SOURCE_ROOT, {
  baseDir: SOURCE_ROOT,
  fileExtensions: ['ts'],
  tsConfig: join(root, 'tsconfig.base.json'),
});
const cycles = result.circular();
if (cycles.length === 0) {
  console.log('No import cycles in server/src.');
} else {
  console.error(`${cycles.length} import cycle(s) in server/src (move what they share into a leaf module):`);
  for (const cycle of cycles) console.error(`  ${cycle.join(' > ')}`);
  process.exitCode = 1;
}
