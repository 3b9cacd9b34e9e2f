import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createTestContext,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test/test-context';

// The link drawer's part of a template save (spec 03 §2 "Link governance drawer", §3, §4): what
// the drawer applies to the template (link field name, autofill, link governance, parameters in
// order, validations) is what a save stores and GET answers.

let ctx: TestContext;
let account: TestAccount;
let admin: Awaited<ReturnType<typeof signIn>>;
let set: { id: number; fields: { id: number; name: string }[] };
let folderId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createAccount(ctx, ['user-activity-log']);
  admin = await signIn(ctx, account.admin.email);
  const res = await admin.put('/api/v1/account/fieldsets').send({
    name: 'Link sources',
    description: '',
    fields: [
      { id: 'TEMP_source', name: 'Source', governance_type: 'text' },
      { id: 'TEMP_medium', name: 'Medium', governance_type: 'text' },
    ],
  });
  expect(res.status).toBe(200);
  set = res.body.fieldset;
  const folder = await admin.put('/api/v1/account/folder').send({ name: 'Links', description: '' });
  expect(folder.status).toBe(200);
  folderId = folder.body.folder.id;
});
afterAll(() => ctx.close());

interface AnsweredField {
  id: number;
  field_id: number;
  governance_type: string;
  field: { name: string };
  autofill: { field_id: number } | null;
  link_governance: unknown;
}

function setField(index: number) {
  const field = set.fields[index]!;
  return {
    id: `TEMP_f${index}`,
    field_id: field.id,
    field: { id: field.id, name: field.name, governance_type: 'text', fieldset_id: set.id },
    precedence: index,
    governance_type: 'text',
  };
}

describe('the link drawer through a template save', () => {
  it('stores a renamed link field, its autofill and governance, parameters in order and validations', async () => {
    const created = await admin.put('/api/v1/account/template/').send({
      name: 'Link drawer template',
      folder_id: folderId,
      fieldsets: [set.id],
      template_fields: [
        setField(0),
        setField(1),
        {
          id: 'TEMP_link',
          field_id: 'TEMP_linkfield',
          field: { id: 'TEMP_linkfield', name: 'Link', governance_type: 'link' },
          precedence: 2,
          governance_type: 'link',
        },
      ],
    });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    const first = (await admin.get(`/api/v1/account/template/${id}`)).body;
    const fields = first.template_fields as AnsweredField[];
    const [source, medium, link] = fields;

    const saved = await admin.put('/api/v1/account/template/').send({
      ...first,
      template_fields: fields.map((tf) =>
        tf.id === link!.id
          ? {
              ...tf,
              field: { ...tf.field, name: 'Landing page' },
              autofill: { field_id: medium!.field_id },
              link_governance: {
                domain_restrictions: ['example.com', '*.shop.example.com'],
                do_not_encode_manually_entered_parameters: true,
                use_redirect_url: false,
              },
            }
          : tf,
      ),
      parameters: [
        {
          id: 'TEMP_0123456789abcdef0123456789abcdef',
          name: 'utm_medium',
          field_id: medium!.field_id,
          template_field_id: medium!.id,
          precedence: 0,
          url_encoding: 'standard',
          url_name_encoding: 'not_encoded',
        },
        {
          id: 'TEMP_fedcba9876543210fedcba9876543210',
          name: 'utm_source',
          field_id: source!.field_id,
          template_field_id: source!.id,
          precedence: 1,
        },
      ],
      validations: [
        {
          slug: 'adobe_analytics',
          uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
          options: {
            aa_pixel_exists: { enabled: true, metadata: {} },
            aa_correct_report_suite: {
              enabled: true,
              metadata: { report_suite_mode: 'explore', expected_report_suite_id: 'acme-prod' },
            },
          },
        },
      ],
    });
    expect(saved.status).toBe(200);

    const read = (await admin.get(`/api/v1/account/template/${id}`)).body;
    const readLink = (read.template_fields as AnsweredField[]).find((tf) => tf.governance_type === 'link')!;
    expect(readLink.field.name).toBe('Landing page');
    expect(readLink.field_id).toBe(link!.field_id);
    expect(readLink.autofill).toEqual({ field_id: medium!.field_id });
    expect(readLink.link_governance).toEqual({
      domain_restrictions: ['example.com', '*.shop.example.com'],
      do_not_encode_manually_entered_parameters: true,
      use_redirect_url: false,
    });
    expect(
      (
        read.parameters as {
          name: string;
          precedence: number;
          url_encoding: string;
          url_name_encoding: string;
        }[]
      ).map((p) => [p.name, p.precedence, p.url_encoding, p.url_name_encoding]),
    ).toEqual([
      ['utm_medium', 0, 'standard', 'not_encoded'],
      ['utm_source', 1, 'dynamic', 'encoded'],
    ]);
    expect(read.validations).toEqual([
      {
        slug: 'adobe_analytics',
        uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
        options: {
          aa_pixel_exists: { enabled: true, metadata: {} },
          aa_correct_report_suite: {
            enabled: true,
            metadata: { report_suite_mode: 'explore', expected_report_suite_id: 'acme-prod' },
          },
        },
      },
    ]);
  });

  it("logs the link field's new name beside the old one in the template's activity entry", async () => {
    const created = await admin.put('/api/v1/account/template/').send({
      name: 'Audited link',
      folder_id: folderId,
      template_fields: [
        {
          id: 'TEMP_link',
          field_id: 'TEMP_linkfield',
          field: { id: 'TEMP_linkfield', name: 'Link', governance_type: 'link' },
          precedence: 0,
          governance_type: 'link',
        },
      ],
    });
    expect(created.status).toBe(200);
    const first = (await admin.get(`/api/v1/account/template/${created.body.id}`)).body;
    const renamed = await admin.put('/api/v1/account/template/').send({
      ...first,
      template_fields: first.template_fields.map((tf: AnsweredField) => ({
        ...tf,
        field: { ...tf.field, name: 'Final URL' },
      })),
    });
    expect(renamed.status).toBe(200);
    const entries = await ctx.deps.db
      .selectFrom('activities')
      .select(['operation', 'changes'])
      .where('account_id', '=', account.id)
      .where('configured_object', '=', 'template')
      .where('object_id', '=', created.body.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.operation)).toEqual(['created', 'updated']);
    expect(entries[1]!.changes).toContainEqual({
      field: 'fields',
      old: ['Link (link)'],
      new: ['Final URL (link)'],
    });
  });

  it('renames only the link field: a field set field keeps its name whatever the template sends', async () => {
    const created = await admin.put('/api/v1/account/template/').send({
      name: 'Names stay',
      folder_id: folderId,
      fieldsets: [set.id],
      template_fields: [{ ...setField(0), field: { ...setField(0).field, name: 'Renamed by a template' } }],
    });
    expect(created.status).toBe(200);
    const read = (await admin.get(`/api/v1/account/template/${created.body.id}`)).body;
    expect((read.template_fields as AnsweredField[])[0]!.field.name).toBe(set.fields[0]!.name);
  });
});
