import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';
import * as fieldsRepo from './fields.repository';

let ctx: TestContext;
let account: TestAccount;
let other: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let countries: { id: number; columns: number[] };
let unusedListId: number;
let fieldsetId: number;
let otherFieldsetId: number;
let countryId: number;
let campaignId: number;
let patternId: number;
let segmentIds: number[];

const value = (name: string, precedence: number, extra: Partial<fieldsRepo.FieldValues> = {}) => ({
  name,
  description: '',
  must_be_unique: false,
  precedence,
  settings: {},
  ...extra,
});

async function insertFieldset(accountId: number, name: string) {
  const row = await ctx.deps.db
    .insertInto('fieldsets')
    .values({ account_id: accountId, name, description: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertTemplateField(name: string, fieldId: number) {
  const template = await ctx.deps.db
    .insertInto('templates')
    .values({ account_id: account.id, name, folder_id: null, created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const templateField = await ctx.deps.db
    .insertInto('template_fields')
    .values({ account_id: account.id, template_id: template.id, field_id: fieldId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { templateId: template.id, templateFieldId: templateField.id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx);
  other = await createAccount(ctx);
  admin = await signIn(ctx, account.admin.email);
  const list = await admin.put('/api/v1/account/lists/').send({
    id: null,
    name: 'Countries',
    type: 'drop-down',
    list_columns: [
      { id: 'a', name: 'Country', precedence: 0, list_values: [{ row_number: 0, value: 'France' }] },
    ],
  });
  countries = { id: list.body.id, columns: list.body.list_columns.map((c: { id: number }) => c.id) };
  const unused = await admin.put('/api/v1/account/lists/').send({
    id: null,
    name: 'Channels',
    type: 'drop-down',
    list_columns: [{ id: 'a', name: 'Channel', precedence: 0, list_values: [] }],
  });
  unusedListId = unused.body.id;

  const db = ctx.deps.db;
  fieldsetId = await insertFieldset(account.id, 'Campaign');
  otherFieldsetId = await insertFieldset(other.id, 'Elsewhere');
  // Inserted in reverse order so the read order comes from precedence, not from ids.
  campaignId = await fieldsRepo.insertFieldsetField(
    db,
    account.id,
    fieldsetId,
    value('Campaign', 1, { governance_type: 'text' }),
  );
  countryId = await fieldsRepo.insertFieldsetField(
    db,
    account.id,
    fieldsetId,
    value('Country', 0, {
      governance_type: 'list',
      settings: { list_governance: { list_id: countries.id, list_column_id: countries.columns[0] } },
    }),
  );
  await fieldsRepo.insertFieldsetField(
    db,
    other.id,
    otherFieldsetId,
    value('Their country', 0, {
      governance_type: 'list',
      settings: { list_governance: { list_id: countries.id, list_column_id: countries.columns[0] } },
    }),
  );
  const pattern = await fieldsRepo.insertPattern(db, account.id, value('UTM', 0));
  patternId = pattern.id;
  segmentIds = await fieldsRepo.insertSegments(db, account.id, patternId, [
    value('Channel', 0, { segment_type: 'variable' }),
    value('Date', 1, { segment_type: 'date' }),
  ]);
});
afterAll(() => ctx.close());

describe('fields of field sets', () => {
  it('reads a set’s fields in their order, and counts fields per set of the account only', async () => {
    const rows = await fieldsRepo.fieldsOfFieldsets(ctx.deps.db, [fieldsetId]);
    expect(rows.map((r) => r.name)).toEqual(['Country', 'Campaign']);
    expect(await fieldsRepo.fieldsOfFieldsets(ctx.deps.db, [])).toEqual([]);
    const counts = await fieldsRepo.fieldCountsByFieldset(ctx.deps.db, account.id);
    expect(counts.get(fieldsetId)).toBe(2);
    expect(counts.has(otherFieldsetId)).toBe(false);
  });

  it('updates a field and stamps updated_at, and deletes fields by id', async () => {
    const db = ctx.deps.db;
    const before = (await fieldsRepo.fieldsOfFieldsets(db, [fieldsetId])).find((r) => r.id === campaignId)!;
    const updated = await fieldsRepo.updateField(
      db,
      campaignId,
      value('Campaign name', 1, { governance_type: 'text', settings: { validation: { max_length: 40 } } }),
    );
    expect(updated.name).toBe('Campaign name');
    expect(updated.settings).toEqual({ validation: { max_length: 40 } });
    expect(updated.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
    const extra = await fieldsRepo.insertFieldsetField(db, account.id, fieldsetId, value('Extra', 2));
    await fieldsRepo.deleteFields(db, [extra]);
    expect((await fieldsRepo.fieldsOfFieldsets(db, [fieldsetId])).map((r) => r.id)).not.toContain(extra);
  });
});

describe('patterns and segments', () => {
  it('finds the account’s patterns with their segments, never another account’s', async () => {
    const db = ctx.deps.db;
    expect((await fieldsRepo.listPatterns(db, account.id)).map((p) => p.id)).toEqual([patternId]);
    expect(await fieldsRepo.listPatterns(db, other.id)).toEqual([]);
    expect(await fieldsRepo.findPatterns(db, other.id, [patternId])).toEqual([]);
    // A field set's field is not a pattern.
    expect(await fieldsRepo.findPatterns(db, account.id, [countryId])).toEqual([]);
    expect((await fieldsRepo.segmentsOf(db, [patternId])).map((s) => s.id)).toEqual(segmentIds);
  });
});

describe('which lists and templates use fields', () => {
  it('names the fields and templates that use a list, in this account only', async () => {
    const { templateId } = await insertTemplateField('Paid social', countryId);
    const usages = await fieldsRepo.fieldsUsingLists(ctx.deps.db, account.id, [countries.id, unusedListId]);
    expect(usages).toEqual([
      { list_id: String(countries.id), field_name: 'Country', template_name: 'Paid social' },
    ]);
    expect(await fieldsRepo.fieldsUsingLists(ctx.deps.db, account.id, [unusedListId])).toEqual([]);
    expect(await fieldsRepo.fieldsUsingLists(ctx.deps.db, other.id, [countries.id])).toEqual([
      { list_id: String(countries.id), field_name: 'Their country', template_name: null },
    ]);
    expect(templateId).toBeGreaterThan(0);
  });

  it('names the templates that use a pattern through one of its segments', async () => {
    await insertTemplateField('Search', segmentIds[1]!);
    expect(await fieldsRepo.templatesUsingFields(ctx.deps.db, [patternId])).toEqual([
      { template_name: 'Search', field_id: patternId },
    ]);
    expect(await fieldsRepo.templatesUsingFields(ctx.deps.db, [campaignId])).toEqual([]);
  });

  it('names the list a field powers through a template field, and the sets holding such fields', async () => {
    const { templateId, templateFieldId } = await insertTemplateField('Powering', campaignId);
    const powered = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Campaign names',
      type: 'drop-down',
      powered_template_id: templateId,
      list_columns: [
        {
          id: 'c',
          name: 'Campaign',
          precedence: 0,
          powered_template_field_id: templateFieldId,
          list_values: [],
        },
      ],
    });
    expect(powered.status).toBe(200);
    expect(await fieldsRepo.listsPoweredByFields(ctx.deps.db, [campaignId, countryId])).toEqual([
      { field_id: campaignId, list_name: 'Campaign names' },
    ]);
    expect(await fieldsRepo.listsPoweredByFields(ctx.deps.db, [countryId])).toEqual([]);
    expect(await fieldsRepo.fieldsetsPoweringLists(ctx.deps.db, account.id)).toEqual(new Set([fieldsetId]));
    expect(await fieldsRepo.fieldsetsPoweringLists(ctx.deps.db, other.id)).toEqual(new Set());
  });
});
