/** The PostgreSQL database API tests use; recreated at the start of every run. */
export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_test';
}
