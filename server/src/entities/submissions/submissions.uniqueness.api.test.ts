import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestContext,
  withEmbeddedAdmin,
} from '../../test/test-context';
import { type FixtureTemplate, submissionFixtures } from './submissions.fixtures';

type Agent = Awaited<ReturnType<typeof signIn>>;

let ctx: TestContext;
let admin: Agent;
let fixtures: Awaited<ReturnType<typeof submissionFixtures>>;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await createAccount(ctx, []);
  admin = await signIn(ctx, account.admin.email);
  fixtures = await submissionFixtures(admin);
});
afterAll(() => ctx.close());

/** Campaign names with what breaks naive quoting: SQL and array-literal quotes, backslashes, braces, commas, spaces, NULL, non-ASCII. */
const ODD = [`He said "hi", {ok}`, 'back\\slash \\N', "it's", 'NULL', 'Zürich — 東京 🎉', 'tab\there'];

async function submitCampaigns(agent: Agent, t: FixtureTemplate, campaigns: string[]) {
  const res = await agent.post('/api/v1/account/submissions').send({
    template_id: t.id,
    name: 'Uniqueness',
    rows: campaigns.map((c) => fixtures.row(t.fields, c)),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const detail = await agent.get(`/api/v1/account/submissions/${res.body.id}`);
  return {
    id: res.body.id as number,
    updatedAt: res.body.updated_at as string,
    rows: detail.body.rows as { cv_id: string; data: Record<string, string> }[],
  };
}

function taken(agent: Agent, t: FixtureTemplate, values: string[], field = t.fields.code!) {
  return agent
    .post('/api/v1/account/submissions/uniqueness')
    .send({ template_id: t.id, field_id: field, values });
}

describe('POST /api/v1/account/submissions/uniqueness', () => {
  it('answers exactly the values the dataset holds, whatever characters they have', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await submitCampaigns(admin, t, ODD);
    const codes = sent.rows.map((r) => r.data[t.fields.code!]!);
    expect(codes[0]).toBe(`He said "hi", {ok}_0001`);
    // Near misses: other case, a trailing space, one character less, the unescaped spelling.
    const nearMisses = [
      codes[0]!.toUpperCase(),
      `${codes[1]} `,
      codes[4]!.slice(0, -1),
      'back\\\\slash \\N_0002',
    ];
    const res = await taken(admin, t, [...nearMisses, ...codes.slice().reverse()]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ taken: codes.slice().reverse() });
    // Another field of the same dataset is asked on its own values only.
    const campaigns = await taken(admin, t, [...codes, ...ODD], t.fields.Campaign);
    expect(campaigns.body).toEqual({ taken: ODD });
  });

  it('answers each taken value once, in the order asked; no values, no answer', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await submitCampaigns(admin, t, ['alpha', 'beta']);
    const [a, b] = sent.rows.map((r) => r.data[t.fields.code!]!);
    const res = await taken(admin, t, [b!, 'free_0009', a!, b!, a!, 'free_0009']);
    expect(res.body).toEqual({ taken: [b, a] });
    expect((await taken(admin, t, [])).body).toEqual({ taken: [] });
    expect((await taken(admin, t, ['', ' '])).body).toEqual({ taken: [] });
  });

  it('frees a value no current row holds once an edit replaced it', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await submitCampaigns(admin, t, ['first', 'second']);
    const { cv_id: cvId, data } = sent.rows[0]!;
    const cvKey = Object.keys(data).find((k) => data[k] === cvId)!;
    const edit = await admin
      .post(`/api/v1/account/submissions/${sent.id}/edit`)
      .send({ rows: [{ [cvKey]: cvId, [t.fields.Campaign!]: 'renamed' }] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const res = await taken(admin, t, ['first_0001', 'renamed_0001', 'second_0002']);
    expect(res.body).toEqual({ taken: ['renamed_0001', 'second_0002'] });
  });

  it('answers the same on the embedded database (PGlite)', { timeout: 180_000 }, async () => {
    await withEmbeddedAdmin(ctx, async (agent) => {
      const embedded = await submissionFixtures(agent);
      const t = await embedded.makeTemplate({ uniqueCampaign: true });
      const res = await agent.post('/api/v1/account/submissions').send({
        template_id: t.id,
        name: 'Embedded',
        rows: ODD.map((c) => embedded.row(t.fields, c)),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const answer = await agent
        .post('/api/v1/account/submissions/uniqueness')
        .send({ template_id: t.id, field_id: t.fields.Campaign, values: ['free', ...ODD, ODD[0]] });
      expect(answer.body).toEqual({ taken: ODD });
      // The submit checks the dataset the same way.
      const again = await agent.post('/api/v1/account/submissions').send({
        template_id: t.id,
        name: 'Embedded again',
        rows: ['new', ODD[4]!].map((c) => embedded.row(t.fields, c)),
      });
      expect(again.status).toBe(400);
      expect(again.body.issues[0].path).toBe(`body.rows.1.${t.fields.Campaign}`);
    });
  });
});

describe('POST /api/v1/account/submissions against the dataset (must_be_unique)', () => {
  it('refuses rows whose unique value the dataset holds, naming row and field, and stores nothing', async () => {
    const t = await fixtures.makeTemplate({ uniqueCampaign: true });
    await submitCampaigns(admin, t, ['kept', ODD[0]!]);
    const count = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from submissions where template_id = ${t.id}`.execute(ctx.deps.db)
      ).rows[0]!.n;
    const before = await count();
    const res = await admin.post('/api/v1/account/submissions').send({
      template_id: t.id,
      name: 'Again',
      rows: ['fresh', ODD[0]!, 'kept'].map((c) => fixtures.row(t.fields, c)),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([
      `body.rows.1.${t.fields.Campaign}`,
      `body.rows.2.${t.fields.Campaign}`,
    ]);
    expect(res.body.issues[0].message).toContain('is already in the dataset');
    expect(await count()).toBe(before);
    // Values the dataset does not hold go through.
    await submitCampaigns(admin, t, ['fresh', 'other']);
  });
});
