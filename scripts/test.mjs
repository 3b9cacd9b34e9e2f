import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClientBuilt } from './client-build.mjs';

/**
 * `npm test`: typecheck, the database types' check (`npm run db:types -- --check`: the generated
 * types against the migrations, on a scratch database of TEST_DATABASE_URL's server), lint, unit
 * and API tests (vitest; API tests on a real PostgreSQL at TEST_DATABASE_URL), then end-to-end
 * tests in Chromium (Playwright). Prints each stage's outcome and duration, a table of the stages'
 * durations, and one closing line "N passed, N failed" summing every test run (typecheck, the
 * database types and lint count as one check each; lint is Biome, the SQL-placement check,
 * scripts/check-sql-placement.mjs, the import-cycle check, scripts/check-cycles.mjs, and the
 * function-length check, scripts/check-function-length.mjs, as `npm run lint`). Exits non-zero
 * when anything failed or when no test ran.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const bin = (name) => join(root, 'node_modules', '.bin', name);
/** Each stage's title and wall-clock seconds, printed together at the end. */
const durations = [];
// .ci/run passes how long its setup and `npm ci` took, so the total is the whole CI run's.
for (const [title, name] of [
  ['CI setup (apt, PostgreSQL, Redis)', 'CI_SETUP_SECONDS'],
  ['npm ci', 'CI_INSTALL_SECONDS'],
]) {
  const seconds = Number(process.env[name]);
  if (process.env[name] && Number.isFinite(seconds)) durations.push([title, seconds]);
}
const started = Date.now() - durations.reduce((sum, [, seconds]) => sum + seconds * 1000, 0);

/** Runs `fn`, records how long it took under `title`, and returns its result. */
function timed(title, fn) {
  const start = Date.now();
  const result = fn();
  const seconds = (Date.now() - start) / 1000;
  durations.push([title, seconds]);
  console.log(`--- ${title}: ${seconds.toFixed(1)} s`);
  return result;
}

/**
 * Runs `command args`, then each further `[command, args]` of `more` (every one, even after a
 * failure, so all problems show), as one stage; true when all exited 0.
 */
function stage(title, command, args, ...more) {
  console.log(`\n=== ${title}`);
  return timed(title, () =>
    [[command, args], ...more]
      .map(([c, a]) => spawnSync(c, a, { cwd: root, stdio: 'inherit', env: process.env }).status === 0)
      .every(Boolean),
  );
}

function check(title, command, args, ...more) {
  if (stage(title, command, args, ...more)) passed += 1;
  else {
    failed += 1;
    console.log(`--- ${title} failed`);
  }
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

check('typecheck (tsc -b)', bin('tsc'), ['-b']);
check('database types (npm run db:types -- --check)', bin('tsx'), [
  join(root, 'scripts', 'db-types.ts'),
  '--check',
]);
check(
  'lint (biome, SQL placement, import cycles, function length)',
  bin('biome'),
  ['check', '.'],
  [process.execPath, [join(root, 'scripts', 'check-sql-placement.mjs')]],
  [process.execPath, [join(root, 'scripts', 'check-cycles.mjs')]],
  [process.execPath, [join(root, 'scripts', 'check-function-length.mjs')]],
);

const vitestOk = stage('unit and API tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, 'vitest.json')}`,
]);
const vitest = readJson(join(results, 'vitest.json'));
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1);
} else failed += 1;

timed('client build', () => ensureClientBuilt(root));
const e2eOk = stage('end-to-end tests (Playwright, Chromium)', bin('playwright'), [
  'test',
  '-c',
  'tests/playwright.config.ts',
]);
const e2e = readJson(join(results, 'e2e.json'));
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected > 0 ? 0 : 1);
} else failed += 1;

const ranTests = (vitest?.numTotalTests ?? 0) + (e2e ? e2e.stats.expected + e2e.stats.unexpected : 0);
if (ranTests === 0) failed += 1;
console.log('\n=== stage durations');
for (const [title, seconds] of durations) console.log(`${seconds.toFixed(1).padStart(8)} s  ${title}`);
console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(8)} s  total`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
