import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedIn as Agent,
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import { type TemplateFieldIds as Fields, submissionFixtures } from './submissions.fixtures';

let ctx: TestContext;
let account: TestAccount;
let admin: Agent;
let fixtures: Awaited<ReturnType<typeof submissionFixtures>>;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['user-activity-log', 'approval']);
  await ctx.deps.db
    .updateTable('accounts')
    .set({ settings: JSON.stringify({ allow_approval: true }) })
    .where('id', '=', account.id)
    .execute();
  admin = await signIn(ctx, account.admin.email);
  fixtures = await submissionFixtures(admin);
});
afterAll(() => ctx.close());

async function submit(agent: Agent, templateId: number, rows: unknown[], key?: string) {
  const req = agent.post('/api/v1/account/submissions');
  if (key) req.set('Idempotency-Key', key);
  return req.send({ template_id: templateId, name: 'Spring launch', rows });
}

async function codesOf(agent: Agent, submissionId: number, fields: Fields): Promise<string[]> {
  const res = await agent.get(`/api/v1/account/submissions/${submissionId}`);
  expect(res.status).toBe(200);
  return res.body.rows.map((r: { data: Record<string, string> }) => r.data[fields.code!]);
}

async function submissionCount(): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from submissions where account_id = ${account.id}`.execute(ctx.deps.db);
  return rows[0]!.n;
}

describe('POST /api/v1/account/submissions', () => {
  it('governs the rows again, issues autonumbers and stores a new version of the dataset', async () => {
    const t = await fixtures.makeTemplate();
    const res = await submit(admin, t.id, [
      fixtures.row(t.fields, 'Spring Sale'),
      fixtures.row(t.fields, 'fall', 'europe', 'GERMANY'),
      fixtures.row(t.fields, 'x', 'Americas', 'Brazil'),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'Submitted', row_count: 3, dataset_id: t.datasetId });
    expect(await codesOf(admin, res.body.id, t.fields)).toEqual(['Spring Sale_0001', 'fall_0002', 'x_0003']);
    const detail = await admin.get(`/api/v1/account/submissions/${res.body.id}`);
    expect(detail.body.rows[1].data[t.fields.Country!]).toBe('Germany');
    expect(detail.body.rows.every((r: { cv_id: string }) => /^[0-9a-f-]{36}$/.test(r.cv_id))).toBe(true);
    expect(detail.body.history.map((e: { action: string }) => e.action)).toEqual(['submitted']);
    const activity = await ctx.deps.db
      .selectFrom('activities')
      .selectAll()
      .where('account_id', '=', account.id)
      .where('configured_object', '=', 'submission')
      .where('object_id', '=', res.body.id)
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]!.changes).toContainEqual({ field: 'status', old: null, new: 'Submitted' });
  });

  it('refuses a submission with any problem whole, naming row, field and message, and stores nothing', async () => {
    const t = await fixtures.makeTemplate();
    const before = await submissionCount();
    const res = await submit(admin, t.id, [
      fixtures.row(t.fields, 'ok'),
      fixtures.row(t.fields, 'bad', 'Europe', 'Brazil'),
      fixtures.row(t.fields, 'ok2', 'Atlantis'),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      {
        path: `body.rows.1.${t.fields.Country}`,
        message: 'Row 2: Country: "Brazil" is not under Region "Europe"',
      },
      {
        path: `body.rows.2.${t.fields.Region}`,
        message: 'Row 3: Region: "Atlantis" is not in the list Countries',
      },
    ]);
    expect(await submissionCount()).toBe(before);
    const next = await submit(admin, t.id, [fixtures.row(t.fields, 'later')]);
    expect(await codesOf(admin, next.body.id, t.fields)).toEqual(['later_0001']);
  });

  it('answers a repeated Idempotency-Key with the first result and issues no new numbers', async () => {
    const t = await fixtures.makeTemplate();
    const rows = [fixtures.row(t.fields, 'a'), fixtures.row(t.fields, 'b')];
    const first = await submit(admin, t.id, rows, 'key-1');
    const again = await submit(admin, t.id, rows, 'key-1');
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await submit(admin, t.id, [fixtures.row(t.fields, 'c')], 'key-1');
    expect(other.status).toBe(409);
    const next = await submit(admin, t.id, [fixtures.row(t.fields, 'c')]);
    expect(await codesOf(admin, next.body.id, t.fields)).toEqual(['c_0003']);
  });

  it('gives 50 concurrent submitters distinct autonumbers', async () => {
    const t = await fixtures.makeTemplate();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submit(admin, t.id, [fixtures.row(t.fields, `p${i}`), fixtures.row(t.fields, `q${i}`)]),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = (await Promise.all(results.map((r) => codesOf(admin, r.body.id, t.fields))))
      .flat()
      .map((code) => Number(code.split('_')[1]));
    expect(new Set(numbers).size).toBe(100);
    expect(Math.max(...numbers)).toBe(100);
  });

  it('saves a draft as typed and submits it later', async () => {
    const t = await fixtures.makeTemplate();
    const draft = await admin.post('/api/v1/account/submissions').send({
      template_id: t.id,
      name: 'Draft',
      rows: [fixtures.row(t.fields, 'half', 'Atlantis')],
      draft: true,
    });
    expect(draft.body.status).toBe('Draft');
    const refused = await admin
      .put(`/api/v1/account/submissions/${draft.body.id}`)
      .send({ name: 'Draft', rows: [fixtures.row(t.fields, 'half', 'Atlantis')], submit: true });
    expect(refused.status).toBe(400);
    const sent = await admin.put(`/api/v1/account/submissions/${draft.body.id}`).send({
      name: 'Draft',
      rows: [fixtures.row(t.fields, 'half')],
      submit: true,
      updated_at: draft.body.updated_at,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe('Submitted');
  });
});

describe('approval (spec 03 §4; issue 11 item 5)', () => {
  it('keeps a Pending submission out of the dataset; rejection needs a comment; approval commits it', async () => {
    const approverUser = await createUser(ctx, account.id, { role: 'ADMIN', name: 'Ann Approver' });
    const submitterUser = await createUser(ctx, account.id, { role: 'USER', name: 'Sam Submitter' });
    const t = await fixtures.makeTemplate({ approvers: [approverUser.id] });
    const group = await ctx.deps.db
      .insertInto('groups')
      .values({ account_id: account.id, name: `G ${Math.random()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.deps.db
      .insertInto('group_users')
      .values({ group_id: group.id, user_id: submitterUser.id })
      .execute();
    await ctx.deps.db
      .insertInto('group_templates')
      .values({ group_id: group.id, template_id: t.id })
      .execute();
    const submitter = await signIn(ctx, submitterUser.email);
    const approver = await signIn(ctx, approverUser.email);

    const sent = await submit(submitter, t.id, [fixtures.row(t.fields, 'needs-ok')]);
    expect(sent.body.status).toBe('Pending');
    expect(
      ctx.mails.some((m) => m.to === approverUser.email && m.subject.includes('awaiting approval')),
    ).toBe(true);
    const query = () =>
      admin.post(`/api/core/v1/datasets/${t.datasetId}/query`).send({ select: [t.fields.code] });
    expect((await query()).body.rows).toEqual([]);

    expect(
      (await submitter.post(`/api/v1/account/submissions/${sent.body.id}/approve`).send({})).status,
    ).toBe(403);
    const noComment = await approver
      .post(`/api/v1/account/submissions/${sent.body.id}/reject`)
      .send({ comment: ' ' });
    expect(noComment.status).toBe(400);
    const rejected = await approver
      .post(`/api/v1/account/submissions/${sent.body.id}/reject`)
      .send({ comment: 'Use the spring campaign name' });
    expect(rejected.body).toMatchObject({
      status: 'Rejected',
      decision_comment: 'Use the spring campaign name',
    });
    const seen = await submitter.get(`/api/v1/account/submissions/${sent.body.id}`);
    expect(seen.body.history.at(-1)).toMatchObject({
      action: 'rejected',
      comment: 'Use the spring campaign name',
    });

    const again = await submitter
      .put(`/api/v1/account/submissions/${sent.body.id}`)
      .send({ name: 'Spring launch', rows: [fixtures.row(t.fields, 'spring')], submit: true });
    expect(again.body.status).toBe('Pending');
    const inbox = await approver.get('/api/v1/account/submissions?scope=approvals');
    expect(inbox.body.data.map((s: { id: number }) => s.id)).toContain(sent.body.id);
    const approved = await approver.post(`/api/v1/account/submissions/${sent.body.id}/approve`).send({});
    expect(approved.body.status).toBe('Approved');
    expect((await query()).body.rows).toEqual([
      { data: { [String(t.fields.code)]: { value: 'spring_0002' } } },
    ]);
    expect((await approver.post(`/api/v1/account/submissions/${sent.body.id}/approve`).send({})).status).toBe(
      409,
    );
  });
});

describe('edits with edit_submissions (spec 01 §6)', () => {
  it('refuses users without it and makes a new version, keeping the old one readable', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await submit(admin, t.id, [
      fixtures.row(t.fields, 'first'),
      fixtures.row(t.fields, 'second'),
    ]);
    const detail = await admin.get(`/api/v1/account/submissions/${sent.body.id}`);
    const cvId = detail.body.rows[0].cv_id as string;
    const cvKey = Object.keys(detail.body.rows[0].data).find((k) => detail.body.rows[0].data[k] === cvId)!;
    const plainUser = await createUser(ctx, account.id, { role: 'USER' });
    const plain = await signIn(ctx, plainUser.email);
    const edit = { rows: [{ [cvKey]: cvId, [t.fields.Campaign!]: 'renamed' }] };
    expect((await plain.post(`/api/v1/account/submissions/${sent.body.id}/edit`).send(edit)).status).toBe(
      403,
    );
    const res = await admin.post(`/api/v1/account/submissions/${sent.body.id}/edit`).send(edit);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.commit_id).toBeGreaterThan(sent.body.commit_id);
    expect(await codesOf(admin, sent.body.id, t.fields)).toEqual(['renamed_0001', 'second_0002']);
    const old = await admin.get(
      `/api/v1/account/submissions/${sent.body.id}?commitRef=${sent.body.commit_id}`,
    );
    expect(old.body.rows.map((r: { data: Record<string, string> }) => r.data[t.fields.code!])).toEqual([
      'first_0001',
      'second_0002',
    ]);
    const head = await admin
      .post(`/api/core/v1/datasets/${t.datasetId}/query`)
      .send({ select: [t.fields.Campaign], distinct: true });
    expect(
      head.body.rows.map(
        (r: { data: Record<string, { value: string }> }) => r.data[t.fields.Campaign!]!.value,
      ),
    ).toEqual(['second', 'renamed']);
    const before = await admin
      .post(`/api/core/v1/datasets/${t.datasetId}/query`)
      .send({ select: [t.fields.Campaign], distinct: true, commitRef: String(sent.body.commit_id) });
    expect(before.body.rows).toHaveLength(2);
    expect(JSON.stringify(before.body.rows)).toContain('first');
  });
});

describe('edits in the browser (issue 11 item 5)', () => {
  it('clears a cell given empty and keeps the keys not given', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await submit(admin, t.id, [fixtures.row(t.fields, 'first')]);
    const detail = await admin.get(`/api/v1/account/submissions/${sent.body.id}`);
    const { cv_id: cvId, data } = detail.body.rows[0] as { cv_id: string; data: Record<string, string> };
    const cvKey = Object.keys(data).find((k) => data[k] === cvId)!;
    const res = await admin
      .post(`/api/v1/account/submissions/${sent.body.id}/edit`)
      .send({ rows: [{ [cvKey]: cvId, [t.fields.Country!]: '' }], updated_at: sent.body.updated_at });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await admin.get(`/api/v1/account/submissions/${sent.body.id}`);
    expect(after.body.rows[0].data[t.fields.Country!] ?? '').toBe('');
    expect(after.body.rows[0].data[t.fields.Region!]).toBe('Europe');
    expect(after.body.rows[0].data[t.fields.code!]).toBe('first_0001');
    expect(after.body.history.map((e: { action: string }) => e.action)).toEqual(['submitted', 'edited']);
    expect(after.body.history[1]).toMatchObject({
      commit_id: res.body.commit_id,
      user: { name: expect.any(String) },
    });
  });

  it('refuses a row that breaks a rule with its row and field, and stores nothing', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await submit(admin, t.id, [
      fixtures.row(t.fields, 'first'),
      fixtures.row(t.fields, 'second'),
    ]);
    const detail = await admin.get(`/api/v1/account/submissions/${sent.body.id}`);
    const second = detail.body.rows[1] as { cv_id: string; data: Record<string, string> };
    const cvKey = Object.keys(second.data).find((k) => second.data[k] === second.cv_id)!;
    const res = await admin
      .post(`/api/v1/account/submissions/${sent.body.id}/edit`)
      .send({ rows: [{ [cvKey]: second.cv_id, [t.fields.Region!]: '' }] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: `body.rows.0.${t.fields.Region}`,
      message: expect.stringContaining('Region'),
    });
    const after = await admin.get(`/api/v1/account/submissions/${sent.body.id}`);
    expect(after.body.commit_id).toBe(sent.body.commit_id);
    expect(after.body.rows[1].data[t.fields.Region!]).toBe('Europe');
    expect(after.body.history).toHaveLength(1);
  });

  it('answers 400 for a malformed commitRef and 404 for a commit of another dataset', async () => {
    const t = await fixtures.makeTemplate();
    const other = await fixtures.makeTemplate();
    const sent = await submit(admin, t.id, [fixtures.row(t.fields, 'first')]);
    const elsewhere = await submit(admin, other.id, [fixtures.row(other.fields, 'other')]);
    for (const bad of ['abc', '-1', '0', '1.5', "1' or 1=1"]) {
      const res = await admin.get(`/api/v1/account/submissions/${sent.body.id}`).query({ commitRef: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.issues?.[0]?.path).toBe('query.commitRef');
    }
    const foreign = await admin
      .get(`/api/v1/account/submissions/${sent.body.id}`)
      .query({ commitRef: String(elsewhere.body.commit_id) });
    expect(foreign.status).toBe(404);
  });

  it('answers 404 to a holder of edit_submissions who may not use the template', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await submit(admin, t.id, [fixtures.row(t.fields, 'first')]);
    const editor = await createUser(ctx, account.id, { role: 'USER', permissions: ['edit_submissions'] });
    const agent = await signIn(ctx, editor.email);
    expect((await agent.get(`/api/v1/account/submissions/${sent.body.id}`)).status).toBe(404);
    const detail = await admin.get(`/api/v1/account/submissions/${sent.body.id}`);
    const { cv_id: cvId, data } = detail.body.rows[0] as { cv_id: string; data: Record<string, string> };
    const cvKey = Object.keys(data).find((k) => data[k] === cvId)!;
    const res = await agent
      .post(`/api/v1/account/submissions/${sent.body.id}/edit`)
      .send({ rows: [{ [cvKey]: cvId, [t.fields.Campaign!]: 'renamed' }] });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/core/v1/datasets/{rollupDatasetId}/query (spec 02 §7, spec 03 §7)', () => {
  it('answers distinct values, selected fields, whole rows and the limit', async () => {
    const t = await fixtures.makeTemplate();
    await submit(admin, t.id, [
      fixtures.row(t.fields, 'a'),
      fixtures.row(t.fields, 'b', 'Americas', 'Brazil'),
      fixtures.row(t.fields, 'c'),
    ]);
    const url = `/api/core/v1/datasets/${t.datasetId}/query`;
    const distinct = await admin
      .post(url)
      .send({ limit: 100, commitRef: 'HEAD', distinct: true, select: [t.fields.Region] });
    expect(distinct.body.rows).toEqual([
      { data: { [String(t.fields.Region)]: { value: 'Europe' } } },
      { data: { [String(t.fields.Region)]: { value: 'Americas' } } },
    ]);
    const two = await admin.post(url).send({ distinct: true, select: [t.fields.Region, t.fields.Country] });
    expect(two.body.rows).toHaveLength(2);
    const all = await admin.post(url).send({ select: '*', limit: 2 });
    expect(all.body.rows).toHaveLength(2);
    expect(Object.keys(all.body.rows[0].data)).toContain(String(t.fields.code));
    expect((await admin.post(url).send({ commitRef: '2147483647' })).status).toBe(404);
    expect((await admin.post(url).send({ limit: 5000 })).status).toBe(400);
  });

  it('answers 404 for another account’s dataset and submission', async () => {
    const t = await fixtures.makeTemplate();
    const sent = await submit(admin, t.id, [fixtures.row(t.fields, 'mine')]);
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.post(`/api/core/v1/datasets/${t.datasetId}/query`).send({})).status).toBe(404);
    expect((await stranger.get(`/api/v1/account/submissions/${sent.body.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/account/submissions/templates/${t.id}/form`)).status).toBe(404);
    expect((await submit(stranger, t.id, [fixtures.row(t.fields, 'x')])).status).toBe(404);
  });
});

describe('roles and uniqueness', () => {
  it('lets a USER use only the templates of their groups', async () => {
    const t = await fixtures.makeTemplate();
    const user = await createUser(ctx, account.id, { role: 'USER' });
    const agent = await signIn(ctx, user.email);
    expect((await agent.get(`/api/v1/account/submissions/templates/${t.id}/form`)).status).toBe(404);
    expect((await agent.get('/api/v1/account/submissions/templates')).body.data).toEqual([]);
    const group = await ctx.deps.db
      .insertInto('groups')
      .values({ account_id: account.id, name: `F ${Math.random()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.deps.db.insertInto('group_users').values({ group_id: group.id, user_id: user.id }).execute();
    await ctx.deps.db
      .insertInto('group_folders')
      .values({ group_id: group.id, folder_id: fixtures.folderId })
      .execute();
    const listed = await agent.get('/api/v1/account/submissions/templates');
    expect(listed.body.data.map((x: { id: number }) => x.id)).toContain(t.id);
    expect((await agent.get(`/api/v1/account/submissions/templates/${t.id}/form`)).status).toBe(200);
    const mine = await submit(agent, t.id, [fixtures.row(t.fields, 'mine')]);
    expect(mine.status).toBe(201);
    const other = await createUser(ctx, account.id, { role: 'USER' });
    expect(
      (await (await signIn(ctx, other.email)).get(`/api/v1/account/submissions/${mine.body.id}`)).status,
    ).toBe(404);
  });

  it('answers which values the dataset already holds', async () => {
    const t = await fixtures.makeTemplate();
    await submit(admin, t.id, [fixtures.row(t.fields, 'taken')]);
    const res = await admin
      .post('/api/v1/account/submissions/uniqueness')
      .send({ template_id: t.id, field_id: t.fields.code, values: ['taken_0001', 'free_0009'] });
    expect(res.body).toEqual({ taken: ['taken_0001'] });
  });
});
