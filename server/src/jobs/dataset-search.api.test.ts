import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexWholeSearchBacklog } from '../entities/submissions/dataset-search.repository';
import { makeRunTemplate, submitRows } from '../test/integration-runs-fixtures';
import { createAccount, createTestContext, signIn, type TestContext } from '../test/test-context';

/**
 * Search indexing after a large commit (README "Reports"): the search report's plan depends on
 * the statistics of the values tables, so the indexing job analyses them after a commit of many
 * new values instead of leaving the search slow until autovacuum comes by. PostgreSQL only.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createAccount(ctx, []);
  admin = await signIn(ctx, account.admin.email);
});
afterAll(() => ctx?.close());

/** When each search table was last analysed by hand (ANALYZE), null when never. */
async function lastAnalyze(): Promise<Record<string, Date | null>> {
  const { rows } = await sql<{ relname: string; last_analyze: Date | null }>`
    select relname, last_analyze from pg_stat_user_tables
     where relname in ('dataset_values', 'dataset_search_values')`.execute(ctx.deps.db);
  return Object.fromEntries(rows.map((r) => [r.relname, r.last_analyze]));
}

describe('the dataset-search job after a large commit', () => {
  it('leaves the statistics alone after a small commit and analyses the values tables after one of more than 10,000 values', async () => {
    const template = await makeRunTemplate(admin, []);
    // Other test files share the database: compare with what it held before.
    const before = await lastAnalyze();
    await submitRows(admin, template, [['Spring Sale', 'paid_social']], 'Small');
    await indexWholeSearchBacklog(ctx.deps.db);
    expect(await lastAnalyze()).toEqual(before);

    // 4,000 rows of a distinct campaign, channel and row id each: 12,000 new values.
    const rows = Array.from({ length: 4_000 }, (_, i): [string, string] => [`Campaign ${i}`, `channel-${i}`]);
    await submitRows(admin, template, rows, 'Large');
    await indexWholeSearchBacklog(ctx.deps.db);
    await vi.waitFor(async () => {
      const analysed = await lastAnalyze();
      for (const table of ['dataset_values', 'dataset_search_values']) {
        expect(analysed[table], table).toBeInstanceOf(Date);
        expect(analysed[table]!.getTime(), table).toBeGreaterThan(before[table]?.getTime() ?? 0);
      }
    });
  }, 120_000);
});
