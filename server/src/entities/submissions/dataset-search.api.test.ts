import { openDatabase } from '@nomen/shared/db';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import type { AppDeps } from '../../http/context';
import {
  createAccount,
  createTestContext,
  signIn,
  TEST_PASSWORD,
  type TestContext,
  withEmbeddedAdmin,
} from '../../test/test-context';
import { indexWholeSearchBacklog, undispatchedSearchBacklog } from './dataset-search.repository';
import { submissionFixtures } from './submissions.fixtures';

/**
 * The search report's index is filled after the commit by the `dataset-search` job (issue 11
 * "Performance"; migration 0019): a submitted value is found by the search once the job ran, the
 * submit's own answer does not wait for it, and the migration keeps values stored before it
 * searchable.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

type Agent = ReturnType<typeof supertest.agent>;

/** The cell values the search report answers for `term`. */
async function searchValues(agent: Agent, term: string): Promise<string[]> {
  const res = await agent.post('/api/core/v1/search/template-data/legacy').send({ term });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { cell_value: string }[]).map((r) => r.cell_value).sort();
}

/** Asks the search every 100 ms until it answers `expected` for `term` (at most `ms`). */
async function searchUntil(agent: Agent, term: string, expected: string[], ms = 20_000) {
  const started = Date.now();
  let got = await searchValues(agent, term);
  while (JSON.stringify(got) !== JSON.stringify(expected) && Date.now() - started < ms) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    got = await searchValues(agent, term);
  }
  expect(got, term).toEqual(expected);
}

describe('search after a submit', () => {
  it('finds submitted values once the dataset-search job has run (embedded database, real queue)', {
    timeout: 120_000,
  }, async () => {
    await withEmbeddedAdmin(
      ctx,
      async (agent) => {
        const fixtures = await submissionFixtures(agent as never);
        const t = await fixtures.makeTemplate();
        const sent = await agent
          .post('/api/v1/account/submissions')
          .send({ template_id: t.id, name: 'Searched', rows: [fixtures.row(t.fields, 'Zürich Herbst')] });
        expect(sent.status, JSON.stringify(sent.body)).toBe(201);
        // The code lookup reads the distinct values, kept in the commit: found at once.
        const lookup = await agent
          .get('/api/v1/account/submissions/lookup')
          .query({ code: 'Zürich Herbst_0001' });
        expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
        await searchUntil(agent, 'ürich', ['Zürich Herbst', 'Zürich Herbst_0001']);
      },
      [],
      { jobs: true },
    );
  });

  it('finds the values of a submit and of an edit on PostgreSQL once their backlog is worked', async () => {
    const account = await createAccount(ctx);
    const admin = await signIn(ctx, account.admin.email);
    const fixtures = await submissionFixtures(admin);
    const t = await fixtures.makeTemplate();
    const sent = await admin
      .post('/api/v1/account/submissions')
      .send({ template_id: t.id, name: 'Searched', rows: [fixtures.row(t.fields, 'Quokka spring')] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // What the job does for each commit (another test file's worker may have done it already).
    await indexWholeSearchBacklog(ctx.deps.db);
    await searchUntil(admin as never, 'quokka', ['Quokka spring', 'Quokka spring_0001']);
    // Only values still held are found: an edit's old value leaves, its new one comes.
    const read = await admin.get(`/api/v1/account/submissions/${sent.body.id}`);
    const cvId = read.body.rows[0].cv_id as string;
    const cvKey = Object.keys(read.body.rows[0].data).find((k) => read.body.rows[0].data[k] === cvId)!;
    const edited = await admin
      .post(`/api/v1/account/submissions/${sent.body.id}/edit`)
      .send({ rows: [{ [cvKey]: cvId, [t.fields.Campaign!]: 'Quokka summer' }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await indexWholeSearchBacklog(ctx.deps.db);
    await searchUntil(admin as never, 'quokka', ['Quokka summer', 'Quokka summer_0001']);
  });
});

describe('the search backlog', () => {
  it('queues again a commit whose job was queued 15 minutes ago and has not done it', async () => {
    const account = await createAccount(ctx);
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const row = (n: number, job: string | null, dispatchedAt: Date | null) => ({
      account_id: account.id,
      dataset_id: -1,
      first_value_id: n,
      last_value_id: n,
      job_id: job,
      dispatched_at: dispatchedAt,
    });
    // In one transaction, rolled back: no other test's dispatcher sees these rows.
    const rolledBack = new Error('rolled back');
    let again: number[] = [];
    let ids: number[] = [];
    await expect(
      ctx.deps.db.transaction().execute(async (trx) => {
        const rows = await trx
          .insertInto('dataset_search_backlog')
          .values([row(1, null, null), row(2, 'lost', minutesAgo(20)), row(3, 'running', minutesAgo(1))])
          .returning('id')
          .execute();
        ids = rows.map((r) => Number(r.id));
        const picked = await undispatchedSearchBacklog(trx, 10_000);
        again = picked.map((r) => Number(r.id)).filter((id) => ids.includes(id));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(again).toEqual([ids[0], ids[1]]);
  });
});

describe('migration 0019', () => {
  it('keeps the values stored before it searchable', { timeout: 120_000 }, async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(handle.db);
      const deps: AppDeps = { ...ctx.deps, db: handle.db, pool: handle.pool };
      const account = await createAccount({ ...ctx, deps });
      const agent = supertest.agent(createApp(deps).app);
      await agent.post('/api/v1/auth/login').send({ email: account.admin.email, password: TEST_PASSWORD });
      const fixtures = await submissionFixtures(agent as never);
      const t = await fixtures.makeTemplate();
      const sent = await agent
        .post('/api/v1/account/submissions')
        .send({ template_id: t.id, name: 'Before', rows: [fixtures.row(t.fields, 'Wombat autumn')] });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      // No worker here: the values wait in the backlog.
      expect(await searchValues(agent, 'wombat')).toEqual([]);
      // The database as it was before migration 0019 (values and their trigram index only)...
      await migrateTo(handle.db, '0018_dataset_values_upkeep');
      // ...migrated again: what was stored is searchable at once, with no job.
      await migrateToLatest(handle.db);
      expect(await searchValues(agent, 'wombat')).toEqual(['Wombat autumn', 'Wombat autumn_0001']);
    } finally {
      await handle.close();
    }
  });
});
