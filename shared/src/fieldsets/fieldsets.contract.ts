import { z } from 'zod';
import { endpoint } from '../core/contract';
import {
  idListSchema,
  idParamSchema,
  idSchema,
  okSchema,
  optionalText,
  requiredName,
  updatedAtSchema,
} from '../core/schemas';
import { fieldIdSchema, withGovernanceSettings } from '../governance/governance.contract';

/**
 * One field in a field-set save, by governance type with that type's settings (spec 02 §2, §3;
 * spec 03 §3; GOVERNANCE_SETTINGS_SHAPES): list (list and column, a delimiter joining several
 * values), autonumber (start, width), autofill (another field of the set), concatenation (two or
 * more fields of the set and a delimiter), constant (a value), date (the date format), text
 * (validation and transformation), creative (what it classifies).
 */
export const fieldSaveSchema = withGovernanceSettings({
  id: fieldIdSchema,
  name: requiredName,
  description: optionalText(2000),
  required: z.boolean().default(false),
  must_be_unique: z.boolean().default(false),
});
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
