import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code beside its source, no database) and `api` (HTTP tests of the
 * server against a real PostgreSQL, TEST_DATABASE_URL, recreated once per run).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'tests/*.test.ts',
            'shared/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'client/src/**/*.test.ts',
            'collab/src/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/src/**/*.api.test.ts', 'collab/src/**/*.api.test.ts'],
          globalSetup: ['server/src/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
