import { describe, expect, it } from 'vitest';
import { defaultGovernanceSettings } from '../governance/governance.rules';
import {
  CREATIVE_CATEGORIES,
  classificationTypeHolders,
  creativeThresholds,
  deleteTemplateField,
  fieldToggles,
  isGovernanceEditable,
  setClassificationParameterType,
  setCreativeClassificationEnabled,
  setCreativeThreshold,
  TEMPLATE_FIELD_GOVERNANCE_CHOICES,
  templateFieldGovernance,
  updateTemplateField,
  withTemplateFieldGovernance,
} from './govern-editing';
import { addLinkField, addPatternField } from './template-editing';
import { CREATIVE_CATEGORY_DEFAULT_THRESHOLDS } from './templates.contract';
import { buildField, buildPattern, buildTemplate } from './templates.fixtures';
import { validateTemplate } from './validate-template';

const flags = ['creative-classification' as const];

describe('updateTemplateField (spec 03 §2 per-field toggles)', () => {
  it('replaces one field and keeps the identity of every other', () => {
    const template = buildTemplate({
      template_fields: [buildField(1, 'A', 'text'), buildField(2, 'B', 'text')],
    });
    const next = updateTemplateField(template, 2, (tf) => ({ ...tf, visible_on_form: false }));
    expect(next.template_fields[0]).toBe(template.template_fields[0]);
    expect(next.template_fields[1]!.visible_on_form).toBe(false);
    expect(template.template_fields[1]!.visible_on_form).toBe(true);
  });

  it('answers the same template for an unknown id or an unchanged field', () => {
    const template = buildTemplate({ template_fields: [buildField(1, 'A', 'text')] });
    expect(updateTemplateField(template, 9, (tf) => ({ ...tf, required: true }))).toBe(template);
    expect(updateTemplateField(template, 1, (tf) => tf)).toBe(template);
  });
});

describe('template field governance (spec 03 §2 field drawer)', () => {
  it('only a variable segment field has an editable governance', () => {
    const template = addPatternField(buildTemplate(), buildPattern(3, ['constant', 'variable']));
    const [patternField, constant, variable] = template.template_fields;
    expect(isGovernanceEditable(patternField!)).toBe(false);
    expect(isGovernanceEditable(constant!)).toBe(false);
    expect(isGovernanceEditable(variable!)).toBe(true);
    expect(isGovernanceEditable(buildField(1, 'Text', 'text'))).toBe(false);
  });

  it('offers every field-set kind but autonumber', () => {
    expect(TEMPLATE_FIELD_GOVERNANCE_CHOICES).toContain('list');
    expect(TEMPLATE_FIELD_GOVERNANCE_CHOICES).toContain('text');
    expect(TEMPLATE_FIELD_GOVERNANCE_CHOICES).not.toContain('autonumber');
  });

  it('reads the settings of a governed field and none for system kinds', () => {
    const list = buildField(1, 'L', 'list', {
      list_governance: { list_id: 4, list_column_id: 40, delimiter: ',', lists: [] },
    });
    expect(templateFieldGovernance(list)).toEqual({
      governance_type: 'list',
      list_governance: { list_id: 4, list_column_id: 40, delimiter: ',' },
    });
    expect(templateFieldGovernance(buildField(2, 'P', 'pattern'))).toBeNull();
    expect(templateFieldGovernance(buildField(3, 'V', 'variable'))).toBeNull();
    expect(templateFieldGovernance(buildField(4, 'T', 'text'))).toMatchObject({
      governance_type: 'text',
      transformation: { case: 'none' },
    });
  });

  it('giving a variable segment field a governance fixes its governanceRequired error', () => {
    const template = addPatternField(buildTemplate(), buildPattern(3, ['variable']));
    const segment = template.template_fields[1]!;
    const before = validateTemplate(template, { featureFlags: [] });
    expect(before.some((i) => i.messageId === 'governanceRequired' && i.fieldId === segment.id)).toBe(true);
    const fixed = updateTemplateField(template, segment.id, (tf) =>
      withTemplateFieldGovernance(tf, defaultGovernanceSettings('text')),
    );
    const after = validateTemplate(fixed, { featureFlags: [] });
    expect(after.filter((i) => i.fieldId === segment.id)).toEqual([]);
    expect(fixed.template_fields[1]).toMatchObject({
      governance_type: 'text',
      field: { segment_type: 'variable', segment_parent_field_id: 3 },
    });
  });

  it('a new type clears the settings of the old one and keeps the flags', () => {
    const list = buildField(1, 'L', 'list', {
      required: true,
      must_be_unique: true,
      list_governance: { list_id: 4, list_column_id: 40, delimiter: ',', lists: [] },
    });
    const constant = withTemplateFieldGovernance(list, { governance_type: 'constant', constant_value: 'X' });
    expect(constant).toMatchObject({
      governance_type: 'constant',
      constant_value: 'X',
      list_governance: null,
      required: true,
      must_be_unique: false,
    });
    const creative = withTemplateFieldGovernance(list, {
      governance_type: 'creative',
      creative: { classification_parameter_type: 'TITLE' },
    });
    expect(creative).toMatchObject({
      classification_parameter_type: 'TITLE',
      generates_creative_classification: true,
    });
    // Round trip: what the editor reads is what was written.
    expect(templateFieldGovernance(creative)).toEqual({
      governance_type: 'creative',
      creative: { classification_parameter_type: 'TITLE' },
    });
  });
});

describe('creative classification marks (spec 03 §2, §4: one field per type)', () => {
  const template = buildTemplate({
    template_fields: [
      buildField(1, 'Url', 'text'),
      buildField(2, 'Title', 'text'),
      buildField(3, 'X', 'text'),
    ],
  });

  it('marks a field and records it as the holder of its type', () => {
    const marked = setClassificationParameterType(template, 1, 'SOURCE_URL');
    expect(marked.template_fields[0]).toMatchObject({
      classification_parameter_type: 'SOURCE_URL',
      generates_creative_classification: true,
    });
    expect(classificationTypeHolders(marked.template_fields).get('SOURCE_URL')).toBe(1);
  });

  it('refuses a type another field holds, so validateTemplate never sees two', () => {
    const marked = setClassificationParameterType(template, 1, 'SOURCE_URL');
    expect(setClassificationParameterType(marked, 2, 'SOURCE_URL')).toBe(marked);
    const both = setClassificationParameterType(marked, 2, 'TITLE');
    expect(
      validateTemplate(
        { ...both, isCreativeClassificationEnabled: true, creativeConfiguration: [] },
        { featureFlags: flags },
      ).some((i) => i.messageId === 'creativeTypeTaken'),
    ).toBe(false);
  });

  it('unmarking frees the type for another field', () => {
    const marked = setClassificationParameterType(template, 1, 'SOURCE_URL');
    const freed = setClassificationParameterType(marked, 1, null);
    expect(freed.template_fields[0]!.generates_creative_classification).toBe(false);
    expect(setClassificationParameterType(freed, 3, 'SOURCE_URL').template_fields[2]).toMatchObject({
      classification_parameter_type: 'SOURCE_URL',
    });
  });
});

describe('creative classification thresholds (spec 03 §2, §3)', () => {
  it('has the nine categories with the defaults of spec 03 §3', () => {
    expect(CREATIVE_CATEGORIES.map((c) => [c.categoryText, c.defaultThreshold])).toEqual(
      Object.entries(CREATIVE_CATEGORY_DEFAULT_THRESHOLDS),
    );
    expect(CREATIVE_CATEGORIES.find((c) => c.categoryText === 'Logos')?.defaultThreshold).toBe(80);
    expect(new Set(CREATIVE_CATEGORIES.map((c) => c.id)).size).toBe(CREATIVE_CATEGORIES.length);
  });

  it('turning it on starts every category at its default; off keeps them', () => {
    const on = setCreativeClassificationEnabled(buildTemplate(), true);
    expect(on.isCreativeClassificationEnabled).toBe(true);
    expect(creativeThresholds(on.creativeConfiguration).map((t) => t.threshold)).toEqual(
      CREATIVE_CATEGORIES.map((c) => c.defaultThreshold),
    );
    expect(on.creativeConfiguration).toHaveLength(CREATIVE_CATEGORIES.length);
    const tuned = setCreativeThreshold(on, 1, 55);
    const off = setCreativeClassificationEnabled(tuned, false);
    expect(off.creativeConfiguration).toBe(tuned.creativeConfiguration);
    expect(setCreativeClassificationEnabled(off, true).creativeConfiguration[0]!.threshold).toBe(55);
  });

  it('sets one threshold, clamped to 0-100, adding a category not yet configured', () => {
    const template = buildTemplate();
    const set = setCreativeThreshold(template, 4, 150);
    expect(set.creativeConfiguration).toEqual([
      { categoryId: 4, threshold: 100, templateClassificationId: null },
    ]);
    expect(setCreativeThreshold(set, 4, -3).creativeConfiguration[0]!.threshold).toBe(0);
    expect(setCreativeThreshold(set, 4, 100)).toBe(set);
    expect(creativeThresholds(set.creativeConfiguration).find((t) => t.category.id === 4)?.threshold).toBe(
      100,
    );
  });
});

describe('fieldToggles (spec 03 §2 per-field toggles)', () => {
  const on =
    (...enabled: string[]) =>
    (flag: string) =>
      enabled.includes(flag);

  it('shows unique only with require-uniqueness for text and concatenation fields', () => {
    expect(fieldToggles({ governance_type: 'text' }, on('require-uniqueness')).unique).toBe(true);
    expect(fieldToggles({ governance_type: 'concatenation' }, on('require-uniqueness')).unique).toBe(true);
    expect(fieldToggles({ governance_type: 'list' }, on('require-uniqueness')).unique).toBe(false);
    expect(fieldToggles({ governance_type: 'text' }, on()).unique).toBe(false);
  });

  it('shows the preview URL and classification marks with their flags', () => {
    expect(fieldToggles({ governance_type: 'text' }, on('image-preview'))).toMatchObject({
      previewUrl: true,
      classification: false,
    });
    expect(fieldToggles({ governance_type: 'text' }, on('creative-classification'))).toMatchObject({
      previewUrl: false,
      classification: true,
    });
  });
});

describe('deleteTemplateField (spec 03 §2, §4)', () => {
  it('removes a pattern field with its segment fields and unlinks their parameters', () => {
    const template = addPatternField(
      buildTemplate({ template_fields: [buildField(1, 'A', 'text')] }),
      buildPattern(3, ['variable', 'constant']),
    );
    const segment = template.template_fields[2]!;
    const withParameter = {
      ...template,
      parameters: [
        {
          id: 'TEMP_p' as const,
          name: 'utm',
          field_id: segment.field_id,
          template_field_id: segment.id,
          precedence: 0,
          url_encoding: 'dynamic' as const,
          url_name_encoding: 'encoded' as const,
          fieldset_ids: [],
          transform: 'none',
          template_id: null,
        },
      ],
    };
    const deleted = deleteTemplateField(withParameter, template.template_fields[1]!.id);
    expect(deleted.template_fields.map((tf) => tf.field.name)).toEqual(['A']);
    expect(deleted.parameters[0]).toMatchObject({ name: 'utm', field_id: null, template_field_id: null });
  });

  it("deleting the link field drops the link's parameters and validations", () => {
    const template = addLinkField(buildTemplate({ template_fields: [buildField(1, 'A', 'text')] }));
    const link = template.template_fields[1]!;
    const withLink = {
      ...template,
      parameters: [
        {
          id: 'TEMP_p' as const,
          name: 'utm_source',
          field_id: 1,
          template_field_id: 1,
          precedence: 0,
          url_encoding: 'dynamic' as const,
          url_name_encoding: 'encoded' as const,
          fieldset_ids: [],
          transform: 'none',
          template_id: null,
        },
      ],
      validations: [{ slug: 'generic' as const, uuid: 'u1', options: {} }],
    };
    const deleted = deleteTemplateField(withLink, link.id);
    expect(deleted.template_fields.map((tf) => tf.field.name)).toEqual(['A']);
    expect(deleted.parameters).toEqual([]);
    expect(deleted.validations).toEqual([]);
    // Another field's deletion keeps them.
    expect(deleteTemplateField(withLink, 1).parameters).toHaveLength(1);
  });
});
