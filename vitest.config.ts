import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The API tests of the main flows (submissions, approval, datasets, templates, integration runs,
 * reports, lists) that run on the embedded database as well as on PostgreSQL.
 */
const EMBEDDED_API_TESTS = [
  'server/src/entities/submissions/*.api.test.ts',
  'server/src/entities/submissions/drafts/*.api.test.ts',
  'server/src/entities/templates/*.api.test.ts',
  'server/src/entities/reports/*.api.test.ts',
  'server/src/entities/lists/*.api.test.ts',
  'server/src/entities/activities/activity-operations.api.test.ts',
  'server/src/jobs/integration-runs.api.test.ts',
  'server/src/http/api-contract.api.test.ts',
];

/**
 * Test files of a project share one module graph per worker (`isolate: false`): the server's
 * modules are imported once, not once per file, which halves the stage (about 480 s against 880 s
 * with isolation on this 2-core machine); no test relies on a fresh copy of a module's state.
 *
 * Three projects: `unit` (pure code beside its source, no database) and `api` (HTTP tests of the
 * server against a real PostgreSQL, TEST_DATABASE_URL, recreated once per run and copied for each
 * worker by worker-database.ts) and `api-embedded` (the main flows' API tests again on the
 * embedded database).
 *
 * At least two workers, where vitest's default on a 2-core machine is one: the API tests spend
 * most of their time waiting on PostgreSQL, the job queue's polls and the peers, so two workers
 * take about half the time of one (about 270 s against 520 s on this 2-core machine) for the same
 * CPU.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/src/**/*.api.test.ts', 'collab/src/**/*.api.test.ts'],
          globalSetup: ['server/src/test/global-setup.ts'],
          setupFiles: ['server/src/test/worker-database.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
