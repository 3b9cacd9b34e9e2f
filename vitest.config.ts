import { defineConfig } from 'vitest/config';

/**
 * The API tests of the main flows (submissions, approval, datasets, templates, integration runs,
 * reports, lists) that run on the embedded database as well as on PostgreSQL.
 */
const EMBEDDED_API_TESTS = [
  'server/src/entities/submissions/*.api.test.ts',
  'server/src/entities/templates/*.api.test.ts',
  'server/src/entities/reports/*.api.test.ts',
  'server/src/entities/lists/*.api.test.ts',
  'server/src/entities/activities/activity-operations.api.test.ts',
  'server/src/jobs/integration-runs.api.test.ts',
  'server/src/http/api-contract.api.test.ts',
];

/**
 * Workers of the API projects: their tests mostly wait on HTTP and the database, so more files run
 * at once than the machine has cores (CI has two).
 */
const API_WORKERS = 3;

/**
 * Three projects: `unit` (pure code beside its source, no database) and `api` (HTTP tests of the
 * server against a real PostgreSQL, TEST_DATABASE_URL, recreated once per run) and `api-embedded`
 * (the main flows' API tests again on the embedded database).
 *
 * For speed, `unit` runs first (sequence.groupOrder 0) in two workers that each load the modules
 * once for all their files (no isolation: unit tests keep no state between files); then both API
 * projects together (group 1) in API_WORKERS workers, each file in a fresh module graph as before.
 * Each `api` worker has its own copy of the migrated PostgreSQL database (global-setup.ts,
 * worker-database.ts), so files running at the same time share no job queue or table.
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
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The product's main flows again on the embedded database (PGlite), which every new user
        // runs first: each test context opens its own in-memory database (test-context.ts).
        test: {
          name: 'api-embedded',
          include: EMBEDDED_API_TESTS,
          env: { TEST_DATABASE: 'embedded' },
          environment: 'node',
          maxWorkers: API_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/src/**/*.api.test.ts', 'collab/src/**/*.api.test.ts'],
          globalSetup: ['server/src/test/global-setup.ts'],
          // Each worker on its own copy of the migrated database (global-setup.ts).
          setupFiles: ['server/src/test/worker-database.ts'],
          environment: 'node',
          maxWorkers: API_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
