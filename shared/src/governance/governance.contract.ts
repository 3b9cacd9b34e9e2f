import { z } from 'zod';
import { idSchema, intSchema, requiredName, text } from '../core/schemas';
import { dateFormatShape, SEGMENT_DELIMITERS } from './formats';

/** Largest min_width of an autonumber. Ours: wider than any safe integer needs. */
export const AUTONUMBER_MAX_WIDTH = 20;
/**
 * Largest start value of an autonumber (issue 8 item 12): 15 digits, so the counter stays far
 * below 2^53 − 1, the largest number the API carries exactly. Ours: the spec sets no bound.
 */
export const AUTONUMBER_MAX_START = 999_999_999_999_999;

/** Governance types of a field (spec 02 §3; a template field carries one too, spec 03 §3). */
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

/** Labels of the governance types for the editors' type choice (spec 02 §3). */
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
/** One field delimiter. */
export type FieldDelimiter = (typeof FIELD_DELIMITERS)[number];
/** What a creative field classifies from (spec 03 §3 classification_parameter_type). */
export const CLASSIFICATION_PARAMETER_TYPES = ['SOURCE_URL', 'TITLE'] as const;

/**
 * A field id: saved (number) or new (`TEMP_…`) while unsaved (spec 02 §3). Autofill and
 * concatenation settings name other fields by it.
 */
export const fieldIdSchema = z.union([
  idSchema,
  text(64).regex(/^TEMP_.+$/, 'A new field id starts with TEMP_'),
]);
/** A field id, saved or TEMP_ (spec 02 §3). */
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
/** Validation of a text field. */
export type TextValidation = z.infer<typeof textValidationSchema>;

/** Transformation of a text field's value before it is stored. */
export const textTransformationSchema = z.object({
  case: z.enum(TEXT_CASES).default('none'),
  spaces: z.enum(TEXT_SPACES).default('keep'),
  trim: z.boolean().default(true),
});
/** Transformation of a text field. */
export type TextTransformation = z.infer<typeof textTransformationSchema>;

/**
 * The settings each governance type carries, as zod shapes keyed by type (spec 02 §3; spec 03
 * §3): list (list and column, a delimiter joining several values), autonumber (start, width),
 * autofill (another field), concatenation (two or more fields and a delimiter), constant (a
 * value), date (the date format), text (validation and transformation), creative (what it
 * classifies). One row per type: a new type is a new row here.
 */
export const GOVERNANCE_SETTINGS_SHAPES = {
  list: {
    list_governance: z.object({
      list_id: idSchema,
      list_column_id: idSchema,
      delimiter: z.enum(FIELD_DELIMITERS).default('none'),
    }),
  },
  autonumber: {
    autonumber: z.object({
      start_value: intSchema(0, AUTONUMBER_MAX_START).default(1),
      min_width: intSchema(1, AUTONUMBER_MAX_WIDTH).default(1),
    }),
  },
  autofill: { autofill: z.object({ field_id: fieldIdSchema }) },
  concatenation: {
    concatenation_governance: z.object({
      field_ids: z.array(fieldIdSchema).min(2, 'Choose at least two fields').max(50),
      delimiter: z.enum(FIELD_DELIMITERS).default('_'),
    }),
  },
  constant: { constant_value: requiredName },
  date: { date: z.object(dateFormatShape) },
  text: {
    validation: textValidationSchema.default({ characters: 'any' }),
    transformation: textTransformationSchema.default({ case: 'none', spaces: 'keep', trim: true }),
  },
  creative: {
    creative: z
      .object({ classification_parameter_type: z.enum(CLASSIFICATION_PARAMETER_TYPES).nullish() })
      .default({}),
  },
} as const satisfies Record<GovernanceType, z.ZodRawShape>;

type SettingsShapes = typeof GOVERNANCE_SETTINGS_SHAPES;

/** One variant of a governed thing: its `governance_type`, that type's settings and `Shape`. */
type GovernedVariant<T extends GovernanceType, Shape extends z.ZodRawShape> = z.ZodObject<
  { governance_type: z.ZodLiteral<T> } & SettingsShapes[T] & Shape
>;

/** The discriminated union `withGovernanceSettings` builds. */
export type GovernedUnion<Shape extends z.ZodRawShape> = z.ZodDiscriminatedUnion<
  [
    GovernedVariant<'list', Shape>,
    GovernedVariant<'autonumber', Shape>,
    GovernedVariant<'autofill', Shape>,
    GovernedVariant<'concatenation', Shape>,
    GovernedVariant<'constant', Shape>,
    GovernedVariant<'date', Shape>,
    GovernedVariant<'text', Shape>,
    GovernedVariant<'creative', Shape>,
  ],
  'governance_type'
>;

/**
 * A zod discriminated union on `governance_type` whose every variant holds that type's settings
 * (GOVERNANCE_SETTINGS_SHAPES) plus `shape`, the attributes of the thing being governed: a field
 * of a field set (spec 02 §3), a template field (spec 03 §3: required, visible_on_form,
 * default_value, …). An unknown or missing type reads "Choose a governance type".
 */
export function withGovernanceSettings<Shape extends z.ZodRawShape>(shape: Shape): GovernedUnion<Shape> {
  const variant = <T extends GovernanceType>(type: T) =>
    z.object({ governance_type: z.literal(type), ...GOVERNANCE_SETTINGS_SHAPES[type], ...shape });
  return z.discriminatedUnion(
    'governance_type',
    [
      variant('list'),
      variant('autonumber'),
      variant('autofill'),
      variant('concatenation'),
      variant('constant'),
      variant('date'),
      variant('text'),
      variant('creative'),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? 'Choose a governance type' : undefined) },
  ) as unknown as GovernedUnion<Shape>;
}

/** The governance settings alone, by type (spec 02 §3): what the GovernanceSettings editor edits. */
export const governanceSettingsSchema = withGovernanceSettings({});
/** Governance settings as an editor holds them (before defaults). */
export type GovernanceSettings = z.input<typeof governanceSettingsSchema>;
/** Governance settings after parsing, defaults applied. */
export type GovernanceSettingsParsed = z.output<typeof governanceSettingsSchema>;
/** The settings of one governance type, e.g. `GovernanceSettingsOf<'date'>`. */
export type GovernanceSettingsOf<T extends GovernanceType> = Extract<
  GovernanceSettings,
  { governance_type: T }
>;
