import {
  AUTONUMBER_PREVIEW_TEXT,
  addFieldsetFields,
  addPatternField,
  compileSubmissionForm,
  newTemplate,
  type Pattern,
  previewDependencyIds,
  type SubmissionList,
  utcCalendarDate,
} from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { previewSubmissionForm } from './previewForm';

const PATTERN: Pattern = {
  id: 40,
  is_pattern: true,
  name: 'Code',
  description: '',
  updated_at: '2026-11-23T00:00:00.000Z',
  delimiter: '_',
  must_be_unique: false,
  is_unlocked_pattern: false,
  color: '#64748b',
  segments: [
    { id: 41, name: 'Campaign', segment_precedence: 0, segment_type: 'variable', data_type: 'text' },
    {
      id: 42,
      name: 'Number',
      segment_precedence: 1,
      segment_type: 'autonumber',
      start_value: 1,
      min_width: 3,
    },
  ],
} as Pattern;

const LIST: SubmissionList = {
  id: 7,
  name: 'Channels',
  type: 'drop-down',
  columns: [{ id: 8, name: 'Channel' }],
  rows: [['Social'], ['Email']],
};

/** An unsaved template: the pattern (its variable segment given text governance) and a list field. */
function draft() {
  let d = newTemplate({ templateName: 'Launches', now: new Date('2026-11-23T00:00:00Z') });
  d = addPatternField(d, PATTERN);
  d = addFieldsetFields(d, {
    id: 3,
    fields: [
      {
        id: 9,
        name: 'Channel',
        governance_type: 'list',
        required: true,
        list_governance: { list_id: 7, list_column_id: 8 },
      },
    ],
  } as Parameters<typeof addFieldsetFields>[1]);
  return {
    ...d,
    name: 'Launches',
    template_fields: d.template_fields.map((tf) =>
      tf.field.segment_type === 'variable' ? { ...tf, governance_type: 'text' as const } : tf,
    ),
  };
}

describe('previewSubmissionForm (spec 03 §2 "Dataset preview")', () => {
  it('governs the unsaved template’s rows with its pattern and the lists it depends on', () => {
    const d = draft();
    expect(previewDependencyIds(d.template_fields)).toEqual([7]);
    const form = previewSubmissionForm(d, [PATTERN], [LIST]);
    expect(form).toMatchObject({ template_id: null, rollup_dataset_id: null, template_name: 'Launches' });
    expect(form.patterns.map((p) => p.field_id)).toEqual([40]);
    const key = (name: string) => String(d.template_fields.find((tf) => tf.field.name === name)!.id);
    const validator = compileSubmissionForm(form);
    const today = utcCalendarDate(new Date(Date.UTC(2026, 10, 23)));
    const good = validator.validateRows([{ [key('Campaign')]: 'spring', [key('Channel')]: 'social' }], {
      today,
    });
    expect(good.problems).toEqual([]);
    expect(good.rows[0]?.[key('Channel')]).toBe('Social');
    expect(good.rows[0]?.[key('Code')]).toBe(`spring_${AUTONUMBER_PREVIEW_TEXT}`);
    const bad = validator.validateRows([{ [key('Campaign')]: 'spring', [key('Channel')]: 'Fax' }], { today });
    expect(bad.problems.map((p) => p.messageId)).toEqual(['listValueUnknown']);
  });
});
