import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestContext,
} from '../../test/test-context';
import { type FixtureTemplate, submissionFixtures } from './submissions.fixtures';

/**
 * The datasets query as spec 02 §7 and spec 03 §7 call it (issue 11 item 8): `POST
 * /api/core/v1/datasets/{rollupDatasetId}/query` with limit (100 by default, spec 02 §9), commitRef
 * HEAD, distinct and select (field ids or *), answering rows with data by field id holding a value.
 */

type Agent = Awaited<ReturnType<typeof signIn>>;

let ctx: TestContext;
let admin: Agent;
let fixtures: Awaited<ReturnType<typeof submissionFixtures>>;
let t: FixtureTemplate;
let firstCommit: number;
let headCommit: number;

const url = () => `/api/core/v1/datasets/${t.datasetId}/query`;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
  fixtures = await submissionFixtures(admin);
  t = await fixtures.makeTemplate();
  // 120 rows in the first commit: 80 in Europe (France, Germany), 40 in the Americas; some with
  // no country.
  const rows = Array.from({ length: 120 }, (_, i) =>
    i < 80
      ? fixtures.row(t.fields, `eu${i}`, 'Europe', i % 2 === 0 ? 'France' : 'Germany')
      : { [t.fields.Campaign!]: `am${i}`, [t.fields.Region!]: 'Americas' },
  );
  const first = await admin
    .post('/api/v1/account/submissions')
    .send({ template_id: t.id, name: 'First', rows });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  firstCommit = first.body.commit_id;
  const second = await admin.post('/api/v1/account/submissions').send({
    template_id: t.id,
    name: 'Second',
    rows: [fixtures.row(t.fields, 'late', 'Americas', 'Brazil')],
  });
  headCommit = second.body.commit_id;
  expect(headCommit).toBeGreaterThan(firstCommit);
});
afterAll(() => ctx.close());

describe('POST /api/core/v1/datasets/{rollupDatasetId}/query', () => {
  it('answers 100 rows by default (spec 02 §9), at most 1000 per request, and pages with offset', async () => {
    const byDefault = await admin.post(url()).send({});
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.rows).toHaveLength(100);
    expect(byDefault.body.commit_id).toBe(headCommit);
    const all = await admin.post(url()).send({ limit: 1000 });
    expect(all.body.rows).toHaveLength(121);
    const rest = await admin.post(url()).send({ offset: 100 });
    expect(rest.body.rows).toHaveLength(21);
    for (const limit of [1001, 0, -1, 1.5]) {
      const refused = await admin.post(url()).send({ limit });
      expect(refused.status, String(limit)).toBe(400);
      expect(refused.body.issues[0].path).toBe('body.limit');
    }
  });

  it('answers rows with data by field id, each holding a value; select * or field ids', async () => {
    const star = await admin.post(url()).send({ select: '*', limit: 1 });
    expect(star.body.rows[0].data).toMatchObject({
      [String(t.fields.code)]: { value: 'eu0_0001' },
      [String(t.fields.Campaign)]: { value: 'eu0' },
      [String(t.fields.Region)]: { value: 'Europe' },
      [String(t.fields.Country)]: { value: 'France' },
    });
    const starInArray = await admin.post(url()).send({ select: ['*'], limit: 1 });
    expect(starInArray.body.rows).toEqual(star.body.rows);
    const picked = await admin.post(url()).send({ select: [t.fields.code, t.fields.Region], limit: 2 });
    expect(picked.body.rows).toEqual([
      {
        data: {
          [String(t.fields.code)]: { value: 'eu0_0001' },
          [String(t.fields.Region)]: { value: 'Europe' },
        },
      },
      {
        data: {
          [String(t.fields.code)]: { value: 'eu1_0002' },
          [String(t.fields.Region)]: { value: 'Europe' },
        },
      },
    ]);
    // A row without a value for the selected field holds none: no empty data, no nulls.
    const countries = await admin.post(url()).send({ select: [t.fields.Country], limit: 1000 });
    expect(countries.body.rows).toHaveLength(81);
    expect(JSON.stringify(countries.body.rows)).not.toMatch(/null|\{\}/);
    expect((await admin.post(url()).send({ select: [] })).status).toBe(400);
  });

  it('answers distinct values in first-seen order, for one field or several', async () => {
    const regions = await admin
      .post(url())
      .send({ limit: 100, commitRef: 'HEAD', distinct: true, select: [t.fields.Region] });
    expect(regions.body.rows).toEqual([
      { data: { [String(t.fields.Region)]: { value: 'Europe' } } },
      { data: { [String(t.fields.Region)]: { value: 'Americas' } } },
    ]);
    const countries = await admin.post(url()).send({ distinct: true, select: [t.fields.Country] });
    expect(
      countries.body.rows.map(
        (r: { data: Record<string, { value: string }> }) => r.data[t.fields.Country!]!.value,
      ),
    ).toEqual(['France', 'Germany', 'Brazil']);
    const pairs = await admin
      .post(url())
      .send({ distinct: true, select: [t.fields.Region, t.fields.Country] });
    expect(pairs.body.rows).toHaveLength(4);
    const oneDistinct = await admin.post(url()).send({ distinct: true, select: [t.fields.Region], limit: 1 });
    expect(oneDistinct.body.rows).toHaveLength(1);
  });

  it('reads HEAD by default and an earlier commit by its id, the same way', async () => {
    const head = await admin.post(url()).send({ commitRef: 'HEAD', limit: 1000 });
    expect(head.body.commit_id).toBe(headCommit);
    expect(head.body.rows).toHaveLength(121);
    const explicitHead = await admin.post(url()).send({ commitRef: String(headCommit), limit: 1000 });
    expect(explicitHead.body).toEqual(head.body);
    const before = await admin.post(url()).send({ commitRef: String(firstCommit), limit: 1000 });
    expect(before.body.commit_id).toBe(firstCommit);
    expect(before.body.rows).toHaveLength(120);
    const distinctBefore = await admin
      .post(url())
      .send({ commitRef: String(firstCommit), distinct: true, select: [t.fields.Country] });
    expect(
      distinctBefore.body.rows.map(
        (r: { data: Record<string, { value: string }> }) => r.data[t.fields.Country!]!.value,
      ),
    ).toEqual(['France', 'Germany']);
    for (const commitRef of ['head', 'HEAD~1', '0', 'x']) {
      const refused = await admin.post(url()).send({ commitRef });
      expect(refused.status, commitRef).toBe(400);
      expect(refused.body.issues[0].path).toBe('body.commitRef');
    }
  });

  it('answers no rows and no commit for a dataset nothing entered yet', async () => {
    const empty = await fixtures.makeTemplate();
    const res = await admin.post(`/api/core/v1/datasets/${empty.datasetId}/query`).send({});
    expect(res.body).toEqual({ rows: [], commit_id: null });
  });

  it('answers 404 for another account’s dataset, an unknown one, and a commit of another dataset', async () => {
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.post(url()).send({})).status).toBe(404);
    expect((await admin.post('/api/core/v1/datasets/2147483647/query').send({})).status).toBe(404);
    const another = await fixtures.makeTemplate();
    const sent = await admin
      .post('/api/v1/account/submissions')
      .send({ template_id: another.id, name: 'Elsewhere', rows: [fixtures.row(another.fields, 'x')] });
    const foreignCommit = await admin.post(url()).send({ commitRef: String(sent.body.commit_id) });
    expect(foreignCommit.status).toBe(404);
  });

  it('answers 404 to a person who may not use the template, at HEAD and at any commit, as the dataset page and the form do; 401 signed out', async () => {
    const accountId = (
      await ctx.deps.db
        .selectFrom('datasets')
        .select('account_id')
        .where('id', '=', t.datasetId)
        .executeTakeFirstOrThrow()
    ).account_id;
    const user = await createUser(ctx, accountId, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    const refused = [
      {},
      { limit: 1 },
      { commitRef: String(firstCommit) },
      { commitRef: String(headCommit), select: '*' },
      { distinct: true, select: [t.fields.Region] },
      { distinct: true, select: [t.fields.Region], commitRef: String(firstCommit) },
    ];
    for (const body of refused) {
      const res = await agent.post(url()).send(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.rows).toBeUndefined();
    }
    expect((await agent.get(`/api/v1/account/datasets/${t.datasetId}/data`)).status).toBe(404);
    expect((await agent.get(`/api/v1/account/submissions/templates/${t.id}/form`)).status).toBe(404);

    // In a group that shares the template's folder, the same person may read it.
    const group = await ctx.deps.db
      .insertInto('groups')
      .values({ account_id: accountId, name: `Readers ${Math.random()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.deps.db.insertInto('group_users').values({ group_id: group.id, user_id: user.id }).execute();
    await ctx.deps.db
      .insertInto('group_folders')
      .values({ group_id: group.id, folder_id: fixtures.folderId })
      .execute();
    for (const body of refused) expect((await agent.post(url()).send(body)).status).toBe(200);
    const { default: supertest } = await import('supertest');
    expect((await supertest(ctx.app).post(url()).send({})).status).toBe(401);
  });
});
