import { baseTestDatabaseUrl, workerDatabaseUrl } from './test-database';

/**
 * Setup file of the `api` vitest project: points TEST_DATABASE_URL at this worker's own copy of
 * the migrated test database (made by global-setup.ts), so that test files running at the same
 * time in other workers never share tables, job queues or NOTIFY channels with this one. A worker
 * runs one file at a time, so each copy sees its files one after another, as the single database
 * did when files ran one by one. Child processes a test starts inherit the variable.
 */
const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
process.env.NOMEN_TEST_BASE_DATABASE_URL = baseTestDatabaseUrl();
process.env.TEST_DATABASE_URL = workerDatabaseUrl(process.env.NOMEN_TEST_BASE_DATABASE_URL, poolId);
