import { z } from 'zod';

/** A positive integer id in a path (`/groups/:id`), coerced from its text. */
export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** A positive integer entity id in a body. */
export const idSchema = z.number().int().positive();

/** A non-empty list of ids for the spec's bulk operations (at most 1,000 at once). */
export const idListSchema = z.array(idSchema).min(1, 'Select at least one item').max(1000);

/** A required name: trimmed, 1 to 255 characters (spec 01 §5: trimmed for the emptiness check). */
export const requiredName = z.string().trim().min(1, 'Required').max(255, 'At most 255 characters');

/** Optional free text: trimmed, up to `max` characters; null and undefined become ''. */
export function optionalText(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
}

/** An ISO 8601 timestamp as the API sends it. */
export const timestampSchema = z.string().describe('ISO 8601 timestamp');

/** The answer of an operation that returns nothing but success. */
export const okSchema = z.object({ ok: z.literal(true) });
