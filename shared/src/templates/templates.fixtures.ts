import type { Field } from '../fieldsets/fieldsets.contract';
import { createIntegrationAssignment } from '../integrations/editing';
import type { Pattern, PatternSegment } from '../patterns/patterns.contract';
import { PATTERN_PALETTE } from '../patterns/patterns.contract';
import { addFieldsetFields, addLinkField, addPatternField } from './template-editing';
import {
  type Template,
  type TemplateField,
  type TemplateFieldInput,
  type TemplateInput,
  type TemplateList,
  templateFieldSchema,
  templateSchema,
} from './templates.contract';

// Builders for the unit tests of this folder and the templates benchmark; not exported by the package.

/** A template parsed from a partial input: named "T", in folder 1, no fields unless given. */
export function buildTemplate(input: Partial<TemplateInput> = {}): Template {
  return templateSchema.parse({ id: 1, name: 'T', folder_id: 1, ...input });
}

/** A template field with id and field id `id`, its name and governance type; `extra` overrides. */
export function buildField(
  id: number | `TEMP_${string}`,
  name: string,
  governanceType: TemplateField['governance_type'],
  extra: Partial<Omit<TemplateFieldInput, 'field'>> & { field?: Partial<TemplateFieldInput['field']> } = {},
): TemplateField {
  const { field, ...rest } = extra;
  return templateFieldSchema.parse({
    id,
    field_id: id,
    precedence: 0,
    governance_type: governanceType,
    ...rest,
    field: { id, name, governance_type: governanceType, ...field },
  });
}

/** A pattern with id `id` and the given segment kinds; segment ids are `id * 100 + position`. */
export function buildPattern(
  id: number,
  kinds: readonly PatternSegment['segment_type'][],
  updatedAt = '2026-01-01T00:00:00.000Z',
): Pattern {
  const segments = kinds.map((kind, i): PatternSegment => {
    const base = { id: id * 100 + i + 1, name: `Seg ${i + 1}`, segment_precedence: i };
    switch (kind) {
      case 'constant':
        return { ...base, segment_type: 'constant', constant_value: 'C' };
      case 'variable':
        return { ...base, segment_type: 'variable', data_type: null };
      case 'autonumber':
        return { ...base, segment_type: 'autonumber', start_value: 1, min_width: 4 };
      case 'date':
        return {
          ...base,
          segment_type: 'date',
          order: 'Y|M|D',
          months: '01-12',
          days: '01-31',
          years: '0000-9999',
          delimiter: '-',
          auto_populate: true,
        };
      default:
        return {
          ...base,
          segment_type: 'random',
          max_length: 8,
          include_numeric: true,
          include_uppercase: true,
          include_lowercase: false,
          frequency: 'row',
        };
    }
  });
  return {
    id,
    is_pattern: true,
    name: `Pattern ${id}`,
    description: '',
    updated_at: updatedAt,
    delimiter: '_',
    must_be_unique: false,
    is_unlocked_pattern: false,
    color: PATTERN_PALETTE[0],
    segments,
  };
}

/** A list field of a field set on list `listId`, column `columnId`. */
export function buildListFieldsetField(
  id: number,
  fieldsetId: number,
  listId: number,
  columnId: number,
  precedence = 0,
): Field {
  return {
    id,
    name: `List field ${id}`,
    description: '',
    required: false,
    must_be_unique: false,
    governance_type: 'list',
    list_governance: { list_id: listId, list_column_id: columnId, delimiter: 'none' },
    fieldset_id: fieldsetId,
    precedence,
    updated_at: '2026-01-01T00:00:00.000Z',
    powers_list: false,
  };
}

/** A list of `columnCount` columns (ids `id * 1000 + position`). */
export function buildList(id: number, type: TemplateList['type'], columnCount: number): TemplateList {
  return {
    id,
    name: `List ${id}`,
    type,
    columns: Array.from({ length: columnCount }, (_, i) => ({
      id: id * 1000 + i + 1,
      name: `Column ${i + 1}`,
    })),
  };
}

/**
 * The benchmark template of issue 9 ("Performance"): 10 patterns of 6 segments (70 fields), 129
 * list fields on a 250-country list's columns spread over field sets, a link field with 10
 * parameters, 10 integration assignments: 200 fields in all, valid apart from the variable
 * segments' governance.
 */
export function buildLargeTemplate(): { template: Template; lists: TemplateList[] } {
  let template = buildTemplate();
  for (let p = 1; p <= 10; p++)
    template = addPatternField(
      template,
      buildPattern(p, ['constant', 'variable', 'autonumber', 'date', 'random', 'variable']),
    );
  const country = buildList(900, 'drill-down', 3);
  const columns = country.columns;
  const fields: Field[] = [];
  for (let i = 0; i < 129; i++)
    fields.push(buildListFieldsetField(10_000 + i, 50 + (i % 5), country.id, columns[i % 3]!.id, i));
  for (let s = 0; s < 5; s++)
    template = addFieldsetFields(template, {
      id: 50 + s,
      fields: fields.filter((f) => f.fieldset_id === 50 + s),
    });
  template = addLinkField(template);
  const listFields = template.template_fields.filter((tf) => tf.governance_type === 'list');
  template = {
    ...template,
    parameters: listFields.slice(0, 10).map((tf, i) => ({
      id: null,
      name: `utm_${i}`,
      field_id: tf.field_id,
      template_field_id: tf.id,
      precedence: i,
      url_encoding: 'dynamic' as const,
      url_name_encoding: 'encoded' as const,
      fieldset_ids: [],
      transform: 'none',
      template_id: null,
    })),
    integrations: Array.from({ length: 10 }, (_, i) => ({
      ...createIntegrationAssignment('email-output', { templateName: 'T', now: new Date('2026-01-01') }),
      name: `Email ${i + 1}`,
    })),
  };
  return { template, lists: [country] };
}
