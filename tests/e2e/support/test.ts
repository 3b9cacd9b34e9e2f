import { test as base, expect } from '@playwright/test';
import { applyWorkerEnv, e2ePort } from './worker';

/** The server a Playwright worker owns (support/worker.ts): its port and its address. */
export interface E2eServer {
  port: number;
  baseURL: string;
}

/**
 * Playwright's `test` for the specs of tests/e2e: each worker talks to its own server, with its
 * own database and demo account (support/worker.ts). The worker fixture `e2eServer` applies the
 * worker's environment (E2E_PORT and the rest, which support files read) before any of its tests
 * runs, and `baseURL` is that server's address, so relative URLs, `browser.newContext()` and
 * `request.newContext()` reach it. Storage states resolve per worker too (support/roles.ts).
 */
export const test = base.extend<object, { e2eServer: E2eServer }>({
  e2eServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      applyWorkerEnv(workerInfo.parallelIndex);
      const port = e2ePort();
      await use({ port, baseURL: `http://localhost:${port}` });
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.baseURL);
  },
});

export { expect };
