import { describe, expect, it } from 'vitest';
import type { Field, Fieldset } from '../fieldsets/fieldsets.contract';
import type { Pattern } from '../patterns/patterns.contract';
import { isFormColumn } from '../submissions/submission-form';
import {
  composeSegmentLinks,
  isLinkedSegmentField,
  linkSegmentField,
  segmentFillLabel,
  segmentFillSource,
  settleSegmentLink,
  templateFieldChoiceLabel,
  unlinkSegmentField,
} from './field-composition';
import { updateTemplateField } from './govern-editing';
import { addFieldsetFields, addPatternField, removeTemplateField } from './template-editing';
import type { Template, TemplateField } from './templates.contract';
import { buildPattern, buildTemplate } from './templates.fixtures';
import { validateTemplate } from './validate-template';

/** "UTM campaign name" as seeded: Channel, Region, Campaign (variable), Number, Launch month. */
function utmPattern(): Pattern {
  const base = buildPattern(7, ['variable', 'variable', 'variable', 'autonumber', 'date']);
  const names = ['Channel', 'Region', 'Campaign', 'Number', 'Launch month'];
  return {
    ...base,
    name: 'UTM campaign name',
    segments: base.segments.map((s, i) => ({ ...s, name: names[i]! })),
  };
}

const fieldBase = {
  description: '',
  required: true,
  must_be_unique: false,
  fieldset_id: 40,
  updated_at: '2026-01-01T00:00:00.000Z',
  powers_list: false,
};

/** "Paid media" as seeded, in short: list fields Channel and " region " (spaced, lower case), a text Campaign, a Source. */
function paidMedia(): Fieldset {
  const fields: Field[] = [
    {
      ...fieldBase,
      id: 401,
      name: 'Channel',
      precedence: 0,
      governance_type: 'list',
      list_governance: { list_id: 1, list_column_id: 11, delimiter: 'none' },
    },
    {
      ...fieldBase,
      id: 402,
      name: ' region ',
      precedence: 1,
      governance_type: 'list',
      list_governance: { list_id: 2, list_column_id: 21, delimiter: 'none' },
    },
    {
      ...fieldBase,
      id: 403,
      name: 'Campaign',
      precedence: 2,
      governance_type: 'text',
      validation: null,
      transformation: null,
    },
    {
      ...fieldBase,
      id: 404,
      name: 'Source',
      precedence: 3,
      governance_type: 'list',
      list_governance: { list_id: 1, list_column_id: 12, delimiter: 'none' },
    },
  ] as Field[];
  return {
    id: 40,
    name: 'Paid media',
    description: '',
    updated_at: '2026-01-01T00:00:00.000Z',
    fields,
  } as Fieldset;
}

const fieldsetNames = new Map([[40, 'Paid media']]);

function segment(template: Template, name: string): TemplateField {
  return template.template_fields.find(
    (tf) => tf.field.segment_parent_field_id !== null && tf.field.name === name,
  )!;
}

/** The names of the template's columns in the form (visible fields), in order. */
function formColumns(template: Template): string[] {
  return template.template_fields.filter(isFormColumn).map((tf) => tf.field.name.trim());
}

const issueIds = (template: Template) =>
  validateTemplate(template, { featureFlags: [] }).map((i) => i.messageId);

describe('a pattern and a field set that name the same things compose (spec 02 §3, spec 03 §2)', () => {
  const patternFirst = addFieldsetFields(addPatternField(buildTemplate(), utmPattern()), paidMedia());
  const fieldsetFirst = addPatternField(addFieldsetFields(buildTemplate(), paidMedia()), utmPattern());

  it.each([
    ['pattern first, then the field set', patternFirst],
    ['field set first, then the pattern', fieldsetFirst],
  ])('%s: each same-named segment is filled from the field, one column each, no error', (_, template) => {
    for (const name of ['Channel', 'Region', 'Campaign']) {
      const seg = segment(template, name);
      expect(isLinkedSegmentField(seg), name).toBe(true);
      expect(seg.visible_on_form).toBe(false);
      const source = segmentFillSource(template.template_fields, seg)!;
      expect(source.field.fieldset_id).toBe(40);
      expect(source.field.name.trim().toLowerCase()).toBe(name.toLowerCase());
    }
    // Segments with no field of their name are left alone.
    expect(isLinkedSegmentField(segment(template, 'Number'))).toBe(false);
    expect(formColumns(template).filter((n) => /^(channel|region|campaign)$/i.test(n))).toHaveLength(3);
    expect(issueIds(template)).not.toContain('governanceRequired');
    expect(issueIds(template)).not.toContain('autofillSourceMissing');
    expect(issueIds(template)).toEqual([]);
  });

  it('labels the link "Paid media › region" and tells same-named fields apart in pickers', () => {
    const seg = segment(patternFirst, 'Region');
    const source = segmentFillSource(patternFirst.template_fields, seg)!;
    expect(segmentFillLabel(source, patternFirst.template_fields, fieldsetNames)).toBe('Paid media › region');
    expect(templateFieldChoiceLabel(seg, patternFirst.template_fields, fieldsetNames)).toBe(
      'Region (UTM campaign name)',
    );
    expect(templateFieldChoiceLabel(source, patternFirst.template_fields, fieldsetNames)).toBe(
      'region (Paid media)',
    );
  });

  it('unlinks a segment into its own field with the field’s governance, and keeps it unlinked', () => {
    const seg = segment(patternFirst, 'Region');
    const unlinked = unlinkSegmentField(patternFirst, seg.id);
    const own = segment(unlinked, 'Region');
    expect(isLinkedSegmentField(own)).toBe(false);
    expect(own).toMatchObject({
      segment_link: 'unlinked',
      governance_type: 'list',
      list_governance: { list_id: 2, list_column_id: 21 },
      visible_on_form: true,
      required: true,
    });
    expect(formColumns(unlinked).filter((n) => /^region$/i.test(n))).toHaveLength(2);
    expect(issueIds(unlinked)).toEqual([]);
    // Adding the field set's fields again does not link it back...
    const again = addFieldsetFields(unlinked, paidMedia());
    expect(segment(again, 'Region').segment_link).toBe('unlinked');
    // ...the user does.
    const relinked = linkSegmentField(again, seg.id);
    expect(isLinkedSegmentField(segment(relinked, 'Region'))).toBe(true);
  });

  it('makes a linked segment its own field, unlinked and on the form, once the user gives it another governance', () => {
    const seg = segment(patternFirst, 'Campaign');
    const governed = settleSegmentLink({ ...seg, governance_type: 'text', autofill: null });
    expect(governed).toMatchObject({ segment_link: 'unlinked', visible_on_form: true, required: true });
    expect(settleSegmentLink(seg)).toBe(seg);
  });

  it('gives a segment its own field back when the field it is filled from is removed', () => {
    const source = segmentFillSource(patternFirst.template_fields, segment(patternFirst, 'Channel'))!;
    const removed = removeTemplateField(patternFirst, source.id);
    const channel = segment(removed, 'Channel');
    expect(channel).toMatchObject({ governance_type: 'list', visible_on_form: true, segment_link: null });
    expect(issueIds(removed)).toEqual([]);
  });

  it('links on the server only segments still without a governance', () => {
    const pattern = addPatternField(buildTemplate(), utmPattern());
    const governed = updateTemplateField(pattern, segment(pattern, 'Channel').id, (tf) => ({
      ...tf,
      governance_type: 'text',
    }));
    const withFields = {
      ...governed,
      fieldsets: [40],
      template_fields: [
        ...governed.template_fields,
        ...addFieldsetFields(buildTemplate(), paidMedia()).template_fields,
      ],
    };
    const composed = composeSegmentLinks(withFields, { onlyUngoverned: true });
    expect(segment(composed, 'Channel').governance_type).toBe('text');
    expect(isLinkedSegmentField(segment(composed, 'Region'))).toBe(true);
    expect(composeSegmentLinks(composed, { onlyUngoverned: true })).toBe(composed);
  });
});

describe('validateTemplate: a concatenation piece not in the template (spec 03 §5)', () => {
  it('names the missing field and its field set, and only calls a field removed when no set has it', () => {
    const concat: Field = {
      ...fieldBase,
      id: 405,
      name: 'Campaign key',
      precedence: 4,
      required: false,
      governance_type: 'concatenation',
      concatenation_governance: { field_ids: [401, 402, 999], delimiter: '_' },
    } as Field;
    const set = { ...paidMedia(), fields: [...paidMedia().fields, concat] };
    const template = addFieldsetFields(buildTemplate(), set, [401, 405]);
    const issues = validateTemplate(template, {
      featureFlags: [],
      knownFields: set.fields.map((f) => ({ id: f.id, name: f.name, fieldset_name: 'Paid media' })),
    }).filter((i) => i.messageId === 'concatenationPieceMissing');
    expect(issues).toHaveLength(1);
    expect(issues[0]!.params).toMatchObject({
      field: 'Campaign key',
      missing: 'region (Paid media) and a removed field',
    });
  });
});
