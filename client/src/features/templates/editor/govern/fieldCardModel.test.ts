import {
  addPatternField,
  createIntegrationAssignment,
  integrationFor,
  type Pattern,
  type Template,
  type TemplateField,
  templateSchema,
} from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  deleteBlockedReason,
  deletionBlockers,
  deletionQuestion,
  editBlockedReason,
  fieldSource,
  issuesByField,
} from './fieldCardModel';

function template(fields: Partial<TemplateField>[] = [], extra: Partial<Template> = {}): Template {
  return templateSchema.parse({
    id: 1,
    name: 'T',
    folder_id: 1,
    template_fields: fields.map((f, i) => ({
      id: i + 1,
      field_id: i + 1,
      precedence: i,
      governance_type: 'text',
      ...f,
      field: { id: i + 1, name: `F${i + 1}`, governance_type: 'text', ...f.field },
    })),
    ...extra,
  });
}

const pattern: Pattern = {
  id: 50,
  is_pattern: true,
  name: 'UTM',
  description: '',
  updated_at: '2026-01-01T00:00:00.000Z',
  delimiter: '_',
  must_be_unique: false,
  is_unlocked_pattern: false,
  color: '#64748b',
  segments: [
    { id: 501, name: 'Channel', segment_precedence: 0, segment_type: 'variable', data_type: null },
    { id: 502, name: 'Fixed', segment_precedence: 1, segment_type: 'constant', constant_value: 'X' },
  ],
};

describe('govern step cards (spec 03 §2 field card and drawer rules)', () => {
  it('groups issues by field, errors first, and flags an updated pattern', () => {
    const byField = issuesByField([
      { type: 'WARNING', messageId: 'patternUpdated', params: { field: 'UTM' }, step: 'govern', fieldId: 7 },
      { type: 'ERROR', messageId: 'listRequired', params: { field: 'UTM' }, step: 'govern', fieldId: 7 },
      { type: 'ERROR', messageId: 'templateNameRequired', params: {}, step: 'setup' },
    ]);
    expect([...byField.keys()]).toEqual(['7']);
    expect(byField.get('7')).toEqual({
      errorCount: 1,
      message: 'UTM: choose a list',
      type: 'ERROR',
      isPatternUpdated: true,
    });
  });

  it('locks the edit and delete of segment and hidden id fields, and deletes of deep links', () => {
    const t = addPatternField(template(), pattern);
    const [patternField, variable, constant] = t.template_fields;
    expect(editBlockedReason(patternField!)).toBeNull();
    expect(editBlockedReason(variable!)).toBeNull();
    expect(editBlockedReason(constant!)).toMatch(/pattern builder/);
    expect(deleteBlockedReason(patternField!)).toBeNull();
    expect(deleteBlockedReason(variable!)).toMatch(/delete its pattern field/);
    const cvId = template([{ governance_type: 'cv_id' }]).template_fields[0]!;
    expect(editBlockedReason(cvId)).toMatch(/hidden ID/);
    expect(deleteBlockedReason(cvId)).toMatch(/hidden ID/);
    const deepLink = template([{ governance_type: 'deep-link' }]).template_fields[0]!;
    expect(deleteBlockedReason(deepLink)).toMatch(/cannot be deleted/);
  });

  it('names where a field comes from', () => {
    const t = addPatternField(template([{ field: { fieldset_id: 3 } as TemplateField['field'] }]), pattern);
    const names = { fieldsets: new Map([[3, 'Paid media']]), patterns: new Map([['50', 'UTM']]) };
    expect(t.template_fields.map((tf) => fieldSource(tf, names))).toEqual([
      'Field set: Paid media',
      'Pattern',
      'Segment of UTM',
      'Segment of UTM',
    ]);
  });

  it('lists the list columns and integrations that block a deletion, and nothing for a free field', () => {
    const email = {
      ...createIntegrationAssignment('email-output', { templateName: 'T', now: new Date() }),
      id: 9,
      name: 'Weekly export',
    };
    const t = template(
      [
        {
          list_columns: [{ list_id: 4, list_name: 'Campaigns', list_column_id: 40, column_name: 'Name' }],
        },
        {},
        {},
      ],
      { integrations: [{ ...email, metadata: { ...email.metadata, identifier_field_ids: '2' } }] },
    );
    expect(deletionBlockers(t, 1)).toEqual({
      listColumns: [{ list_id: 4, list_name: 'Campaigns', list_column_id: 40, column_name: 'Name' }],
      integrations: [],
    });
    expect(deletionBlockers(t, 2)).toEqual({
      listColumns: [],
      integrations: [{ id: 9, name: 'Weekly export' }],
    });
    expect(deletionBlockers(t, 3)).toBeNull();
    // What the server maps counts too, while the integration is still in the template.
    const saved = [
      { template_field_id: 3, field_id: 3, integrations: [{ id: 9, name: '', slug: 'email-output' }] },
    ];
    expect(deletionBlockers(t, 3, saved)?.integrations).toEqual([
      { id: 9, name: integrationFor('email-output').label },
    ]);
    expect(deletionBlockers({ ...t, integrations: [] }, 3, saved)).toBeNull();
  });
});

describe('deletionQuestion (spec 03 §2 deletion)', () => {
  it("counts a pattern field's segment fields", () => {
    const [tf] = template([
      { field: { id: 1, name: 'UTM', is_pattern: true } as TemplateField['field'] },
    ]).template_fields;
    expect(deletionQuestion(tf as TemplateField, 1)).toEqual({
      title: 'Delete the pattern UTM?',
      message:
        'The pattern field and its 1 segment field are removed from the template, and link parameters using them are unlinked.',
    });
    expect(deletionQuestion(tf as TemplateField, 2).message).toContain('its 2 segment fields are removed');
  });

  it('names what goes with the link field and what a plain field unlinks', () => {
    const [plain, link] = template([{}, { governance_type: 'link' }]).template_fields;
    expect(deletionQuestion(plain as TemplateField, 0)).toEqual({
      title: 'Delete F1?',
      message: 'F1 is removed from the template, and link parameters using it are unlinked.',
    });
    expect(deletionQuestion(link as TemplateField, 0).message).toBe(
      'F2 is removed from the template with its link parameters and validations.',
    );
  });
});
