import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureClientBuilt } from './client-build.mjs';

/**
 * `npm test`: typecheck, the database types' check (`npm run db:types -- --check`: the generated
 * types against the migrations, on a scratch database of TEST_DATABASE_URL's server), lint, unit
 * and API tests (vitest; API tests on a real PostgreSQL at TEST_DATABASE_URL), then end-to-end
 * tests in Chromium (Playwright). After the client build, a first Playwright run, vitest and the
 * checks (side by side) start together, and a second Playwright run (the specs `LATE_SPECS` of
 * tests/playwright.config.ts names, and the embedded project) starts when vitest ends. Each stage's
 * output is printed whole when it ends. Prints each stage's outcome and duration, a table of the
 * stages' durations, and one closing line "N passed, N failed" summing every test run (typecheck,
 * the database types and lint count as one check each; lint is Biome, the SQL-placement check,
 * scripts/check-sql-placement.mjs, the import-cycle check, scripts/check-cycles.mjs, and the
 * function-length check, scripts/check-function-length.mjs, as `npm run lint`). Exits non-zero when
 * anything failed or when no test ran.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const bin = (name) => join(root, 'node_modules', '.bin', name);
/**
 * TypeScript's native compiler (TypeScript 7, the `typescript-native` devDependency), which checks
 * the whole tree in about a third of TypeScript 5's time and CPU; `typescript` 5.9 stays for the
 * tools that use its JavaScript API (the function-length check, madge) and for editors.
 */
const NATIVE_TSC = join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
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

/** A JSON report a stage wrote, or null when it wrote none. */
function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Records a stage's wall-clock seconds under `title` and prints them. */
function record(title, seconds) {
  durations.push([title, seconds]);
  console.log(`--- ${title}: ${seconds.toFixed(1)} s`);
}

/**
 * Runs `[command, args, env?]` triples (env defaults to this process's) one after another (every one, even after a failure, so all
 * problems show) as one stage, its output going to `log` (a file under .test-results) rather than
 * the terminal, since stages run side by side. Resolves with whether all exited 0 and the
 * stage's wall-clock seconds.
 */
async function stage(title, log, ...commands) {
  const start = Date.now();
  const out = openSync(join(results, log), 'w');
  let ok = true;
  for (const [command, args, env = process.env] of commands) {
    const code = await new Promise((resolve) => {
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env });
      child.on('error', () => resolve(1));
      child.on('exit', (status) => resolve(status ?? 1));
    });
    ok = ok && code === 0;
  }
  closeSync(out);
  return { title, log, ok, seconds: (Date.now() - start) / 1000 };
}

/** Prints a finished stage: its title, its output, its duration. */
function report({ title, log, ok, seconds }) {
  console.log(`\n=== ${title}${ok ? '' : ' (failed)'}`);
  process.stdout.write(readFileSync(join(results, log), 'utf8'));
  record(title, seconds);
}

/** Prints a stage's output and duration once it ends; resolves with the finished stage. */
async function reported(running) {
  const done = await running;
  report(done);
  return done;
}

/**
 * The environment of the second Playwright run (E2E_SPECS=late): every port the first run uses
 * moved up by 500 and a database and data folder of its own, so the two runs never meet.
 */
function lateEnv() {
  const env = { ...process.env, E2E_SPECS: 'late' };
  env.E2E_PORT = String(Number(process.env.E2E_PORT ?? 3210) + 500);
  const database = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_e2e');
  database.pathname = `${database.pathname}_late`;
  env.E2E_DATABASE_URL = database.toString();
  for (const name of ['E2E_OIDC_PORT', 'E2E_S3_PORT', 'COLLAB_E2E_PORT', 'E2E_EMBEDDED_PORT']) {
    if (process.env[name]) env[name] = String(Number(process.env[name]) + 500);
  }
  if (process.env.E2E_DATA_DIR) env.E2E_DATA_DIR = `${process.env.E2E_DATA_DIR}-late`;
  return env;
}

// The client is built first, since the end-to-end servers serve it. Then two lines of work keep
// both cores busy until the end, with the checks (side by side) beside them at the start: the
// first Playwright run, and vitest followed by the second Playwright run (the specs of LATE_SPECS
// in tests/playwright.config.ts and the embedded project). Playwright's browser, servers and
// runner take about one core; vitest's two workers take the rest, mostly waiting on PostgreSQL,
// job queues and peers.
const buildStart = Date.now();
ensureClientBuilt(root);
record('client build', (Date.now() - buildStart) / 1000);

const playwright = [bin('playwright'), ['test', '-c', 'tests/playwright.config.ts']];
const e2eFirst = reported(
  stage('end-to-end tests, first run (Playwright, Chromium)', 'e2e-first.log', [
    ...playwright,
    { ...process.env, E2E_SPECS: 'first' },
  ]),
);
const checksRun = Promise.all([
  reported(stage('typecheck (TypeScript 7, tsc -b)', 'tsc.log', [process.execPath, [NATIVE_TSC, '-b']])),
  reported(
    stage('database types (npm run db:types -- --check)', 'db-types.log', [
      bin('tsx'),
      [join(root, 'scripts', 'db-types.ts'), '--check'],
    ]),
  ),
  reported(
    stage(
      'lint (biome, SQL placement, import cycles, function length)',
      'lint.log',
      [bin('biome'), ['check', '.']],
      [process.execPath, [join(root, 'scripts', 'check-sql-placement.mjs')]],
      [process.execPath, [join(root, 'scripts', 'check-cycles.mjs')]],
      [process.execPath, [join(root, 'scripts', 'check-function-length.mjs')]],
    ),
  ),
]);
const vitestDone = reported(
  stage('unit and API tests (vitest)', 'vitest.log', [
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'vitest.json')}`],
  ]),
);
const e2eLate = vitestDone.then(() =>
  reported(
    stage('end-to-end tests, late run (Playwright, Chromium)', 'e2e-late.log', [...playwright, lateEnv()]),
  ),
);
const [checks, vitestRun, ...e2eRuns] = await Promise.all([checksRun, vitestDone, e2eFirst, e2eLate]);
for (const check of checks) {
  if (check.ok) passed += 1;
  else {
    failed += 1;
    console.log(`--- ${check.title} failed`);
  }
}
const vitest = readJson(join(results, 'vitest.json'));
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestRun.ok || vitest.numFailedTests > 0 ? 0 : 1);
} else failed += 1;
let e2eTotal = 0;
for (const [run, file] of [
  [e2eRuns[0], 'e2e-first.json'],
  [e2eRuns[1], 'e2e-late.json'],
]) {
  const e2e = readJson(join(results, file));
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected + (run.ok || e2e.stats.unexpected > 0 ? 0 : 1);
    e2eTotal += e2e.stats.expected + e2e.stats.unexpected;
  } else failed += 1;
}

const ranTests = (vitest?.numTotalTests ?? 0) + e2eTotal;
if (ranTests === 0) failed += 1;
console.log('\n=== stage durations');
for (const [title, seconds] of durations) console.log(`${seconds.toFixed(1).padStart(8)} s  ${title}`);
console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(8)} s  total`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
