import { z } from 'zod';
import { endpoint } from '../core/contract';
import { PROVIDER_ERRORS } from '../core/errors';
import {
  idListSchema,
  idParamSchema,
  idSchema,
  optionalText,
  requiredName,
  text,
  updatedAtSchema,
} from '../core/schemas';

/** A field mapped to one classification of a target's report (spec 01 §3.1 target_fields). */
export const targetFieldSchema = z.object({
  id: z.number(),
  field_id: z.number(),
  field_name: z.string(),
  classification_name: z.string(),
});
export type TargetField = z.infer<typeof targetFieldSchema>;

/** The connected account of a target as the table and editor show it (spec 01 §3.1 connector.connector_type.name). */
export const targetConnectorSchema = z.object({
  id: z.number(),
  name: z.string(),
  connector_type: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
});

/** A row of the targets table (spec 01 §2.4: name, type, multi targets count, description from nickname). */
export const targetSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  nickname: z.string(),
  connector_type_id: z.number(),
  /** The connector type's name (spec 01 §2.4 "type"). */
  type: z.string(),
  connector_id: z.number().nullable(),
  connector: targetConnectorSchema.nullable(),
  multi_targets_count: z.number(),
  updated_at: z.string(),
});
export type TargetSummary = z.infer<typeof targetSummarySchema>;

/**
 * A target (spec 01 §3.1): its Adobe part (report suite = realm, report, classification names
 * read from Adobe when the report was chosen, confirmation email) or its Google part (account,
 * property, custom data source and schema text), and its target fields. Unset text is ''.
 */
export const targetSchema = targetSummarySchema.extend({
  remote_realm_id: z.string(),
  realm_name: z.string(),
  remote_target_id: z.string(),
  remote_target_name: z.string(),
  classifications_names: z.array(z.string()),
  use_aa_confirmation_email: z.boolean(),
  aa_confirmation_email: z.string(),
  ga_account_id: z.string(),
  ga_property_id: z.string(),
  ga_custom_data_source_id: z.string(),
  ga_custom_data_source_schema: z.string(),
  target_fields: z.array(targetFieldSchema),
});
export type Target = z.infer<typeof targetSchema>;

const remoteId = optionalText(255);

/**
 * The target editor's save (spec 01 §7 `PUT /api/v1/account/targets/`): no id creates, an id
 * updates. Spec 01 §5 rules (`targetIssues`) are checked by the server. `target_fields`, when
 * present, replace the target's fields; absent keeps them. The Adobe report's name and
 * classification names are read from Adobe by the server, not taken from the body.
 */
export const targetSaveSchema = z.object({
  id: idSchema.nullish(),
  name: requiredName,
  nickname: optionalText(255),
  connector_type_id: z.union([z.literal(1), z.literal(2)]),
  connector_id: idSchema.nullish(),
  remote_realm_id: remoteId,
  realm_name: optionalText(255),
  remote_target_id: remoteId,
  use_aa_confirmation_email: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  aa_confirmation_email: optionalText(255),
  ga_account_id: remoteId,
  ga_property_id: remoteId,
  ga_custom_data_source_id: remoteId,
  ga_custom_data_source_schema: optionalText(20_000),
  target_fields: z
    .array(z.object({ field_id: idSchema, classification_name: text(255).trim().min(1, 'Required') }))
    .max(500)
    .nullish(),
  updated_at: updatedAtSchema,
});
export type TargetSave = z.input<typeof targetSaveSchema>;

/** Status of a multi-target: whether classification data is sent to it. */
export const MULTI_TARGET_STATUSES = ['active', 'inactive'] as const;
export type MultiTargetStatus = (typeof MULTI_TARGET_STATUSES)[number];

/** One multi-target of an Adobe target (spec 01 §3.1): another report suite and report fed the same data. */
export const multiTargetSchema = z.object({
  local_multi_target_id: z.number(),
  remote_realm_id: z.string(),
  remote_realm_name: z.string(),
  remote_target_id: z.string(),
  remote_target_name: z.string(),
  classifications_names: z.array(z.string()),
  status: z.enum(MULTI_TARGET_STATUSES),
});
export type MultiTarget = z.infer<typeof multiTargetSchema>;

/**
 * Multi-target entries to add (no local_multi_target_id) or change (with one) (spec 01 §7 `POST
 * .../multi-targets`). The report's name and classification names are read from Adobe; an
 * incompatible report or one already added answers 400 naming it.
 */
export const multiTargetsSaveSchema = z.object({
  multi_targets: z
    .array(
      z.object({
        local_multi_target_id: idSchema.nullish(),
        remote_realm_id: text(255).trim().min(1, 'Required'),
        remote_realm_name: optionalText(255),
        remote_target_id: text(255).trim().min(1, 'Required'),
        status: z.enum(MULTI_TARGET_STATUSES).default('active'),
      }),
    )
    .min(1, 'Add at least one multi-target')
    .max(200),
});
export type MultiTargetsSave = z.input<typeof multiTargetsSaveSchema>;

/** A target a template's import may read (spec 01 §7 targetsForImport). */
export const targetForImportSchema = z.object({
  id: z.number(),
  name: z.string(),
  nickname: z.string(),
  connector_id: z.number(),
  connector_type_id: z.number(),
  remote_realm_id: z.string(),
  realm_name: z.string(),
  remote_target_id: z.string(),
  remote_target_name: z.string(),
});
export type TargetForImport = z.infer<typeof targetForImportSchema>;

/** A field a target field may map (spec 01 §2.5 field-compatibility panel): a field of a field set or a pattern. */
export const targetFieldChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The field set or pattern it belongs to, for telling same-named fields apart. */
  group: z.string(),
});
export type TargetFieldChoice = z.infer<typeof targetFieldChoiceSchema>;

/** Target endpoints (spec 01 §2.4, §2.5, §7; spec 03 §7 field targets). */
export const targetsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/targets',
    tag: 'Targets',
    summary: "The account's targets by name, with their type and multi-target count.",
    permission: 'manage_targets',
    response: z.object({ data: z.array(targetSummarySchema) }),
  }),
  forImport: endpoint({
    method: 'GET',
    path: '/api/v1/account/targets/targetsForImport',
    tag: 'Targets',
    summary:
      'Adobe targets with a connected account and a report, which template imports may read. Any signed-in user.',
    permission: 'signed-in',
    response: z.object({ data: z.array(targetForImportSchema) }),
  }),
  fieldChoices: endpoint({
    method: 'GET',
    path: '/api/v1/account/targets/field-choices',
    tag: 'Targets',
    summary: 'The fields a target field may map: fields of field sets and patterns, by name.',
    permission: 'manage_targets',
    response: z.object({ data: z.array(targetFieldChoiceSchema) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/targets/:id',
    tag: 'Targets',
    summary: 'One target with its fields.',
    permission: 'manage_targets',
    params: idParamSchema,
    response: targetSchema,
  }),
  fields: endpoint({
    method: 'GET',
    path: '/api/v1/account/targets/:id/fields',
    tag: 'Targets',
    summary: "A target's fields: which field feeds which classification of its report.",
    permission: 'manage_targets',
    errors: PROVIDER_ERRORS,
    params: idParamSchema,
    response: z.object({ data: z.array(targetFieldSchema) }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/targets/',
    tag: 'Targets',
    summary:
      'Create (no id) or update (id) a target. Needs a name, a connected account of the type, and a report (Adobe) or a custom data source (Google).',
    permission: 'manage_targets',
    body: targetSaveSchema,
    response: z.object({ target: z.object({ id: z.number() }) }),
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/targets/bulk/delete',
    tag: 'Targets',
    summary: 'Delete targets with their multi-targets and fields; all or nothing, 404 for unknown ids.',
    permission: 'manage_targets',
    body: z.object({ target_ids: idListSchema }),
    response: z.object({ ok: z.literal(true), message: z.string() }),
  }),
  multiTargets: endpoint({
    method: 'GET',
    path: '/api/v1/account/targets/:id/multi-targets',
    tag: 'Targets',
    summary: "An Adobe target's multi-targets.",
    permission: 'manage_targets',
    params: idParamSchema,
    response: z.object({ data: z.array(multiTargetSchema) }),
  }),
  saveMultiTargets: endpoint({
    method: 'POST',
    path: '/api/v1/account/targets/:id/multi-targets',
    tag: 'Targets',
    summary:
      "Add or change multi-targets; answers the whole list. Reports are read from Adobe; one lacking a classification the target needs, the target's own report or one already added answers 400.",
    permission: 'manage_targets',
    errors: PROVIDER_ERRORS,
    params: idParamSchema,
    body: multiTargetsSaveSchema,
    response: z.object({ data: z.array(multiTargetSchema) }),
  }),
  deleteMultiTargets: endpoint({
    method: 'POST',
    path: '/api/v1/account/targets/:id/multi-targets/bulk/delete',
    tag: 'Targets',
    summary: "Delete multi-targets of a target; 404 for ids that are not the target's.",
    permission: 'manage_targets',
    params: idParamSchema,
    body: z.object({ multi_target_ids: idListSchema }),
    response: z.object({ data: z.array(multiTargetSchema) }),
  }),
  fieldTargets: endpoint({
    method: 'POST',
    path: '/api/v1/account/field/targets',
    tag: 'Targets',
    summary:
      'The targets whose fields use any of the given fields (spec 03 §7): name and id, with the fields.',
    permission: 'signed-in',
    body: z.object({ fieldIds: z.array(idSchema).max(1000) }),
    response: z.object({
      data: z.array(z.object({ id: z.number(), name: z.string(), field_ids: z.array(z.number()) })),
    }),
  }),
};
