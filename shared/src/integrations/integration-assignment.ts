import { z } from 'zod';
import { idSchema, isSafeText, text, UNSAFE_TEXT_MESSAGE } from '../core/schemas';
import { DELIMITERS, OUTPUT_FILE_TYPES } from './file-settings';
import { integrationReadinessSchema } from './readiness';

/** Directions of an integration assignment (spec 03 §1, §3): inbound, outbound, supplemental. */
export const INTEGRATION_TYPES = ['INPUT', 'OUTPUT', 'SUPPLEMENTAL'] as const;
/** One integration direction (spec 03 §3 integration_type). */
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** Report types of an output (spec 03 §3 report_type, §4 "Report type switches"). */
export const REPORT_TYPES = ['default', 'custom', 'perTarget'] as const;
/** One report type (spec 03 §3). */
export type ReportType = (typeof REPORT_TYPES)[number];

/** How a storage folder is chosen: typed in, or picked from the bucket list (spec 03 §3). */
export const FOLDER_ENTRY_TYPES = ['manual', 'list'] as const;
/** One folder entry type (spec 03 §3 folder_entry_type). */
export type FolderEntryType = (typeof FOLDER_ENTRY_TYPES)[number];

/** Where a mapping field's value comes from (spec 03 §3 "Mapping field source types"). */
export const MAPPING_SOURCE_TYPES = ['field', 'template_classification'] as const;
/** One mapping source type (spec 03 §3). */
export type MappingSourceType = (typeof MAPPING_SOURCE_TYPES)[number];

/** Prefix of the temporary id of an assignment not yet saved (spec 03 §3 id). */
export const TEMP_ID_PREFIX = 'TEMP_';

/** Most characters of a metadata value's JSON text (ours: the spec sets no bound). */
export const METADATA_MAX_JSON_LENGTH = 100_000;
/** Most keys of one assignment's metadata (ours). */
export const METADATA_MAX_KEYS = 200;

/** Text of an integration assignment: the shared `text(max)` (no U+0000, no lone surrogate), trimmed. */
export function integrationText(max: number) {
  return text(max).trim();
}

/** Optional integration text: null and undefined become ''. */
function optionalIntegrationText(max: number) {
  return integrationText(max)
    .nullish()
    .transform((v) => v ?? '');
}

/** The id of an integration assignment: a positive integer once saved, `TEMP_…` before (spec 03 §3). */
export const integrationAssignmentIdSchema = z.union([
  idSchema,
  z.string().regex(/^TEMP_[A-Za-z0-9_-]{1,64}$/, 'A temporary id is TEMP_ followed by letters or digits'),
]);
/** An integration assignment id (spec 03 §3). */
export type IntegrationAssignmentId = z.infer<typeof integrationAssignmentIdSchema>;

/** Whether an assignment id is a temporary one, i.e. the assignment has never been saved (spec 03 §4). */
export function isTempAssignmentId(id: IntegrationAssignmentId): id is `TEMP_${string}` {
  return typeof id === 'string';
}

/** A new temporary assignment id (spec 03 §4 "created in the editor with a temporary id"). */
export function newTempAssignmentId(): `TEMP_${string}` {
  return `${TEMP_ID_PREFIX}${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
}

function hasUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') return !isSafeText(value);
  if (Array.isArray(value)) return value.some(hasUnsafeText);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => !isSafeText(k) || hasUnsafeText(v));
  return false;
}

/**
 * One metadata value (spec 03 §3 "Metadata keys seen"): any JSON value — text, numbers, 0/1 flags,
 * lists (to, cc, bcc), objects (importFilters, importObjectFilters) and lists of objects
 * (fieldMapping, campaignDataMappedFields) — of at most {@link METADATA_MAX_JSON_LENGTH} characters of
 * JSON, with no U+0000 anywhere. Each family narrows its keys with its own metadata schema.
 */
export const metadataValueSchema = z
  .json()
  .refine((v) => JSON.stringify(v).length <= METADATA_MAX_JSON_LENGTH, 'Metadata value too long')
  .refine((v) => !hasUnsafeText(v), UNSAFE_TEXT_MESSAGE);
/** One metadata value. */
export type MetadataValue = z.infer<typeof metadataValueSchema>;

/** An assignment's metadata: a key/value map with identifier-like keys (spec 03 §3). */
export const integrationMetadataSchema = z
  .record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'A metadata key is a word of letters, digits and _'),
    metadataValueSchema,
  )
  .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, `At most ${METADATA_MAX_KEYS} metadata keys`);
/** An assignment's metadata map. */
export type IntegrationMetadata = Record<string, MetadataValue>;

/**
 * One mapping field (spec 03 §3 "Mapping field"): the integration's field name, the template field
 * mapped to it (`cvFieldId`, null while unchosen), whether it must be mapped, and its source type.
 * `label` is how the form names the integration field (ours; defaults to the field name).
 */
export const mappingFieldSchema = z.object({
  fieldName: integrationText(255).pipe(z.string().min(1, 'Required')),
  label: optionalIntegrationText(255).optional(),
  cvFieldId: idSchema.nullable(),
  required: z.boolean(),
  type: z.literal('integration_field').default('integration_field'),
  source_type: z.enum(MAPPING_SOURCE_TYPES).default('field'),
});
/** One mapping field (spec 03 §3). */
export type MappingField = z.infer<typeof mappingFieldSchema>;

/** One output column of a report (spec 03 §3 included_output_fields). */
export const includedOutputFieldSchema = z.object({
  id: z.union([idSchema, integrationText(100)]),
  name: integrationText(255),
  display: optionalIntegrationText(255),
  selected: z.boolean(),
  isHidden: z.boolean().default(false),
  isMeta: z.boolean().default(false),
  readOnly: z.boolean().default(false),
  fieldType: z.enum(['meta_field', 'classification_field']).nullish(),
  pattern_id: idSchema.nullish(),
  segment_ids: z.array(idSchema).max(100).nullish(),
});
/** One included output field (spec 03 §3). */
export type IncludedOutputField = z.infer<typeof includedOutputFieldSchema>;

/** One integration filter and its chosen values (spec 03 §3 filters). */
export const integrationFilterSchema = z.object({
  integrationFilterId: z.union([idSchema, integrationText(100).pipe(z.string().min(1, 'Required'))]),
  values: z.array(z.union([integrationText(1000), z.number().finite()])).max(1000),
});
/** One integration filter (spec 03 §3). */
export type IntegrationFilter = z.infer<typeof integrationFilterSchema>;

/**
 * One notification setting of an assignment (spec 03 §3 "Integration notification"): recipients,
 * subject and whether to mail on failure and on success. The server stores emailTo as JSON text
 * (email_to); here it is a list.
 */
export const integrationNotificationSchema = z.object({
  id: idSchema.nullish(),
  emailTo: z.array(z.string().trim().max(320).pipe(z.email('Enter a valid email address'))).max(50),
  subject: optionalIntegrationText(255),
  emailOnFailure: z.boolean(),
  emailOnSuccess: z.boolean(),
});
/** One integration notification (spec 03 §3). */
export type IntegrationNotification = z.infer<typeof integrationNotificationSchema>;

/**
 * A notification setting as the server answers it (spec 03 §7 GET
 * /api/v1/integration-email-notifications/{assignmentId}): snake_case, email_to as JSON text, 0/1
 * or boolean flags; parsed into an {@link IntegrationNotification}. email_to that is not a JSON list
 * of texts fails the parse.
 */
export const integrationNotificationRowSchema = z
  .object({
    id: idSchema,
    email_to: z.union([z.string().max(20_000), z.array(z.string())]),
    subject: z.string().max(255).nullish(),
    email_on_failure: z.union([z.boolean(), z.literal(0), z.literal(1)]),
    email_on_success: z.union([z.boolean(), z.literal(0), z.literal(1)]),
  })
  .transform((row, ctx): IntegrationNotification => {
    const emailTo = parseRecipientList(row.email_to);
    if (emailTo === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['email_to'],
        message: 'email_to must be a JSON list of addresses',
      });
      return z.NEVER;
    }
    return {
      id: row.id,
      emailTo,
      subject: row.subject ?? '',
      emailOnFailure: row.email_on_failure === true || row.email_on_failure === 1,
      emailOnSuccess: row.email_on_success === true || row.email_on_success === 1,
    };
  });

/**
 * A recipient list as stored: a list of texts, or JSON text of one (spec 03 §3: the email
 * integration's to, cc and bcc are JSON-parsed; email_to is JSON text). Blank entries are dropped,
 * others trimmed. Empty or blank text is an empty list; anything else that is not such a list is
 * null. Never throws.
 */
export function parseRecipientList(value: unknown): string[] | null {
  let list: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) return null;
  return list.map((v) => v.trim()).filter((v) => v !== '');
}

/** A 0/1 flag as the API carries it (also accepts booleans). */
const zeroOne = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0) as 0 | 1);

/**
 * An integration assignment as the template carries it (spec 03 §3 "Integration assignment"). The
 * shape accepts drafts: an empty name or a missing connector is a check issue (`checkIntegrations`),
 * not a parse failure; a missing slug is a parse failure (spec 03 §4: an integration without a slug
 * makes the save fail).
 */
export const integrationAssignmentSchema = z.object({
  id: integrationAssignmentIdSchema,
  name: optionalIntegrationText(255),
  integration_id: idSchema.nullish(),
  connector_id: idSchema.nullable(),
  connector_type_id: idSchema.nullable(),
  assigned_entity_type: z.literal('template').default('template'),
  assigned_entity_id: idSchema.nullish(),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A slug is lower-case words joined by -')
    .max(100),
  integration_type: z.enum(INTEGRATION_TYPES),
  metadata: integrationMetadataSchema.default({}),
  mapping_fields: z.array(mappingFieldSchema).max(500).default([]),
  new_mapping: z.boolean().default(false),
  delimiter: z.enum(DELIMITERS).nullable().default(null),
  file_type: z
    .array(z.enum(OUTPUT_FILE_TYPES))
    .max(OUTPUT_FILE_TYPES.length)
    .refine((types) => new Set(types).size === types.length, 'A file type is listed twice')
    .default([]),
  filename_pattern: optionalIntegrationText(500),
  include_summary_header: zeroOne.default(0),
  report_type: z.enum(REPORT_TYPES).default('default'),
  included_output_fields: z.array(includedOutputFieldSchema).max(1000).default([]),
  folder: optionalIntegrationText(1024),
  folder_name: optionalIntegrationText(255),
  folder_entry_type: z.enum(FOLDER_ENTRY_TYPES).default('manual'),
  url: optionalIntegrationText(2048),
  filters: z.array(integrationFilterSchema).max(100).default([]),
  integration_data_reset: z.boolean().default(false),
  integration_notifications: z.array(integrationNotificationSchema).max(20).default([]),
  config_hash: z.string().max(200).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  /** Answered by the server (computed at the save, ./readiness.ts); a save ignores it. */
  readiness: integrationReadinessSchema.optional(),
});
/** An integration assignment after parsing (spec 03 §3). */
export type IntegrationAssignment = z.output<typeof integrationAssignmentSchema>;
/** An integration assignment as sent, before defaults are applied. */
export type IntegrationAssignmentInput = z.input<typeof integrationAssignmentSchema>;

/**
 * A metadata value as trimmed text: strings trimmed, finite numbers written out, anything else
 * (absent, null, lists, objects, booleans) ''. The checks use it to decide "empty".
 */
export function metadataText(metadata: IntegrationMetadata, key: string): string {
  const value = metadata[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Whether a metadata flag is on: 1, '1', true or 'true'. */
export function isMetadataFlagOn(metadata: IntegrationMetadata, key: string): boolean {
  const value = metadata[key];
  return value === 1 || value === '1' || value === true || value === 'true';
}
