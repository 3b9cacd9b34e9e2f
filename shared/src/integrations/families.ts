import { z } from 'zod';
import { text as sharedText } from '../core/schemas';
import { checkEmailRecipients, checkFileOutput, checkOutputFields } from './file-output-checks';
import {
  DEFAULT_DELIMITER,
  DEFAULT_FILE_TYPES,
  DEFAULT_FILENAME_PATTERN,
  SNOWFLAKE_FILENAME_PATTERN,
} from './file-settings';
import {
  type IntegrationAssignment,
  type IntegrationFilter,
  isMetadataFlagOn,
  type MappingField,
  metadataText,
} from './integration-assignment';
import {
  type IntegrationCheckContext,
  type IntegrationDefaultsContext,
  type IntegrationIssue,
  integrationIssue,
} from './issues';
import {
  QR_CODE_TYPES,
  QR_FILE_TYPES,
  QR_METADATA_KEYS,
  QR_MIN_SIZE,
  QR_REQUIRED_METADATA,
  qrConfigProblems,
} from './qr-code';
import {
  type DateFilterRule,
  type IntegrationDefinition,
  type IntegrationFamilyId,
  integrationFor,
} from './registry';
import { defaultSnowflakeTableName, snowflakeTableNameError } from './snowflake';

/** The fields of an assignment a family's defaults may set. */
export type AssignmentDefaults = Partial<Omit<IntegrationAssignment, 'id' | 'slug' | 'integration_type'>>;

/**
 * One family of integrations (docs ARCHITECTURE "Integrations"): the schema of its metadata keys,
 * the defaults of a new assignment, its checks, and which metadata a change clears.
 * - `metadataSchema` checks the family's known keys and lets other keys through;
 * - `defaults(definition, context)` gives the family's part of a new assignment (spec 03 §9);
 * - `check(assignment, definition, context)` gives the family's own issues (spec 03 §5); the rules
 *   every family shares are in `checks.ts`;
 * - `clearsOnChange` maps a metadata key, or `connector_id` for the account, to the metadata keys a
 *   change of it clears (spec 03 §4);
 * - `mappingsResetOn` lists the metadata keys whose change resets the mappings (spec 03 §4);
 * - `onMetadataChange` adds what a key-value map cannot say (the custom-bitlink toggle, the QR
 *   config's validated flag);
 * - `forcedSettings` are settings an assignment of the family always has, whatever it was sent
 *   with (spec 03 §5: Snowflake forces csv, comma and the filename pattern); the save applies them
 *   through {@link withForcedSettings}.
 */
export interface IntegrationFamily {
  id: IntegrationFamilyId;
  label: string;
  metadataSchema: z.ZodType<Record<string, unknown>>;
  defaults(definition: IntegrationDefinition, context: IntegrationDefaultsContext): AssignmentDefaults;
  check(
    assignment: IntegrationAssignment,
    definition: IntegrationDefinition,
    context: IntegrationCheckContext,
  ): IntegrationIssue[];
  clearsOnChange: Readonly<Record<string, readonly string[]>>;
  mappingsResetOn: readonly string[];
  onMetadataChange?(assignment: IntegrationAssignment, key: string): IntegrationAssignment;
  forcedSettings?: Readonly<AssignmentDefaults>;
}

/** Options of the use_acl setting of AWS storage (spec 03 §9). '0' is the default. */
export const AWS_ACL_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '0', label: 'ACLs disabled (bucket owner enforced)' },
  { value: 'bucket-owner-full-control', label: 'ACLs enabled (bucket owner preferred)' },
];

/**
 * The AWS regions an S3 integration offers, in the order the form lists them; a new assignment
 * starts with the first configured one (spec 03 §9 "first configured region as default").
 */
export const AWS_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-north-1',
  'eu-south-1',
  'ap-south-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-northeast-1',
  'ap-northeast-2',
  'sa-east-1',
] as const;

/** Import filter flags of the ad-platform and campaign-manager imports (spec 03 §9). */
export const IMPORT_FILTER_FLAGS = [
  'includeArchivedCampaigns',
  'includePastEndDateCampaigns',
  'includeAdsMissingCreatives',
  'includeInactiveAds',
  'includeAdsMissingPlacements',
  'excludeInactiveCreatives',
  'excludeArchivedPlacements',
  'excludeArchivedCreatives',
  'excludeArchivedAds',
] as const;

/** Case transforms of outputs (spec 03 §3 transform_case). */
export const TRANSFORM_CASES = ['to_lowercase', 'to_uppercase'] as const;
/** Replace transforms of outputs (spec 03 §3 transform_replace). */
export const TRANSFORM_REPLACES = ['replace_space_with_underscore', 'replace_underscore_with_space'] as const;

/** The metadata key holding the chosen GA custom data source's column headers (spec 03 §4 "schema"). */
export const GA_SCHEMA_KEY = 'ga_custom_data_source_schema';

/**
 * One Workfront template parameter mapped to a template field (spec 03 §3 campaignDataMappedFields:
 * workfrontParameterId, workfrontParameterName, {product}TemplateFieldId, {product}TemplateFieldName;
 * the product here is Nomen).
 */
export interface WorkfrontMappedField {
  workfrontParameterId: string;
  workfrontParameterName: string;
  nomenTemplateFieldId: number;
  nomenTemplateFieldName: string;
}

/** The mapping field name the custom-bitlink toggle adds (spec 03 §4). */
export const CUSTOM_BITLINK_MAPPING = 'custom_bitlink';

// ---- metadata schemas -------------------------------------------------------------------------

const text = (max = 1000) => sharedText(max);
const flag01 = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()]);
const idText = z.union([text(100), z.number().int()]);
const emailList = z.array(z.email().max(320)).max(50);
const idList = z.string().regex(/^(\d+(,\d+)*)?$/, 'Comma-joined field ids');
const optional = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).partial();

const outputMetadata = {
  transform_case: z.enum(TRANSFORM_CASES).or(z.literal('')),
  transform_replace: z.enum(TRANSFORM_REPLACES).or(z.literal('')),
  target_id: idText,
};
const syncMetadata = {
  sync_schedule: z.literal('every_8_hours'),
  syncFrequency: z.enum(['daily', 'twice-daily', 'weekly', 'manual-only']),
};
const awsMetadata = {
  awsRegion: text(50),
  use_acl: z.enum(['0', 'bucket-owner-full-control']),
  use_sse: flag01,
  folder: text(1024),
  filePrefix: text(255),
  manual_folder_enabled: flag01,
};

// ---- shared rules -----------------------------------------------------------------------------

const usesFileOutput = (): AssignmentDefaults => ({
  delimiter: DEFAULT_DELIMITER,
  file_type: [...DEFAULT_FILE_TYPES],
  filename_pattern: DEFAULT_FILENAME_PATTERN,
});

/** Storage folder path required (spec 03 §5 "Folder path fields are required for storage integrations"). */
function checkFolder(a: IntegrationAssignment): IntegrationIssue[] {
  return a.folder.trim() === '' && metadataText(a.metadata, 'folder') === ''
    ? [integrationIssue(a, 'folderRequired')]
    : [];
}

/** Notifications that are on need a recipient (spec 03 §5 "Storage notifications"). */
function checkNotifications(a: IntegrationAssignment): IntegrationIssue[] {
  return a.integration_notifications.some(
    (n) => (n.emailOnFailure || n.emailOnSuccess) && n.emailTo.length === 0,
  )
    ? [integrationIssue(a, 'notificationRecipientRequired')]
    : [];
}

/** Every mapping row needs a template field (spec 03 §5 "Ads ... need each mapping filled"). */
function checkEveryMappingFilled(a: IntegrationAssignment): IntegrationIssue[] {
  return a.mapping_fields
    .filter((m) => !m.required && m.cvFieldId === null)
    .map((m) => integrationIssue(a, 'mappingUnfilled', { item: m.label || m.fieldName }));
}

/** Filters need values that are not blank (spec 03 §5 "Ads inbound"). */
function checkFilterValues(a: IntegrationAssignment): IntegrationIssue[] {
  return a.filters
    .filter((f) => f.values.length === 0 || f.values.some((v) => String(v).trim() === ''))
    .map((f) => integrationIssue(a, 'filterValuesBlank', { filter: String(f.integrationFilterId) }));
}

// ---- families ---------------------------------------------------------------------------------

const noResets = { clearsOnChange: {}, mappingsResetOn: [] } as const;

const emailOutput: IntegrationFamily = {
  id: 'email-output',
  label: 'Email output',
  metadataSchema: optional({
    ...outputMetadata,
    subject: text(255),
    to: emailList,
    cc: emailList,
    bcc: emailList,
    sendToSubmitter: flag01,
  }),
  defaults: () => ({
    ...usesFileOutput(),
    metadata: { to: [], cc: [], bcc: [], subject: '', sendToSubmitter: 1 },
  }),
  check: (a) => [
    ...checkEmailRecipients(a),
    ...checkFileOutput(a),
    ...checkOutputFields(a),
    ...checkNotifications(a),
  ],
  ...noResets,
};

const fileStoragePush: IntegrationFamily = {
  id: 'file-storage-push',
  label: 'File storage push',
  metadataSchema: optional({ ...outputMetadata, ...awsMetadata }),
  defaults: () => ({ ...usesFileOutput(), folder_entry_type: 'manual' }),
  check: (a) => [...checkFolder(a), ...checkFileOutput(a), ...checkOutputFields(a), ...checkNotifications(a)],
  ...noResets,
};

const filePull: IntegrationFamily = {
  id: 'file-pull',
  label: 'File pull',
  metadataSchema: optional({
    ...awsMetadata,
    ...syncMetadata,
    identifier_field_ids: idList,
    fileFormatFilter: text(100),
  }),
  defaults: () => ({ folder_entry_type: 'manual', metadata: { identifier_field_ids: '' } }),
  check: (a, _d, ctx) => {
    const issues = checkFolder(a);
    // spec 03 §5: with auto submit on, identifier fields are required for file pulls.
    const ids = metadataText(a.metadata, 'identifier_field_ids')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (ctx.isAutoSubmitOn && ids.length === 0) issues.push(integrationIssue(a, 'identifierFieldsRequired'));
    for (const id of ids)
      if (!ctx.templateFieldIds.includes(Number(id)))
        issues.push(integrationIssue(a, 'identifierFieldNotInTemplate', { fieldId: id }));
    return issues;
  },
  clearsOnChange: { connector_id: ['folder'] },
  mappingsResetOn: [],
};

/** The file settings every Snowflake push has (spec 03 §5 "Snowflake forces file defaults"). */
export const SNOWFLAKE_FORCED_SETTINGS = {
  delimiter: 'comma',
  file_type: ['csv'],
  filename_pattern: SNOWFLAKE_FILENAME_PATTERN,
} as const satisfies AssignmentDefaults;

const snowflake: IntegrationFamily = {
  id: 'snowflake',
  label: 'Data warehouse',
  metadataSchema: optional({ ...outputMetadata, tableName: text(1000) }),
  // spec 03 §5: Snowflake forces csv, comma and the filename pattern "output".
  forcedSettings: SNOWFLAKE_FORCED_SETTINGS,
  // Its output fields are chosen (custom report), the identifier among them (spec 03 §5).
  defaults: (_d, ctx) => ({
    ...SNOWFLAKE_FORCED_SETTINGS,
    file_type: [...SNOWFLAKE_FORCED_SETTINGS.file_type],
    report_type: 'custom',
    metadata: { tableName: defaultSnowflakeTableName(ctx.templateName) },
  }),
  check: (a) => {
    const tableError = snowflakeTableNameError(metadataText(a.metadata, 'tableName'));
    return [...(tableError ? [integrationIssue(a, tableError)] : []), ...checkNotifications(a)];
  },
  ...noResets,
};

const linkShortener: IntegrationFamily = {
  id: 'link-shortener',
  label: 'Link shortener',
  metadataSchema: optional({
    bitly_org_id: idText,
    bitly_group_id: idText,
    shortened_url: text(255),
    custom_bitlink_enabled: flag01,
    qr_code_enabled: flag01,
    qr_code_config: text(10_000),
    qr_code_use_long_url: flag01,
    qr_code_dont_regenerate: flag01,
  }),
  defaults: () => ({}),
  check: () => [],
  clearsOnChange: {
    connector_id: ['bitly_org_id', 'bitly_group_id', 'shortened_url'],
    bitly_org_id: ['bitly_group_id', 'shortened_url'],
    bitly_group_id: ['shortened_url'],
  },
  mappingsResetOn: [],
  // spec 03 §4: the toggle adds a required custom_bitlink mapping row when on, removes it when off.
  onMetadataChange: (a, key) => {
    if (key !== 'custom_bitlink_enabled') return a;
    const others = a.mapping_fields.filter((m) => m.fieldName !== CUSTOM_BITLINK_MAPPING);
    if (!isMetadataFlagOn(a.metadata, key)) return { ...a, mapping_fields: others };
    const row: MappingField = {
      fieldName: CUSTOM_BITLINK_MAPPING,
      label: 'Custom bitlink',
      cvFieldId: null,
      required: true,
      type: 'integration_field',
      source_type: 'field',
    };
    return { ...a, mapping_fields: [...others, row] };
  },
};

const qrCode: IntegrationFamily = {
  id: 'qr-code',
  label: 'QR code',
  metadataSchema: optional({
    [QR_METADATA_KEYS.type]: z.enum(QR_CODE_TYPES),
    [QR_METADATA_KEYS.useShortened]: flag01,
    [QR_METADATA_KEYS.dontRegenerate]: flag01,
    [QR_METADATA_KEYS.size]: z.union([z.number(), text(10)]),
    [QR_METADATA_KEYS.fileType]: z.enum(QR_FILE_TYPES),
    [QR_METADATA_KEYS.config]: text(10_000),
    [QR_METADATA_KEYS.background]: text(100),
    [QR_METADATA_KEYS.xOffset]: z.union([z.number(), text(10)]),
    [QR_METADATA_KEYS.yOffset]: z.union([z.number(), text(10)]),
    [QR_METADATA_KEYS.configValidated]: flag01,
  }),
  defaults: () => ({
    metadata: {
      [QR_METADATA_KEYS.type]: 'classic',
      [QR_METADATA_KEYS.useShortened]: 0,
      [QR_METADATA_KEYS.dontRegenerate]: 0,
      [QR_METADATA_KEYS.size]: QR_MIN_SIZE,
      [QR_METADATA_KEYS.fileType]: 'png',
      [QR_METADATA_KEYS.config]: '',
      [QR_METADATA_KEYS.configValidated]: 1,
    },
  }),
  check: (a) => {
    const issues: IntegrationIssue[] = [];
    for (const { key, item } of QR_REQUIRED_METADATA)
      if (metadataText(a.metadata, key) === '') issues.push(integrationIssue(a, 'qrValueRequired', { item }));
    const size = metadataText(a.metadata, QR_METADATA_KEYS.size);
    if (size !== '' && !(Number(size) >= QR_MIN_SIZE))
      issues.push(integrationIssue(a, 'qrSizeTooSmall', { min: QR_MIN_SIZE }));
    const problems = qrConfigProblems(metadataText(a.metadata, QR_METADATA_KEYS.config));
    for (const p of problems)
      issues.push(
        p.kind === 'invalidJson'
          ? integrationIssue(a, 'qrConfigInvalidJson')
          : integrationIssue(a, 'qrConfigUnknownKey', { key: p.key }),
      );
    // A config that is fine now but was edited and not yet re-validated (spec 03 §4, §5).
    const validated = a.metadata[QR_METADATA_KEYS.configValidated];
    if (problems.length === 0 && (validated === 0 || validated === '0' || validated === false))
      issues.push(integrationIssue(a, 'qrConfigNotValidated'));
    return issues;
  },
  clearsOnChange: {},
  mappingsResetOn: [],
  // spec 03 §4: the validated flag is false after an edit of the config.
  onMetadataChange: (a, key) =>
    key === QR_METADATA_KEYS.config
      ? { ...a, metadata: { ...a.metadata, [QR_METADATA_KEYS.configValidated]: 0 } }
      : a,
};

const analytics: IntegrationFamily = {
  id: 'analytics',
  label: 'Analytics',
  metadataSchema: optional({
    ...syncMetadata,
    target_id: idText,
    realmLinked: idText,
    reportLinked: idText,
    ga_account_id: idText,
    ga_property_id: idText,
    ga_custom_data_source_id: idText,
    [GA_SCHEMA_KEY]: z.array(text(255)).max(500),
    ga_data_set_type: text(50),
    ga_data_type: text(50),
  }),
  defaults: () => ({}),
  check: (a, d) => (d.needsMappings ? checkEveryMappingFilled(a) : []),
  clearsOnChange: {
    connector_id: [
      'ga_account_id',
      'ga_property_id',
      'ga_custom_data_source_id',
      GA_SCHEMA_KEY,
      'target_id',
      'realmLinked',
      'reportLinked',
    ],
    ga_account_id: ['ga_property_id', 'ga_custom_data_source_id', GA_SCHEMA_KEY],
    ga_property_id: ['ga_custom_data_source_id', GA_SCHEMA_KEY],
    // spec 03 §4: a custom data source change clears mappings and schema.
    ga_custom_data_source_id: [GA_SCHEMA_KEY],
    realmLinked: ['reportLinked'],
  },
  mappingsResetOn: ['ga_account_id', 'ga_property_id', 'ga_custom_data_source_id'],
  // The chosen custom data source's schema (its column headers) becomes the mapping rows; a column
  // already mapped keeps its template field.
  onMetadataChange: (a, key) => {
    if (key !== GA_SCHEMA_KEY) return a;
    const raw = a.metadata[GA_SCHEMA_KEY];
    const columns = Array.isArray(raw) ? raw.filter((c): c is string => typeof c === 'string') : [];
    const mapped = new Map(a.mapping_fields.map((m) => [m.fieldName, m.cvFieldId]));
    return {
      ...a,
      mapping_fields: columns.map(
        (column): MappingField => ({
          fieldName: column,
          label: column,
          cvFieldId: mapped.get(column) ?? null,
          required: false,
          type: 'integration_field',
          source_type: 'field',
        }),
      ),
    };
  },
};

const adsInbound: IntegrationFamily = {
  id: 'ads-inbound',
  label: 'Ad platform inbound',
  metadataSchema: optional({
    ...syncMetadata,
    data_type: text(100),
    adAccountsLinked: z.union([flag01, idText]),
    pull_performance_metrics: flag01,
    importFilters: z.looseObject(
      Object.fromEntries(IMPORT_FILTER_FLAGS.map((f) => [f, z.boolean().optional()])),
    ),
    importObjectFilters: z
      .looseObject({ advertisers: z.array(idText), campaigns: z.array(idText), placements: z.array(idText) })
      .partial(),
  }),
  defaults: () => ({}),
  check: (a) => [...checkFilterValues(a), ...checkEveryMappingFilled(a)],
  clearsOnChange: { connector_id: ['importObjectFilters', 'adAccountsLinked'] },
  mappingsResetOn: [],
};

const adsOutbound: IntegrationFamily = {
  id: 'ads-outbound',
  label: 'Ad platform outbound',
  metadataSchema: optional({
    data_type: text(100),
    adAccountsLinked: z.union([flag01, idText]),
    fb_pixel_id: idText,
    updateClickThroughUrl: flag01,
    dcmLink: text(2048),
    dcmAdId: idText,
    dcmCreativeId: idText,
    fieldMapping: z.array(z.looseObject({ fbParameterName: text(255) })).max(500),
  }),
  defaults: () => ({}),
  check: (a) => checkEveryMappingFilled(a),
  clearsOnChange: {
    connector_id: ['fieldMapping', 'adAccountsLinked', 'fb_pixel_id'],
    adAccountsLinked: ['fb_pixel_id'],
  },
  mappingsResetOn: [],
};

const contentManagement: IntegrationFamily = {
  id: 'content-management',
  label: 'Content management',
  metadataSchema: optional({
    ...syncMetadata,
    aem_data_type: text(50),
    folderFilter: text(2048),
    fileFormatFilter: text(255),
    tagsFilter: text(2048),
  }),
  defaults: () => ({ metadata: { folderFilter: '/' } }),
  check: (a) => {
    const folder = metadataText(a.metadata, 'folderFilter');
    if (folder === '') return [integrationIssue(a, 'valueRequired', { item: 'Folder filter' })];
    return folder.startsWith('/') ? [] : [integrationIssue(a, 'folderMustStartWithSlash')];
  },
  clearsOnChange: { connector_id: ['folderFilter', 'tagsFilter'] },
  mappingsResetOn: [],
};

const workManagement: IntegrationFamily = {
  id: 'work-management',
  label: 'Work management',
  metadataSchema: optional({
    workfrontTemplateId: idText,
    workfrontTemplateTaskId: idText,
    campaignDataMappedFields: z
      .array(
        z.looseObject({
          workfrontParameterId: idText,
          workfrontParameterName: text(255),
          nomenTemplateFieldId: z.number().int().positive().optional(),
          nomenTemplateFieldName: text(255).optional(),
        }),
      )
      .max(500),
  }),
  defaults: () => ({ metadata: { campaignDataMappedFields: [] } }),
  check: () => [],
  // spec 03 §4: a connector change clears the template and task; a template change clears the task.
  clearsOnChange: {
    connector_id: ['workfrontTemplateId', 'workfrontTemplateTaskId', 'campaignDataMappedFields'],
    workfrontTemplateId: ['workfrontTemplateTaskId', 'campaignDataMappedFields'],
  },
  mappingsResetOn: [],
};

const mobileAttribution: IntegrationFamily = {
  id: 'mobile-attribution',
  label: 'Mobile attribution and deep links',
  metadataSchema: optional({ app_group_id: idText }),
  defaults: () => ({}),
  check: () => [],
  clearsOnChange: { connector_id: ['app_group_id'] },
  mappingsResetOn: [],
};

/** Every family by id (docs ARCHITECTURE "Integrations"). */
export const INTEGRATION_FAMILIES: Readonly<Record<IntegrationFamilyId, IntegrationFamily>> = {
  'email-output': emailOutput,
  'file-storage-push': fileStoragePush,
  'file-pull': filePull,
  snowflake,
  'link-shortener': linkShortener,
  'qr-code': qrCode,
  analytics,
  'ads-inbound': adsInbound,
  'ads-outbound': adsOutbound,
  'content-management': contentManagement,
  'work-management': workManagement,
  'mobile-attribution': mobileAttribution,
};

/** The family of a registry row. */
export function familyOf(definition: Pick<IntegrationDefinition, 'family'>): IntegrationFamily {
  return INTEGRATION_FAMILIES[definition.family];
}

/**
 * An assignment with its family's forced settings applied (spec 03 §5: a Snowflake push is always
 * csv, comma-delimited, filename pattern "output"), whatever it was sent with; an assignment of a
 * family without forced settings, or that already has them, is returned as it is. Unknown slugs
 * take the email output's family (none). Pure; the template save runs it on every assignment.
 */
export function withForcedSettings(assignment: IntegrationAssignment): IntegrationAssignment {
  const forced = familyOf(integrationFor(assignment.slug)).forcedSettings;
  if (!forced) return assignment;
  const next: IntegrationAssignment = { ...assignment };
  let changed = false;
  for (const [key, value] of Object.entries(forced) as [keyof AssignmentDefaults, unknown][]) {
    if (JSON.stringify(next[key]) === JSON.stringify(value)) continue;
    (next as Record<string, unknown>)[key] = Array.isArray(value) ? [...value] : value;
    changed = true;
  }
  return changed ? next : assignment;
}

/** The ISO date (YYYY-MM-DD, UTC) `years` years before `now`. */
export function yearsBefore(now: Date, years: number): string {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

/** The default filters of a row: its date filter from one year ago, if it has one (spec 03 §9). */
export function defaultFilters(
  definition: Pick<IntegrationDefinition, 'dateFilter'>,
  now: Date,
): IntegrationFilter[] {
  const rule: DateFilterRule | null = definition.dateFilter;
  return rule
    ? [{ integrationFilterId: rule.filterId, values: [yearsBefore(now, rule.defaultYearsBack)] }]
    : [];
}

/** The mapping rows a new assignment (or a reset) starts with: required rows, then default rows. */
export function initialMappings(definition: IntegrationDefinition): MappingField[] {
  const row = (fieldName: string, label: string, required: boolean): MappingField => ({
    fieldName,
    label,
    cvFieldId: null,
    required,
    type: 'integration_field',
    source_type: 'field',
  });
  return [
    ...definition.requiredMappings.map((m) => row(m.fieldName, m.label, true)),
    ...definition.defaultMappings.map((m) => row(m.fieldName, m.label, false)),
  ];
}
