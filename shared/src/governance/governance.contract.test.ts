import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_FORMAT_DEFAULTS, dateFormatHasAPart, dateFormatSchema } from './formats';
import {
  GOVERNANCE_SETTINGS_SHAPES,
  GOVERNANCE_TYPES,
  governanceSettingsSchema,
  withGovernanceSettings,
} from './governance.contract';

const valid = {
  list: { list_governance: { list_id: 1, list_column_id: 2 } },
  autonumber: { autonumber: {} },
  autofill: { autofill: { field_id: 'TEMP_a' } },
  concatenation: { concatenation_governance: { field_ids: [1, 'TEMP_b'] } },
  constant: { constant_value: 'ACME' },
  date: { date: {} },
  text: {},
  creative: {},
} as const;

describe('governanceSettingsSchema (spec 02 §3)', () => {
  it('has one settings row per governance type', () => {
    expect(Object.keys(GOVERNANCE_SETTINGS_SHAPES).sort()).toEqual([...GOVERNANCE_TYPES].sort());
  });

  it.each(GOVERNANCE_TYPES)('accepts %s with its settings', (type) => {
    expect(governanceSettingsSchema.safeParse({ governance_type: type, ...valid[type] }).success).toBe(true);
  });

  it('refuses an unknown type with "Choose a governance type"', () => {
    const result = governanceSettingsSchema.safeParse({ governance_type: 'colour' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Choose a governance type');
  });

  it('refuses a type without its settings', () => {
    const result = governanceSettingsSchema.safeParse({ governance_type: 'list' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['list_governance']);
  });

  it('applies the defaults of each type', () => {
    const date = governanceSettingsSchema.parse({ governance_type: 'date', date: {} });
    expect(date).toEqual({ governance_type: 'date', date: DATE_FORMAT_DEFAULTS });
    const text = governanceSettingsSchema.parse({ governance_type: 'text' });
    expect(text).toMatchObject({
      validation: { characters: 'any' },
      transformation: { case: 'none', spaces: 'keep', trim: true },
    });
  });

  it('refuses a concatenation of fewer than two fields and a minimum length above the maximum', () => {
    const one = governanceSettingsSchema.safeParse({
      governance_type: 'concatenation',
      concatenation_governance: { field_ids: [1] },
    });
    expect(one.error?.issues[0]?.message).toBe('Choose at least two fields');
    const lengths = governanceSettingsSchema.safeParse({
      governance_type: 'text',
      validation: { min_length: 5, max_length: 2 },
    });
    expect(lengths.error?.issues[0]?.message).toBe('The minimum length is above the maximum');
  });
});

describe('withGovernanceSettings (spec 03 §3: a template field reuses the per-type settings)', () => {
  const templateFieldSchema = withGovernanceSettings({
    required: z.boolean().default(false),
    visible_on_form: z.boolean().default(true),
    default_value: z.string().nullish(),
  });

  it('adds the governed thing’s own attributes to every type', () => {
    const parsed = templateFieldSchema.parse({
      governance_type: 'constant',
      constant_value: 'X',
      required: true,
    });
    expect(parsed).toEqual({
      governance_type: 'constant',
      constant_value: 'X',
      required: true,
      visible_on_form: true,
    });
  });

  it('checks both the attributes and the type’s settings', () => {
    expect(
      templateFieldSchema.safeParse({ governance_type: 'constant', constant_value: 'X', required: 'yes' })
        .success,
    ).toBe(false);
    expect(templateFieldSchema.safeParse({ governance_type: 'constant', constant_value: '' }).success).toBe(
      false,
    );
  });
});

describe('the date format (spec 02 §9)', () => {
  it('defaults to D|M|Y, 01-12, 01-31, 0000-9999 and "-"', () => {
    expect(dateFormatSchema.parse({})).toEqual({
      order: 'D|M|Y',
      months: '01-12',
      days: '01-31',
      years: '0000-9999',
      delimiter: '-',
    });
  });

  it('refuses a format the spec does not list', () => {
    expect(dateFormatSchema.safeParse({ months: 'MM' }).success).toBe(false);
    expect(dateFormatSchema.safeParse({ order: 'D|Y' }).success).toBe(false);
  });

  it('prints something when at least one part is shown', () => {
    expect(dateFormatHasAPart({ months: 'None', days: 'None', years: '00-99' })).toBe(true);
    expect(dateFormatHasAPart({ months: 'None', days: 'None', years: 'None' })).toBe(false);
  });
});
