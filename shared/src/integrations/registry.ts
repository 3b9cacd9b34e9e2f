import type { ConnectorTypeSlug } from '../connectors/connector-type-slugs';
import type { FeatureFlag } from '../core/feature-flags';
import type { IntegrationMetadata, IntegrationType } from './integration-assignment';
import type { CoversAll, ExpectAll, IntegrationSlug } from './slugs';

/**
 * The families of integrations: each has one metadata schema, defaults, checks and reset-on-change
 * behaviour in `families.ts` (docs ARCHITECTURE "Integrations"). Every slug belongs to one.
 */
export const INTEGRATION_FAMILY_IDS = [
  'email-output',
  'file-storage-push',
  'file-pull',
  'snowflake',
  'link-shortener',
  'qr-code',
  'analytics',
  'ads-inbound',
  'ads-outbound',
  'content-management',
  'work-management',
  'mobile-attribution',
] as const;
/** One integration family id. */
export type IntegrationFamilyId = (typeof INTEGRATION_FAMILY_IDS)[number];

/**
 * Credential families of connected accounts (spec 01 §3.2 "Account metadata fields per connector
 * family"), plus `oauth` for accounts that hold only what an authorisation flow returns (spec 01 §4
 * "OAuth-type connectors") and `none` for the email output, which sends through the server's own mail.
 */
export const CONNECTOR_CREDENTIAL_FAMILIES = [
  'cloud-storage',
  'ad-platform',
  'simple-key',
  'sftp',
  'adobe',
  'content-manager',
  'data-warehouse',
  'marketing-cloud',
  'oauth',
  'none',
] as const;
/** One connector credential family (spec 01 §3.2). */
export type ConnectorCredentialFamily = (typeof CONNECTOR_CREDENTIAL_FAMILIES)[number];

/** One data type an integration offers: the value stored in metadata and its label (spec 03 §3). */
export interface DataTypeOption {
  value: string;
  label: string;
}

/** An integration field that a new assignment lists as a mapping row (spec 03 §5, §9). */
export interface MappingSpec {
  /** The integration's field name, stored as the mapping field's fieldName. */
  fieldName: string;
  /** How the form names it. */
  label: string;
}

/**
 * Where the choices of a metadata dropdown come from: a list read from the connected account's
 * provider through the server (spec 03 §7: Bitly organizations, groups and their branded domains,
 * Kochava app groups, Google Analytics accounts, properties and custom data sources, Adobe report
 * suites (realms) and reports, Workfront templates and tasks, Facebook ad accounts and pixels). The
 * editor maps each source to its call; when the call fails the value is typed instead.
 */
export const METADATA_CHOICE_SOURCES = [
  'bitly-organizations',
  'bitly-groups',
  'bitly-domains',
  'kochava-app-groups',
  'ga-accounts',
  'ga-properties',
  'ga-custom-data-sources',
  'adobe-realms',
  'adobe-reports',
  'workfront-templates',
  'workfront-tasks',
  'facebook-ad-accounts',
  'facebook-pixels',
] as const;
/** One source of dropdown choices (spec 03 §7). */
export type MetadataChoiceSource = (typeof METADATA_CHOICE_SOURCES)[number];

/**
 * A metadata key the form asks for as a dropdown, and how messages name it (spec 03 §5). In
 * `requiredMetadata` it must not be empty; in `optionalMetadata` it may be. `dependsOn` is the key
 * whose choice it waits on (its options load from that choice); `source` is where its choices come
 * from (none: typed text).
 */
export interface RequiredMetadata {
  key: string;
  item: string;
  dependsOn?: string;
  source?: MetadataChoiceSource;
}

/**
 * A date filter with a default window and a limit on history (spec 03 §9: CM360 and DV360 limit
 * history to 2 years; the default filter is an update time after one year ago).
 */
export interface DateFilterRule {
  /** The filter's integrationFilterId. */
  filterId: string;
  /** How many years back the default filter starts. */
  defaultYearsBack: number;
  /** How many years back a chosen date may reach at most. */
  maxYearsBack: number;
}

/**
 * One row of the integration registry (docs ARCHITECTURE "Integrations"; spec 03 §2 slugs, §3 data
 * types, §5 checks): everything the editor and the checks need to know about a slug. A new slug is a
 * new row of {@link INTEGRATION_DEFINITIONS}, not new code.
 */
export interface IntegrationDefinition {
  /** The slug (spec 03 §2). */
  slug: string;
  /** The integration type name shown on the panel and in the picker. */
  label: string;
  /** INPUT shows in the Inbound list, OUTPUT and SUPPLEMENTAL in the Outbound list (spec 03 §2). */
  direction: IntegrationType;
  /** The family whose schema, defaults, checks and resets apply. */
  family: IntegrationFamilyId;
  /** The inbound or outbound twin deleted with it (spec 03 §4), or null. */
  pairedSlug: string | null;
  /** The slug of the connector type whose accounts it uses, or null when it needs no account. */
  connectorTypeSlug: string | null;
  /** The credential family of that connector type (spec 01 §3.2). */
  credentialFamily: ConnectorCredentialFamily;
  /** The fixed integration id, where the spec gives one (email: 13, spec 03 §3, §9). */
  integrationId: number | null;
  /** The metadata key holding the chosen data type, or null when it has none. */
  dataTypeKey: string | null;
  /** How messages and the form name the data type ("Data type", GA: "Data set type"). */
  dataTypeItem: string;
  /** Data types offered (spec 03 §3 "Data types per connector"); empty when it has none. */
  dataTypes: readonly DataTypeOption[];
  /** Mapping rows that must be mapped to a template field (spec 03 §5). */
  requiredMappings: readonly MappingSpec[];
  /** Mapping rows a new assignment starts with besides the required ones (spec 03 §9). */
  defaultMappings: readonly MappingSpec[];
  /** Whether mappings must be present at all (at least one). */
  needsMappings: boolean;
  /** Metadata keys that must not be empty (spec 03 §5). */
  requiredMetadata: readonly RequiredMetadata[];
  /** Metadata dropdowns the form offers that may stay empty (e.g. the Facebook ad account and pixel). */
  optionalMetadata: readonly RequiredMetadata[];
  /** Metadata a new assignment starts with, before the family's defaults (spec 03 §9). */
  metadataDefaults: Readonly<IntegrationMetadata>;
  /** Whether the template needs a link-type field for it (spec 03 §5 "Link-based types"). */
  needsLinkField: boolean;
  /**
   * The governance type of the template fields it brings, removed with the last assignment of the
   * slug (spec 03 §4: branch deep-link, kochava smart-link), or null.
   */
  fieldGovernanceType: string | null;
  /** Whether a template may hold only one assignment of this slug (spec 03 §5: AEM outbound). */
  isSingleton: boolean;
  /** The date filter rule, if it has one (spec 03 §9). */
  dateFilter: DateFilterRule | null;
  /** Whether it syncs on the fixed schedule (spec 03 §5 "Sync schedule"). */
  hasSyncSchedule: boolean;
  /** Flags that must all be on for it to be offered and saved (spec README flags). */
  featureFlags: readonly FeatureFlag[];
  /** Flags that change how it works once offered (e.g. ads-sync-service, integration-notifications). */
  behaviourFlags: readonly FeatureFlag[];
  /** Whether it is a legacy integration kept for existing templates. */
  isLegacy: boolean;
}

/** The slug of the email output, the fallback of unknown slugs (spec 03 §2). */
export const EMAIL_OUTPUT_SLUG = 'email-output';
/** The integration id of the email integration (spec 03 §3, §9). */
export const EMAIL_INTEGRATION_ID = 13;
/** The only sync schedule offered: every 8 hours (spec 03 §5, §9). */
export const SYNC_SCHEDULE_EVERY_8_HOURS = 'every_8_hours';
/** Sync interval in hours (spec 03 §9). */
export const SYNC_INTERVAL_HOURS = 8;
/** Labels of the sync schedules; only one is offered and it is disabled (spec 03 §5). */
export const SYNC_SCHEDULE_LABELS: Readonly<Record<string, string>> = { every_8_hours: 'Every 8 hours' };
/** Sync frequencies of the syncFrequency key (spec 03 §9). */
export const SYNC_FREQUENCIES = ['daily', 'twice-daily', 'weekly', 'manual-only'] as const;
/** One sync frequency (spec 03 §9). */
export type SyncFrequency = (typeof SYNC_FREQUENCIES)[number];
/** How the form names each sync frequency (spec 03 §9 "sync frequency labels"). */
export const SYNC_FREQUENCY_LABELS: Readonly<Record<SyncFrequency, string>> = {
  daily: 'Daily',
  'twice-daily': 'Twice daily',
  weekly: 'Weekly',
  'manual-only': 'Manual only',
};
/** The sync frequency of a sync-service integration until one is chosen (ours). */
export const DEFAULT_SYNC_FREQUENCY: SyncFrequency = 'daily';

/** Facebook ad account and pixel choices of the Facebook integrations (spec 03 §3 adAccountsLinked, §7). */
const FACEBOOK_AD_ACCOUNT: RequiredMetadata = {
  key: 'adAccountsLinked',
  item: 'Ad account',
  source: 'facebook-ad-accounts',
};
const FACEBOOK_PIXEL: RequiredMetadata = {
  key: 'fb_pixel_id',
  item: 'Pixel',
  dependsOn: 'adAccountsLinked',
  source: 'facebook-pixels',
};

const dt = (...values: string[]): DataTypeOption[] =>
  values.map((value) => ({
    value,
    label: value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
  }));
const legacy = (options: DataTypeOption[]): DataTypeOption[] =>
  options.map((o) => ({ ...o, label: `${o.label} (legacy)` }));
const maps = (...pairs: [string, string][]): MappingSpec[] =>
  pairs.map(([fieldName, label]) => ({ fieldName, label }));

/** Ad platform data types (spec 03 §3). */
const AD_PLATFORM_DATA_TYPES = dt('campaigns', 'ad_sets', 'ads', 'ad_creatives');
/** Campaign-manager (legacy) data types (spec 03 §3). */
const CAMPAIGN_MANAGER_DATA_TYPES = legacy(
  dt('campaigns', 'placements', 'ads', 'creatives', 'creative_assets'),
);
/** The other ad server's data types (spec 03 §3). */
const AD_SERVER_DATA_TYPES = dt('campaigns', 'placements', 'ads', 'creatives', 'click_through_url');
/**
 * Retail ads: eight sponsored brands, display and product campaign, ad group and ad types (spec 03
 * §3; the exact eight are ours).
 */
const RETAIL_ADS_DATA_TYPES = dt(
  'sponsored_brands_campaigns',
  'sponsored_brands_ad_groups',
  'sponsored_brands_ads',
  'sponsored_display_campaigns',
  'sponsored_display_ad_groups',
  'sponsored_products_campaigns',
  'sponsored_products_ad_groups',
  'sponsored_products_ads',
);
/** Google Analytics data set types (spec 03 §3). */
export const GA_DATA_SET_TYPES: readonly DataTypeOption[] = [
  { value: 'custom_data', label: 'Custom Data' },
  { value: 'campaign_data', label: 'Campaign Data' },
  { value: 'user_data', label: 'User Data' },
  { value: 'geography_data', label: 'Geography Data' },
  { value: 'content_data', label: 'Content Data' },
  { value: 'product_data', label: 'Product Data' },
];

/** Facebook ads legacy mappings (spec 03 §5). */
const FACEBOOK_ADS_LEGACY_MAPPINGS = maps(
  ['ad_id', 'Ad ID'],
  ['creative_id', 'Creative ID'],
  ['generated_link', 'Generated link'],
);
/** Campaign manager output mappings (spec 03 §5). */
const CAMPAIGN_MANAGER_OUTPUT_MAPPINGS = maps(
  ['adId', 'Ad ID'],
  ['campaignId', 'Campaign ID'],
  ['placementId', 'Placement ID'],
  ['campaign', 'Campaign'],
);
/** The other ad server's mappings (spec 03 §5). */
const AD_SERVER_MAPPINGS = maps(
  ['adId', 'Ad ID'],
  ['campaign', 'Campaign'],
  ['campaignId', 'Campaign ID'],
  ['placementId', 'Placement ID'],
);
/** Facebook marketing outbound default mappings (spec 03 §9). */
const FACEBOOK_MARKETING_DEFAULT_MAPPINGS = maps(
  ['id', 'Campaign ID'],
  ['name', 'Name'],
  ['adset_id', 'Ad Set ID'],
  ['ad_id', 'Ads ID'],
  ['creative_id', 'Ad Creative ID'],
);
/** The CM360 and DV360 date filter (spec 03 §9). */
const UPDATED_AFTER_FILTER: DateFilterRule = {
  filterId: 'updated_after',
  defaultYearsBack: 1,
  maxYearsBack: 2,
};
/** The campaign manager's start-date filter: one year earlier by default (spec 03 §9). */
const START_DATE_FILTER: DateFilterRule = { filterId: 'start_date', defaultYearsBack: 1, maxYearsBack: 2 };

/** A row as written below: its slug from {@link INTEGRATION_SLUGS}, its connector type's from the catalogue. */
type RowInput = Pick<IntegrationDefinition, 'label' | 'direction' | 'family' | 'credentialFamily'> &
  Omit<Partial<IntegrationDefinition>, 'slug' | 'connectorTypeSlug'> & {
    slug: IntegrationSlug;
    connectorTypeSlug?: ConnectorTypeSlug | null;
  };

/** A row written for slug `S`: its type keeps the slug, so the registry can check that every slug has one. */
type RowOf<S extends IntegrationSlug> = IntegrationDefinition & { readonly slug: S };

/**
 * Fills a row's optional parts; the paired slug of `x-inbound` / `x-outbound` is the other one
 * (dropped by {@link withExistingTwins} when there is no such row). Answers the row typed by its
 * slug ({@link RowOf}).
 */
function row<const S extends IntegrationSlug>(input: RowInput & { slug: S }): RowOf<S> {
  const twin = input.slug.endsWith('-inbound')
    ? input.slug.replace(/-inbound$/, '-outbound')
    : input.slug.endsWith('-outbound')
      ? input.slug.replace(/-outbound$/, '-inbound')
      : null;
  return {
    pairedSlug: twin,
    connectorTypeSlug: null,
    integrationId: null,
    dataTypeKey: input.dataTypes?.length ? 'data_type' : null,
    dataTypeItem: 'Data type',
    dataTypes: [],
    requiredMappings: [],
    defaultMappings: [],
    needsMappings: false,
    requiredMetadata: [],
    optionalMetadata: [],
    metadataDefaults: {},
    needsLinkField: false,
    fieldGovernanceType: null,
    isSingleton: false,
    dateFilter: null,
    hasSyncSchedule: input.direction === 'INPUT',
    featureFlags: [],
    behaviourFlags: [],
    isLegacy: false,
    ...input,
  } as RowOf<S>;
}

const storagePush = <const S extends IntegrationSlug>(
  slug: S,
  label: string,
  connectorTypeSlug: ConnectorTypeSlug,
  credentialFamily: ConnectorCredentialFamily,
  extra: Omit<Partial<IntegrationDefinition>, 'slug' | 'connectorTypeSlug'> = {},
) =>
  row({
    slug,
    label,
    direction: 'OUTPUT',
    family: 'file-storage-push',
    connectorTypeSlug,
    credentialFamily,
    behaviourFlags: ['integration-notifications'],
    ...extra,
  });

/** Keeps a paired slug only where the twin has a row of its own. */
function withExistingTwins(rows: IntegrationDefinition[]): IntegrationDefinition[] {
  const slugs = new Set(rows.map((r) => r.slug));
  return rows.map((r) => (r.pairedSlug && !slugs.has(r.pairedSlug) ? { ...r, pairedSlug: null } : r));
}

/** AWS storage defaults (spec 03 §9); awsRegion is filled with the first configured region. */
const AWS_DEFAULTS: IntegrationMetadata = { awsRegion: '', use_acl: '0', use_sse: 1 };

/**
 * The rows of the integration registry as written, one per slug of spec 03 §2, in the spec's
 * order, each typed by its slug. Directions, pairs, connector types and mappings not stated by the
 * spec are our reading of it and are noted in the row where they are a choice.
 */
const REGISTRY_ROWS = [
  storagePush('box-push', 'Box', 'box', 'oauth'),
  storagePush('box-push-general', 'Box (general)', 'box', 'oauth'),
  storagePush('box-push-v2', 'Box v2', 'box', 'oauth'),
  storagePush('s3-push', 'Amazon S3', 's3', 'cloud-storage', { metadataDefaults: AWS_DEFAULTS }),
  storagePush('azure-blob-push', 'Azure Blob Storage', 'azure-blob', 'cloud-storage'),
  storagePush('sftp-push', 'SFTP', 'sftp', 'sftp', { pairedSlug: null }),
  row({
    slug: 'sftp-pull',
    label: 'SFTP pull',
    direction: 'INPUT',
    family: 'file-pull',
    connectorTypeSlug: 'sftp',
    credentialFamily: 'sftp',
  }),
  storagePush('google-cloud', 'Google Cloud Storage', 'google-cloud-storage', 'cloud-storage'),
  // Legacy Facebook ads: writes generated links back to ads (spec 03 §5 legacy mapping).
  row({
    slug: 'facebook-ads',
    label: 'Facebook Ads',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'facebook',
    credentialFamily: 'oauth',
    requiredMappings: FACEBOOK_ADS_LEGACY_MAPPINGS,
    optionalMetadata: [FACEBOOK_AD_ACCOUNT, FACEBOOK_PIXEL],
    isLegacy: true,
  }),
  row({
    slug: 'facebook-ads-update',
    label: 'Facebook Ads update',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'facebook',
    credentialFamily: 'oauth',
    requiredMappings: FACEBOOK_ADS_LEGACY_MAPPINGS,
    optionalMetadata: [FACEBOOK_AD_ACCOUNT, FACEBOOK_PIXEL],
    isLegacy: true,
  }),
  // google-dcm is the legacy campaign manager import; google-dcm-output its output twin.
  row({
    slug: 'google-dcm',
    label: 'Campaign Manager (legacy)',
    direction: 'INPUT',
    family: 'ads-inbound',
    pairedSlug: 'google-dcm-output',
    connectorTypeSlug: 'google-dcm',
    credentialFamily: 'ad-platform',
    dataTypes: CAMPAIGN_MANAGER_DATA_TYPES,
    dateFilter: START_DATE_FILTER,
    behaviourFlags: ['ads-sync-service'],
    isLegacy: true,
  }),
  row({
    slug: 'google-dcm-output',
    label: 'Campaign Manager output (legacy)',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    pairedSlug: 'google-dcm',
    connectorTypeSlug: 'google-dcm',
    credentialFamily: 'ad-platform',
    requiredMappings: CAMPAIGN_MANAGER_OUTPUT_MAPPINGS,
    behaviourFlags: ['ads-sync-service'],
    isLegacy: true,
  }),
  row({
    slug: 'bitly',
    label: 'Bitly',
    direction: 'SUPPLEMENTAL',
    family: 'link-shortener',
    connectorTypeSlug: 'bitly',
    credentialFamily: 'oauth',
    needsLinkField: true,
    requiredMetadata: [
      { key: 'bitly_org_id', item: 'Organization', source: 'bitly-organizations' },
      { key: 'bitly_group_id', item: 'Group', dependsOn: 'bitly_org_id', source: 'bitly-groups' },
      {
        key: 'shortened_url',
        item: 'Branded short domain',
        dependsOn: 'bitly_group_id',
        source: 'bitly-domains',
      },
    ],
    metadataDefaults: { custom_bitlink_enabled: 0 },
  }),
  row({
    slug: EMAIL_OUTPUT_SLUG,
    label: 'Email',
    direction: 'OUTPUT',
    family: 'email-output',
    credentialFamily: 'none',
    integrationId: EMAIL_INTEGRATION_ID,
  }),
  row({
    slug: 'workfront-project-pull-task-trigger',
    label: 'Workfront project (task trigger)',
    direction: 'INPUT',
    family: 'work-management',
    connectorTypeSlug: 'workfront',
    credentialFamily: 'simple-key',
    requiredMetadata: [
      { key: 'workfrontTemplateId', item: 'Workfront template', source: 'workfront-templates' },
      {
        key: 'workfrontTemplateTaskId',
        item: 'Workfront task',
        dependsOn: 'workfrontTemplateId',
        source: 'workfront-tasks',
      },
    ],
    hasSyncSchedule: false,
  }),
  row({
    slug: 'aws-s3-inbound',
    label: 'Amazon S3 inbound',
    direction: 'INPUT',
    family: 'file-pull',
    pairedSlug: null,
    connectorTypeSlug: 's3',
    credentialFamily: 'cloud-storage',
    metadataDefaults: AWS_DEFAULTS,
  }),
  row({
    slug: 'qr-code-monkey',
    label: 'QR Code Monkey',
    direction: 'SUPPLEMENTAL',
    family: 'qr-code',
    connectorTypeSlug: 'qr-code-monkey',
    credentialFamily: 'simple-key',
    needsLinkField: true,
  }),
  row({
    slug: 'adobe-inbound',
    label: 'Adobe Analytics',
    direction: 'INPUT',
    family: 'analytics',
    pairedSlug: null,
    connectorTypeSlug: 'adobe-analytics',
    credentialFamily: 'adobe',
    // realmLinked: the report suite (Adobe realm); reportLinked: its report (spec 03 §3, §7).
    requiredMetadata: [
      { key: 'realmLinked', item: 'Report suite', source: 'adobe-realms' },
      { key: 'reportLinked', item: 'Report', dependsOn: 'realmLinked', source: 'adobe-reports' },
    ],
  }),
  row({
    slug: 'adobe-experience-manager-inbound',
    label: 'Adobe Experience Manager inbound',
    direction: 'INPUT',
    family: 'content-management',
    connectorTypeSlug: 'aem',
    credentialFamily: 'content-manager',
    dataTypeKey: 'aem_data_type',
    dataTypes: dt('file_assets', 'pages'),
    behaviourFlags: ['dynamic-aem-folder-filters'],
  }),
  row({
    slug: 'adobe-experience-manager-outbound',
    label: 'Adobe Experience Manager outbound',
    direction: 'OUTPUT',
    family: 'content-management',
    connectorTypeSlug: 'aem',
    credentialFamily: 'content-manager',
    dataTypeKey: 'aem_data_type',
    dataTypes: dt('file_assets', 'pages'),
    isSingleton: true,
    behaviourFlags: ['dynamic-aem-folder-filters'],
  }),
  row({
    slug: 'branch',
    label: 'Branch',
    direction: 'SUPPLEMENTAL',
    family: 'mobile-attribution',
    connectorTypeSlug: 'branch',
    credentialFamily: 'simple-key',
    needsLinkField: true,
    fieldGovernanceType: 'deep-link',
  }),
  row({
    slug: 'google-analytics',
    label: 'Google Analytics',
    direction: 'INPUT',
    family: 'analytics',
    connectorTypeSlug: 'ga',
    credentialFamily: 'oauth',
    dataTypeKey: 'ga_data_set_type',
    dataTypeItem: 'Data set type',
    dataTypes: GA_DATA_SET_TYPES,
    needsMappings: true,
    requiredMetadata: [
      { key: 'ga_account_id', item: 'Google Analytics account', source: 'ga-accounts' },
      { key: 'ga_property_id', item: 'Property', dependsOn: 'ga_account_id', source: 'ga-properties' },
      {
        key: 'ga_custom_data_source_id',
        item: 'Custom data source',
        dependsOn: 'ga_property_id',
        source: 'ga-custom-data-sources',
      },
    ],
  }),
  row({
    slug: 'google-ads-inbound',
    label: 'Google Ads',
    direction: 'INPUT',
    family: 'ads-inbound',
    pairedSlug: null,
    connectorTypeSlug: 'google-ads',
    credentialFamily: 'ad-platform',
    dataTypes: dt('campaigns', 'ad_groups', 'ad_group_ads'),
  }),
  row({
    slug: 'amazon-ads-inbound',
    label: 'Amazon Ads',
    direction: 'INPUT',
    family: 'ads-inbound',
    pairedSlug: null,
    connectorTypeSlug: 'amazon-ads',
    credentialFamily: 'oauth',
    dataTypes: RETAIL_ADS_DATA_TYPES,
    optionalMetadata: [{ key: 'adAccountsLinked', item: 'Advertising profile ID' }],
  }),
  row({
    slug: 'snapchat-marketing-inbound',
    label: 'Snapchat Marketing inbound',
    direction: 'INPUT',
    family: 'ads-inbound',
    connectorTypeSlug: 'snapchat',
    credentialFamily: 'ad-platform',
    dataTypes: dt('adaccounts', 'ads', 'adsquads', 'campaigns', 'creatives', 'media', 'organizations'),
    optionalMetadata: [
      { key: 'adAccountsLinked', item: 'Ad account ID' },
      { key: 'organization_id', item: 'Organization ID' },
    ],
  }),
  row({
    slug: 'snapchat-marketing-outbound',
    label: 'Snapchat Marketing outbound',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'snapchat',
    credentialFamily: 'ad-platform',
    dataTypes: dt('adaccounts', 'ads', 'adsquads', 'campaigns', 'creatives'),
  }),
  row({
    slug: 'pinterest-inbound',
    label: 'Pinterest inbound',
    direction: 'INPUT',
    family: 'ads-inbound',
    connectorTypeSlug: 'pinterest',
    credentialFamily: 'oauth',
    dataTypes: dt('ad_accounts', 'ad_groups', 'ads', 'campaigns'),
    optionalMetadata: [{ key: 'adAccountsLinked', item: 'Ad account ID' }],
  }),
  row({
    slug: 'pinterest-outbound',
    label: 'Pinterest outbound',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'pinterest',
    credentialFamily: 'oauth',
    dataTypes: dt('ads', 'ad_groups', 'campaigns'),
  }),
  row({
    slug: 'facebook-marketing-inbound',
    label: 'Facebook Marketing inbound',
    direction: 'INPUT',
    family: 'ads-inbound',
    connectorTypeSlug: 'facebook-marketing',
    credentialFamily: 'oauth',
    dataTypes: AD_PLATFORM_DATA_TYPES,
    optionalMetadata: [FACEBOOK_AD_ACCOUNT],
    behaviourFlags: ['ads-sync-service'],
  }),
  row({
    slug: 'facebook-marketing-outbound',
    label: 'Facebook Marketing outbound',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'facebook-marketing',
    credentialFamily: 'oauth',
    dataTypes: AD_PLATFORM_DATA_TYPES,
    defaultMappings: FACEBOOK_MARKETING_DEFAULT_MAPPINGS,
    optionalMetadata: [FACEBOOK_AD_ACCOUNT],
    behaviourFlags: ['ads-sync-service'],
  }),
  row({
    slug: 'google-cm360-inbound',
    label: 'Campaign Manager 360 inbound',
    direction: 'INPUT',
    family: 'ads-inbound',
    connectorTypeSlug: 'google-cm360',
    credentialFamily: 'ad-platform',
    dataTypes: AD_SERVER_DATA_TYPES,
    dateFilter: UPDATED_AFTER_FILTER,
    behaviourFlags: ['ads-sync-service'],
  }),
  row({
    slug: 'google-cm360-outbound',
    label: 'Campaign Manager 360 outbound',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'google-cm360',
    credentialFamily: 'ad-platform',
    dataTypes: AD_SERVER_DATA_TYPES,
    requiredMappings: AD_SERVER_MAPPINGS,
    behaviourFlags: ['ads-sync-service'],
  }),
  row({
    slug: 'tiktok-inbound',
    label: 'TikTok inbound',
    direction: 'INPUT',
    family: 'ads-inbound',
    connectorTypeSlug: 'tiktok',
    credentialFamily: 'ad-platform',
    dataTypes: dt('campaigns', 'ad_groups', 'ads'),
    optionalMetadata: [{ key: 'adAccountsLinked', item: 'Advertiser ID' }],
  }),
  row({
    slug: 'tiktok-outbound',
    label: 'TikTok outbound',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'tiktok',
    credentialFamily: 'ad-platform',
    dataTypes: dt('campaigns', 'ad_groups', 'ads'),
  }),
  row({
    slug: 'snowflake-push',
    label: 'Snowflake',
    direction: 'OUTPUT',
    family: 'snowflake',
    connectorTypeSlug: 'snowflake',
    credentialFamily: 'data-warehouse',
    behaviourFlags: ['integration-notifications'],
  }),
  row({
    slug: 'google-dv360-inbound',
    label: 'Display & Video 360 inbound',
    direction: 'INPUT',
    family: 'ads-inbound',
    connectorTypeSlug: 'google-dv360',
    credentialFamily: 'ad-platform',
    dataTypes: dt(
      'advertisers',
      'campaigns',
      'insertion_orders',
      'line_items',
      'creatives',
      'ad_groups',
      'ads',
    ),
    dateFilter: UPDATED_AFTER_FILTER,
  }),
  row({
    slug: 'google-dv360-outbound',
    label: 'Display & Video 360 outbound',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'google-dv360',
    credentialFamily: 'ad-platform',
    dataTypes: dt('campaigns', 'creatives', 'advertisers', 'line_items', 'insertion_orders'),
  }),
  row({
    slug: 'salesforce-marketing-cloud-inbound',
    label: 'Salesforce Marketing Cloud inbound',
    direction: 'INPUT',
    family: 'ads-inbound',
    connectorTypeSlug: 'salesforce-marketing-cloud',
    credentialFamily: 'marketing-cloud',
    dataTypes: dt('campaigns', 'assets', 'journeys'),
    optionalMetadata: [{ key: 'data_extension_key', item: 'Data extension external key' }],
  }),
  row({
    slug: 'salesforce-marketing-cloud-outbound',
    label: 'Salesforce Marketing Cloud outbound',
    direction: 'OUTPUT',
    family: 'ads-outbound',
    connectorTypeSlug: 'salesforce-marketing-cloud',
    credentialFamily: 'marketing-cloud',
    dataTypes: dt('assets', 'campaigns', 'journeys'),
    optionalMetadata: [{ key: 'data_extension_key', item: 'Data extension external key' }],
  }),
  row({
    slug: 'kochava',
    label: 'Kochava',
    direction: 'SUPPLEMENTAL',
    family: 'mobile-attribution',
    connectorTypeSlug: 'kochava',
    credentialFamily: 'simple-key',
    needsLinkField: true,
    fieldGovernanceType: 'smart-link',
    requiredMetadata: [{ key: 'app_group_id', item: 'App group', source: 'kochava-app-groups' }],
  }),
];

/**
 * Compiles only when every slug of {@link INTEGRATION_SLUGS} has its row in the registry, so that
 * the editor's form of every slug (composed by `integrationSections` from its row and its family's
 * sections, `FAMILY_SECTIONS` typed by family) exists: a slug without its row is a type error, not
 * the email-output fallback of {@link integrationFor}.
 */
export type EverySlugHasARow = ExpectAll<CoversAll<IntegrationSlug, (typeof REGISTRY_ROWS)[number]['slug']>>;

/**
 * The integration registry: one row per slug of spec 03 §2, in the spec's order
 * ({@link EverySlugHasARow} checks that none is missing).
 */
export const INTEGRATION_DEFINITIONS: readonly IntegrationDefinition[] = withExistingTwins(REGISTRY_ROWS);

const BY_SLUG: ReadonlyMap<string, IntegrationDefinition> = new Map(
  INTEGRATION_DEFINITIONS.map((d) => [d.slug, d]),
);

export { INTEGRATION_SLUGS, type IntegrationSlug } from './slugs';

/** Whether a slug has a row of its own (no fallback). */
export function isKnownIntegrationSlug(slug: string): boolean {
  return BY_SLUG.has(slug);
}

/**
 * The registry row of a slug; unknown slugs fall back to the email output (spec 03 §2 "Unknown
 * slugs fall back to the email-output form"). Never throws.
 */
export function integrationFor(slug: string): IntegrationDefinition {
  return BY_SLUG.get(slug) ?? (BY_SLUG.get(EMAIL_OUTPUT_SLUG) as IntegrationDefinition);
}

/** Which editor list shows an integration: INPUT inbound, OUTPUT and SUPPLEMENTAL outbound (spec 03 §2). */
export function integrationListOf(
  definition: Pick<IntegrationDefinition, 'direction'>,
): 'inbound' | 'outbound' {
  return definition.direction === 'INPUT' ? 'inbound' : 'outbound';
}

/**
 * Whether an integration is offered to an account with these flags on: every gating flag of its row
 * must be on (spec README flags).
 */
export function isIntegrationOffered(
  definition: IntegrationDefinition,
  enabledFlags: readonly FeatureFlag[],
): boolean {
  return definition.featureFlags.every((flag) => enabledFlags.includes(flag));
}

/** The rows an add-picker offers for one list, in registry order (spec 03 §2 Connect step). */
export function integrationsForList(
  list: 'inbound' | 'outbound',
  enabledFlags: readonly FeatureFlag[],
): IntegrationDefinition[] {
  return INTEGRATION_DEFINITIONS.filter(
    (d) => integrationListOf(d) === list && isIntegrationOffered(d, enabledFlags),
  );
}
