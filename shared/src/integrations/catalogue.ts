import type { MappingField } from './integration-assignment';
import { PERFORMANCE_METRIC_LABELS, performanceMetricsOf } from './performance-metrics';
import {
  type DataTypeOption,
  type IntegrationDefinition,
  integrationFor,
  isKnownIntegrationSlug,
} from './registry';

/**
 * What Nomen itself knows about each integration type's fields and filters (spec 03 §7 "GET
 * /api/v1/integrations/{type}/default-fields" and ".../filters"): pure data derived from the
 * registry rows, served by `server/src/entities/integrations/` and read by the connect step. Nothing
 * here comes from a provider; provider-backed choices (ad accounts, report suites, …) are separate.
 */

/** How a filter's values are entered: one date, one text, or a list of values (spec 03 §3 filters). */
export const FILTER_KINDS = ['date', 'text', 'values'] as const;
/** One filter kind. */
export type FilterKind = (typeof FILTER_KINDS)[number];

/**
 * One filter an inbound integration offers (spec 03 §3 filters: integrationFilterId and values):
 * its id (stored as integrationFilterId), label, kind, fixed choices for `values` filters (empty:
 * free values), and the data types it applies to (null: every data type).
 */
export interface IntegrationFilterDefinition {
  id: string;
  label: string;
  kind: FilterKind;
  options: DataTypeOption[];
  dataTypes: string[] | null;
}

/**
 * One integration field a mapping may target (spec 03 §3 "Mapping field" fieldName), with how the
 * form names it and whether the integration needs it mapped (spec 03 §5 required mappings).
 */
export interface DefaultField {
  fieldName: string;
  label: string;
  required: boolean;
}

const filter = (
  id: string,
  label: string,
  kind: FilterKind,
  extra: Partial<Pick<IntegrationFilterDefinition, 'options' | 'dataTypes'>> = {},
): IntegrationFilterDefinition => ({ id, label, kind, options: [], dataTypes: null, ...extra });

/** Delivery statuses the ad platforms share (ours: the spec does not list them). */
const STATUS_OPTIONS: DataTypeOption[] = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'PAUSED', label: 'Paused' },
  { value: 'ARCHIVED', label: 'Archived' },
];

/** Campaign-manager style imports filter by advertiser (spec 03 §3 importObjectFilters: advertisers). */
const ADVERTISER_SLUGS = new Set(['google-dcm', 'google-cm360-inbound', 'google-dv360-inbound']);

/**
 * The filters an integration type offers (spec 03 §3 filters, §9 date filters), served by GET
 * /api/v1/integrations/{type}/filters: for ad-platform imports the row's date filter (CM360 and
 * DV360 `updated_after`, the legacy campaign manager's `start_date`), then ids, name and status, and
 * advertisers where the platform has them; none for other families (their filters are settings of
 * their own: folder, format and tags filters, identifier fields). Unknown slugs have none.
 */
export function integrationFilters(slug: string): IntegrationFilterDefinition[] {
  if (!isKnownIntegrationSlug(slug)) return [];
  const row = integrationFor(slug);
  if (row.family !== 'ads-inbound') return [];
  const filters: IntegrationFilterDefinition[] = [];
  if (row.dateFilter)
    filters.push(
      filter(
        row.dateFilter.filterId,
        row.dateFilter.filterId === 'start_date' ? 'Start date' : 'Updated after',
        'date',
      ),
    );
  if (ADVERTISER_SLUGS.has(slug)) filters.push(filter('advertiser_ids', 'Advertiser IDs', 'values'));
  filters.push(
    filter('campaign_ids', 'Campaign IDs', 'values'),
    filter('name_contains', 'Name contains', 'text'),
    filter('status', 'Status', 'values', { options: STATUS_OPTIONS }),
  );
  return filters;
}

/** The filter definition of an assignment's filter, or undefined for one the type does not offer. */
export function integrationFilterDefinition(
  slug: string,
  filterId: string | number,
): IntegrationFilterDefinition | undefined {
  return integrationFilters(slug).find((f) => f.id === String(filterId));
}

const fields = (...pairs: [string, string][]): DefaultField[] =>
  pairs.map(([fieldName, label]) => ({ fieldName, label, required: false }));

/**
 * Facebook's dynamic URL parameters, which the legacy Facebook ads integration maps to template
 * fields (spec 03 §3 fieldMapping: fbParameterName). Names as Meta's "URL parameters" reference
 * (facebook.com/business/help/1016122818401732) spells them.
 */
export const FACEBOOK_URL_PARAMETERS: readonly DefaultField[] = fields(
  ['campaign.id', 'Campaign ID'],
  ['campaign.name', 'Campaign name'],
  ['adset.id', 'Ad set ID'],
  ['adset.name', 'Ad set name'],
  ['ad.id', 'Ad ID'],
  ['ad.name', 'Ad name'],
  ['placement', 'Placement'],
  ['site_source_name', 'Site source name'],
);

/**
 * Google Analytics import fields per data set type (spec 03 §3 "Google Analytics data set types"),
 * as GA4's data import reference names them. Custom data and user data have none of their own:
 * their columns are the property's custom dimensions of one scope ({@link GA_CUSTOM_DIMENSION_SCOPES}),
 * named by parameter name, which only the property can tell (the google-analytics default-fields
 * endpoint reads them when given the connected account and property).
 */
export const GA_DEFAULT_FIELDS: Readonly<Record<string, readonly DefaultField[]>> = {
  custom_data: [],
  campaign_data: fields(
    ['campaign_id', 'Campaign ID'],
    ['campaign_name', 'Campaign name'],
    ['source', 'Source'],
    ['medium', 'Medium'],
    ['term', 'Term'],
    ['content', 'Content'],
  ),
  user_data: [],
  geography_data: fields(['city', 'City'], ['region', 'Region'], ['country', 'Country']),
  content_data: fields(
    ['page_path', 'Page path'],
    ['page_title', 'Page title'],
    ['content_group', 'Content group'],
  ),
  product_data: fields(
    ['item_id', 'Item ID'],
    ['item_name', 'Item name'],
    ['item_brand', 'Item brand'],
    ['item_category', 'Item category'],
    ['item_variant', 'Item variant'],
  ),
};

/**
 * The custom dimension scope whose dimensions a Google Analytics data set type reads (spec 03 §3;
 * GA Admin API v1beta CustomDimension `scope`,
 * https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/properties.customDimensions#DimensionScope):
 * custom data the event-scoped ones (Data API `customEvent:<parameterName>`), user data the
 * user-scoped ones (`customUser:<parameterName>`). Other types read fixed dimensions.
 */
export const GA_CUSTOM_DIMENSION_SCOPES: Readonly<Record<string, 'EVENT' | 'USER'>> = {
  custom_data: 'EVENT',
  user_data: 'USER',
};

/**
 * At most this many dimensions in one Data API report (runReport refuses a request with more,
 * https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport):
 * custom and user data read the first 9 custom dimensions of their scope, in the Admin API's order.
 */
export const GA_MAX_REPORT_DIMENSIONS = 9;

/** A custom dimension of a GA property as the default fields offer it: its parameter and display names. */
export interface GaCustomDimensionField {
  parameterName: string;
  displayName: string;
}

/**
 * The default fields of custom or user data for a property whose custom dimensions of the type's
 * scope are `dimensions` (in the Admin API's order): one per dimension, named by its parameter name
 * and labelled by its display name, the first {@link GA_MAX_REPORT_DIMENSIONS} only (the ones the
 * import reads). Pure.
 */
export function gaCustomDimensionFields(dimensions: readonly GaCustomDimensionField[]): DefaultField[] {
  return withoutDuplicates(
    dimensions.slice(0, GA_MAX_REPORT_DIMENSIONS).map((d) => ({
      fieldName: d.parameterName,
      label: d.displayName || d.parameterName,
      required: false,
    })),
  );
}

/**
 * Campaign Manager (legacy) fields per data type, as the Campaign Manager 360 API names them
 * (spec 03 §3 "Campaign manager" data types; §5 the output's adId, campaignId, placementId, campaign).
 */
export const CAMPAIGN_MANAGER_DEFAULT_FIELDS: Readonly<Record<string, readonly DefaultField[]>> = {
  campaigns: fields(
    ['campaignId', 'Campaign ID'],
    ['campaign', 'Campaign'],
    ['advertiserId', 'Advertiser ID'],
  ),
  placements: fields(
    ['placementId', 'Placement ID'],
    ['placement', 'Placement'],
    ['siteId', 'Site ID'],
    ['campaignId', 'Campaign ID'],
  ),
  ads: fields(
    ['adId', 'Ad ID'],
    ['ad', 'Ad'],
    ['campaignId', 'Campaign ID'],
    ['placementId', 'Placement ID'],
  ),
  creatives: fields(
    ['creativeId', 'Creative ID'],
    ['creative', 'Creative'],
    ['advertiserId', 'Advertiser ID'],
  ),
  creative_assets: fields(['creativeAssetId', 'Creative asset ID'], ['creativeAsset', 'Creative asset']),
};

/**
 * Adobe Experience Manager inbound columns per data type beyond the id (the path) and name, as
 * Nomen's AEM reader answers them (spec 03 §3 "Storage (content management)": file assets and
 * pages; server/src/integrations/aem/reader.ts).
 */
export const AEM_DEFAULT_FIELDS: Readonly<Record<string, readonly DefaultField[]>> = {
  file_assets: fields(
    ['title', 'Asset title'],
    ['path', 'Asset path'],
    ['format', 'Format'],
    ['tags', 'Tags'],
    ['lastModified', 'Last modified'],
  ),
  pages: fields(
    ['title', 'Page title'],
    ['path', 'Page path'],
    ['template', 'Page template'],
    ['tags', 'Tags'],
    ['lastModified', 'Last modified'],
  ),
};

/** "ad_sets" → "Ad set"; "campaigns" → "Campaign" (labels of the generic id and name fields). */
function singular(dataType: DataTypeOption): string {
  const label = dataType.label.replace(/ \(legacy\)$/, '');
  return label.replace(/ies$/, 'y').replace(/s$/, '');
}

/** The required and default mappings of a row, in that order, without duplicates. */
function rowFields(row: IntegrationDefinition): DefaultField[] {
  return [
    ...row.requiredMappings.map((m) => ({ fieldName: m.fieldName, label: m.label, required: true })),
    ...row.defaultMappings.map((m) => ({ fieldName: m.fieldName, label: m.label, required: false })),
  ];
}

function withoutDuplicates(list: DefaultField[]): DefaultField[] {
  const seen = new Set<string>();
  return list.filter((f) => {
    if (seen.has(f.fieldName)) return false;
    seen.add(f.fieldName);
    return true;
  });
}

/**
 * The integration fields a mapping of a type may target (spec 03 §7 default-fields, with the specific
 * ones of facebook-ads, google-analytics and google-dcm): the row's required mappings, its default
 * mappings, then fields of the chosen data type —
 * - `facebook-ads` (and its update twin): Facebook's URL parameters;
 * - `google-analytics`: the data set type's import fields ({@link GA_DEFAULT_FIELDS});
 * - `google-dcm` and its output: the campaign manager's fields of the data type;
 * - other rows with data types: the data type's id and name (google-dv360-outbound also the
 *   advertiser id of objects other than advertisers; adobe-experience-manager-inbound also the
 *   columns of {@link AEM_DEFAULT_FIELDS});
 * - rows without data types: their own mappings only.
 * With `withPerformanceMetrics` (the assignment's pull_performance_metrics flag), an ad-platform
 * import whose data type reports delivery metrics also offers its metric columns (impressions,
 * clicks, spend, conversions: performance-metrics.ts).
 * An unknown slug or a data type the row does not offer gives the row's own mappings only.
 */
export function integrationDefaultFields(
  slug: string,
  dataType: string | null = null,
  withPerformanceMetrics = false,
): DefaultField[] {
  const metrics = withPerformanceMetrics ? (performanceMetricsOf(slug, dataType) ?? []) : [];
  return withoutDuplicates([
    ...objectDefaultFields(slug, dataType),
    ...metrics.map((m) => ({ fieldName: m, label: PERFORMANCE_METRIC_LABELS[m], required: false })),
  ]);
}

/** The default fields of a type's objects ({@link integrationDefaultFields} without metrics). */
function objectDefaultFields(slug: string, dataType: string | null): DefaultField[] {
  if (!isKnownIntegrationSlug(slug)) return [];
  const row = integrationFor(slug);
  const own = rowFields(row);
  if (slug === 'facebook-ads' || slug === 'facebook-ads-update')
    return withoutDuplicates([...own, ...FACEBOOK_URL_PARAMETERS]);
  if (slug === 'google-analytics')
    return withoutDuplicates([...own, ...(dataType ? (GA_DEFAULT_FIELDS[dataType] ?? []) : [])]);
  if (slug === 'google-dcm' || slug === 'google-dcm-output') {
    const all = Object.values(CAMPAIGN_MANAGER_DEFAULT_FIELDS).flat();
    const chosen = dataType
      ? (CAMPAIGN_MANAGER_DEFAULT_FIELDS[dataType] ?? [])
      : slug === 'google-dcm'
        ? []
        : all;
    return withoutDuplicates([...own, ...chosen]);
  }
  const option = row.dataTypes.find((t) => t.value === dataType);
  if (!option) return own;
  const name = singular(option);
  return withoutDuplicates([
    ...own,
    { fieldName: 'id', label: `${name} ID`, required: false },
    { fieldName: 'name', label: `${name} name`, required: false },
    ...(slug === 'adobe-experience-manager-inbound' ? (AEM_DEFAULT_FIELDS[dataType ?? ''] ?? []) : []),
    // DV360 objects other than advertisers are addressed under their advertiser (issue 12 item 4).
    ...(slug === 'google-dv360-outbound' && dataType !== 'advertisers'
      ? [{ fieldName: 'advertiserId', label: 'Advertiser ID', required: false }]
      : []),
  ]);
}

/**
 * Mapping rows for the default fields that an assignment's mapping does not hold yet (the editor's
 * "Add default fields"): each unmapped, required as the field says. Pure.
 */
export function missingDefaultMappings(
  mappings: readonly Pick<MappingField, 'fieldName'>[],
  defaults: readonly DefaultField[],
): MappingField[] {
  const present = new Set(mappings.map((m) => m.fieldName));
  return defaults
    .filter((f) => !present.has(f.fieldName))
    .map((f) => ({
      fieldName: f.fieldName,
      label: f.label,
      cvFieldId: null,
      required: f.required,
      type: 'integration_field',
      source_type: 'field',
    }));
}

/** How long the editor keeps an integration type's filters before asking again (spec 03 §9: 3,600,000 ms). */
export const INTEGRATION_FILTERS_CACHE_MS = 3_600_000;
/** The root of a content-management folder tree (spec 03 §4 "root path is /"). */
export const AEM_ROOT_PATH = '/';
/** The pause between loading one level of the folder tree and the next (spec 03 §9: 300 ms). */
export const AEM_FOLDER_LEVEL_DELAY_MS = 300;

/**
 * The folder paths from the root down to `path` (spec 03 §4 tree folder picker): `/content/dam/x`
 * → `['/', '/content', '/content/dam', '/content/dam/x']`. Blank segments are dropped; a path that
 * does not start with / is read from the root.
 */
export function folderPathLevels(path: string): string[] {
  const parts = path.split('/').filter((p) => p.trim() !== '');
  return [AEM_ROOT_PATH, ...parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`)];
}

/** The data types of the Adobe Experience Manager integrations (spec 03 §3 aem_data_type). */
export const AEM_DATA_TYPES = ['file_assets', 'pages'] as const;
/** One AEM data type: DAM file assets or AEM Sites pages. */
export type AemDataType = (typeof AEM_DATA_TYPES)[number];
/** The DAM, whose folders the file assets tree lists (the tree's root / stands for it). */
export const AEM_DAM_PATH = '/content/dam';
/** The root of the pages folder tree: AEM Sites content lives under /content. */
export const AEM_PAGES_ROOT_PATH = '/content';

/**
 * The AEM data type an integration's `aem_data_type` metadata names: `pages` for pages, file assets
 * otherwise (unset or unknown values, as the inbound reads them).
 */
export function aemDataTypeOf(value: string): AemDataType {
  return value.trim() === 'pages' ? 'pages' : 'file_assets';
}

/**
 * The root node of the folder tree of an AEM data type (spec 03 §4 tree folder picker): `/` for
 * file assets (the DAM root, spec 03 §4 "root path is /"), `/content` for pages (AEM Sites).
 */
export function aemFolderTreeRoot(dataType: AemDataType): string {
  return dataType === 'pages' ? AEM_PAGES_ROOT_PATH : AEM_ROOT_PATH;
}

/**
 * The tree nodes from the root of `dataType`'s folder tree down to `path`, the order the picker
 * opens them in (spec 03 §4, §9 one level every 300 ms). File assets: `/`, then the DAM folders —
 * `/content/dam/a/b` and `/a/b` both give `['/', '/content/dam/a', '/content/dam/a/b']`, since the
 * root / stands for /content/dam. Pages: `/content`, then the content folders — `/content/acme/en`
 * and `/acme/en` give `['/content', '/content/acme', '/content/acme/en']`; `/` gives `['/content']`.
 * Blank segments are dropped.
 */
export function aemFolderLevels(dataType: AemDataType, path: string): string[] {
  const parts = path.split('/').filter((p) => p.trim() !== '');
  const base = dataType === 'pages' ? AEM_PAGES_ROOT_PATH : AEM_DAM_PATH;
  const baseParts = base.split('/').filter(Boolean);
  const under = baseParts.every((b, i) => parts[i] === b) ? parts.slice(baseParts.length) : parts;
  return [aemFolderTreeRoot(dataType), ...under.map((_, i) => [base, ...under.slice(0, i + 1)].join('/'))];
}
