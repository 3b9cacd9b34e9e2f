/**
 * The PostgreSQL database API tests use: TEST_DATABASE_URL (default `nomen_test` on the local
 * server). Inside a test worker of the `api` project it names that worker's own copy
 * (worker-database.ts sets it before each file).
 */
export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_test';
}

/**
 * The run's database that global-setup.ts recreates, migrates and copies for each worker: the
 * TEST_DATABASE_URL the run was started with (kept in NOMEN_TEST_BASE_DATABASE_URL once a worker
 * has pointed TEST_DATABASE_URL at its copy).
 */
export function baseTestDatabaseUrl(): string {
  return process.env.NOMEN_TEST_BASE_DATABASE_URL ?? testDatabaseUrl();
}

/**
 * The URL of test worker `poolId`'s copy of the database at `baseUrl` (VITEST_POOL_ID, 1 to the
 * project's maxWorkers): the same server, database name `<base name>_w<poolId>`.
 */
export function workerDatabaseUrl(baseUrl: string, poolId: number): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname}_w${poolId}`;
  return url.toString();
}
