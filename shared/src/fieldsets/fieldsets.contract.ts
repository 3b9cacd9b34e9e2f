import { z } from 'zod';
import { endpoint } from '../core/contract';
import {
  idListSchema,
  idParamSchema,
  idSchema,
  intSchema,
  okSchema,
  optionalText,
  requiredName,
  text,
  updatedAtSchema,
} from '../core/schemas';
import {
  AUTONUMBER_MAX_START,
  AUTONUMBER_MAX_WIDTH,
  DATE_ORDERS,
  DAY_FORMATS,
  MONTH_FORMATS,
  SEGMENT_DELIMITERS,
  YEAR_FORMATS,
} from '../patterns/patterns.contract';

/** Governance types of a field (spec 02 §3). */
export const GOVERNANCE_TYPES = [
  'list',
  'autonumber',
  'autofill',
  'concatenation',
  'constant',
  'date',
  'text',
  'creative',
] as const;
/** One governance type (spec 02 §3). */
export type GovernanceType = (typeof GOVERNANCE_TYPES)[number];

/** Labels of the governance types for the field drawer. */
export const GOVERNANCE_LABELS: Record<GovernanceType, string> = {
  list: 'List',
  autonumber: 'Autonumber',
  autofill: 'Autofill',
  concatenation: 'Concatenation',
  constant: 'Constant',
  date: 'Date',
  text: 'Text',
  creative: 'Creative',
};

/** Characters a text field accepts (ours: the spec names validation without its options). */
export const TEXT_CHARACTER_SETS = [
  'any',
  'letters',
  'numeric',
  'alphanumeric',
  'alphanumeric_dash_underscore',
] as const;
/** Case transformations of a text field. */
export const TEXT_CASES = ['none', 'lowercase', 'uppercase'] as const;
/** What a text field does with spaces. */
export const TEXT_SPACES = ['keep', 'underscore', 'dash', 'remove'] as const;
/** Delimiters that join several list values or concatenated fields. */
export const FIELD_DELIMITERS = [...SEGMENT_DELIMITERS, ',', ';'] as const;
/** What a creative field classifies from (spec 03 §3 classification_parameter_type). */
export const CLASSIFICATION_PARAMETER_TYPES = ['SOURCE_URL', 'TITLE'] as const;

/** A field id: saved (number) or new (`TEMP_…`) while the set is unsaved (spec 02 §3). */
export const fieldIdSchema = z.union([
  idSchema,
  text(64).regex(/^TEMP_.+$/, 'A new field id starts with TEMP_'),
]);
export type FieldId = z.infer<typeof fieldIdSchema>;

/** Validation of a text field: lengths, characters, an optional regular expression. */
export const textValidationSchema = z
  .object({
    min_length: intSchema(0, 10_000).nullish(),
    max_length: intSchema(1, 10_000).nullish(),
    characters: z.enum(TEXT_CHARACTER_SETS).default('any'),
    regex: text(500)
      .nullish()
      .refine(
        (r) => {
          if (!r) return true;
          try {
            new RegExp(r);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'Not a valid regular expression' },
      ),
  })
  .refine((v) => v.min_length == null || v.max_length == null || v.min_length <= v.max_length, {
    message: 'The minimum length is above the maximum',
    path: ['min_length'],
  });
export type TextValidation = z.infer<typeof textValidationSchema>;

/** Transformation of a text field's value before it is stored. */
export const textTransformationSchema = z.object({
  case: z.enum(TEXT_CASES).default('none'),
  spaces: z.enum(TEXT_SPACES).default('keep'),
  trim: z.boolean().default(true),
});
export type TextTransformation = z.infer<typeof textTransformationSchema>;

const common = {
  id: fieldIdSchema,
  name: requiredName,
  description: optionalText(2000),
  required: z.boolean().default(false),
  must_be_unique: z.boolean().default(false),
};

/**
 * One field in a field-set save, by governance type with that type's settings (spec 02 §2, §3;
 * spec 03 §3): list (list and column, a delimiter joining several values), autonumber (start,
 * width), autofill (another field of the set), concatenation (two or more fields of the set and a
 * delimiter), constant (a value), date (order and formats as date segments), text (validation and
 * transformation), creative (what it classifies).
 */
export const fieldSaveSchema = z.discriminatedUnion(
  'governance_type',
  [
    z.object({
      ...common,
      governance_type: z.literal('list'),
      list_governance: z.object({
        list_id: idSchema,
        list_column_id: idSchema,
        delimiter: z.enum(FIELD_DELIMITERS).default('none'),
      }),
    }),
    z.object({
      ...common,
      governance_type: z.literal('autonumber'),
      autonumber: z.object({
        start_value: intSchema(0, AUTONUMBER_MAX_START).default(1),
        min_width: intSchema(1, AUTONUMBER_MAX_WIDTH).default(1),
      }),
    }),
    z.object({
      ...common,
      governance_type: z.literal('autofill'),
      autofill: z.object({ field_id: fieldIdSchema }),
    }),
    z.object({
      ...common,
      governance_type: z.literal('concatenation'),
      concatenation_governance: z.object({
        field_ids: z.array(fieldIdSchema).min(2, 'Choose at least two fields').max(50),
        delimiter: z.enum(FIELD_DELIMITERS).default('_'),
      }),
    }),
    z.object({ ...common, governance_type: z.literal('constant'), constant_value: requiredName }),
    z.object({
      ...common,
      governance_type: z.literal('date'),
      date: z.object({
        order: z.enum(DATE_ORDERS).default('D|M|Y'),
        months: z.enum(MONTH_FORMATS).default('01-12'),
        days: z.enum(DAY_FORMATS).default('01-31'),
        years: z.enum(YEAR_FORMATS).default('0000-9999'),
        delimiter: z.enum(SEGMENT_DELIMITERS).default('-'),
      }),
    }),
    z.object({
      ...common,
      governance_type: z.literal('text'),
      validation: textValidationSchema.default({ characters: 'any' }),
      transformation: textTransformationSchema.default({ case: 'none', spaces: 'keep', trim: true }),
    }),
    z.object({
      ...common,
      governance_type: z.literal('creative'),
      creative: z
        .object({ classification_parameter_type: z.enum(CLASSIFICATION_PARAMETER_TYPES).nullish() })
        .default({}),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'Choose a governance type' : undefined) },
);
/** A field as the editor sends it (spec 02 §3). */
export type FieldSave = z.input<typeof fieldSaveSchema>;
/** A field after parsing, defaults applied. */
export type FieldSaveParsed = z.output<typeof fieldSaveSchema>;

/** A saved field as the API answers it: its settings plus whether it powers a list (one type per governance type). */
export type Field = FieldSaveParsed extends infer F
  ? F extends unknown
    ? Omit<F, 'id'> & {
        id: number;
        fieldset_id: number;
        precedence: number;
        updated_at: string;
        /** The field feeds a template that powers a list, so it cannot be deleted (spec 02 §2, §5). */
        powers_list: boolean;
      }
    : never
  : never;

/** A field with its saved id (response schema; settings checked on the way in). */
export const fieldSchema = z.custom<Field>(
  (v) => typeof v === 'object' && v !== null && 'governance_type' in v,
);

/** A field set with its fields (spec 02 §3). */
export const fieldsetSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  updated_at: z.string(),
  powers_list: z.boolean(),
  fields: z.array(fieldSchema),
});
export type Fieldset = z.infer<typeof fieldsetSchema>;

/** A field set on the list page (spec 02 §2). */
export const fieldsetSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  updated_at: z.string(),
  field_count: z.number(),
  powers_list: z.boolean(),
});
export type FieldsetSummary = z.infer<typeof fieldsetSummarySchema>;

/**
 * The field-set editor's save (spec 02 §2, §4, §5): the set and all its fields at once. Fields
 * with TEMP_ ids are created; saved ids must belong to the set; fields left out are deleted
 * (refused for a field that powers a list). Autofill and concatenation name fields of the same
 * save by id or TEMP_ id.
 */
export const fieldsetSaveSchema = z.object({
  id: idSchema.nullish(),
  name: requiredName,
  description: optionalText(2000),
  updated_at: updatedAtSchema,
  fields: z
    .array(fieldSaveSchema)
    .max(200, 'At most 200 fields')
    .default([])
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((f, i) => {
        if (seen.has(String(f.id)))
          ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Field ids must be distinct' });
        seen.add(String(f.id));
      });
    }),
});
export type FieldsetSave = z.input<typeof fieldsetSaveSchema>;
export type FieldsetSaveParsed = z.output<typeof fieldsetSaveSchema>;

/** Field-set endpoints (spec 02 §7; fetch and save paths are ours). */
export const fieldsetsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/fieldsets',
    tag: 'Field sets',
    summary: "The account's field sets, most recently updated first.",
    permission: 'manage_field_sets',
    response: z.object({ data: z.array(fieldsetSummarySchema) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/fieldsets/:id',
    tag: 'Field sets',
    summary: 'One field set with its fields.',
    permission: 'manage_field_sets',
    params: idParamSchema,
    response: z.object({ fieldset: fieldsetSchema }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/fieldsets',
    tag: 'Field sets',
    summary: 'Create (no id) or update (id and updated_at) a field set with all its fields.',
    permission: 'manage_field_sets',
    body: fieldsetSaveSchema,
    response: z.object({ fieldset: fieldsetSchema }),
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/fieldsets/bulk/delete',
    tag: 'Field sets',
    summary: 'Delete field sets. 400 naming the list when a set powers one; 404 for unknown ids.',
    permission: 'manage_field_sets',
    body: z.object({ fieldset_ids: idListSchema }),
    response: okSchema,
  }),
};
