import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;

const segments = [
  { id: 'TEMP_1', segment_type: 'constant', name: 'Market', constant_value: 'US', segment_precedence: 0 },
  { id: 'TEMP_2', segment_type: 'variable', name: 'Campaign', segment_precedence: 1 },
  {
    id: 'TEMP_3',
    segment_type: 'autonumber',
    name: 'Number',
    start_value: 1,
    min_width: 4,
    segment_precedence: 2,
  },
  {
    id: 'TEMP_4',
    segment_type: 'date',
    name: 'Launch',
    order: 'Y|M|D',
    months: '01-12',
    days: '01-31',
    years: '0000-9999',
    delimiter: '-',
    auto_populate: false,
    segment_precedence: 3,
  },
  { id: 'TEMP_5', segment_type: 'random', name: 'Key', max_length: 6, segment_precedence: 4 },
];

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['require-uniqueness', 'user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
});
afterAll(() => ctx.close());

async function names(agent = admin): Promise<string[]> {
  return ((await agent.get('/api/v1/account/field/patterns')).body.data as { name: string }[]).map(
    (p) => p.name,
  );
}

async function createCampaignPattern(name = 'Campaign code', extra: Record<string, unknown> = {}) {
  const res = await admin
    .put('/api/v1/account/field/')
    .send({ id: null, name, description: 'Paid social', delimiter: '_', segments, ...extra });
  expect(res.status).toBe(200);
  return res.body.pattern;
}

describe('PUT /api/v1/account/field/', () => {
  it('creates a pattern with all five segment kinds and defaults, and reads it back', async () => {
    const pattern = await createCampaignPattern();
    expect(pattern).toMatchObject({
      name: 'Campaign code',
      delimiter: '_',
      must_be_unique: false,
      is_pattern: true,
    });
    expect(pattern.segments.map((s: { segment_type: string }) => s.segment_type)).toEqual([
      'constant',
      'variable',
      'autonumber',
      'date',
      'random',
    ]);
    expect(pattern.segments[4]).toMatchObject({
      max_length: 6,
      include_numeric: true,
      include_uppercase: true,
      include_lowercase: false,
      frequency: 'row',
    });
    expect(pattern.color).toMatch(/^#[0-9a-f]{6}$/);
    const fetched = await admin.get(`/api/v1/account/field/${pattern.id}`);
    expect(fetched.body.pattern).toEqual(pattern);
    expect(await names()).toContain('Campaign code');
  });

  it('updates segments: keeps, edits, removes and adds, in the order given', async () => {
    const pattern = await createCampaignPattern('Editable');
    const [constant, variable] = pattern.segments;
    const res = await admin.put('/api/v1/account/field/').send({
      ...pattern,
      delimiter: '-',
      segments: [
        { ...variable, segment_precedence: 0 },
        { ...constant, constant_value: 'CA', segment_precedence: 1 },
        {
          id: 'TEMP_new',
          segment_type: 'random',
          max_length: 8,
          include_lowercase: true,
          segment_precedence: 2,
        },
      ],
    });
    expect(res.status).toBe(200);
    const after = res.body.pattern;
    expect(after.delimiter).toBe('-');
    expect(after.segments.map((s: { segment_type: string }) => s.segment_type)).toEqual([
      'variable',
      'constant',
      'random',
    ]);
    expect(after.segments[0].id).toBe(variable.id);
    expect(after.segments[1]).toMatchObject({ id: constant.id, constant_value: 'CA' });
  });

  it.each([
    ['a missing name', { name: '' }, 'body.name'],
    [
      'a random length below 6',
      { segments: [{ id: 'TEMP_r', segment_type: 'random', max_length: 5, segment_precedence: 0 }] },
      'body.segments.0.max_length',
    ],
    [
      'an unknown segment kind',
      { segments: [{ id: 'TEMP_x', segment_type: 'emoji', name: 'x', segment_precedence: 0 }] },
      'body.segments.0.segment_type',
    ],
    [
      'a nameless autonumber',
      {
        segments: [
          {
            id: 'TEMP_a',
            segment_type: 'autonumber',
            name: ' ',
            start_value: 1,
            min_width: 1,
            segment_precedence: 0,
          },
        ],
      },
      'body.segments.0.name',
    ],
    ['an unknown delimiter', { delimiter: '/' }, 'body.delimiter'],
  ])('answers 400 for %s and changes nothing', async (_label, change, path) => {
    const pattern = await createCampaignPattern(`Stable ${path}`);
    const res = await admin.put('/api/v1/account/field/').send({ ...pattern, ...change });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect((await admin.get(`/api/v1/account/field/${pattern.id}`)).body.pattern).toEqual(pattern);
  });

  it("answers 404 for another account's pattern or segment and 409 for a stale write", async () => {
    const pattern = await createCampaignPattern('Guarded');
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.get(`/api/v1/account/field/${pattern.id}`)).status).toBe(404);
    expect((await stranger.put('/api/v1/account/field/').send({ ...pattern, name: 'Taken' })).status).toBe(
      404,
    );
    const theirs = await stranger
      .put('/api/v1/account/field/')
      .send({ id: null, name: 'Theirs', delimiter: '_', segments: [segments[0]] });
    const borrowed = await admin
      .put('/api/v1/account/field/')
      .send({ ...pattern, segments: [theirs.body.pattern.segments[0]] });
    expect(borrowed.status).toBe(404);

    await new Promise((r) => setTimeout(r, 5));
    const fresh = await admin.put('/api/v1/account/field/').send({ ...pattern, name: 'Guarded 2' });
    expect(fresh.status).toBe(200);
    const stale = await admin.put('/api/v1/account/field/').send({ ...pattern, name: 'Guarded 3' });
    expect(stale.status).toBe(409);
    expect((await admin.get(`/api/v1/account/field/${pattern.id}`)).body.pattern.name).toBe('Guarded 2');
  });

  it("answers 404 for another account's pattern id whatever else the save holds, and changes nothing", async () => {
    const pattern = await createCampaignPattern('Foreign target');
    const stranger = await signIn(ctx, (await createAccount(ctx)).admin.email);
    for (const body of [
      { id: pattern.id },
      { id: pattern.id, name: 'Taken', delimiter: '_', segments: [] },
      { id: pattern.id, name: '', delimiter: '?', segments: [segments[0]] },
    ]) {
      const res = await stranger.put('/api/v1/account/field/').send(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.message).toBe('Pattern not found');
    }
    expect((await admin.get(`/api/v1/account/field/${pattern.id}`)).body.pattern).toEqual(pattern);
    // The account's own pattern with the same bad body still names the field.
    const own = await admin
      .put('/api/v1/account/field/')
      .send({ id: pattern.id, name: 'Mine', delimiter: '_', segments: [] });
    expect(own.status).toBe(400);
    expect(own.body.issues.map((i: { path: string }) => i.path)).toContain('body.segments');
  });

  it('duplicates a pattern: saving a copy without ids makes a new pattern', async () => {
    const pattern = await createCampaignPattern('Original');
    const copy = await admin.put('/api/v1/account/field/').send({
      ...pattern,
      id: null,
      updated_at: null,
      name: 'Copy of Original',
      segments: pattern.segments.map((s: { id: number }) => ({ ...s, id: `TEMP_${s.id}` })),
    });
    expect(copy.status).toBe(200);
    expect(copy.body.pattern.id).not.toBe(pattern.id);
    expect(copy.body.pattern.segments).toHaveLength(5);
  });
});

describe('POST /api/v1/account/field/{id}/codes', () => {
  it('issues coded values with the chosen values, date and padded autonumbers', async () => {
    const pattern = await createCampaignPattern('Issuer');
    const [, variable, , date] = pattern.segments;
    const res = await admin
      .post(`/api/v1/account/field/${pattern.id}/codes`)
      .send({ values: { [variable.id]: 'SUMMER' }, dates: { [date.id]: '2026-11-21' }, count: 2 });
    expect(res.status).toBe(200);
    expect(res.body.codes[0]).toMatch(/^US_SUMMER_0001_2026-11-21_[0-9A-Z]{6}$/);
    expect(res.body.codes[1]).toMatch(/^US_SUMMER_0002_2026-11-21_[0-9A-Z]{6}$/);
  });

  it('names the segment whose value is missing and burns no number', async () => {
    const pattern = await createCampaignPattern('Strict');
    const [, variable, , date] = pattern.segments;
    const missing = await admin
      .post(`/api/v1/account/field/${pattern.id}/codes`)
      .send({ dates: { [date.id]: '2026-11-21' } });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0].path).toBe(`body.values.${variable.id}`);
    const ok = await admin
      .post(`/api/v1/account/field/${pattern.id}/codes`)
      .send({ values: { [variable.id]: 'FALL' }, dates: { [date.id]: '2026-11-21' } });
    expect(ok.body.codes[0]).toContain('_0001_');
  });

  it('gives 50 concurrent requests 50 distinct consecutive numbers', async () => {
    const res = await admin.put('/api/v1/account/field/').send({
      id: null,
      name: 'Counter',
      delimiter: 'none',
      segments: [
        {
          id: 'TEMP_n',
          segment_type: 'autonumber',
          name: 'N',
          start_value: 100,
          min_width: 1,
          segment_precedence: 0,
        },
      ],
    });
    const id = res.body.pattern.id;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => admin.post(`/api/v1/account/field/${id}/codes`).send({})),
    );
    const numbers = answers.map((a) => Number(a.body.codes[0])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => 100 + i));
  });

  it('never issues a code twice for a pattern that must be unique', async () => {
    const res = await admin.put('/api/v1/account/field/').send({
      id: null,
      name: 'Unique',
      delimiter: '_',
      must_be_unique: true,
      segments: [
        {
          id: 'TEMP_c',
          segment_type: 'constant',
          name: 'Brand',
          constant_value: 'ACME',
          segment_precedence: 0,
        },
        {
          id: 'TEMP_r',
          segment_type: 'random',
          name: 'Key',
          max_length: 6,
          include_uppercase: false,
          segment_precedence: 1,
        },
      ],
    });
    expect(res.body.pattern.must_be_unique).toBe(true);
    const codes = (
      await admin.post(`/api/v1/account/field/${res.body.pattern.id}/codes`).send({ count: 300 })
    ).body.codes as string[];
    expect(new Set(codes).size).toBe(300);
    const more = (await admin.post(`/api/v1/account/field/${res.body.pattern.id}/codes`).send({ count: 300 }))
      .body.codes as string[];
    expect(more.filter((c) => codes.includes(c))).toEqual([]);
  });
});

describe('POST /api/v1/account/field/patterns/bulk/delete', () => {
  it('deletes patterns all or nothing, and refuses one a template uses', async () => {
    const a = await createCampaignPattern('Delete A');
    const b = await createCampaignPattern('Delete B');
    expect(
      (await admin.post('/api/v1/account/field/patterns/bulk/delete').send({ pattern_ids: [a.id, 31337] }))
        .status,
    ).toBe(404);
    expect(await names()).toContain('Delete A');

    const template = await ctx.deps.db
      .insertInto('templates')
      .values({ account_id: account.id, name: 'Paid Social', folder_id: null, created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.deps.db
      .insertInto('template_fields')
      .values({ account_id: account.id, template_id: template.id, field_id: b.segments[1].id })
      .execute();
    const used = await admin
      .post('/api/v1/account/field/patterns/bulk/delete')
      .send({ pattern_ids: [a.id, b.id] });
    expect(used.status).toBe(400);
    expect(used.body.message).toBe('Delete B is used by the template "Paid Social" and cannot be deleted.');
    expect(await names()).toEqual(expect.arrayContaining(['Delete A', 'Delete B']));

    expect(
      (await admin.post('/api/v1/account/field/patterns/bulk/delete').send({ pattern_ids: [a.id] })).status,
    ).toBe(200);
    expect(await names()).not.toContain('Delete A');
    const log = await admin.get('/api/v1/account/activities');
    expect(log.body.data[0]).toMatchObject({
      configuredObject: 'pattern',
      operation: 'deleted',
      objectName: 'Delete A',
    });
  });
});

describe('autonumber bounds (issue 8 item 12)', () => {
  const autonumberPattern = (start: number) => ({
    name: `Counter ${start}`,
    delimiter: '_',
    segments: [
      {
        id: 'TEMP_n',
        segment_type: 'autonumber',
        name: 'N',
        start_value: start,
        min_width: 1,
        segment_precedence: 0,
      },
    ],
  });

  it('answers 400 naming the start value past 15 digits, and issues the largest start and the next number exactly', async () => {
    for (const start of [2 ** 53 - 1, 1e16]) {
      const res = await admin.put('/api/v1/account/field/').send(autonumberPattern(start));
      expect(res.status, String(start)).toBe(400);
      expect(res.body.issues[0].path).toBe('body.segments.0.start_value');
    }
    const res = await admin.put('/api/v1/account/field/').send(autonumberPattern(999_999_999_999_999));
    expect(res.status).toBe(200);
    const first = await admin.post(`/api/v1/account/field/${res.body.pattern.id}/codes`).send({ count: 2 });
    expect(first.body.codes).toEqual(['999999999999999', '1000000000000000']);
    const next = await admin.post(`/api/v1/account/field/${res.body.pattern.id}/codes`).send({});
    expect(next.body.codes).toEqual(['1000000000000001']);
  });
});
