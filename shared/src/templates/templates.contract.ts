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
  timestampSchema,
} from '../core/schemas';
import {
  DATE_ORDERS,
  DAY_FORMATS,
  MONTH_FORMATS,
  SEGMENT_DELIMITERS,
  YEAR_FORMATS,
} from '../governance/formats';
import {
  CLASSIFICATION_PARAMETER_TYPES,
  FIELD_DELIMITERS,
  GOVERNANCE_TYPES,
  textTransformationSchema,
  textValidationSchema,
} from '../governance/governance.contract';
import { integrationAssignmentSchema } from '../integrations/integration-assignment';
import { paletteColorSchema, SEGMENT_TYPES, segmentIdSchema } from '../patterns/patterns.contract';

/** Prefix of a temporary id of a template part not yet saved (spec 03 §3: new ones get TEMP_ ids). */
export const TEMPLATE_TEMP_ID_PREFIX = 'TEMP_';

/** An id that is a saved row's positive integer or a `TEMP_…` text before the first save (spec 03 §3). */
function savedOrTempId(what: string) {
  return z.union([
    idSchema,
    text(64).regex(/^TEMP_[A-Za-z0-9_-]{1,58}$/, `A new ${what} id starts with TEMP_`),
  ]);
}

/** A template field id: saved (number) or new (`TEMP_…`) until the template is saved (spec 03 §3). */
export const templateFieldIdSchema = savedOrTempId('template field');
/** A template field id (spec 03 §3). */
export type TemplateFieldId = z.infer<typeof templateFieldIdSchema>;

/** A field id as a template field names it: saved, or `TEMP_…` for a field the template creates (link). */
export const templateFieldFieldIdSchema = savedOrTempId('field');
/** A field id inside a template (spec 03 §3 field_id). */
export type TemplateFieldFieldId = z.infer<typeof templateFieldFieldIdSchema>;

/** A link parameter id: saved or `TEMP_…` (spec 03 §3 "Link parameter"). */
export const linkParameterIdSchema = savedOrTempId('link parameter');

/**
 * Governance types of a template field (spec 03 §1): the field-set kinds of spec 02 §3 plus the
 * system kinds a template adds (cv_id, link, random, pattern, shortened-link, deep-link,
 * custom-bitlink, smart-link) and `variable`, a variable segment's field before it is given a
 * governance (spec 03 §2 "other than a variable segment").
 */
export const TEMPLATE_GOVERNANCE_TYPES = [
  ...GOVERNANCE_TYPES,
  'cv_id',
  'link',
  'random',
  'pattern',
  'shortened-link',
  'deep-link',
  'custom-bitlink',
  'smart-link',
  'variable',
] as const;
/** One template governance type (spec 03 §1). */
export type TemplateGovernanceType = (typeof TEMPLATE_GOVERNANCE_TYPES)[number];

/** Governance types the template itself owns: they never come from a field set (spec 03 §1, §2). */
export const SYSTEM_GOVERNANCE_TYPES: readonly TemplateGovernanceType[] = [
  'cv_id',
  'link',
  'shortened-link',
  'deep-link',
  'custom-bitlink',
  'smart-link',
];

/** Governance types whose fields cannot be deleted (spec 03 §2 "Field edit drawer rules"). */
export const UNDELETABLE_GOVERNANCE_TYPES: readonly TemplateGovernanceType[] = [
  'deep-link',
  'custom-bitlink',
];

/** What a creative field classifies from (spec 03 §3 classification_parameter_type). */
export type ClassificationParameterType = (typeof CLASSIFICATION_PARAMETER_TYPES)[number];

/** The field a template field stands for (spec 03 §3 "Template field" field). */
export const templateFieldFieldSchema = z.object({
  id: templateFieldFieldIdSchema.nullable(),
  name: text(255),
  governance_type: z.enum(TEMPLATE_GOVERNANCE_TYPES).nullable(),
  is_pattern: z.boolean().default(false),
  fieldset_id: idSchema.nullable().default(null),
  segment_parent_field_id: templateFieldFieldIdSchema.nullable().default(null),
  segment_type: z.enum(SEGMENT_TYPES).nullable().default(null),
  /** The pattern segment this field stands for (ours: spec 03 names only its type). */
  segment_id: segmentIdSchema.nullable().default(null),
});
/** The field of a template field (spec 03 §3). */
export type TemplateFieldField = z.output<typeof templateFieldFieldSchema>;

/** A list a list field draws from, as carried for the editor: its type and columns in order (spec 02 §3). */
export const templateListSchema = z.object({
  id: idSchema,
  name: text(255),
  type: z.enum(['drop-down', 'drill-down', 'dependent']),
  columns: z.array(z.object({ id: idSchema, name: text(255) })).max(500),
});
/** A list as a template field carries it (spec 03 §3 list_governance.lists). */
export type TemplateList = z.output<typeof templateListSchema>;

/** List governance of a template field (spec 03 §3): the list, its column and the list itself. */
export const templateListGovernanceSchema = z.object({
  list_id: idSchema.nullable(),
  list_column_id: idSchema.nullable(),
  delimiter: z.enum(FIELD_DELIMITERS).default('none'),
  lists: z.array(templateListSchema).max(20).default([]),
});

/** A list column that uses a template field; such a field cannot be deleted (spec 03 §2, §3 list_columns). */
export const templateFieldListColumnSchema = z.object({
  list_id: idSchema,
  list_name: text(255),
  list_column_id: idSchema,
  column_name: text(255),
});
/** A list column using a field (spec 03 §3). */
export type TemplateFieldListColumn = z.output<typeof templateFieldListColumnSchema>;

/** Link governance of the link field (spec 03 §3 link_governance). */
export const linkGovernanceSchema = z.object({
  domain_restrictions: z.array(text(255).trim().min(1)).max(100).default([]),
  do_not_encode_manually_entered_parameters: z.boolean().default(false),
  use_redirect_url: z.boolean().default(false),
});
/** Link governance (spec 03 §3). */
export type LinkGovernance = z.output<typeof linkGovernanceSchema>;

/** A pattern segment as a pattern field carries it when added: what its segment fields stand for. */
export const templatePatternSegmentSchema = z.object({
  id: segmentIdSchema,
  name: text(255),
  segment_type: z.enum(SEGMENT_TYPES),
  segment_precedence: intSchema(),
});
/** A pattern field's segment (spec 03 §3 segments). */
export type TemplatePatternSegment = z.output<typeof templatePatternSegmentSchema>;

/**
 * Whether a variable segment's field takes its value from the field-set field of the same name
 * (ours; spec 02 §3 autofill, spec 03 §2): `linked`, it is filled from that field (governance
 * autofill, hidden, one column in the form and every output); `unlinked`, the user chose to keep
 * the segment's own field, so adding a same-named field again does not link it; null, never
 * decided (it links when a same-named field-set field is in the template).
 */
export const SEGMENT_LINK_STATES = ['linked', 'unlinked'] as const;
/** One segment link state (ours). */
export type SegmentLinkState = (typeof SEGMENT_LINK_STATES)[number];

/**
 * One template field (spec 03 §3 "Template field"), as GET answers it and as the editor keeps it.
 * Settings of a kind it does not have are null. Drafts parse: a missing governance type, list or
 * column is a `validateTemplate` issue, not a parse failure. `color` and `pattern_updated_at`
 * (ours) are a pattern field's palette colour and the pattern's updated_at when it was added;
 * `segment_link` (ours) whether a segment's field is filled from a same-named field-set field.
 */
export const templateFieldSchema = z.object({
  id: templateFieldIdSchema,
  field_id: templateFieldFieldIdSchema.nullable(),
  field: templateFieldFieldSchema,
  precedence: intSchema(),
  governance_type: z.enum(TEMPLATE_GOVERNANCE_TYPES).nullable(),
  required: z.boolean().default(false),
  visible_on_form: z.boolean().default(true),
  default_value: optionalText(2000),
  apply_default_value_to_empty_values: z.boolean().default(false),
  must_be_unique: z.boolean().default(false),
  is_preview_url: z.boolean().default(false),
  generates_creative_classification: z.boolean().default(false),
  classification_parameter_type: z.enum(CLASSIFICATION_PARAMETER_TYPES).nullable().default(null),
  constant_value: text(2000).nullable().default(null),
  list_governance: templateListGovernanceSchema.nullable().default(null),
  list_columns: z.array(templateFieldListColumnSchema).max(1000).default([]),
  autofill: z.object({ field_id: templateFieldFieldIdSchema.nullable() }).nullable().default(null),
  date: z
    .object({
      order: z.enum(DATE_ORDERS),
      months: z.enum(MONTH_FORMATS),
      days: z.enum(DAY_FORMATS),
      years: z.enum(YEAR_FORMATS),
      delimiter: z.enum(SEGMENT_DELIMITERS),
    })
    .nullable()
    .default(null),
  validation: textValidationSchema.nullable().default(null),
  transformation: textTransformationSchema.nullable().default(null),
  concatenation_governance: z
    .object({
      field_ids: z.array(templateFieldFieldIdSchema).max(50),
      delimiter: z.enum(FIELD_DELIMITERS).default('_'),
    })
    .nullable()
    .default(null),
  segments: z.array(templatePatternSegmentSchema).max(100).default([]),
  max_length: intSchema(1, 10_000).nullable().default(null),
  min_length: intSchema(0, 10_000).nullable().default(null),
  link_governance: linkGovernanceSchema.nullable().default(null),
  color: paletteColorSchema.nullable().default(null),
  pattern_updated_at: timestampSchema.nullable().default(null),
  segment_link: z.enum(SEGMENT_LINK_STATES).nullable().default(null),
});
/** A template field after parsing (spec 03 §3). */
export type TemplateField = z.output<typeof templateFieldSchema>;
/** A template field as sent, before defaults. */
export type TemplateFieldInput = z.input<typeof templateFieldSchema>;

/** URL encodings of a link parameter's value (spec 03 §3, §9; default dynamic). */
export const URL_ENCODINGS = ['standard', 'dynamic'] as const;
/** URL encodings of a link parameter's name (spec 03 §3, §9; default encoded). */
export const URL_NAME_ENCODINGS = ['encoded', 'not_encoded'] as const;

/** One link parameter (spec 03 §3 "Link parameter"): `name=[field]` in the link. */
export const linkParameterSchema = z.object({
  id: linkParameterIdSchema.nullable().default(null),
  name: optionalText(255),
  field_id: templateFieldFieldIdSchema.nullable().default(null),
  template_field_id: templateFieldIdSchema.nullable().default(null),
  precedence: intSchema().default(0),
  url_encoding: z.enum(URL_ENCODINGS).default('dynamic'),
  url_name_encoding: z.enum(URL_NAME_ENCODINGS).default('encoded'),
  fieldset_ids: z.array(idSchema).max(100).default([]),
  transform: text(50).default('none'),
  template_id: idSchema.nullable().default(null),
});
/** A link parameter (spec 03 §3). */
export type LinkParameter = z.output<typeof linkParameterSchema>;

/** Modes of the Adobe Analytics report-suite choice (spec 03 §4; Adobe Analytics defaults to target). */
export const REPORT_SUITE_MODES = ['target', 'explore', 'input'] as const;
/** One report-suite mode (spec 03 §4). */
export type ReportSuiteMode = (typeof REPORT_SUITE_MODES)[number];

/** One option of a link validation: on or off, with its expected values (spec 03 §3 "Link validation"). */
export const linkValidationOptionSchema = z.object({
  enabled: z.boolean().default(false),
  metadata: z.record(z.string().regex(/^[a-z_]{1,100}$/), text(1000)).default({}),
});
/** A link validation option (spec 03 §3). */
export type LinkValidationOption = z.output<typeof linkValidationOptionSchema>;

/** The link validation types (spec 03 §2: Adobe Analytics, Google Analytics, Facebook pixel, generic). */
export const LINK_VALIDATION_SLUGS = [
  'adobe_analytics',
  'google_analytics',
  'facebook_pixel',
  'generic',
] as const;
/** One link validation type (spec 03 §2). */
export type LinkValidationSlug = (typeof LINK_VALIDATION_SLUGS)[number];

/** One link validation of a template (spec 03 §3): its type, uuid and options keyed by option slug. */
export const linkValidationSchema = z.object({
  slug: z.enum(LINK_VALIDATION_SLUGS),
  uuid: text(64).trim().min(1),
  options: z.record(z.string().regex(/^[a-z_]{1,100}$/), linkValidationOptionSchema).default({}),
});
/** A link validation (spec 03 §3). */
export type LinkValidation = z.output<typeof linkValidationSchema>;

/**
 * The option slugs of each link validation type and the expected values each needs when enabled
 * (spec 03 §3, §5 "Link governance"). The spec lists the keys without saying which option needs
 * which; ours: the "exists" options need none; the Adobe report-suite option needs the value of
 * its mode (`report_suite_mode`: target → expected_target_id, explore → expected_report_suite_id,
 * input → user_provided_account_id and expected_report_suite_id).
 */
export const LINK_VALIDATION_TYPES: Readonly<
  Record<LinkValidationSlug, { label: string; options: Readonly<Record<string, readonly string[]>> }>
> = {
  adobe_analytics: {
    label: 'Adobe Analytics',
    options: { aa_pixel_exists: [], aa_correct_report_suite: [], aa_correct_report: ['expected_report_id'] },
  },
  google_analytics: {
    label: 'Google Analytics',
    options: { ga_pixel_exists: [], ga_correct_property: ['expected_property_id'] },
  },
  facebook_pixel: {
    label: 'Facebook pixel',
    options: { fb_pixel_exists: [], fb_pixel_correct_id: ['expected_property_id'] },
  },
  generic: { label: 'Generic', options: { generic_pixel_exists: ['expected_pixel_url'] } },
};

/** Expected values of the Adobe report-suite option per mode (spec 03 §4; ours where silent). */
export const REPORT_SUITE_MODE_KEYS: Readonly<Record<ReportSuiteMode, readonly string[]>> = {
  target: ['expected_target_id'],
  explore: ['expected_report_suite_id'],
  input: ['user_provided_account_id', 'expected_report_suite_id'],
};

/**
 * The metadata keys an enabled link validation option must fill (spec 03 §5 "Link governance").
 * Unknown options need nothing.
 */
export function requiredLinkValidationKeys(
  optionSlug: string,
  option: LinkValidationOption,
): readonly string[] {
  if (optionSlug === 'aa_correct_report_suite') {
    const mode = (option.metadata.report_suite_mode ?? 'target') as ReportSuiteMode;
    return REPORT_SUITE_MODE_KEYS[mode] ?? REPORT_SUITE_MODE_KEYS.target;
  }
  for (const type of Object.values(LINK_VALIDATION_TYPES)) {
    const keys = type.options[optionSlug];
    if (keys) return keys;
  }
  return [];
}

/** Template settings, each 0/1 (spec 03 §3 settings). */
export const templateSettingsSchema = z.object({
  require_identifier: z.union([z.literal(0), z.literal(1)]).default(0),
  require_approval: z.union([z.literal(0), z.literal(1)]).default(0),
  enable_auto_submit: z.union([z.literal(0), z.literal(1)]).default(0),
});
/** Template settings (spec 03 §3). */
export type TemplateSettings = z.output<typeof templateSettingsSchema>;

/** A user who receives submission status notices (spec 03 §3 submissionStatusRecipients). */
export const submissionStatusRecipientSchema = z.object({
  userId: idSchema,
  email: text(320).trim(),
});

/** One creative classification category threshold (spec 03 §3 creativeConfiguration). */
export const creativeConfigurationSchema = z.object({
  categoryId: idSchema,
  threshold: intSchema(0, 100),
  templateClassificationId: idSchema.nullable().default(null),
});
/** A creative configuration entry (spec 03 §3). */
export type CreativeConfiguration = z.output<typeof creativeConfigurationSchema>;

/** Default category thresholds, by category text (spec 03 §3 "Creative classification category"). */
export const CREATIVE_CATEGORY_DEFAULT_THRESHOLDS: Readonly<Record<string, number>> = {
  Logos: 80,
  Places: 30,
  Objects: 30,
  Emotions: 50,
  Activities: 30,
  Affinities: 30,
  Demographics: 50,
  'IAB Ad Product': 30,
  IAB: 30,
};

/** Most template fields of one template (ours: the spec's largest case is 200). */
export const TEMPLATE_MAX_FIELDS = 1000;

const templateBody = {
  name: optionalText(255),
  description: optionalText(2000),
  folder_id: idSchema.nullable().default(null),
  settings: templateSettingsSchema.default({
    require_identifier: 0,
    require_approval: 0,
    enable_auto_submit: 0,
  }),
  approvers: z.array(idSchema).max(500).default([]),
  submissionStatusRecipients: z.array(submissionStatusRecipientSchema).max(500).default([]),
  isCreativeClassificationEnabled: z.boolean().default(false),
  creativeConfiguration: z.array(creativeConfigurationSchema).max(100).default([]),
  template_fields: z.array(templateFieldSchema).max(TEMPLATE_MAX_FIELDS).default([]),
  fieldsets: z.array(idSchema).max(200).default([]),
  integrations: z.array(integrationAssignmentSchema).max(200).default([]),
  parameters: z.array(linkParameterSchema).max(500).default([]),
  validations: z.array(linkValidationSchema).max(50).default([]),
  rollup_dataset_id: idSchema.nullable().default(null),
};

/**
 * A template as GET /api/v1/account/template/{id} answers it and as the editor holds it (spec 03
 * §3; issue 9 item 9): settings, approvers' ids, recipients, creative classification, template
 * fields with their field, field set ids, integration assignments, link parameters and link
 * validations. `id` is null for a new template. `name` may be empty in a draft (an issue).
 */
export const templateSchema = z.object({
  id: idSchema.nullable(),
  uuid: text(64).nullable().default(null),
  ...templateBody,
  updated_at: timestampSchema.nullable().default(null),
  created_at: timestampSchema.nullable().default(null),
});
/** A template (spec 03 §3). */
export type Template = z.output<typeof templateSchema>;
/** A template as sent, before defaults. */
export type TemplateInput = z.input<typeof templateSchema>;

/**
 * The save payload of PUT /api/v1/account/template/ (spec 03 §4, §7): the whole template; no id
 * creates one. New template fields, link parameters and integrations carry TEMP_ ids. The name is
 * required here; the other rules are `validateTemplate`'s, which the server runs again.
 */
export const templateSaveSchema = z.object({
  id: idSchema.nullish(),
  ...templateBody,
  name: requiredName,
  /** The `updated_at` the editor read; a different stored one answers 409 (ARCHITECTURE.md, Data). */
  updated_at: timestampSchema.nullish(),
});
/** A template save as sent (spec 03 §7). */
export type TemplateSave = z.input<typeof templateSaveSchema>;
/** A template save after parsing. */
export type TemplateSaveParsed = z.output<typeof templateSaveSchema>;

/** A template on the list page (spec 03 §2 "Template list"). */
export const templateSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  updated_at: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  patterns: z.array(z.string()),
  fieldsets: z.array(z.string()),
  folder_id: z.number().nullable(),
});
/** A template summary (spec 03 §2). */
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** Statuses of a template log (spec 03 §4). */
export const TEMPLATE_LOG_STATUSES = ['Running', 'Success', 'Failed'] as const;
/** One template log status (spec 03 §4). */
export type TemplateLogStatus = (typeof TEMPLATE_LOG_STATUSES)[number];

/** One template log: the slow part of a save (spec 03 §4, §7). */
export const templateLogSchema = z.object({
  id: z.number(),
  template_id: z.number(),
  status: z.enum(TEMPLATE_LOG_STATUSES),
  message: z.string(),
  created_at: z.string(),
});
/** A template log (spec 03 §4). */
export type TemplateLog = z.infer<typeof templateLogSchema>;

/** Reads of the template logs while Running after a save: 5 in all, 4 repeats (spec 03 §4, §9). */
export const TEMPLATE_LOG_MAX_READS = 5;

const flagQuery = z.enum(['true', 'false']).optional();

/** A field with the integration assignments mapping it (spec 03 §7 fieldsMappedToIntegrations; shape ours). */
export const fieldMappedToIntegrationsSchema = z.object({
  template_field_id: z.number(),
  field_id: z.number(),
  integrations: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
});

/** Template endpoints (spec 03 §7). The list fetch path is ours (the spec does not show it). */
export const templatesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/account/template',
    tag: 'Templates',
    summary: "The account's templates, newest first.",
    permission: 'manage_templates',
    response: z.object({ data: z.array(templateSummarySchema) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/template/:id',
    tag: 'Templates',
    summary: 'One template with its fields, field sets, integrations, parameters, validations and approvers.',
    permission: 'manage_templates',
    params: idParamSchema,
    response: templateSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v1/account/template/',
    tag: 'Templates',
    summary:
      'Create (no id) or update a template; answers the id at once, the slow part writes a template log.',
    permission: 'manage_templates',
    body: templateSaveSchema,
    response: z.object({ id: z.number() }),
    bodyLimit: 5_000_000,
  }),
  logs: endpoint({
    method: 'GET',
    path: '/api/v1/account/template/:id/template-logs',
    tag: 'Templates',
    summary: 'The last template log; isSaving=true detects a running save, poll=true polls it.',
    permission: 'manage_templates',
    params: idParamSchema,
    query: z.object({ isSaving: flagQuery, poll: flagQuery }),
    response: z.object({ log: templateLogSchema.nullable() }),
  }),
  fieldsMappedToIntegrations: endpoint({
    method: 'GET',
    path: '/api/v1/account/template/:id/fieldsMappedToIntegrations',
    tag: 'Templates',
    summary: 'The template fields mapped to integrations, with those integrations.',
    permission: 'manage_templates',
    params: idParamSchema,
    response: z.object({ data: z.array(fieldMappedToIntegrationsSchema) }),
  }),
  templateField: endpoint({
    method: 'GET',
    path: '/api/v1/account/template/template-field/:id',
    tag: 'Templates',
    summary: 'One template field with its field.',
    permission: 'manage_templates',
    params: idParamSchema,
    response: templateFieldSchema,
  }),
  bulkDelete: endpoint({
    method: 'POST',
    path: '/api/v1/account/template/bulk/delete',
    tag: 'Templates',
    summary: 'Delete templates; those that power a list are kept and named in the message.',
    permission: 'manage_templates',
    body: z.object({ template_ids: idListSchema }),
    response: z.object({ message: z.string(), powered_template_ids: z.array(z.number()) }),
  }),
  parameters: endpoint({
    method: 'GET',
    path: '/api/v1/account/template/:id/parameters',
    tag: 'Templates',
    summary: "The template's link parameters.",
    permission: 'manage_templates',
    params: idParamSchema,
    response: z.object({ data: z.array(linkParameterSchema) }),
  }),
  linkValidations: endpoint({
    method: 'GET',
    path: '/api/v1/account/template/link-validation',
    tag: 'Templates',
    summary: "The template's link validations.",
    permission: 'manage_templates',
    query: z.object({ templateId: z.coerce.number().pipe(idSchema) }),
    response: z.object({ data: z.array(linkValidationSchema) }),
  }),
  linkValidationTypes: endpoint({
    method: 'GET',
    path: '/api/v1/link-validation/types',
    tag: 'Templates',
    summary: 'The link validation types and their options.',
    permission: 'manage_templates',
    response: z.object({
      data: z.array(
        z.object({ slug: z.enum(LINK_VALIDATION_SLUGS), label: z.string(), options: z.array(z.string()) }),
      ),
    }),
  }),
};

/** Approvers endpoints (spec 03 §7; spec 01 §5: owners, and managers with manager-approvals). */
export const approversApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/account/approvers/:id',
    tag: 'Templates',
    summary: "A template's approvers (the path id is the template's).",
    permission: 'manage_templates',
    params: idParamSchema,
    response: z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })) }),
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/v1/account/approvers/add',
    tag: 'Templates',
    summary: "Set a template's approvers (sent after a save with require_approval).",
    permission: 'manage_templates',
    body: z.object({ template_id: idSchema, approvers: z.array(idSchema).min(1).max(500) }),
    response: okSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/account/approvers/:id',
    tag: 'Templates',
    summary: "Remove a template's approvers (sent after a save without require_approval).",
    permission: 'manage_templates',
    params: idParamSchema,
    response: okSchema,
  }),
};
