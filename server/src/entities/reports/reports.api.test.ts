import {
  addPatternField,
  chartMonths,
  defaultUsageRange,
  newTemplate,
  type Pattern,
  type TemplateField,
  todayIn,
} from '@nomen/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  createUser,
  signIn,
  type TestAccount,
  type TestContext,
  type TestUser,
  withEmbeddedAdmin,
} from '../../test/test-context';
import { indexWholeSearchBacklog } from '../submissions/dataset-search.repository';

type Agent = Awaited<ReturnType<typeof signIn>>;

/**
 * A known history (issue 13 item 8): in account A, templates T1 (no approval) and T2 (approval by
 * the admin); submissions across months, in the last hour of a month (a time-zone boundary),
 * pending, rejected, approved, a draft and an edited one; account B with its own codes. Every
 * figure of every report is checked against it.
 */
let ctx: TestContext;
let a: TestAccount;
let b: TestAccount;
let admin: Agent;
let alice: TestUser;
let bob: TestUser;
let t1: Tmpl;
let t2: Tmpl;
const ids: Record<string, number> = {};
const at: Record<string, Date> = {};

interface Tmpl {
  id: number;
  name: string;
  datasetId: number;
  campaign: number;
  code: number;
}

const now = new Date();
const Y = now.getUTCFullYear();
const M = now.getUTCMonth();
/** UTC time `day` of the month `back` months before the current one, at hh:mm. */
function monthsAgo(back: number, day: number, hh = 12, mm = 0): Date {
  return new Date(Date.UTC(Y, M - back, day, hh, mm));
}
const iso = (d: Date) => d.toISOString();
const ymd = (d: Date) => d.toISOString().slice(0, 10);

async function makeTemplate(agent: Agent, approvers: number[] = []): Promise<Tmpl> {
  const saved = await agent.put('/api/v1/account/field/').send({
    name: `Campaign ${Math.random().toString(36).slice(2, 8)}`,
    delimiter: '_',
    segments: [
      { id: 'TEMP_c', segment_type: 'variable', segment_precedence: 0, name: 'Campaign' },
      {
        id: 'TEMP_n',
        segment_type: 'autonumber',
        segment_precedence: 1,
        name: 'Number',
        start_value: 1,
        min_width: 4,
      },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const pattern: Pattern = saved.body.pattern;
  let draft = addPatternField(newTemplate({ templateName: 'Codes', now: new Date() }), pattern);
  draft = {
    ...draft,
    template_fields: draft.template_fields.map((tf) =>
      tf.field.segment_type === 'variable'
        ? {
            ...tf,
            governance_type: 'text',
            validation: { characters: 'any' },
            transformation: { case: 'none', spaces: 'keep', trim: true },
          }
        : tf,
    ),
  };
  const name = `Template ${Math.random().toString(36).slice(2, 8)}`;
  const folder = await agent.put('/api/v1/account/folder').send({ name: `F ${name}`, description: '' });
  const res = await agent.put('/api/v1/account/template/').send({
    ...draft,
    name,
    folder_id: folder.body.folder.id,
    integrations: [],
    settings: {
      require_identifier: 0,
      require_approval: approvers.length > 0 ? 1 : 0,
      enable_auto_submit: 0,
    },
    approvers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const got = await agent.get(`/api/v1/account/template/${res.body.id}`);
  const fields = got.body.template_fields as TemplateField[];
  const form = await agent.get(`/api/v1/account/submissions/templates/${res.body.id}/form`);
  expect(form.status).toBe(200);
  return {
    id: res.body.id,
    name,
    datasetId: form.body.rollup_dataset_id,
    campaign: fields.find((tf) => tf.field.name === 'Campaign')!.id as number,
    code: fields.find((tf) => tf.field.is_pattern)!.id as number,
  };
}

/** Submits `campaigns` as rows of `t` as `agent`, then dates the submission at `when`. */
async function submit(
  agent: Agent,
  t: Tmpl,
  key: string,
  name: string,
  campaigns: string[],
  when: Date,
  draft = false,
): Promise<number> {
  const res = await agent
    .post('/api/v1/account/submissions')
    .send({ template_id: t.id, name, rows: campaigns.map((c) => ({ [t.campaign]: c })), draft });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ids[key] = res.body.id;
  at[key] = when;
  await ctx.deps.db
    .updateTable('submissions')
    .set({ submitted_at: draft ? null : when, created_at: when })
    .where('id', '=', res.body.id)
    .execute();
  return res.body.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createAccount(ctx, ['global-report', 'approval']);
  b = await createAccount(ctx, ['global-report']);
  await ctx.deps.db
    .updateTable('accounts')
    .set({ settings: JSON.stringify({ allow_approval: true }) })
    .where('id', '=', a.id)
    .execute();
  admin = await signIn(ctx, a.admin.email);
  alice = await createUser(ctx, a.id, {
    role: 'MANAGER',
    name: 'Alice Archer',
    permissions: ['manage_templates'],
  });
  bob = await createUser(ctx, a.id, {
    role: 'MANAGER',
    name: 'Bob Baker',
    permissions: ['manage_templates'],
  });
  await createUser(ctx, a.id, { role: 'MANAGER', name: 'Carol Reports', permissions: ['access_reports'] });
  await createUser(ctx, a.id, { role: 'USER', name: 'Dave Plain' });
  await createUser(ctx, a.id, { role: 'USER', name: 'Eve Disabled', disabled: true });
  const asAlice = await signIn(ctx, alice.email);
  const asBob = await signIn(ctx, bob.email);
  t1 = await makeTemplate(admin);
  t2 = await makeTemplate(admin, [a.admin.id]);

  await submit(asAlice, t1, 's1', 'Spring, "big" launch', ['Été Paris', 'alpha', 'beta'], monthsAgo(0, 1, 1));
  await submit(asAlice, t1, 's2', 'Tokyo', ['東京キャンペーン', 'gamma', 'delta'], monthsAgo(1, 10));
  await submit(asBob, t1, 's3', 'Four', ['r1', 'r2', 'r3', 'r4'], monthsAgo(2, 15));
  await submit(asBob, t2, 's4', 'Pending', ['pendingvalue'], monthsAgo(1, 5));
  await submit(asBob, t2, 's5', 'Rejected', ['rejectedvalue1', 'rejectedvalue2'], monthsAgo(1, 6));
  const rejected = await admin
    .post(`/api/v1/account/submissions/${ids.s5}/reject`)
    .send({ comment: 'Not this one' });
  expect(rejected.status).toBe(200);
  await submit(asAlice, t2, 's6', 'Approved', ['a1', 'a2', 'a3', 'a4', 'a5'], monthsAgo(5, 5));
  const approved = await admin.post(`/api/v1/account/submissions/${ids.s6}/approve`).send({});
  expect(approved.status).toBe(200);
  await ctx.deps.db
    .updateTable('submissions')
    .set({ submitted_at: at.s6! })
    .where('id', '=', ids.s6!)
    .execute();
  await submit(admin, t1, 's7', 'Old', ['old'], monthsAgo(7, 3));
  // 23:30 UTC on the last day of last month: this month in Auckland, last month in UTC.
  await submit(
    asBob,
    t1,
    's8',
    'Boundary',
    ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8'],
    monthsAgo(0, 1, -1, 30),
  );
  await submit(asAlice, t1, 'draft', 'Draft', ['drafted', 'also'], monthsAgo(0, 1, 2), true);

  // An edit of s1: new versions of a row, not new rows.
  const detail = await admin.get(`/api/v1/account/submissions/${ids.s1}`);
  const third = detail.body.rows[2];
  const cvKey = Object.keys(third.data).find((k) => third.data[k] === third.cv_id)!;
  const edit = await admin
    .post(`/api/v1/account/submissions/${ids.s1}/edit`)
    .send({ rows: [{ [cvKey]: third.cv_id, [t1.campaign]: 'Москва весна' }] });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);

  // Account B: codes that must never count in A.
  const adminB = await signIn(ctx, b.admin.email);
  const tb = await makeTemplate(adminB);
  const other = await adminB.post('/api/v1/account/submissions').send({
    template_id: tb.id,
    name: 'B',
    rows: Array.from({ length: 10 }, (_, i) => ({ [tb.campaign]: `paris-b${i}` })),
  });
  expect(other.status).toBe(201);
});
afterAll(() => ctx.close());

/** Counted submissions of A: key → codes (Pending, Rejected and Draft are not counted). */
const COUNTED = { s1: 3, s2: 3, s3: 4, s6: 5, s7: 1, s8: 8 } as const;

function monthIn(d: Date, tz: string): string {
  return todayIn(tz, d).slice(0, 7);
}

describe('GET /api/v1/account/reports/summary', () => {
  it('counts enabled users, codes in the dataset and submissions of the account only', async () => {
    const res = await admin.get('/api/v1/account/reports/summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ activeUsers: 5, numCodesSubmitted: 24, submissions: 6 });
  });
});

describe('GET /api/v1/account/reports/charts', () => {
  it('gives codes per month over 6 months, oldest first, in UTC by default', async () => {
    const res = await admin.get('/api/v1/account/reports/charts');
    expect(res.status).toBe(200);
    const months = chartMonths('UTC');
    expect(res.body.data.map((p: { month: string }) => p.month)).toEqual(months);
    const m = (back: number) => monthIn(monthsAgo(back, 1), 'UTC');
    const expected: Record<string, number> = { [m(0)]: 3, [m(1)]: 3 + 8, [m(2)]: 4, [m(5)]: 5 };
    expect(res.body.data).toEqual(months.map((month) => ({ month, codes_submitted: expected[month] ?? 0 })));
  });

  it("moves a submission made late on a month's last day into the next month east of UTC", async () => {
    const res = await admin.get('/api/v1/account/reports/charts?tz=Pacific/Auckland');
    const months = chartMonths('Pacific/Auckland');
    const expected: Record<string, number> = {};
    for (const [key, codes] of Object.entries(COUNTED)) {
      const month = monthIn(at[key]!, 'Pacific/Auckland');
      expected[month] = (expected[month] ?? 0) + codes;
    }
    expect(expected[monthIn(monthsAgo(0, 1), 'UTC')]).toBe(3 + 8);
    expect(res.body.data).toEqual(months.map((month) => ({ month, codes_submitted: expected[month] ?? 0 })));
  });

  it('refuses an unknown time zone naming the field', async () => {
    const res = await admin.get('/api/v1/account/reports/charts?tz=Mars/Olympus');
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('query.tz');
  });
});

describe('GET /api/v1/account/reports/topusers', () => {
  it('lists submitters by codes with last login and last submission', async () => {
    await signIn(ctx, bob.email);
    const res = await admin.get('/api/v1/account/reports/topusers');
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((u: { name: string; submitted_codes: number }) => [u.name, u.submitted_codes]),
    ).toEqual([
      ['Bob Baker', 12],
      ['Alice Archer', 11],
      ['Ada Admin', 1],
    ]);
    const [bobRow, aliceRow, adminRow] = res.body.data;
    expect(bobRow).toMatchObject({ id: bob.id, email: bob.email, last_submission: iso(at.s8!) });
    expect(bobRow.last_login).not.toBeNull();
    expect(aliceRow.last_submission).toBe(iso(at.s1!));
    expect(adminRow.last_submission).toBe(iso(at.s7!));
  });
});

describe('GET /api/v1/account/reports/topusers/{userId}/user-report', () => {
  it('gives the profile, codes, last submission, codes per template and per month', async () => {
    const res = await admin.get(`/api/v1/account/reports/topusers/${alice.id}/user-report`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: alice.id,
      name: 'Alice Archer',
      email: alice.email,
      role: 'MANAGER',
    });
    expect(res.body.submitted_codes).toBe(11);
    expect(res.body.last_submission).toBe(iso(at.s1!));
    expect(res.body.templates).toEqual([
      { id: t1.id, name: t1.name, codes: 6 },
      { id: t2.id, name: t2.name, codes: 5 },
    ]);
    const month = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
    expect(res.body.summary).toEqual([
      { ...month(at.s1!), codes: 3 },
      { ...month(at.s2!), codes: 3 },
      { ...month(at.s6!), codes: 5 },
    ]);
  });

  it("takes months in the reader's time zone", async () => {
    const res = await admin.get(`/api/v1/account/reports/topusers/${bob.id}/user-report?tz=Pacific/Auckland`);
    const first = monthsAgo(0, 1);
    expect(res.body.summary[0]).toEqual({
      year: first.getUTCFullYear(),
      month: first.getUTCMonth() + 1,
      codes: 8,
    });
  });

  it('answers 404 for a user of another account and 400 for a bad id', async () => {
    expect((await admin.get(`/api/v1/account/reports/topusers/${b.admin.id}/user-report`)).status).toBe(404);
    const bad = await admin.get('/api/v1/account/reports/topusers/abc/user-report');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('params.userId');
  });
});

describe('GET /api/v1/account/reports/usage', () => {
  it('defaults to the last 3 months, newest first, an edited submission once', async () => {
    const res = await admin.get('/api/v1/account/reports/usage');
    expect(res.status).toBe(200);
    expect(res.body.range).toEqual({ ...defaultUsageRange('UTC'), tz: 'UTC' });
    expect(res.body.total).toBe(4);
    expect(res.body.data).toEqual([
      {
        submission_id: ids.s1,
        dataset_id: t1.datasetId,
        template_name: t1.name,
        submission_name: 'Spring, "big" launch',
        submitter_name: 'Alice Archer',
        number_of_codes: 3,
        created_at: iso(at.s1!),
      },
      expect.objectContaining({ submission_id: ids.s8, number_of_codes: 8, submitter_name: 'Bob Baker' }),
      expect.objectContaining({ submission_id: ids.s2, number_of_codes: 3 }),
      expect.objectContaining({ submission_id: ids.s3, number_of_codes: 4 }),
    ]);
  });

  it("takes a date range in the reader's time zone and pages", async () => {
    const from = ymd(monthsAgo(1, 1));
    const to = ymd(new Date(Date.UTC(Y, M, 0)));
    const utc = await admin.get(`/api/v1/account/reports/usage?from=${from}&to=${to}`);
    expect(utc.body.data.map((r: { submission_id: number }) => r.submission_id)).toEqual([ids.s8, ids.s2]);
    const la = await admin.get(`/api/v1/account/reports/usage?from=${from}&to=${to}&tz=America/Los_Angeles`);
    expect(la.body.data.map((r: { submission_id: number }) => r.submission_id)).toEqual([
      ids.s1,
      ids.s8,
      ids.s2,
    ]);
    const page = await admin.get(
      `/api/v1/account/reports/usage?from=${from}&to=${to}&tz=America/Los_Angeles&limit=1&offset=1`,
    );
    expect(page.body).toMatchObject({ total: 3, data: [expect.objectContaining({ submission_id: ids.s8 })] });
    const old = await admin.get(
      `/api/v1/account/reports/usage?from=${ymd(monthsAgo(5, 1))}&to=${ymd(monthsAgo(5, 28))}`,
    );
    expect(old.body.data.map((r: { submission_id: number }) => r.submission_id)).toEqual([ids.s6]);
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await admin.get('/api/v1/account/reports/usage?from=2026-05-02&to=2026-05-01');
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('query.from');
  });
});

describe('GET /api/v1/account/reports/templates', () => {
  it('gives each template with its codes and last submitter', async () => {
    const res = await admin.get('/api/v1/account/reports/templates');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: t1.id,
        identifier: t1.name,
        user_name: 'Alice Archer',
        updated_at: expect.any(String),
        codes: 3 + 3 + 4 + 1 + 8,
      },
      { id: t2.id, identifier: t2.name, user_name: 'Alice Archer', updated_at: expect.any(String), codes: 5 },
    ]);
  });
});

describe('POST /api/core/v1/search/template-data/legacy', () => {
  // The search index takes a commit's values in the dataset-search job after the commit; here the
  // history's backlog is worked as the job does (server/src/jobs/dataset-search.ts).
  beforeAll(async () => {
    await indexWholeSearchBacklog(ctx.deps.db);
  });

  async function search(term: string) {
    const res = await admin.post('/api/core/v1/search/template-data/legacy').send({ term });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      data: {
        field_name: string;
        cell_value: string;
        submission_id: number;
        dataset_id: number;
        cv_id: string;
        identifier: string;
        template_name: string;
        submitted_by: string;
        created_at: string;
      }[];
      truncated: boolean;
    };
  }

  it('finds substrings in any script, case aside, with where they were submitted', async () => {
    const paris = await search('PARIS');
    expect(paris.data.map((r) => [r.field_name, r.cell_value]).sort()).toEqual(
      [
        ['Campaign', 'Été Paris'],
        [expect.any(String), 'Été Paris_0001'],
      ].sort(),
    );
    expect(paris.data[0]).toMatchObject({
      template_name: t1.name,
      identifier: 'Spring, "big" launch',
      submitted_by: 'Alice Archer',
      created_at: iso(at.s1!),
      dataset_id: t1.datasetId,
      submission_id: ids.s1,
    });
    // Each hit names its dataset row, which the dataset page shows alone.
    const hit = paris.data.find((r) => r.cell_value === 'Été Paris')!;
    const row = await admin.get(`/api/v1/account/datasets/${hit.dataset_id}/data`).query({ row: hit.cv_id });
    expect(row.body.total).toBe(1);
    expect(row.body.rows[0].cv_id).toBe(hit.cv_id);
    expect(Object.values(row.body.rows[0].data)).toContain('Été Paris');
    expect((await search('キャン')).data.map((r) => r.cell_value).sort()).toEqual([
      '東京キャンペーン',
      '東京キャンペーン_0004',
    ]);
    expect((await search('осква')).data.map((r) => r.cell_value).sort()).toEqual([
      'Москва весна',
      'Москва весна_0003',
    ]);
  });

  it('finds only the latest version of edited rows and nothing pending, rejected, drafted or of another account', async () => {
    for (const term of ['beta', 'pendingvalue', 'rejectedvalue', 'drafted', 'paris-b']) {
      expect((await search(term)).data, term).toEqual([]);
    }
    const approved = await search('a3');
    expect(approved.data.map((r) => r.submission_id)).toContain(ids.s6);
  });

  it('treats % and _ literally and refuses an empty term', async () => {
    expect((await search('%')).data).toEqual([]);
    expect((await search('_00')).data.length).toBeGreaterThan(0);
    const empty = await admin.post('/api/core/v1/search/template-data/legacy').send({ term: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toBe('body.term');
  });
});

describe('GET /api/v1/account/reports/global', () => {
  it('lists every submitted row in the range with its values, edits once, drafts never', async () => {
    const res = await admin.get(
      `/api/v1/account/reports/global?from=${ymd(monthsAgo(7, 1))}&to=${todayIn('UTC')}&limit=500`,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3 + 3 + 4 + 1 + 2 + 5 + 1 + 8);
    const s1 = res.body.data.filter((r: { submission_id: number }) => r.submission_id === ids.s1);
    expect(
      s1.map(
        (r: { values: { field_name: string; value: string }[] }) =>
          r.values.find((v) => v.field_name === 'Campaign')?.value,
      ),
    ).toEqual(['Été Paris', 'alpha', 'Москва весна']);
    expect(s1[0]).toMatchObject({ status: 'Submitted', row_number: 1, submitted_by: 'Alice Archer' });
    const statuses = new Set(res.body.data.map((r: { status: string }) => r.status));
    expect([...statuses].sort()).toEqual(['Approved', 'Pending', 'Rejected', 'Submitted']);
  });

  it('defaults to the last 7 days and needs the global-report flag', async () => {
    const res = await admin.get('/api/v1/account/reports/global');
    expect(res.body.range.to).toBe(todayIn('UTC'));
    await ctx.deps.db.updateTable('accounts').set({ feature_flags: [] }).where('id', '=', a.id).execute();
    try {
      expect((await admin.get('/api/v1/account/reports/global')).status).toBe(403);
      expect((await admin.get('/api/v1/account/reports/download/global')).status).toBe(403);
    } finally {
      await ctx.deps.db
        .updateTable('accounts')
        .set({ feature_flags: ['global-report', 'approval'] })
        .where('id', '=', a.id)
        .execute();
    }
  });
});

function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('GET /api/v1/account/reports/download/{report}', () => {
  it('streams the usage report as CSV with a BOM, quoting and a file name saying what and when', async () => {
    const res = await admin
      .get('/api/v1/account/reports/download/usage')
      .buffer(true)
      .parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const range = defaultUsageRange('UTC');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="nomen-usage-report-${range.from}_to_${range.to}.csv"`,
    );
    const body = (res.body as Buffer).toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe('template_name,submission_name,submitter_name,number_of_codes,created_at (UTC)');
    const local = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
    expect(lines.slice(1)).toEqual([
      `${t1.name},"Spring, ""big"" launch",Alice Archer,3,${local(at.s1!)}`,
      `${t1.name},Boundary,Bob Baker,8,${local(at.s8!)}`,
      `${t1.name},Tokyo,Alice Archer,3,${local(at.s2!)}`,
      `${t1.name},Four,Bob Baker,4,${local(at.s3!)}`,
    ]);
  });

  it('writes the global report one line per value and XLSX with the same rows', async () => {
    const q = `from=${ymd(monthsAgo(7, 1))}&to=${todayIn('UTC')}`;
    const csv = await admin
      .get(`/api/v1/account/reports/download/global?${q}`)
      .buffer(true)
      .parse(binary as never);
    const lines = (csv.body as Buffer).toString('utf8').slice(1).trimEnd().split('\n');
    // 27 rows of three values each (code, campaign, number); the hidden cv_id is its own column.
    expect(lines).toHaveLength(1 + 27 * 3);
    expect(lines[0]).toBe(
      'template_name,submission_name,submitted_by,status,submitted_at (UTC),row_number,cv_id,field_name,value',
    );
    expect(lines.filter((l) => l.includes('Москва весна'))).toHaveLength(2);
    expect(lines.filter((l) => l.includes(',Number,'))).toHaveLength(27);
    const xlsx = await admin
      .get(`/api/v1/account/reports/download/global?${q}&format=xlsx`)
      .buffer(true)
      .parse(binary as never);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toMatch(
      /^attachment; filename="nomen-global-report-.*\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as Buffer as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + 27 * 3);
    expect(sheet.getRow(1).getCell(1).value).toBe('template_name');
  });

  it('downloads every other report, the search only with a term', async () => {
    for (const report of ['summary', 'charts', 'top-users', 'templates', 'submissions', 'logins']) {
      const res = await admin
        .get(`/api/v1/account/reports/download/${report}`)
        .buffer(true)
        .parse(binary as never);
      expect(res.status, report).toBe(200);
    }
    const summary = await admin
      .get('/api/v1/account/reports/download/summary')
      .buffer(true)
      .parse(binary as never);
    expect((summary.body as Buffer).toString('utf8')).toBe(
      '\uFEFFactive_users,codes_submitted,submissions\n5,24,6\n',
    );
    const logins = await admin
      .get('/api/v1/account/reports/download/logins')
      .buffer(true)
      .parse(binary as never);
    expect((logins.body as Buffer).toString('utf8').trimEnd().split('\n')).toHaveLength(1 + 6);
    expect((await admin.get('/api/v1/account/reports/download/search')).status).toBe(400);
    const found = await admin
      .get('/api/v1/account/reports/download/search?term=Paris')
      .buffer(true)
      .parse(binary as never);
    expect((found.body as Buffer).toString('utf8').trimEnd().split('\n')).toHaveLength(1 + 2);
    expect(found.headers['content-disposition']).toMatch(/filename="nomen-search-report-Paris-as-of-/);
    expect((await admin.get('/api/v1/account/reports/download/nothing')).status).toBe(400);
  });
});

describe('formula cells in report downloads (README "CSV files and formula cells")', () => {
  const formula = '=HYPERLINK("http://evil.example","x")';
  let adminC: Agent;

  beforeAll(async () => {
    const c = await createAccount(ctx, ['global-report']);
    adminC = await signIn(ctx, c.admin.email);
    const t = await makeTemplate(adminC);
    const sent = await adminC
      .post('/api/v1/account/submissions')
      .send({ template_id: t.id, name: '@launch', rows: [{ [t.campaign]: formula }] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });

  const download = async (path: string) => {
    const res = await adminC
      .get(path)
      .buffer(true)
      .parse(binary as never);
    expect(res.status).toBe(200);
    return (res.body as Buffer).toString('utf8');
  };

  it("writes a value starting with = in the search and global CSVs with a leading ' and keeps it with raw=true", async () => {
    const search = await download('/api/v1/account/reports/download/search?term=HYPERLINK');
    expect(search).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(search).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")_0001",`);
    expect(search).not.toMatch(/,"=HYPERLINK/);
    const global = await download('/api/v1/account/reports/download/global');
    expect(global).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")"\n`);
    expect(global).toContain(",'@launch,");
    const raw = await download('/api/v1/account/reports/download/search?term=HYPERLINK&raw=true');
    expect(raw).toContain(`,"=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(raw).not.toContain("'=HYPERLINK");
    expect((await adminC.get('/api/v1/account/reports/download/search?term=x&raw=yes')).status).toBe(400);
  });

  it('writes the value in XLSX as a string cell, never a formula', async () => {
    const res = await adminC
      .get('/api/v1/account/reports/download/search?term=HYPERLINK&format=xlsx')
      .buffer(true)
      .parse(binary as never);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    const values = book.worksheets[0]!.getColumn(6).values;
    expect(values).toContain(formula);
    expect(book.worksheets[0]!.getRow(2).getCell(6).formula).toBeUndefined();
  });
});

describe('rights (spec 01 §2.1)', () => {
  it('needs all_privileges or access_reports', async () => {
    const users = await ctx.deps.db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('account_id', '=', a.id)
      .execute();
    const carol = await signIn(ctx, users.find((u) => u.name === 'Carol Reports')!.email);
    const dave = await signIn(ctx, users.find((u) => u.name === 'Dave Plain')!.email);
    expect((await carol.get('/api/v1/account/reports/summary')).status).toBe(200);
    expect((await dave.get('/api/v1/account/reports/summary')).status).toBe(403);
    expect((await dave.post('/api/core/v1/search/template-data/legacy').send({ term: 'a' })).status).toBe(
      403,
    );
    expect((await dave.get('/api/v1/account/reports/download/usage')).status).toBe(403);
  });

  it('shows another account only its own figures', async () => {
    const adminB = await signIn(ctx, b.admin.email);
    expect((await adminB.get('/api/v1/account/reports/summary')).body).toEqual({
      activeUsers: 1,
      numCodesSubmitted: 10,
      submissions: 1,
    });
    const res = await adminB.post('/api/core/v1/search/template-data/legacy').send({ term: 'Paris' });
    expect(res.body.data.every((r: { cell_value: string }) => r.cell_value.startsWith('paris-b'))).toBe(true);
    const n = await sql<{
      n: number;
    }>`select count(*)::int as n from submissions where account_id = ${a.id}`.execute(ctx.deps.db);
    expect(n.rows[0]!.n).toBe(9);
  });
});

describe('the embedded database (PGlite)', () => {
  it('searches with pg_trgm and streams downloads from a cursor', { timeout: 180_000 }, async () => {
    await withEmbeddedAdmin(
      ctx,
      async (agent) => {
        const t = await makeTemplate(agent);
        const sent = await agent.post('/api/v1/account/submissions').send({
          template_id: t.id,
          name: 'Embedded, "one"',
          rows: ['Москва', '東京'].map((c) => ({ [t.campaign]: c })),
        });
        expect(sent.status, JSON.stringify(sent.body)).toBe(201);
        // Found once the dataset-search job (run by the embedded queue) took the new values.
        const started = Date.now();
        let found: string[] = [];
        for (;;) {
          const res = await agent.post('/api/core/v1/search/template-data/legacy').send({ term: 'оскв' });
          found = res.body.data.map((r: { cell_value: string }) => r.cell_value).sort();
          if (found.length >= 2 || Date.now() - started > 20_000) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(found).toEqual(['Москва', 'Москва_0001']);
        const csv = await agent
          .get('/api/v1/account/reports/download/usage')
          .buffer(true)
          .parse(binary as never);
        expect(csv.status).toBe(200);
        const lines = (csv.body as Buffer).toString('utf8').split('\n');
        expect(lines[0]).toBe(
          '\uFEFFtemplate_name,submission_name,submitter_name,number_of_codes,created_at (UTC)',
        );
        expect(lines[1]!.startsWith(`${t.name},"Embedded, ""one""",Ada Admin,2,`)).toBe(true);
        const xlsx = await agent
          .get('/api/v1/account/reports/download/usage?format=xlsx')
          .buffer(true)
          .parse(binary as never);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(xlsx.body as never);
        expect(book.worksheets[0]!.getRow(2).getCell(4).value).toBe(2);
      },
      [],
      { jobs: true },
    );
  });
});
