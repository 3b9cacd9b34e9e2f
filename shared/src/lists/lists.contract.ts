import { z } from 'zod';
import { endpoint } from '../core/contract';
import {
  BIGINT_MAX,
  bigIdSchema,
  documentAs,
  INT4_MAX,
  idListSchema,
  idParamSchema,
  idSchema,
  intSchema,
  isoTimeSchema,
  isSafeText,
  okSchema,
  optionalText,
  requiredName,
  text,
  UNSAFE_TEXT_MESSAGE,
  updatedAtSchema,
} from '../core/schemas';

/** List types (spec 02 §3, §9). */
export const LIST_TYPES = ['drop-down', 'drill-down', 'dependent'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** Most columns a list may hold (spec 02 §5, §9 paste limits; enforced by the server with 413). */
export const LIST_MAX_COLUMNS = 100;
/** Most rows a list may hold (spec 02 §5, §9). */
export const LIST_MAX_ROWS = 10_000;
/** Longest cell value, in characters. */
export const LIST_MAX_VALUE_LENGTH = 2000;
/**
 * Body limit of the full list save, in bytes: its largest legal input, the spec's largest list
 * (10,000 x 100 cells, each with a saved id and its row number), measures 88.6 MB with
 * 40-character values and 111.5 MB with 64-character ones; 128 MB leaves room above that.
 */
export const LIST_SAVE_BODY_LIMIT = 128 * 1024 * 1024;
/**
 * Body limit of the delta save, in bytes: its largest legal input, every cell of a 10,000 x 100
 * list upserted with temporary ids, measures 106.4 MB with 40-character values and 129.3 MB with
 * 64-character ones; 160 MB leaves room above that.
 */
export const LIST_DELTA_BODY_LIMIT = 160 * 1024 * 1024;

const tempIdSchema = text(64).min(1, 'Required');

/** A saved id, or a temporary one (`TEMP_…`, `lc…`, `lv…`) for items not saved yet (spec 02 §3). */
export const itemIdSchema = z.union([z.number().int().positive(), z.string().min(1).max(64)]);

/** A list column's id in a save: saved (an `integer` id) or temporary (spec 02 §3; issue 8 item 12). */
export const columnIdSchema = z.union([idSchema, tempIdSchema]);

/** A list value's id in a save: saved (a `bigint` id, at most 2^53 − 1) or temporary (issue 8 item 12). */
export const cellIdSchema = z.union([bigIdSchema, tempIdSchema]);

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

/**
 * The first line of a list read as a stream (GET /api/v1/account/lists/{id}/stream; issue 14 item
 * 5): the list as GET lists/{id} answers it, its columns without values but each with
 * `row_count`, the last used row number + 1 (0 for a column without cells).
 */
export const listStreamHeadSchema = listSummarySchema.extend({
  list_columns: z.array(
    listColumnSchema.omit({ list_values: true }).extend({ row_count: z.number().int().nonnegative() }),
  ),
});
export type ListStreamHead = z.infer<typeof listStreamHeadSchema>;

/**
 * Every later line of a list stream: a run of cells of one column on consecutive rows,
 * `[list_column_id, first_row_number, id, value, id, value, …]`, at most LIST_STREAM_MAX_RUN
 * cells. Runs come in any order; the
 * first rows of every column (LIST_STREAM_FIRST_ROWS) come before the rest.
 */
export const listStreamRunSchema = z
  .tuple([z.number().int(), z.number().int().nonnegative()])
  .rest(z.union([z.number(), z.string()]));
export type ListStreamRun = z.infer<typeof listStreamRunSchema>;

/** Rows of every column a list stream sends before the rest: a screenful and some (issue 14 item 5). */
export const LIST_STREAM_FIRST_ROWS = 100;

/** Most cells in one run of a list stream, so a reader can show cells before a long column ends. */
export const LIST_STREAM_MAX_RUN = 2000;

/** The media type of a list stream: newline-delimited JSON (one JSON value per line). */
export const LIST_STREAM_MEDIA_TYPE = 'application/x-ndjson';

const cellInput = z.object({
  id: cellIdSchema.nullish(),
  row_number: intSchema(0, INT4_MAX),
  value: text(LIST_MAX_VALUE_LENGTH).max(
    LIST_MAX_VALUE_LENGTH,
    `A cell holds at most ${LIST_MAX_VALUE_LENGTH} characters`,
  ),
});
/** One cell of a full save: a saved or temporary id (or none), its row and its value. */
export type CellInput = z.infer<typeof cellInput>;

/**
 * The cells of one column in a full save. A million cells are checked in one pass that names
 * the offending cell (`list_values.N.value`) without copying every object, which zod's object
 * parsing would do; the rules are those of `cellInput`.
 */
const cellsInput = documentAs(
  z
    .array(z.unknown())
    .superRefine((cells, ctx) => {
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i] as { id?: unknown; row_number?: unknown; value?: unknown } | null;
        if (typeof cell !== 'object' || cell === null) {
          ctx.addIssue({
            code: 'custom',
            path: [i],
            message: 'A cell is an object with row_number and value',
          });
          return;
        }
        const { id, row_number: row, value } = cell;
        if (
          !(
            id === undefined ||
            id === null ||
            (typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= BIGINT_MAX) ||
            (typeof id === 'string' && id.length > 0 && id.length <= 64 && isSafeText(id))
          )
        ) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'id'],
            message: 'A cell id is a positive integer or a temporary id',
          });
          return;
        }
        if (typeof row !== 'number' || !Number.isInteger(row) || row < 0 || row > INT4_MAX) {
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
        if (!isSafeText(value)) {
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: UNSAFE_TEXT_MESSAGE });
          return;
        }
      }
    })
    .transform((cells) => cells as CellInput[])
    .meta({ description: 'Cells: [{ id?: number | temporary id, row_number: integer >= 0, value: text }]' }),
  z.array(cellInput),
);

const columnInput = z.object({
  id: columnIdSchema.nullish(),
  name: text(255).trim().default(''),
  precedence: intSchema(0, INT4_MAX),
  powered_template_field_id: idSchema.nullish(),
  list_values: cellsInput.default([]),
});

/**
 * Adds an issue at each item whose id was already used by an earlier item (issue 8 item 11:
 * a repeated id would silently keep one of the two). Items without an id are skipped.
 */
function reportRepeats(
  ctx: z.RefinementCtx,
  items: readonly { id: number | string | null | undefined; path: (string | number)[] }[],
  what: string,
): void {
  const seen = new Set<number | string>();
  for (const item of items) {
    if (item.id === null || item.id === undefined) continue;
    if (seen.has(item.id)) {
      ctx.addIssue({
        code: 'custom',
        path: item.path,
        message: `The ${what} id ${item.id} is sent twice; send each id once`,
      });
    }
    seen.add(item.id);
  }
}

/**
 * The delta save's rule for one part (columns or values; issue 8 item 11): no id upserted
 * twice, none deleted twice, and none both upserted and deleted (which would delete it).
 */
function reportContradictions(
  ctx: z.RefinementCtx,
  part: { upsert: readonly { id: number | string }[]; deleted_ids: readonly number[] },
  what: string,
): void {
  reportRepeats(
    ctx,
    part.upsert.map((u, i) => ({ id: u.id, path: ['upsert', i, 'id'] })),
    what,
  );
  reportRepeats(
    ctx,
    part.deleted_ids.map((id, i) => ({ id, path: ['deleted_ids', i] })),
    what,
  );
  const upserted = new Set(part.upsert.map((u) => u.id));
  part.deleted_ids.forEach((id, i) => {
    if (upserted.has(id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['deleted_ids', i],
        message: `The ${what} id ${id} is both changed and deleted; send it in one of the two`,
      });
    }
  });
}

/**
 * The full list save (spec 02 §7 PUT /api/v1/account/lists/): create when id is null, update
 * otherwise. Without list_columns a new list gets one empty column and an update keeps its
 * cells. `updated_at` is the time the client read; a different stored one answers 409.
 * Limits (100 columns, 10,000 rows) answer 413; values are trimmed; empty cells are not stored.
 */
export const listSaveSchema = z.object({
  id: idSchema.nullish(),
  name: requiredName,
  notes: optionalText(2000),
  type: z.enum(LIST_TYPES, { error: 'Choose drop-down, drill-down or dependent' }),
  powered_template_id: idSchema.nullish(),
  updated_at: updatedAtSchema,
  list_columns: z
    .array(columnInput)
    .superRefine((columns, ctx) => {
      reportRepeats(
        ctx,
        columns.map((c, i) => ({ id: c.id, path: [i, 'id'] })),
        'list column',
      );
      // Cells are many: collect ids in one pass and build paths only for the repeats.
      const seen = new Map<string | number, [number, number]>();
      columns.forEach((column, c) => {
        column.list_values.forEach((cell, v) => {
          // A cell that is not an object was already refused, naming it, by the column's check.
          if (typeof cell !== 'object' || cell === null) return;
          if (cell.id === null || cell.id === undefined) return;
          const first = seen.get(cell.id);
          if (!first) {
            seen.set(cell.id, [c, v]);
            return;
          }
          ctx.addIssue({
            code: 'custom',
            path: [c, 'list_values', v, 'id'],
            message: `The list value id ${cell.id} is sent twice (also at list_columns.${first[0]}.list_values.${first[1]}); each cell is sent once`,
          });
        });
      });
    })
    .optional(),
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
  updated_at: isoTimeSchema,
  name: requiredName.optional(),
  notes: optionalText(2000).optional(),
  type: z.enum(LIST_TYPES).optional(),
  columns: z
    .object({
      upsert: z
        .array(
          z.object({
            id: columnIdSchema,
            name: text(255).trim(),
            precedence: intSchema(0, INT4_MAX),
          }),
        )
        .default([]),
      deleted_ids: z.array(idSchema).default([]),
    })
    .superRefine((columns, ctx) => reportContradictions(ctx, columns, 'list column'))
    .optional(),
  values: z
    .object({
      upsert: z
        .array(
          cellInput.extend({
            id: cellIdSchema,
            list_column_id: columnIdSchema,
          }),
        )
        .default([]),
      deleted_ids: z.array(bigIdSchema).default([]),
    })
    .superRefine((values, ctx) => reportContradictions(ctx, values, 'list value'))
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
  stream: endpoint({
    method: 'GET',
    path: '/api/v1/account/lists/:id/stream',
    tag: 'Lists',
    summary:
      'The same list as newline-delimited JSON, for reading it progressively (the editor uses this): a first line with the list and its columns (each with row_count), then runs of cells [list_column_id, first_row_number, id, value, id, value, …], the first 100 rows of every column before the rest.',
    permission: 'manage_lists',
    params: idParamSchema,
    response: z.union([listStreamHeadSchema, listStreamRunSchema]),
    responseMediaType: LIST_STREAM_MEDIA_TYPE,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/lists/',
    tag: 'Lists',
    summary:
      'Save a whole list: create (id null) or replace (id). 409 when updated_at is stale; 413 over 100 columns or 10,000 rows.',
    permission: 'manage_lists',
    errors: ['LOCKED'],
    body: listSaveSchema,
    response: listSavedSchema,
    bodyLimit: LIST_SAVE_BODY_LIMIT,
    arrayLimit: { max: LIST_MAX_ROWS, items: 'cells in a column' },
  }),
  saveDelta: endpoint({
    method: 'POST',
    path: '/api/v1/account/lists/:id/delta',
    tag: 'Lists',
    summary: 'Save only what changed in a list since updated_at (the editor uses this). 409 when stale.',
    permission: 'manage_lists',
    errors: ['LOCKED'],
    params: idParamSchema,
    body: listDeltaSchema,
    response: listSavedSchema,
    bodyLimit: LIST_DELTA_BODY_LIMIT,
    arrayLimit: { max: LIST_MAX_ROWS * LIST_MAX_COLUMNS, items: 'cells' },
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
