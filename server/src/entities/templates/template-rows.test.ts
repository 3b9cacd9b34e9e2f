import type { TemplateRow } from '@nomen/shared/db';
import { describe, expect, it } from 'vitest';
import {
  type AssignmentRow,
  type TemplateFieldRow,
  type TemplateRows,
  templateFromRows,
} from './template-rows';

const at = new Date('2026-01-02T03:04:05.000Z');

/** One template with a list-governed field powering a list column and an email assignment. */
function rows(): TemplateRows {
  return {
    template: {
      id: 7,
      uuid: 'u-7',
      name: 'Paid media',
      description: '',
      folder_id: null,
      settings: { require_approval: 1 },
      submission_status_recipients: [],
      is_creative_classification_enabled: false,
      creative_configuration: null,
      rollup_dataset_id: 3,
      updated_at: at,
      created_at: at,
    } as unknown as TemplateRow,
    fields: [
      {
        id: 11,
        field_id: 101,
        field_name: 'Channel',
        field_governance_type: 'list',
        field_is_pattern: false,
        field_fieldset_id: null,
        field_segment_parent_field_id: null,
        field_segment_type: null,
        precedence: 0,
        governance_type: 'list',
        required: true,
        settings: { list_governance: { list_id: 5, list_column_id: 6 } },
        pattern_updated_at: '2026-01-02T03:04:05Z',
      } as unknown as TemplateFieldRow,
    ],
    listColumns: [
      { template_field_id: 11, list_id: 5, list_name: 'Codes', list_column_id: 8, column_name: 'C' },
    ],
    fieldsets: [{ fieldset_id: 4 }],
    approvers: [{ id: 9 }],
    parameters: [],
    validations: [],
    assignments: [
      {
        id: 21,
        name: 'Mail',
        slug: 'email',
        settings: { report_type: 'default' },
        metadata: {},
        missing_settings: ['emailTo'],
        created_at: at,
        updated_at: at,
      } as unknown as AssignmentRow,
    ],
    notifications: [
      {
        id: 31,
        integration_assignment_id: 21,
        account_id: 1,
        email_to: ['a@b.c'],
        subject: 'S',
        email_on_failure: true,
        email_on_success: false,
      },
    ],
  };
}

describe('templateFromRows', () => {
  it('shapes the stored rows as the API shows a template', () => {
    const t = templateFromRows(rows());
    expect(t.settings).toEqual({ require_identifier: 0, require_approval: 1, enable_auto_submit: 0 });
    expect(t.approvers).toEqual([9]);
    expect(t.fieldsets).toEqual([4]);
    const [tf] = t.template_fields;
    expect(tf?.field).toMatchObject({ id: 101, name: 'Channel', segment_id: null });
    expect(tf?.list_governance).toEqual({ list_id: 5, list_column_id: 6 });
    expect(tf?.list_columns).toEqual([
      { list_id: 5, list_name: 'Codes', list_column_id: 8, column_name: 'C' },
    ]);
    expect(tf?.segments).toEqual([]);
    expect(tf?.pattern_updated_at).toBe('2026-01-02T03:04:05.000Z');
    const [a] = t.integrations;
    expect(a).toMatchObject({
      id: 21,
      report_type: 'default',
      assigned_entity_id: 7,
      created_at: at.toISOString(),
    });
    expect(a?.integration_notifications).toEqual([
      { id: 31, emailTo: ['a@b.c'], subject: 'S', emailOnFailure: true, emailOnSuccess: false },
    ]);
    expect(a?.readiness?.is_ready).toBe(false);
  });
});
