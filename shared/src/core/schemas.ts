import { z } from 'zod';

/**
 * Largest value of a PostgreSQL `integer` (int4) column: every `serial` id and every integer
 * column such as `precedence` or `row_number` (issue 8 item 12).
 */
export const INT4_MAX = 2_147_483_647;

/**
 * Largest value of a `bigint` column the API can carry exactly: JSON numbers are doubles, so a
 * `bigserial` id such as a list value's is bounded by 2^53 − 1 (issue 8 item 12).
 */
export const BIGINT_MAX = Number.MAX_SAFE_INTEGER;

// U+0000 (PostgreSQL text cannot hold it) or a UTF-16 surrogate that is not half of a pair.
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what is refused
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what is refused
const MAYBE_UNSAFE = /[\u0000\uD800-\uDFFF]/;

/**
 * Whether `text` can be stored and sent back unchanged: no U+0000 and no lone surrogate
 * (ARCHITECTURE.md, security rules; issue 8 item 13). Cheap on ordinary text, so it can run on
 * every cell of a million-cell list save.
 */
export function isSafeText(text: string): boolean {
  return !MAYBE_UNSAFE.test(text) || !UNSAFE_TEXT.test(text);
}

/** The message of a refused text field (U+0000 or a lone surrogate). */
export const UNSAFE_TEXT_MESSAGE = 'Text may not contain U+0000 or unpaired surrogate characters';

/**
 * The one string schema of request bodies, queries and paths (issue 8 item 13): a string of at
 * most `max` characters that refuses U+0000 and lone surrogates with 400 naming the field,
 * rather than storing a replacement character or failing in the database. Chain `.trim()`,
 * `.min()` etc. as on any zod string.
 */
export function text(max = 2000) {
  return z
    .string()
    .max(max, `At most ${max} characters`)
    .refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true });
}

/**
 * An integer in `[min, max]` for a number column (issue 8 item 12). The bounds default to
 * those of a PostgreSQL `integer`, so no request can overflow the column it is stored in.
 */
export function intSchema(min = 0, max = INT4_MAX) {
  return z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(min, `Must be at least ${min}`)
    .max(max, `Must be at most ${max}`);
}

/** A positive integer entity id in a body, bounded by its `integer` column (issue 8 item 12). */
export const idSchema = intSchema(1, INT4_MAX);

/** A positive id of a `bigserial` column (list values), bounded by 2^53 − 1 (issue 8 item 12). */
export const bigIdSchema = intSchema(1, BIGINT_MAX);

/**
 * A positive integer id in a path (`/groups/:id`), coerced from its text and bounded like
 * `idSchema`; anything else (text, 0, 2^31, 1e308) answers 400 naming `params.id`.
 */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Must be a positive whole number' })
    .int('Must be a positive whole number')
    .min(1, 'Must be a positive whole number')
    .max(INT4_MAX, `Must be at most ${INT4_MAX}`),
});

/** A non-empty list of ids for the spec's bulk operations (at most 1,000 at once). */
export const idListSchema = z.array(idSchema).min(1, 'Select at least one item').max(1000);

/** A required name: trimmed, 1 to 255 characters (spec 01 §5: trimmed for the emptiness check). */
export const requiredName = text(255).trim().min(1, 'Required');

/** Optional free text: trimmed, up to `max` characters; null and undefined become ''. */
export function optionalText(max = 2000) {
  return text(max)
    .trim()
    .nullish()
    .transform((v) => v ?? '');
}

/** An ISO 8601 timestamp as the API sends it. */
export const timestampSchema = z.string().describe('ISO 8601 timestamp');

/**
 * An ISO 8601 date and time with a zone (`2026-11-21T10:04:05.000Z`, `…+01:00`), as the API
 * answers every `updated_at`; anything else answers 400 naming the field. The API reference
 * declares it (`format: date-time` and its pattern).
 */
export const isoTimeSchema = z.iso.datetime({ offset: true, error: 'updated_at must be an ISO 8601 time' });

/**
 * The `updated_at` a client read and sends back with a save (ARCHITECTURE.md, stale writes):
 * optional, an ISO 8601 time (`isoTimeSchema`); a different stored one answers 409 in the service.
 */
export const updatedAtSchema = isoTimeSchema.nullish();

const documentedInputs = new WeakMap<z.core.$ZodType, z.ZodType>();

/**
 * Gives a request schema that checks its input by hand (a million cells in one pass, where zod's
 * object parsing would copy each) the schema the API reference shows in its place, which must
 * accept what it accepts. Answers `schema` itself.
 */
export function documentAs<S extends z.ZodType>(schema: S, documented: z.ZodType): S {
  documentedInputs.set(schema, documented);
  return schema;
}

/** The schema the API reference shows for `schema` (`documentAs`), if any. */
export function documentedInputOf(schema: z.core.$ZodType): z.ZodType | undefined {
  return documentedInputs.get(schema);
}

/** The answer of an operation that returns nothing but success. */
export const okSchema = z.object({ ok: z.literal(true) });
