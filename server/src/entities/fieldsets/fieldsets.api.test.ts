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
let countries: { id: number; columns: number[] };

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['require-uniqueness', 'user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
  const list = await admin.put('/api/v1/account/lists/').send({
    id: null,
    name: 'Countries',
    type: 'drill-down',
    list_columns: [
      { id: 'a', name: 'Region', precedence: 0, list_values: [{ row_number: 0, value: 'Europe' }] },
      { id: 'b', name: 'Country', precedence: 1, list_values: [{ row_number: 0, value: 'France' }] },
    ],
  });
  countries = { id: list.body.id, columns: list.body.list_columns.map((c: { id: number }) => c.id) };
});
afterAll(() => ctx.close());

function campaignFields() {
  return [
    {
      id: 'TEMP_country',
      name: 'Country',
      governance_type: 'list',
      required: true,
      list_governance: { list_id: countries.id, list_column_id: countries.columns[1] },
    },
    {
      id: 'TEMP_name',
      name: 'Campaign name',
      governance_type: 'text',
      validation: { max_length: 40, characters: 'alphanumeric_dash_underscore' },
      transformation: { case: 'lowercase', spaces: 'underscore' },
      must_be_unique: true,
    },
    {
      id: 'TEMP_copy',
      name: 'Reporting name',
      governance_type: 'autofill',
      autofill: { field_id: 'TEMP_name' },
    },
    {
      id: 'TEMP_key',
      name: 'Key',
      governance_type: 'concatenation',
      concatenation_governance: { field_ids: ['TEMP_country', 'TEMP_name'], delimiter: '_' },
    },
    { id: 'TEMP_brand', name: 'Brand', governance_type: 'constant', constant_value: 'ACME' },
    { id: 'TEMP_date', name: 'Launch date', governance_type: 'date', date: { order: 'Y|M|D' } },
    {
      id: 'TEMP_n',
      name: 'Sequence',
      governance_type: 'autonumber',
      autonumber: { start_value: 10, min_width: 3 },
    },
    {
      id: 'TEMP_img',
      name: 'Creative',
      governance_type: 'creative',
      creative: { classification_parameter_type: 'SOURCE_URL' },
    },
  ];
}

async function createSet(name = 'Campaign fields') {
  const res = await admin
    .put('/api/v1/account/fieldsets')
    .send({ id: null, name, description: 'Paid media', fields: campaignFields() });
  expect(res.status).toBe(200);
  return res.body.fieldset;
}

async function setNames(agent = admin): Promise<string[]> {
  return ((await agent.get('/api/v1/account/fieldsets')).body.data as { name: string }[]).map((s) => s.name);
}

describe('PUT /api/v1/account/fieldsets', () => {
  it('creates a set with a field of every governance type and resolves references between new fields', async () => {
    const set = await createSet();
    const byName = Object.fromEntries(set.fields.map((f: { name: string; id: number }) => [f.name, f]));
    expect(set.fields.map((f: { governance_type: string }) => f.governance_type)).toEqual([
      'list',
      'text',
      'autofill',
      'concatenation',
      'constant',
      'date',
      'autonumber',
      'creative',
    ]);
    expect(byName.Country.list_governance).toEqual({
      list_id: countries.id,
      list_column_id: countries.columns[1],
      delimiter: 'none',
    });
    expect(byName['Campaign name'].transformation).toEqual({
      case: 'lowercase',
      spaces: 'underscore',
      trim: true,
    });
    expect(byName['Reporting name'].autofill).toEqual({ field_id: byName['Campaign name'].id });
    expect(byName.Key.concatenation_governance.field_ids).toEqual([
      byName.Country.id,
      byName['Campaign name'].id,
    ]);
    expect(byName['Launch date'].date).toMatchObject({ order: 'Y|M|D', months: '01-12' });
    expect((await admin.get(`/api/v1/account/fieldsets/${set.id}`)).body.fieldset).toEqual(set);
    const summary = (await admin.get('/api/v1/account/fieldsets')).body.data.find(
      (s: { id: number }) => s.id === set.id,
    );
    expect(summary).toMatchObject({ field_count: 8, powers_list: false });
  });

  it('updates fields by id, adds new ones and deletes those left out', async () => {
    const set = await createSet('Editable set');
    const [country, name] = set.fields;
    const res = await admin.put('/api/v1/account/fieldsets').send({
      id: set.id,
      name: 'Editable set',
      updated_at: set.updated_at,
      fields: [
        { ...name, name: 'Campaign' },
        country,
        { id: 'TEMP_x', name: 'Objective', governance_type: 'text' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.fieldset.fields.map((f: { name: string }) => f.name)).toEqual([
      'Campaign',
      'Country',
      'Objective',
    ]);
    expect(res.body.fieldset.fields[0].id).toBe(name.id);
  });

  it.each([
    ['a missing set name', (f: unknown[]) => ({ name: '', fields: f }), 'body.name'],
    [
      'a field without a name',
      (f: { name: string }[]) => ({ name: 'S', fields: [{ ...f[4], name: '' }] }),
      'body.fields.0.name',
    ],
    [
      'an unknown governance type',
      () => ({ name: 'S', fields: [{ id: 'TEMP_1', name: 'X', governance_type: 'magic' }] }),
      'body.fields.0.governance_type',
    ],
    [
      'a list column of another list',
      () => ({
        name: 'S',
        fields: [
          {
            id: 'TEMP_1',
            name: 'X',
            governance_type: 'list',
            list_governance: { list_id: countries.id, list_column_id: 999999 },
          },
        ],
      }),
      'body.fields.0.list_governance.list_column_id',
    ],
    [
      'an autofill of a field outside the set',
      () => ({
        name: 'S',
        fields: [
          { id: 'TEMP_1', name: 'X', governance_type: 'autofill', autofill: { field_id: 'TEMP_nowhere' } },
        ],
      }),
      'body.fields.0.autofill.field_id',
    ],
    [
      'a concatenation of one field',
      () => ({
        name: 'S',
        fields: [
          {
            id: 'TEMP_1',
            name: 'X',
            governance_type: 'concatenation',
            concatenation_governance: { field_ids: ['TEMP_1'] },
          },
        ],
      }),
      'body.fields.0.concatenation_governance.field_ids',
    ],
    [
      'an invalid regular expression',
      () => ({
        name: 'S',
        fields: [{ id: 'TEMP_1', name: 'X', governance_type: 'text', validation: { regex: '([a-z' } }],
      }),
      'body.fields.0.validation.regex',
    ],
    [
      'a unique constant',
      () => ({
        name: 'S',
        fields: [
          { id: 'TEMP_1', name: 'X', governance_type: 'constant', constant_value: 'A', must_be_unique: true },
        ],
      }),
      'body.fields.0.must_be_unique',
    ],
  ])('answers 400 naming the field for %s, storing nothing', async (_label, build, path) => {
    const before = await setNames();
    const res = await admin
      .put('/api/v1/account/fieldsets')
      .send({ id: null, description: '', ...(build as (f: unknown[]) => object)(campaignFields()) });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await setNames()).toEqual(before);
  });

  it("answers 404 for another account's set, field or list, and 409 for a stale write", async () => {
    const set = await createSet('Guarded set');
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    expect((await stranger.get(`/api/v1/account/fieldsets/${set.id}`)).status).toBe(404);
    expect(
      (await stranger.put('/api/v1/account/fieldsets').send({ id: set.id, name: 'Mine', fields: [] })).status,
    ).toBe(404);
    const borrowed = await stranger
      .put('/api/v1/account/fieldsets')
      .send({ id: null, name: 'Borrow', fields: [set.fields[4]] });
    expect(borrowed.status).toBe(404);
    const foreignList = await stranger
      .put('/api/v1/account/fieldsets')
      .send({ id: null, name: 'Borrow list', fields: [campaignFields()[0]] });
    expect(foreignList.status).toBe(404);
    expect(await setNames(stranger)).toEqual([]);

    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await admin.put('/api/v1/account/fieldsets').send({ ...set, name: 'Guarded set 2' })).status,
    ).toBe(200);
    expect(
      (await admin.put('/api/v1/account/fieldsets').send({ ...set, name: 'Guarded set 3' })).status,
    ).toBe(409);
    expect(await setNames()).toContain('Guarded set 2');
  });
});

describe('fields that power a list', () => {
  it('cannot be deleted, nor can their set, and the list page says so', async () => {
    const set = await createSet('Powering set');
    const template = await ctx.deps.db
      .insertInto('templates')
      .values({ account_id: account.id, name: 'Paid Social', folder_id: null, created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const templateField = await ctx.deps.db
      .insertInto('template_fields')
      .values({ account_id: account.id, template_id: template.id, field_id: set.fields[1].id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const powered = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Campaign names',
      type: 'drop-down',
      powered_template_id: template.id,
      list_columns: [
        {
          id: 'c',
          name: 'Campaign',
          precedence: 0,
          powered_template_field_id: templateField.id,
          list_values: [],
        },
      ],
    });
    expect(powered.status).toBe(200);

    const fieldset = (await admin.get(`/api/v1/account/fieldsets/${set.id}`)).body.fieldset;
    expect(fieldset.powers_list).toBe(true);
    expect(fieldset.fields[1].powers_list).toBe(true);
    const summary = (await admin.get('/api/v1/account/fieldsets')).body.data.find(
      (s: { id: number }) => s.id === set.id,
    );
    expect(summary.powers_list).toBe(true);

    const dropField = await admin
      .put('/api/v1/account/fieldsets')
      .send({ ...fieldset, fields: fieldset.fields.filter((_: unknown, i: number) => i !== 1) });
    expect(dropField.status).toBe(400);
    expect(dropField.body.message).toBe(
      'Campaign name powers the list "Campaign names" and cannot be deleted.',
    );

    const deleted = await admin
      .post('/api/v1/account/fieldsets/bulk/delete')
      .send({ fieldset_ids: [set.id] });
    expect(deleted.status).toBe(400);
    expect(deleted.body.message).toContain('powers the List "Campaign names"');
    expect(await setNames()).toContain('Powering set');
  });
});

describe('POST /api/v1/account/fieldsets/bulk/delete', () => {
  it('deletes sets with their fields, all or nothing', async () => {
    const a = await createSet('Delete set A');
    expect(
      (await admin.post('/api/v1/account/fieldsets/bulk/delete').send({ fieldset_ids: [a.id, 777777] }))
        .status,
    ).toBe(404);
    expect(await setNames()).toContain('Delete set A');
    expect(
      (await admin.post('/api/v1/account/fieldsets/bulk/delete').send({ fieldset_ids: [a.id] })).status,
    ).toBe(200);
    expect(await setNames()).not.toContain('Delete set A');
    const left = await ctx.deps.db
      .selectFrom('fields')
      .select('id')
      .where('fieldset_id', '=', a.id)
      .execute();
    expect(left).toEqual([]);
  });
});
