import { describe, expect, it } from 'vitest';
import { createIntegrationAssignment } from '../integrations/editing';
import { parametersToSave } from './template-editing';
import {
  approversApi,
  linkParameterSchema,
  requiredLinkValidationKeys,
  templateFieldSchema,
  templateLogSchema,
  templateSaveSchema,
  templatesApi,
} from './templates.contract';
import { buildField } from './templates.fixtures';

const email = createIntegrationAssignment('email-output', { templateName: 'T', now: new Date('2026-01-01') });

describe('templateSaveSchema (PUT /api/v1/account/template/, spec 03 §4, §7)', () => {
  const field = buildField('TEMP_abc', 'Campaign', 'text');

  it('accepts a new template whose fields, parameters and integrations carry TEMP_ ids', () => {
    const parsed = templateSaveSchema.parse({
      name: ' Paid social ',
      folder_id: 3,
      template_fields: [field],
      parameters: [
        { id: 'TEMP_p1', name: 'utm_campaign', field_id: 'TEMP_abc', template_field_id: 'TEMP_abc' },
      ],
      integrations: [email],
    });
    expect(parsed.name).toBe('Paid social');
    expect(parsed.template_fields[0]!.id).toBe('TEMP_abc');
    expect(parsed.parameters[0]).toMatchObject({
      url_encoding: 'dynamic',
      url_name_encoding: 'encoded',
      transform: 'none',
    });
    expect(parsed.settings).toEqual({ require_identifier: 0, require_approval: 0, enable_auto_submit: 0 });
  });

  it('refuses a blank name, U+0000, lone surrogates and ids beyond int4', () => {
    expect(templateSaveSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(templateSaveSchema.safeParse({ name: 'a\u0000b' }).success).toBe(false);
    expect(templateSaveSchema.safeParse({ name: 'a\uD800' }).success).toBe(false);
    expect(templateSaveSchema.safeParse({ name: 'T', folder_id: 2 ** 31 }).success).toBe(false);
    expect(templateSaveSchema.safeParse({ name: 'T', approvers: [0] }).success).toBe(false);
    expect(templateSaveSchema.safeParse({ name: 'T', folder_id: 2 ** 31 - 1 }).success).toBe(true);
  });

  it('refuses a malformed temporary id and an integration without a slug', () => {
    expect(
      templateSaveSchema.safeParse({ name: 'T', template_fields: [{ ...field, id: 'TEMP_' }] }).success,
    ).toBe(false);
    expect(
      templateSaveSchema.safeParse({ name: 'T', template_fields: [{ ...field, id: 'NEW_1' }] }).success,
    ).toBe(false);
    const { slug: _slug, ...withoutSlug } = email;
    expect(templateSaveSchema.safeParse({ name: 'T', integrations: [withoutSlug] }).success).toBe(false);
    expect(templateSaveSchema.safeParse({ name: 'T', integrations: [email] }).success).toBe(true);
  });

  it('accepts a draft field without governance (a validation issue, not a parse failure)', () => {
    expect(templateFieldSchema.safeParse({ ...field, governance_type: null }).success).toBe(true);
    expect(templateFieldSchema.safeParse({ ...field, governance_type: 'magic' }).success).toBe(false);
  });
});

describe('link parameters (spec 03 §3, §4)', () => {
  it('drops parameters with neither name nor field on save and renumbers the rest', () => {
    const parameters = [
      linkParameterSchema.parse({ name: 'utm_source', field_id: 1, precedence: 4 }),
      linkParameterSchema.parse({ name: ' ' }),
      linkParameterSchema.parse({ name: 'utm_medium', precedence: 9 }),
    ];
    expect(parametersToSave(parameters).map((p) => [p.name, p.precedence])).toEqual([
      ['utm_source', 0],
      ['utm_medium', 1],
    ]);
  });

  it('refuses encodings the spec does not list', () => {
    expect(linkParameterSchema.safeParse({ name: 'a', url_encoding: 'base64' }).success).toBe(false);
    expect(linkParameterSchema.safeParse({ name: 'a', url_name_encoding: 'not_encoded' }).success).toBe(true);
  });
});

describe('link validation keys (spec 03 §3, §5)', () => {
  it('needs no value for an exists option and the expected value for a correct-id option', () => {
    expect(requiredLinkValidationKeys('fb_pixel_exists', { enabled: true, metadata: {} })).toEqual([]);
    expect(requiredLinkValidationKeys('ga_correct_property', { enabled: true, metadata: {} })).toEqual([
      'expected_property_id',
    ]);
    expect(requiredLinkValidationKeys('aa_correct_report_suite', { enabled: true, metadata: {} })).toEqual([
      'expected_target_id',
    ]);
  });
});

describe('template logs and endpoints (spec 03 §4, §7)', () => {
  it('knows the statuses Running, Success and Failed only', () => {
    const log = { id: 1, template_id: 2, status: 'Running', message: '', created_at: '2026-01-01T00:00:00Z' };
    expect(templateLogSchema.safeParse(log).success).toBe(true);
    expect(templateLogSchema.safeParse({ ...log, status: 'Queued' }).success).toBe(false);
  });

  it('guards every template and approvers endpoint with manage_templates', () => {
    for (const e of [...Object.values(templatesApi), ...Object.values(approversApi)])
      expect([e.path, e.permission]).toEqual([e.path, 'manage_templates']);
  });

  it('bulk delete takes template_ids and answers message and powered_template_ids', () => {
    expect(templatesApi.bulkDelete.body!.safeParse({ template_ids: [1, 2] }).success).toBe(true);
    expect(templatesApi.bulkDelete.body!.safeParse({ template_ids: [] }).success).toBe(false);
    expect(templatesApi.bulkDelete.response.parse({ message: 'ok', powered_template_ids: [2] })).toEqual({
      message: 'ok',
      powered_template_ids: [2],
    });
  });
});
