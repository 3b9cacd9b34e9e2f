import { describe, expect, it } from 'vitest';
import { createIntegrationAssignment } from '../integrations/editing';
import { PATTERN_PALETTE } from '../patterns/patterns.contract';
import {
  addFieldsetFields,
  addLinkField,
  addPatternField,
  canAddLinkField,
  DUPLICATE_PREFIX,
  deleteIntegration,
  duplicateTemplate,
  fieldDeletionBlock,
  isPatternFieldOutdated,
  isTemplateFieldLocked,
  moveTemplateField,
  newTemplate,
  nextPatternColor,
  refreshPatternField,
  removeTemplateField,
} from './template-editing';
import { type Template, templateSchema } from './templates.contract';
import { buildField, buildListFieldsetField, buildPattern, buildTemplate } from './templates.fixtures';
import { validateTemplate } from './validate-template';

const defaults = { templateName: 'T', now: new Date('2026-01-01T00:00:00Z') };

function names(template: Template): string[] {
  return template.template_fields.map((tf) => tf.field.name);
}

function precedences(template: Template): number[] {
  return template.template_fields.map((tf) => tf.precedence);
}

describe('addPatternField (spec 03 §2, §4)', () => {
  it('adds the pattern field and one field per segment with the segment parent, in segment order', () => {
    const pattern = buildPattern(3, ['constant', 'variable', 'date']);
    const template = addPatternField(
      buildTemplate({ template_fields: [buildField(1, 'Text', 'text')] }),
      pattern,
    );
    expect(names(template)).toEqual(['Text', 'Pattern 3', 'Seg 1', 'Seg 2', 'Seg 3']);
    expect(precedences(template)).toEqual([0, 1, 2, 3, 4]);
    const [, patternField, ...segments] = template.template_fields;
    expect(patternField).toMatchObject({
      field_id: 3,
      governance_type: 'pattern',
      field: { is_pattern: true },
    });
    expect(patternField!.segments.map((s) => s.id)).toEqual([301, 302, 303]);
    expect(
      segments.map((s) => [s.field.segment_parent_field_id, s.field.segment_id, s.governance_type]),
    ).toEqual([
      [3, 301, 'constant'],
      [3, 302, 'variable'],
      [3, 303, 'date'],
    ]);
    expect(segments[0]!.constant_value).toBe('C');
  });

  it('gives each pattern field a palette colour not yet used', () => {
    let template = addPatternField(buildTemplate(), buildPattern(1, ['constant']));
    template = addPatternField(template, buildPattern(2, ['constant']));
    const colors = template.template_fields.filter((tf) => tf.field.is_pattern).map((tf) => tf.color);
    expect(colors).toEqual([PATTERN_PALETTE[0], PATTERN_PALETTE[1]]);
    expect(PATTERN_PALETTE).toHaveLength(32);
  });

  it('cycles through the palette once all 32 colours are used', () => {
    const fields = PATTERN_PALETTE.map((color, i) =>
      buildField(i + 1, `P${i}`, 'pattern', { color, field: { is_pattern: true } }),
    );
    expect(nextPatternColor(fields)).toBe(PATTERN_PALETTE[0]);
    expect(nextPatternColor(fields.slice(1))).toBe(PATTERN_PALETTE[0]);
  });

  it('does not add the same pattern twice', () => {
    const pattern = buildPattern(1, ['constant']);
    const once = addPatternField(buildTemplate(), pattern);
    expect(addPatternField(once, pattern)).toBe(once);
  });
});

describe('removeTemplateField (spec 03 §4)', () => {
  it('removes a pattern field with its segment fields and unlinks their parameters', () => {
    let template = addPatternField(
      buildTemplate({ template_fields: [buildField(1, 'Text', 'text')] }),
      buildPattern(2, ['variable', 'constant']),
    );
    template = {
      ...template,
      parameters: templateSchema.parse({
        id: 1,
        parameters: [
          { name: 'utm_source', field_id: 201 },
          { name: 'utm_medium', field_id: 1 },
        ],
      }).parameters,
    };
    const patternFieldId = template.template_fields[1]!.id;
    const after = removeTemplateField(template, patternFieldId);
    expect(names(after)).toEqual(['Text']);
    expect(precedences(after)).toEqual([0]);
    expect(after.parameters.map((p) => [p.name, p.field_id])).toEqual([
      ['utm_source', null],
      ['utm_medium', 1],
    ]);
  });

  it('removes only the field itself when it is not a pattern field', () => {
    const template = buildTemplate({
      template_fields: [buildField(1, 'A', 'text'), buildField(2, 'B', 'text')],
    });
    expect(names(removeTemplateField(template, 1))).toEqual(['B']);
    expect(removeTemplateField(template, 99)).toBe(template);
  });
});

describe('refreshPatternField (spec 03 §2 refresh)', () => {
  it('pulls new segments, keeps the settings of those still there and drops removed ones', () => {
    const before = buildPattern(4, ['variable', 'constant', 'variable']);
    let template = addPatternField(buildTemplate(), before);
    template = {
      ...template,
      template_fields: template.template_fields.map((tf) =>
        tf.field.segment_id === 401 ? { ...tf, governance_type: 'text' as const } : tf,
      ),
    };
    const patternField = template.template_fields[0]!;
    const after = {
      ...before,
      updated_at: '2026-03-01T00:00:00.000Z',
      segments: [
        before.segments[0]!,
        before.segments[2]!,
        {
          id: 404,
          name: 'New',
          segment_precedence: 3,
          segment_type: 'constant' as const,
          constant_value: 'N',
        },
      ],
    };
    expect(isPatternFieldOutdated(patternField, before)).toBe(false);
    expect(isPatternFieldOutdated(patternField, after)).toBe(true);
    const refreshed = refreshPatternField(template, patternField.id, after);
    expect(refreshed.template_fields.map((tf) => tf.field.segment_id)).toEqual([null, 401, 403, 404]);
    expect(refreshed.template_fields[1]!.governance_type).toBe('text');
    expect(refreshed.template_fields[3]!.constant_value).toBe('N');
    expect(refreshed.template_fields[0]!.pattern_updated_at).toBe(after.updated_at);
    expect(isPatternFieldOutdated(refreshed.template_fields[0]!, after)).toBe(false);
    expect(validateTemplate(refreshed, { featureFlags: [] }).map((i) => i.messageId)).not.toContain(
      'patternSegmentMissing',
    );
  });
});

describe('refreshPatternField: inherited segments', () => {
  it('takes the pattern’s new settings on locked segment fields, keeping their ids', () => {
    const before = buildPattern(5, ['constant']);
    const template = addPatternField(buildTemplate(), before);
    const [patternField, constantField] = template.template_fields;
    const changed = {
      ...before,
      updated_at: '2026-04-01T00:00:00.000Z',
      segments: [{ ...before.segments[0]!, constant_value: 'NEW' } as (typeof before.segments)[number]],
    };
    const refreshed = refreshPatternField(template, patternField!.id, changed);
    expect(refreshed.template_fields[1]).toMatchObject({ id: constantField!.id, constant_value: 'NEW' });
    expect(refreshPatternField(template, 'TEMP_unknown', changed)).toBe(template);
  });
});

describe('addFieldsetFields (spec 03 §2)', () => {
  it('adds the set’s fields not yet in the template with their governance, and the set', () => {
    const fields = [buildListFieldsetField(11, 5, 1, 1001, 1), buildListFieldsetField(10, 5, 1, 1002, 0)];
    const template = addFieldsetFields(
      buildTemplate({ template_fields: [buildField(11, 'Already', 'text')] }),
      { id: 5, fields },
    );
    expect(names(template)).toEqual(['Already', 'List field 10']);
    expect(template.fieldsets).toEqual([5]);
    expect(template.template_fields[1]).toMatchObject({
      field_id: 10,
      governance_type: 'list',
      field: { fieldset_id: 5 },
      list_governance: { list_id: 1, list_column_id: 1002 },
    });
  });

  it('adds only the chosen fields', () => {
    const fields = [buildListFieldsetField(10, 5, 1, 1001, 0), buildListFieldsetField(11, 5, 1, 1002, 1)];
    expect(names(addFieldsetFields(buildTemplate(), { id: 5, fields }, [11]))).toEqual(['List field 11']);
  });
});

describe('addLinkField (spec 03 §2)', () => {
  it('adds one link field, and no second one', () => {
    const template = addLinkField(buildTemplate());
    expect(template.template_fields.map((tf) => tf.governance_type)).toEqual(['link']);
    expect(canAddLinkField(template)).toBe(false);
    expect(canAddLinkField(buildTemplate())).toBe(true);
    expect(addLinkField(template)).toBe(template);
  });
});

describe('moveTemplateField (spec 03 §2 reorder mode)', () => {
  const template = buildTemplate({
    template_fields: ['A', 'B', 'C', 'D'].map((n, i) => buildField(i + 1, n, 'text', { precedence: i })),
  });

  it('moves first, up, down, last and to a position, renumbering precedence', () => {
    expect(names(moveTemplateField(template, 3, 'first'))).toEqual(['C', 'A', 'B', 'D']);
    expect(names(moveTemplateField(template, 3, 'up'))).toEqual(['A', 'C', 'B', 'D']);
    expect(names(moveTemplateField(template, 2, 'down'))).toEqual(['A', 'C', 'B', 'D']);
    expect(names(moveTemplateField(template, 1, 'last'))).toEqual(['B', 'C', 'D', 'A']);
    expect(names(moveTemplateField(template, 1, { position: 3 }))).toEqual(['B', 'C', 'A', 'D']);
    expect(precedences(moveTemplateField(template, 4, 'first'))).toEqual([0, 1, 2, 3]);
  });

  it('keeps the order at the ends, clamps positions and ignores unknown ids', () => {
    expect(names(moveTemplateField(template, 1, 'up'))).toEqual(['A', 'B', 'C', 'D']);
    expect(names(moveTemplateField(template, 4, 'down'))).toEqual(['A', 'B', 'C', 'D']);
    expect(names(moveTemplateField(template, 1, { position: 99 }))).toEqual(['B', 'C', 'D', 'A']);
    expect(names(moveTemplateField(template, 4, { position: 0 }))).toEqual(['D', 'A', 'B', 'C']);
    expect(moveTemplateField(template, 42, 'first')).toBe(template);
  });
});

describe('deleteIntegration (spec 03 §4, §8)', () => {
  const inbound = createIntegrationAssignment('tiktok-inbound', defaults);
  const outbound = createIntegrationAssignment('tiktok-outbound', defaults);
  const email = createIntegrationAssignment('email-output', defaults);

  it('deletes a paired assignment with its twin', () => {
    const { template, removedIds } = deleteIntegration(
      buildTemplate({ integrations: [inbound, outbound, email] }),
      inbound.id,
    );
    expect(template.integrations.map((a) => a.slug)).toEqual(['email-output']);
    expect(removedIds).toEqual([inbound.id, outbound.id]);
  });

  it('keeps the twin when not asked to, and deletes an unpaired one alone', () => {
    const start = buildTemplate({ integrations: [inbound, outbound, email] });
    expect(
      deleteIntegration(start, inbound.id, { withPair: false }).template.integrations.map((a) => a.slug),
    ).toEqual(['tiktok-outbound', 'email-output']);
    expect(deleteIntegration(start, email.id).removedIds).toEqual([email.id]);
  });

  it('removes the deep-link field with the last branch assignment only', () => {
    const branch = createIntegrationAssignment('branch', defaults);
    const branch2 = createIntegrationAssignment('branch', defaults);
    const fields = [buildField(1, 'Link', 'link'), buildField(2, 'Deep link', 'deep-link')];
    const parameters = [{ name: 'deep', field_id: 2, template_field_id: 2 }];
    const one = deleteIntegration(
      buildTemplate({ integrations: [branch], template_fields: fields, parameters }),
      branch.id,
    );
    expect(names(one.template)).toEqual(['Link']);
    expect(one.template.parameters.map((p) => [p.name, p.field_id])).toEqual([['deep', null]]);
    const two = deleteIntegration(
      buildTemplate({ integrations: [branch, branch2], template_fields: fields }),
      branch.id,
    );
    expect(names(two.template)).toEqual(['Link', 'Deep link']);
  });
});

describe('newTemplate (spec 03 §2)', () => {
  it('starts with an email output and a hidden cv_id field', () => {
    const template = newTemplate(defaults);
    expect(template.id).toBeNull();
    expect(template.integrations.map((a) => [a.slug, String(a.id).startsWith('TEMP_')])).toEqual([
      ['email-output', true],
    ]);
    expect(template.template_fields.map((tf) => [tf.governance_type, tf.visible_on_form])).toEqual([
      ['cv_id', false],
    ]);
    expect(templateSchema.safeParse(template).success).toBe(true);
    // A new template only lacks its name and folder.
    expect(validateTemplate(template, { featureFlags: [] }).map((i) => i.messageId)).toEqual([
      'templateNameRequired',
      'templateFolderRequired',
    ]);
  });
});

describe('duplicateTemplate (spec 03 §2, §4)', () => {
  it('copies with a Duplicate of prefix, no id and TEMP_ ids that parameters follow', () => {
    const email = { ...createIntegrationAssignment('email-output', defaults), id: 12 };
    const source = buildTemplate({
      id: 8,
      name: 'Paid social',
      rollup_dataset_id: 3,
      template_fields: [
        buildField(21, 'Campaign', 'text'),
        buildField(22, 'Link', 'link', { precedence: 1 }),
      ],
      parameters: [{ id: 5, name: 'utm_campaign', field_id: 21, template_field_id: 21 }],
      integrations: [email],
      validations: [{ slug: 'generic', uuid: 'abc', options: {} }],
    });
    const copy = duplicateTemplate(source);
    expect(copy.name).toBe(`${DUPLICATE_PREFIX}Paid social`);
    expect(copy).toMatchObject({ id: null, uuid: null, rollup_dataset_id: null });
    const ids = [
      ...copy.template_fields.map((tf) => tf.id),
      ...copy.integrations.map((a) => a.id),
      copy.parameters[0]!.id,
    ];
    expect(ids.every((id) => typeof id === 'string' && id.startsWith('TEMP_'))).toBe(true);
    expect(copy.parameters[0]!.template_field_id).toBe(copy.template_fields[0]!.id);
    expect(copy.parameters[0]!.field_id).toBe(21);
    expect(copy.validations[0]!.uuid).not.toBe('abc');
    expect(source.template_fields[0]!.id).toBe(21);
    expect(templateSchema.safeParse(copy).success).toBe(true);
  });
});

describe('fieldDeletionBlock and isTemplateFieldLocked (spec 03 §2 "Field edit drawer rules")', () => {
  const column = { list_id: 1, list_name: 'Countries', list_column_id: 2, column_name: 'Name' };

  it('blocks deleting a field used by list columns, naming them', () => {
    const template = buildTemplate({
      template_fields: [buildField(1, 'A', 'text', { list_columns: [column] })],
    });
    expect(fieldDeletionBlock(template, 1)).toEqual({ reason: 'listColumns', listColumns: [column] });
    expect(
      fieldDeletionBlock(buildTemplate({ template_fields: [buildField(1, 'A', 'text')] }), 1),
    ).toBeNull();
  });

  it('blocks deleting a field mapped to an integration, naming it', () => {
    const mapped = {
      ...createIntegrationAssignment('email-output', defaults),
      name: 'Mail',
      mapping_fields: [
        {
          fieldName: 'x',
          cvFieldId: 1,
          required: false,
          type: 'integration_field' as const,
          source_type: 'field' as const,
        },
      ],
    };
    const template = buildTemplate({
      template_fields: [buildField(1, 'A', 'text'), buildField(2, 'B', 'text')],
      integrations: [mapped],
    });
    expect(fieldDeletionBlock(template, 1)).toEqual({
      reason: 'integrations',
      integrations: [{ id: mapped.id, name: 'Mail', slug: 'email-output' }],
    });
    expect(fieldDeletionBlock(template, 2)).toBeNull();
  });

  it('never deletes deep-link, custom-bitlink or segment fields', () => {
    const template = buildTemplate({
      template_fields: [
        buildField(1, 'Deep', 'deep-link'),
        buildField(2, 'Bitlink', 'custom-bitlink'),
        buildField(3, 'Seg', 'constant', { field: { segment_parent_field_id: 9 } }),
        buildField(4, 'Link', 'link'),
      ],
    });
    expect(fieldDeletionBlock(template, 1)).toEqual({
      reason: 'undeletableType',
      governanceType: 'deep-link',
    });
    expect(fieldDeletionBlock(template, 2)).toEqual({
      reason: 'undeletableType',
      governanceType: 'custom-bitlink',
    });
    expect(fieldDeletionBlock(template, 3)).toEqual({ reason: 'segmentField' });
    expect(fieldDeletionBlock(template, 4)).toBeNull();
  });

  it('locks inherited segment fields other than variable ones, and cv_id', () => {
    expect(
      isTemplateFieldLocked(
        buildField(1, 'S', 'constant', { field: { segment_parent_field_id: 9, segment_type: 'constant' } }),
      ),
    ).toBe(true);
    expect(
      isTemplateFieldLocked(
        buildField(2, 'V', 'variable', { field: { segment_parent_field_id: 9, segment_type: 'variable' } }),
      ),
    ).toBe(false);
    expect(isTemplateFieldLocked(buildField(3, 'ID', 'cv_id'))).toBe(true);
    expect(isTemplateFieldLocked(buildField(4, 'Text', 'text'))).toBe(false);
  });
});
