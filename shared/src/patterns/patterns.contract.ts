import { z } from 'zod';
import { endpoint } from '../core/contract';
import {
  INT4_MAX,
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
  DATE_FORMAT_DEFAULTS,
  DATE_ORDERS,
  DAY_FORMATS,
  dateFormatHasAPart,
  dateFormatShape,
  MONTH_FORMATS,
  SEGMENT_DELIMITERS,
  YEAR_FORMATS,
} from '../governance/formats';
import { AUTONUMBER_MAX_START, AUTONUMBER_MAX_WIDTH } from '../governance/governance.contract';

/** The five segment kinds of a pattern (spec 02 §2, §3). */
export const SEGMENT_TYPES = ['constant', 'variable', 'autonumber', 'date', 'random'] as const;
/** One segment kind (spec 02 §3). */
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/** How often a random segment draws a new value: every row, or once per session (spec 02 §9). */
export const RANDOM_FREQUENCIES = ['row', 'session'] as const;
/** One random frequency (spec 02 §9). */
export type RandomFrequency = (typeof RANDOM_FREQUENCIES)[number];

/** Smallest max_length of a random segment (spec 02 §5, §9). */
export const RANDOM_MIN_LENGTH = 6;
/** max_length of a new random segment (spec 02 §9). */
export const RANDOM_DEFAULT_LENGTH = 10;
/** Largest max_length of a random segment. Ours: the spec sets no upper bound. */
export const RANDOM_MAX_LENGTH_LIMIT = 64;
/** Largest number an autonumber issues; past it the server refuses to issue (issue 8 item 12). */
export const AUTONUMBER_MAX_VALUE = Number.MAX_SAFE_INTEGER;
/** Most segments one pattern may hold. Ours: the spec sets no bound. */
export const PATTERN_MAX_SEGMENTS = 50;
/** Why a pattern without segments cannot be saved (issue 8 item 22). */
export const PATTERN_NO_SEGMENTS_MESSAGE = 'Add at least one segment';
/** Value of a new constant segment (spec 02 §9). */
export const CONSTANT_DEFAULT_VALUE = 'CONSTANT';
/** Name of a new variable segment (spec 02 §9). */
export const VARIABLE_DEFAULT_NAME = 'VAR';

/**
 * The 32 colours patterns and field sets are drawn in (spec 02 §9), lower-case `#rrggbb`. The spec
 * does not list them; these are sixteen hues at two strengths, all readable with white text. No
 * colour is the red the editor marks errors with (a pattern's dot must never read as an error):
 * the first two places, once red, are slate and the last two, once rose, are stone; migration 0024
 * moved stored reds and roses to them ({@link RETIRED_PALETTE_COLORS}).
 */
export const PATTERN_PALETTE = [
  '#64748b',
  '#334155',
  '#f97316',
  '#c2410c',
  '#f59e0b',
  '#b45309',
  '#84cc16',
  '#4d7c0f',
  '#22c55e',
  '#15803d',
  '#10b981',
  '#047857',
  '#14b8a6',
  '#0f766e',
  '#06b6d4',
  '#0e7490',
  '#0ea5e9',
  '#0369a1',
  '#3b82f6',
  '#1d4ed8',
  '#6366f1',
  '#4338ca',
  '#8b5cf6',
  '#6d28d9',
  '#a855f7',
  '#7e22ce',
  '#d946ef',
  '#a21caf',
  '#ec4899',
  '#be185d',
  '#78716c',
  '#57534e',
] as const;
/**
 * Colours the palette once held that read as errors, and the palette colour that replaced each
 * (same place in the palette, so `paletteColorFor` gives the same place as before).
 */
export const RETIRED_PALETTE_COLORS: Readonly<Record<string, PaletteColor>> = {
  '#ef4444': '#64748b',
  '#b91c1c': '#334155',
  '#f43f5e': '#78716c',
  '#be123c': '#57534e',
};
/** One palette colour (spec 02 §9). */
export type PaletteColor = (typeof PATTERN_PALETTE)[number];

/**
 * The palette colour for a number, e.g. a new pattern's id: `PATTERN_PALETTE[n mod 32]`, so
 * consecutive ids get different colours. Negative and fractional numbers are folded in too.
 */
export function paletteColorFor(n: number): PaletteColor {
  const size = PATTERN_PALETTE.length;
  const index = ((Math.trunc(n) % size) + size) % size;
  return PATTERN_PALETTE[Number.isFinite(index) ? index : 0]!;
}

/**
 * A palette colour in a request: any case is accepted and lower-cased (spec 02 §9); a retired
 * colour (a page open since before migration 0024) is read as the colour that replaced it.
 */
export const paletteColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((color) => RETIRED_PALETTE_COLORS[color] ?? color)
  .pipe(z.enum(PATTERN_PALETTE));

/** A segment id: a saved segment's positive integer, or a `TEMP_…` string while unsaved (spec 02 §3). */
export const segmentIdSchema = z.union([
  idSchema,
  text(64).regex(/^TEMP_.+$/, 'A new segment id starts with TEMP_'),
]);
/** A segment id (spec 02 §3). */
export type SegmentId = z.infer<typeof segmentIdSchema>;

const segmentBase = {
  id: segmentIdSchema,
  name: z.string(),
  segment_precedence: z.number().int().min(0),
};

const autonumberStartSchema = intSchema(0, AUTONUMBER_MAX_START);
const autonumberWidthSchema = z.number().int().min(1).max(AUTONUMBER_MAX_WIDTH);
const randomLengthSchema = z
  .number()
  .int()
  .min(RANDOM_MIN_LENGTH, `At least ${RANDOM_MIN_LENGTH} characters`)
  .max(RANDOM_MAX_LENGTH_LIMIT, `At most ${RANDOM_MAX_LENGTH_LIMIT} characters`);

/** A constant segment: the same text in every code (spec 02 §3). */
export const constantSegmentSchema = z.object({
  ...segmentBase,
  segment_type: z.literal('constant'),
  constant_value: z.string(),
});
/** A constant segment (spec 02 §3). */
export type ConstantSegment = z.infer<typeof constantSegmentSchema>;

/**
 * A variable segment: a value chosen per code, e.g. from a list. `data_type` is carried as the
 * API gives it; the spec does not enumerate it and the code engine does not interpret it.
 */
export const variableSegmentSchema = z.object({
  ...segmentBase,
  segment_type: z.literal('variable'),
  data_type: z.string().max(100).nullish(),
});
/** A variable segment (spec 02 §3). */
export type VariableSegment = z.infer<typeof variableSegmentSchema>;

/** An autonumber segment: a counter printed with at least `min_width` digits (spec 02 §3, §9). */
export const autonumberSegmentSchema = z.object({
  ...segmentBase,
  segment_type: z.literal('autonumber'),
  start_value: autonumberStartSchema,
  min_width: autonumberWidthSchema,
});
/** An autonumber segment (spec 02 §3). */
export type AutonumberSegment = z.infer<typeof autonumberSegmentSchema>;

/**
 * A date segment: up to three parts in `order`, each in its format, joined by the segment's own
 * `delimiter`. `auto_populate` on fills today's date; off, the person choosing values picks one
 * (spec 02 §3, §9).
 */
export const dateSegmentSchema = z.object({
  ...segmentBase,
  segment_type: z.literal('date'),
  order: z.enum(DATE_ORDERS),
  months: z.enum(MONTH_FORMATS),
  days: z.enum(DAY_FORMATS),
  years: z.enum(YEAR_FORMATS),
  delimiter: z.enum(SEGMENT_DELIMITERS),
  auto_populate: z.boolean(),
});
/** A date segment (spec 02 §3). */
export type DateSegment = z.infer<typeof dateSegmentSchema>;

/**
 * A random segment: `max_length` characters drawn from the enabled classes (digits, A-Z, a-z),
 * new for every row or once per session (spec 02 §3, §9).
 */
export const randomSegmentSchema = z.object({
  ...segmentBase,
  segment_type: z.literal('random'),
  max_length: randomLengthSchema,
  include_numeric: z.boolean(),
  include_uppercase: z.boolean(),
  include_lowercase: z.boolean(),
  frequency: z.enum(RANDOM_FREQUENCIES),
});
/** A random segment (spec 02 §3). */
export type RandomSegment = z.infer<typeof randomSegmentSchema>;

/** A pattern segment as the API answers it, discriminated by `segment_type` (spec 02 §3). */
export const patternSegmentSchema = z.discriminatedUnion('segment_type', [
  constantSegmentSchema,
  variableSegmentSchema,
  autonumberSegmentSchema,
  dateSegmentSchema,
  randomSegmentSchema,
]);
/** A pattern segment (spec 02 §3). */
export type PatternSegment = z.infer<typeof patternSegmentSchema>;
/** The segment of one kind, e.g. `SegmentOf<'date'>` is `DateSegment`. */
export type SegmentOf<K extends SegmentType> = Extract<PatternSegment, { segment_type: K }>;

/** A pattern: a field with `is_pattern` true whose segments build a coded value (spec 02 §3). */
export const patternSchema = z.object({
  id: z.number().int().positive(),
  is_pattern: z.literal(true),
  name: z.string(),
  description: z.string(),
  updated_at: z.string(),
  delimiter: z.enum(SEGMENT_DELIMITERS),
  must_be_unique: z.boolean(),
  is_unlocked_pattern: z.boolean(),
  color: z.enum(PATTERN_PALETTE),
  segments: z.array(patternSegmentSchema),
});
/** A pattern (spec 02 §3). */
export type Pattern = z.infer<typeof patternSchema>;

const segmentSaveBase = {
  id: segmentIdSchema,
  segment_precedence: intSchema(0, INT4_MAX),
};

const hasAClass = (s: { include_numeric: boolean; include_uppercase: boolean; include_lowercase: boolean }) =>
  s.include_numeric || s.include_uppercase || s.include_lowercase;

/**
 * One segment in a pattern save, with the rules of spec 02 §5: constant, variable, autonumber and
 * date segments need a name (trimmed); autonumber needs start_value and min_width; random
 * max_length is at least 6. Ours, where the spec is silent: a constant needs a non-empty value, a
 * date shows at least one part, a random segment enables at least one character class (each would
 * otherwise print nothing). Date and random settings left out take the defaults of spec 02 §9.
 * An unknown `segment_type` is refused with "Unknown segment type" at `segment_type`.
 */
export const patternSegmentSaveSchema = z.discriminatedUnion(
  'segment_type',
  [
    z.object({
      ...segmentSaveBase,
      segment_type: z.literal('constant'),
      name: requiredName,
      constant_value: requiredName,
    }),
    z.object({
      ...segmentSaveBase,
      segment_type: z.literal('variable'),
      name: requiredName,
      data_type: text(100).trim().nullish(),
    }),
    z.object({
      ...segmentSaveBase,
      segment_type: z.literal('autonumber'),
      name: requiredName,
      start_value: autonumberStartSchema,
      min_width: autonumberWidthSchema,
    }),
    z
      .object({
        ...segmentSaveBase,
        segment_type: z.literal('date'),
        name: requiredName,
        ...dateFormatShape,
        auto_populate: z.boolean().default(true),
      })
      .refine(dateFormatHasAPart, { message: 'Show at least one of day, month and year', path: ['months'] }),
    z
      .object({
        ...segmentSaveBase,
        segment_type: z.literal('random'),
        name: text(255).trim().default(''),
        max_length: randomLengthSchema.default(RANDOM_DEFAULT_LENGTH),
        include_numeric: z.boolean().default(true),
        include_uppercase: z.boolean().default(true),
        include_lowercase: z.boolean().default(false),
        frequency: z.enum(RANDOM_FREQUENCIES).default('row'),
      })
      .refine(hasAClass, {
        message: 'Include at least one of numbers, uppercase and lowercase letters',
        path: ['include_numeric'],
      }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'Unknown segment type' : undefined) },
);
/** One segment as the builder sends it (spec 02 §5). */
export type PatternSegmentSave = z.input<typeof patternSegmentSaveSchema>;

/**
 * The builder's save, PUT /api/v1/account/field/ (spec 02 §5, §7): `id` null or absent creates a
 * pattern, a number updates it; `updated_at` is the value read, and a different stored value
 * answers 409 (ARCHITECTURE.md, stale writes). Name is required and trimmed. A pattern holds at
 * least one segment ("Add at least one segment", issue 8 item 22: a pattern without segments
 * makes no code) and at most PATTERN_MAX_SEGMENTS. Segment ids must be distinct within the
 * pattern. `color` left out lets the server pick one (`paletteColorFor`).
 */
export const patternSaveSchema = z.object({
  id: idSchema.nullish(),
  name: requiredName,
  description: optionalText(2000),
  delimiter: z.enum(SEGMENT_DELIMITERS),
  must_be_unique: z.boolean().default(false),
  is_unlocked_pattern: z.boolean().default(false),
  color: paletteColorSchema.nullish(),
  segments: z
    .array(patternSegmentSaveSchema)
    .min(1, PATTERN_NO_SEGMENTS_MESSAGE)
    .max(PATTERN_MAX_SEGMENTS, `At most ${PATTERN_MAX_SEGMENTS} segments`)
    .superRefine((segments, ctx) => {
      const seen = new Set<string>();
      segments.forEach((segment, index) => {
        const key = String(segment.id);
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Segment ids must be distinct' });
        }
        seen.add(key);
      });
    }),
  updated_at: updatedAtSchema,
});
/** The body of a pattern save as the client writes it (spec 02 §7). */
export type PatternSave = z.input<typeof patternSaveSchema>;
/** The body of a pattern save after parsing: trimmed, defaults applied (spec 02 §5). */
export type PatternSaveParsed = z.output<typeof patternSaveSchema>;

/** Most codes one request may issue. */
export const ISSUE_CODES_MAX = 1000;

/**
 * A request for codes: the value of each variable segment and the date of each date segment that
 * is not filled automatically (`YYYY-MM-DD`), by segment id; `count` codes (1-1000) share them.
 */
export const issueCodesSchema = z.object({
  values: z.record(text(64), text(1000)).default({}),
  dates: z.record(text(64), z.iso.date('Use YYYY-MM-DD')).default({}),
  count: intSchema(1, ISSUE_CODES_MAX).default(1),
});
/** A request for codes (issue 5). */
export type IssueCodes = z.input<typeof issueCodesSchema>;

/**
 * Pattern endpoints (spec 02 §2, §7). `list` (/field/patterns) is declared before `get`
 * (/field/:id) and must be mounted first, or "patterns" would be read as an id.
 */
export const patternsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/field/patterns',
    tag: 'Patterns',
    summary: "The account's patterns with their segments, most recently updated first.",
    permission: 'manage_patterns',
    response: z.object({ data: z.array(patternSchema) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/field/:id',
    tag: 'Patterns',
    summary: 'One pattern with its segments, for the builder.',
    permission: 'manage_patterns',
    params: idParamSchema,
    response: z.object({ pattern: patternSchema }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/field/',
    tag: 'Patterns',
    summary:
      'Create a pattern (id null) or update one (with id and the updated_at read; 409 when it changed since).',
    permission: 'manage_patterns',
    body: patternSaveSchema,
    response: z.object({ pattern: patternSchema }),
  }),
  issueCodes: endpoint({
    method: 'POST',
    path: '/api/v1/account/field/:id/codes',
    tag: 'Patterns',
    summary:
      'Generate coded values from a pattern: the server advances its autonumbers atomically and, for a pattern that must be unique, never issues a code twice.',
    permission: 'signed-in',
    params: idParamSchema,
    body: issueCodesSchema,
    response: z.object({ codes: z.array(z.string()) }),
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/field/patterns/bulk/delete',
    tag: 'Patterns',
    summary: 'Delete patterns. Any unknown id answers 404 and deletes nothing.',
    permission: 'manage_patterns',
    body: z.object({ pattern_ids: idListSchema }),
    response: okSchema,
  }),
};

/**
 * A new segment of `kind` with the defaults of spec 02 §9: constant value CONSTANT; variable named
 * VAR; autonumber from 1 with width 1; date D|M|Y, 01-12, 01-31, 0000-9999, '-' and filled
 * automatically; random of 10 digits and upper-case letters, new per row. Names other than the
 * variable's start empty, since the spec gives no default and requires one (§5).
 * `id` is usually a `TEMP_…` id; `segmentPrecedence` its place in the pattern.
 */
export function defaultSegment<K extends SegmentType>(
  kind: K,
  id: SegmentId,
  segmentPrecedence = 0,
): SegmentOf<K> {
  const base = { id, segment_precedence: segmentPrecedence };
  const segments: { [T in SegmentType]: SegmentOf<T> } = {
    constant: { ...base, name: '', segment_type: 'constant', constant_value: CONSTANT_DEFAULT_VALUE },
    variable: { ...base, name: VARIABLE_DEFAULT_NAME, segment_type: 'variable', data_type: null },
    autonumber: { ...base, name: '', segment_type: 'autonumber', start_value: 1, min_width: 1 },
    date: {
      ...base,
      name: '',
      segment_type: 'date',
      ...DATE_FORMAT_DEFAULTS,
      auto_populate: true,
    },
    random: {
      ...base,
      name: '',
      segment_type: 'random',
      max_length: RANDOM_DEFAULT_LENGTH,
      include_numeric: true,
      include_uppercase: true,
      include_lowercase: false,
      frequency: 'row',
    },
  };
  return segments[kind];
}

/** Column count of the builder's segment grid when the container width is unknown (spec 02 §2, §9). */
export const PATTERN_GRID_DEFAULT_COLUMNS = 4;

/**
 * Columns of the pattern builder's segment grid for a container `width` in CSS pixels (spec 02 §2,
 * §9): `max(1, floor((width - 260) / 208))`, or 4 while the width is unknown (null, undefined,
 * NaN or infinite).
 */
export function patternGridColumns(width: number | null | undefined): number {
  if (width == null || !Number.isFinite(width)) return PATTERN_GRID_DEFAULT_COLUMNS;
  return Math.max(1, Math.floor((width - 260) / 208));
}
