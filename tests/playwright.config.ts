import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './e2e/support/chromium';
import { e2eBasePort, e2eWorkers, workerEnv } from './e2e/support/worker';

/**
 * Port of the first worker's server (PostgreSQL database E2E_DATABASE_URL); worker i's server
 * listens on E2E_PORT + 100 × i (e2e/support/worker.ts).
 */
export const E2E_PORT = e2eBasePort();

/** How many workers run the tests, each on its own server and database: E2E_WORKERS, default 1. */
export const E2E_WORKERS = e2eWorkers();

/** Port of the server `npm start` runs on the embedded database for tests/e2e-embedded. */
export const E2E_EMBEDDED_PORT = Number(process.env.E2E_EMBEDDED_PORT ?? E2E_PORT + 20);

/**
 * Spec files (globs under tests/e2e) that `npm test` runs in a second Playwright run, started once
 * vitest ends (scripts/test.mjs), beside the rest; the embedded project runs there too. The
 * collaboration specs (about 90 s on a quiet 2-core machine, with the embedded loop about 110 s)
 * start several browsers and collab servers each, so they go where the machine has a core free,
 * and the two runs end about together.
 */
export const LATE_SPECS: readonly string[] = ['collab/*.spec.ts'];

/**
 * Which specs this run takes, from E2E_SPECS: `all` (the default), `first` (the chromium specs
 * outside LATE_SPECS; no embedded project, so its server is not started) or `late` (LATE_SPECS
 * and the embedded project). Anything else is refused, so a typo never runs nothing.
 */
export const E2E_SPECS = (() => {
  const specs = process.env.E2E_SPECS ?? 'all';
  if (specs !== 'all' && specs !== 'first' && specs !== 'late') {
    throw new Error(`E2E_SPECS must be all, first or late, not "${specs}"`);
  }
  return specs;
})();

/** Playwright's trace mode, from E2E_TRACE: `off` (the default) or any mode Playwright takes. */
const E2E_TRACE = (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure' | 'on-first-retry';

/** LATE_SPECS as the chromium project's testMatch / testIgnore patterns. */
const lateSpecPatterns = LATE_SPECS.map((file) => `**/${file}`);

/** The chromium project's spec selection for E2E_SPECS. */
const chromiumSpecs =
  E2E_SPECS === 'first'
    ? { testIgnore: lateSpecPatterns }
    : E2E_SPECS === 'late'
      ? { testMatch: lateSpecPatterns }
      : {};

/** Whether this run has the embedded project (and so starts its server). */
const withEmbedded = E2E_SPECS !== 'first';

/** The product's main loop on the embedded database, started as `npm start` starts it. */
const embeddedProject = {
  name: 'embedded',
  testDir: './e2e-embedded',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${E2E_EMBEDDED_PORT}`,
    viewport: { width: 1440, height: 900 },
    launchOptions: chromiumLaunch,
  },
};

/** The server of the embedded project: `npm start` on a fresh embedded database. */
const embeddedServer = {
  command: 'node e2e/start-embedded.mjs',
  url: `http://localhost:${E2E_EMBEDDED_PORT}/api/docs/openapi.json`,
  env: { E2E_EMBEDDED_PORT: String(E2E_EMBEDDED_PORT) },
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
};

/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; CHROMIUM_PATH to change) against real
 * servers, one per worker, each on a freshly created PostgreSQL database seeded with the demo
 * account (so each worker owns an account and never sees another worker's data; the specs take
 * `test` from e2e/support/test.ts, whose `baseURL` is their worker's server), and (project
 * `embedded`) against `npm start` on a fresh embedded database.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: `../test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: `../.test-results/e2e${E2E_SPECS === 'all' ? '' : `-${E2E_SPECS}`}.json` }],
  ],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    // The product honours the operating system's reduced-motion setting (client/src/theme.ts),
    // so drawers and modals open without animating frames the tests never look at.
    reducedMotion: 'reduce',
    // A trace records a screencast and DOM snapshots of every test: E2E_TRACE=retain-on-failure
    // keeps them for the failures, at about half again the browser's CPU; off by default.
    trace: E2E_TRACE,
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/, use: { launchOptions: chromiumLaunch } },
    {
      name: 'chromium',
      dependencies: ['setup'],
      ...chromiumSpecs,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: chromiumLaunch,
      },
    },
    ...(withEmbedded ? [embeddedProject] : []),
  ],
  webServer: [
    ...Array.from({ length: E2E_WORKERS }, (_, worker) => {
      const env = workerEnv(worker);
      return {
        command: 'node e2e/start-server.mjs',
        url: `http://localhost:${env.E2E_PORT}/api/docs/openapi.json`,
        env,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      };
    }),
    ...(withEmbedded ? [embeddedServer] : []),
  ],
});
