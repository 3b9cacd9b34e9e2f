import { addFieldsetFields, newTemplate, type TemplateField } from '@nomen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

type Agent = Awaited<ReturnType<typeof signIn>>;

let ctx: TestContext;
let account: TestAccount;
let admin: Agent;
let folderId: number;
let fieldset: Parameters<typeof addFieldsetFields>[1];

/** Template field ids by field name; the hidden id field as cv_id. */
type Fields = Record<string, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['approval', 'lists-as-datasets']);
  await ctx.deps.db
    .updateTable('accounts')
    // One admin submits and approves: a one-admin account allows self-approval.
    .set({ settings: JSON.stringify({ allow_approval: true, allow_self_approval: true }) })
    .where('id', '=', account.id)
    .execute();
  admin = await signIn(ctx, account.admin.email);
  const text = { characters: 'any' };
  const set = await admin.put('/api/v1/account/fieldsets').send({
    name: 'Traffic',
    fields: ['Channel', 'Source'].map((name) => ({
      id: `TEMP_${name}`,
      name,
      governance_type: 'text',
      validation: text,
    })),
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  fieldset = set.body.fieldset;
  const folder = await admin.put('/api/v1/account/folder').send({ name: 'Traffic', description: '' });
  folderId = folder.body.folder.id;
});
afterAll(() => ctx.close());

/** Saves a template of the field set (with approval when `approvers` is given). */
async function makeTemplate(approvers?: number[]): Promise<{ id: number; fields: Fields }> {
  const draft = addFieldsetFields(newTemplate({ templateName: 'Traffic', now: new Date() }), fieldset);
  const res = await admin.put('/api/v1/account/template/').send({
    ...draft,
    name: `Traffic ${Math.random().toString(36).slice(2, 7)}`,
    folder_id: folderId,
    integrations: [],
    settings: { require_identifier: 0, require_approval: approvers ? 1 : 0, enable_auto_submit: 0 },
    approvers: approvers ?? [],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const got = await admin.get(`/api/v1/account/template/${res.body.id}`);
  const fields: Fields = {};
  for (const tf of got.body.template_fields as TemplateField[])
    fields[tf.governance_type === 'cv_id' ? 'cv_id' : tf.field.name] = tf.id as number;
  return { id: res.body.id, fields };
}

async function submit(templateId: number, rows: Record<string, string>[]) {
  const res = await admin
    .post('/api/v1/account/submissions')
    .send({ template_id: templateId, name: 'Week 12', rows });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; status: string };
}

/** Links a list to a template (the link dialog's save): one column per field id, no values sent. */
function power(
  list: { id: number | null; updated_at?: string; type: string; name?: string },
  templateId: number,
  fieldIds: number[],
  values: string[] = [],
) {
  return admin.put('/api/v1/account/lists/').send({
    id: list.id,
    name: list.name ?? 'Channels',
    notes: '',
    type: list.type,
    updated_at: list.updated_at,
    powered_template_id: templateId,
    list_columns: fieldIds.map((fieldId, precedence) => ({
      id: `lc${precedence}`,
      name: `Column ${precedence + 1}`,
      precedence,
      powered_template_field_id: fieldId,
      list_values: values.map((value, row_number) => ({ id: `v${row_number}`, row_number, value })),
    })),
  });
}

/** The list's values by column, in row order. */
async function valuesOf(listId: number): Promise<string[][]> {
  const res = await admin.get(`/api/v1/account/lists/${listId}`);
  expect(res.status).toBe(200);
  return (res.body.list_columns as { list_values: { row_number: number; value: string }[] }[]).map((c) =>
    [...c.list_values].sort((a, b) => a.row_number - b.row_number).map((v) => v.value),
  );
}

describe('template-powered lists (spec 02 §2, §4, §5; issue 11 item 9)', () => {
  it('a linked drop-down list shows the field’s submitted values and follows new submissions without a step', async () => {
    const t = await makeTemplate();
    await submit(t.id, [
      { [t.fields.Channel!]: 'Email', [t.fields.Source!]: 'newsletter' },
      { [t.fields.Channel!]: 'Social', [t.fields.Source!]: 'meta' },
      { [t.fields.Channel!]: 'Email', [t.fields.Source!]: 'promo' },
    ]);
    // Values sent with a powered list are not the list's: the dataset's are.
    const linked = await power({ id: null, type: 'drop-down' }, t.id, [t.fields.Channel!], ['Typed in']);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const listId = linked.body.id as number;
    expect(await valuesOf(listId)).toEqual([['Email', 'Social']]);
    const detail = await admin.get(`/api/v1/account/lists/${listId}`);
    expect(detail.body.powered_template_id).toBe(t.id);

    await submit(t.id, [{ [t.fields.Channel!]: 'Display', [t.fields.Source!]: 'dv360' }]);
    expect(await valuesOf(listId)).toEqual([['Email', 'Social', 'Display']]);

    // The grid is read-only: an edit of its values is refused and nothing changes.
    const now = await admin.get(`/api/v1/account/lists/${listId}`);
    const edit = await admin.post(`/api/v1/account/lists/${listId}/delta`).send({
      updated_at: now.body.updated_at,
      values: {
        upsert: [{ id: 'n1', list_column_id: now.body.list_columns[0].id, row_number: 3, value: 'Print' }],
        deleted_ids: [],
      },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/powered by a template/);
    expect(await valuesOf(listId)).toEqual([['Email', 'Social', 'Display']]);
  });

  it('a drill-down list powered by two fields holds each distinct pair once, in first-submitted order', async () => {
    const t = await makeTemplate();
    await submit(t.id, [
      { [t.fields.Channel!]: 'Email', [t.fields.Source!]: 'newsletter' },
      { [t.fields.Channel!]: 'Social', [t.fields.Source!]: 'meta' },
      { [t.fields.Channel!]: 'Email', [t.fields.Source!]: 'newsletter' },
      { [t.fields.Channel!]: 'Email', [t.fields.Source!]: 'promo' },
    ]);
    const linked = await power({ id: null, type: 'drill-down' }, t.id, [t.fields.Channel!, t.fields.Source!]);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await valuesOf(linked.body.id)).toEqual([
      ['Email', 'Social', 'Email'],
      ['newsletter', 'meta', 'promo'],
    ]);
  });

  it('a Pending submission reaches the list only when it is approved', async () => {
    const t = await makeTemplate([account.admin.id]);
    const linked = await power({ id: null, type: 'drop-down' }, t.id, [t.fields.Source!]);
    const listId = linked.body.id as number;
    expect(await valuesOf(listId)).toEqual([[]]);
    const sent = await submit(t.id, [{ [t.fields.Channel!]: 'Email', [t.fields.Source!]: 'spring' }]);
    expect(sent.status).toBe('Pending');
    expect(await valuesOf(listId)).toEqual([[]]);
    const approved = await admin.post(`/api/v1/account/submissions/${sent.id}/approve`).send({});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await valuesOf(listId)).toEqual([['spring']]);
  });

  it('refuses a link without a field or to cv_id, naming the column, and another account’s template; nothing changes', async () => {
    const t = await makeTemplate();
    await submit(t.id, [{ [t.fields.Channel!]: 'Email', [t.fields.Source!]: 'x' }]);
    const own = await admin.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Own values',
      type: 'drop-down',
      list_columns: [
        { id: 'a', name: 'Values', precedence: 0, list_values: [{ id: 'v', row_number: 0, value: 'Kept' }] },
      ],
    });
    const list = { id: own.body.id as number, updated_at: own.body.updated_at as string, name: 'Own values' };

    const noField = await admin.put('/api/v1/account/lists/').send({
      ...list,
      type: 'drop-down',
      powered_template_id: t.id,
      list_columns: [{ id: 'a', name: 'Values', precedence: 0, list_values: [] }],
    });
    expect(noField.status).toBe(400);
    expect(noField.body.issues).toEqual([
      {
        path: 'body.list_columns.0.powered_template_field_id',
        message: 'Choose the template field this column shows',
      },
    ]);
    const cvId = await power({ ...list, type: 'drop-down' }, t.id, [t.fields.cv_id!]);
    expect(cvId.status).toBe(400);
    expect(cvId.body.issues).toEqual([
      {
        path: 'body.list_columns.0.powered_template_field_id',
        message: 'The cv_id field cannot power a list',
      },
    ]);
    expect(await valuesOf(list.id)).toEqual([['Kept']]);
    // Another account cannot power its list with this account's template.
    const other = await createAccount(ctx);
    const stranger = await signIn(ctx, other.admin.email);
    const refused = await stranger.put('/api/v1/account/lists/').send({
      id: null,
      name: 'Stolen',
      type: 'drop-down',
      powered_template_id: t.id,
      list_columns: [{ id: 'a', name: 'V', precedence: 0, powered_template_field_id: t.fields.Channel }],
    });
    expect(refused.status).toBe(404);
  });

  it('unlinking keeps the values as the list’s own, and they can be edited again', async () => {
    const t = await makeTemplate();
    await submit(t.id, [{ [t.fields.Channel!]: 'Email', [t.fields.Source!]: 'x' }]);
    const linked = await power({ id: null, type: 'drop-down', name: 'Unlink me' }, t.id, [t.fields.Channel!]);
    const read = await admin.get(`/api/v1/account/lists/${linked.body.id}`);
    const unlinked = await admin.put('/api/v1/account/lists/').send({
      id: read.body.id,
      name: read.body.name,
      notes: '',
      type: 'drop-down',
      updated_at: read.body.updated_at,
      powered_template_id: null,
    });
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    const after = await admin.get(`/api/v1/account/lists/${linked.body.id}`);
    expect(after.body.powered_template_id).toBeNull();
    expect(after.body.list_columns[0].powered_template_field_id).toBeNull();
    expect(await valuesOf(linked.body.id)).toEqual([['Email']]);
    // New submissions no longer change it; its own edits are accepted.
    await submit(t.id, [{ [t.fields.Channel!]: 'Print', [t.fields.Source!]: 'y' }]);
    expect(await valuesOf(linked.body.id)).toEqual([['Email']]);
    const edit = await admin.post(`/api/v1/account/lists/${linked.body.id}/delta`).send({
      updated_at: after.body.updated_at,
      values: {
        upsert: [{ id: 'n1', list_column_id: after.body.list_columns[0].id, row_number: 1, value: 'Print' }],
        deleted_ids: [],
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await valuesOf(linked.body.id)).toEqual([['Email', 'Print']]);
  });
});
