import { defineConfig, devices } from '@playwright/test';
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

/** Debian's Chromium, started as this machine's closed network needs. */
const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
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
  reporter: [['list'], ['json', { outputFile: '../.test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/, use: { launchOptions: chromiumLaunch } },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: chromiumLaunch,
      },
    },
    {
      // The product's main loop on the embedded database, started as `npm start` starts it.
      name: 'embedded',
      testDir: './e2e-embedded',
      use: {
        ...devices['Desktop Chrome'],
        baseURL: `http://localhost:${E2E_EMBEDDED_PORT}`,
        viewport: { width: 1440, height: 900 },
        launchOptions: chromiumLaunch,
      },
    },
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
    {
      command: 'node e2e/start-embedded.mjs',
      url: `http://localhost:${E2E_EMBEDDED_PORT}/api/docs/openapi.json`,
      env: { E2E_EMBEDDED_PORT: String(E2E_EMBEDDED_PORT) },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
