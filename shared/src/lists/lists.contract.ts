import { z } from 'zod';
import { endpoint } from '../core/contract';
import { idListSchema, idParamSchema, okSchema, optionalText, requiredName } from '../core/schemas';

/** List types (spec 02 §3, §9). */
export const LIST_TYPES = ['drop-down', 'drill-down', 'dependent'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** Most columns a list may hold (spec 02 §5, §9 paste limits; enforced by the server with 413). */
export const LIST_MAX_COLUMNS = 100;
/** Most rows a list may hold (spec 02 §5, §9). */
export const LIST_MAX_ROWS = 10_000;
/** Longest cell value, in characters. */
export const LIST_MAX_VALUE_LENGTH = 2000;
/** Body limit of the full list save: the spec's largest list (10,000 x 100 cells) with room to spare. */
export const LIST_SAVE_BODY_LIMIT = 256 * 1024 * 1024;

/** A saved id, or a temporary one (`TEMP_…`, `lc…`, `lv…`) for items not saved yet (spec 02 §3). */
export const itemIdSchema = z.union([z.number().int().positive(), z.string().min(1).max(64)]);

/** A list value (one cell) as the API shows it (spec 02 §3). */
export const listValueSchema = z.object({
  id: z.number(),
  row_number: z.number(),
  value: z.string(),
  list_column_id: z.number(),
});
export type ListValue = z.infer<typeof listValueSchema>;

/** A list column with its values (spec 02 §3). */
export const listColumnSchema = z.object({
  id: z.number(),
  name: z.string(),
  precedence: z.number(),
  list_id: z.number(),
  powered_template_field_id: z.number().nullable(),
  list_values: z.array(listValueSchema),
});
export type ListColumn = z.infer<typeof listColumnSchema>;

/** A list on the lists page (spec 02 §2, §3), without its cells. */
export const listSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  notes: z.string(),
  type: z.enum(LIST_TYPES),
  powered_template_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

/** A list with its columns and values (GET /api/v1/account/lists/{id}). */
export const listDetailSchema = listSummarySchema.extend({ list_columns: z.array(listColumnSchema) });
export type ListDetail = z.infer<typeof listDetailSchema>;

const cellInput = z.object({
  id: itemIdSchema.nullish(),
  row_number: z.number().int().min(0),
  value: z.string().max(LIST_MAX_VALUE_LENGTH, `A cell holds at most ${LIST_MAX_VALUE_LENGTH} characters`),
});
/** One cell of a full save: a saved or temporary id (or none), its row and its value. */
export type CellInput = z.infer<typeof cellInput>;

/**
 * The cells of one column in a full save. A million cells are checked in one pass that names
 * the offending cell (`list_values.N.value`) without copying every object, which zod's object
 * parsing would do; the rules are those of `cellInput`.
 */
const cellsInput = z
  .array(z.unknown())
  .superRefine((cells, ctx) => {
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as { id?: unknown; row_number?: unknown; value?: unknown } | null;
      if (typeof cell !== 'object' || cell === null) {
        ctx.addIssue({ code: 'custom', path: [i], message: 'A cell is an object with row_number and value' });
        return;
      }
      const { id, row_number: row, value } = cell;
      if (
        !(
          id === undefined ||
          id === null ||
          (typeof id === 'number' && Number.isInteger(id) && id > 0) ||
          (typeof id === 'string' && id.length > 0 && id.length <= 64)
        )
      ) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'id'],
          message: 'A cell id is a positive integer or a temporary id',
        });
        return;
      }
      if (typeof row !== 'number' || !Number.isInteger(row) || row < 0) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'row_number'],
          message: 'row_number is a whole number from 0',
        });
        return;
      }
      if (typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', path: [i, 'value'], message: 'value is text' });
        return;
      }
      if (value.length > LIST_MAX_VALUE_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'value'],
          message: `A cell holds at most ${LIST_MAX_VALUE_LENGTH} characters`,
        });
        return;
      }
    }
  })
  .transform((cells) => cells as CellInput[])
  .meta({ description: 'Cells: [{ id?: number | temporary id, row_number: integer >= 0, value: text }]' });

const columnInput = z.object({
  id: itemIdSchema.nullish(),
  name: z.string().trim().max(255).default(''),
  precedence: z.number().int().min(0),
  powered_template_field_id: z.number().int().positive().nullish(),
  list_values: cellsInput.default([]),
});

/**
 * The full list save (spec 02 §7 PUT /api/v1/account/lists/): create when id is null, update
 * otherwise. Without list_columns a new list gets one empty column and an update keeps its
 * cells. `updated_at` is the time the client read; a different stored one answers 409.
 * Limits (100 columns, 10,000 rows) answer 413; values are trimmed; empty cells are not stored.
 */
export const listSaveSchema = z.object({
  id: z.number().int().positive().nullish(),
  name: requiredName,
  notes: optionalText(2000),
  type: z.enum(LIST_TYPES, { error: 'Choose drop-down, drill-down or dependent' }),
  powered_template_id: z.number().int().positive().nullish(),
  updated_at: z.string().nullish(),
  list_columns: z.array(columnInput).optional(),
});
export type ListSave = z.input<typeof listSaveSchema>;

/** The answer of a save: the list's id and version, and its columns with their saved ids. */
export const listSavedSchema = z.object({
  id: z.number(),
  updated_at: z.string(),
  list_columns: z.array(
    z.object({ id: z.number(), name: z.string(), precedence: z.number(), temp_id: itemIdSchema.nullable() }),
  ),
  /** Saved ids of the values sent with temporary ids, keyed by the temporary id. */
  value_ids: z.record(z.string(), z.number()),
});
export type ListSaved = z.infer<typeof listSavedSchema>;

/**
 * A delta save: only what changed since `updated_at` (required). Column and value upserts take
 * saved or temporary ids; a value may name its column by a temporary id created in the same
 * delta. Deleting a column deletes its values.
 */
export const listDeltaSchema = z.object({
  updated_at: z.string().min(1, 'Required'),
  name: requiredName.optional(),
  notes: optionalText(2000).optional(),
  type: z.enum(LIST_TYPES).optional(),
  columns: z
    .object({
      upsert: z
        .array(
          z.object({
            id: itemIdSchema,
            name: z.string().trim().max(255),
            precedence: z.number().int().min(0),
          }),
        )
        .default([]),
      deleted_ids: z.array(z.number().int().positive()).default([]),
    })
    .optional(),
  values: z
    .object({
      upsert: z
        .array(
          cellInput.extend({
            id: itemIdSchema,
            list_column_id: itemIdSchema,
          }),
        )
        .default([]),
      deleted_ids: z.array(z.number().int().positive()).default([]),
    })
    .optional(),
});
export type ListDelta = z.input<typeof listDeltaSchema>;

/** List endpoints (spec 02 §7; the delta save is ours). */
export const listsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/lists/',
    tag: 'Lists',
    summary: 'All lists of the account, newest change first, without their cells.',
    permission: 'manage_lists',
    response: z.object({ data: z.array(listSummarySchema) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/lists/:id',
    tag: 'Lists',
    summary: 'A list with list_columns and their list_values (rows by row_number).',
    permission: 'manage_lists',
    params: idParamSchema,
    response: listDetailSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/lists/',
    tag: 'Lists',
    summary:
      'Save a whole list: create (id null) or replace (id). 409 when updated_at is stale; 413 over 100 columns or 10,000 rows.',
    permission: 'manage_lists',
    body: listSaveSchema,
    response: listSavedSchema,
    bodyLimit: LIST_SAVE_BODY_LIMIT,
  }),
  saveDelta: endpoint({
    method: 'POST',
    path: '/api/v1/account/lists/:id/delta',
    tag: 'Lists',
    summary: 'Save only what changed in a list since updated_at (the editor uses this). 409 when stale.',
    permission: 'manage_lists',
    params: idParamSchema,
    body: listDeltaSchema,
    response: listSavedSchema,
    bodyLimit: LIST_SAVE_BODY_LIMIT,
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/lists/bulk/delete',
    tag: 'Lists',
    summary: 'Delete lists. Any unknown id answers 404 and deletes nothing.',
    permission: 'manage_lists',
    body: z.object({ list_ids: idListSchema }),
    response: okSchema,
  }),
};
