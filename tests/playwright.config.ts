import { defineConfig, devices } from '@playwright/test';

/** Port of the server the end-to-end tests start (PostgreSQL database E2E_DATABASE_URL). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

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
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; CHROMIUM_PATH to change) against a
 * real server on a freshly created PostgreSQL database seeded with the demo account, and (project
 * `embedded`) against `npm start` on a fresh embedded database.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: `../test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
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
    {
      command: 'node e2e/start-server.mjs',
      url: `http://localhost:${E2E_PORT}/api/docs/openapi.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
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
