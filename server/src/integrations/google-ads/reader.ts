import {
  type AdFilters,
  type AdReader,
  adFilters,
  chosenDataType,
  objectsTable,
  readFromProvider,
} from '../../jobs/inbound/ad-readers/common';
import {
  chosenMetrics,
  type DeliveryMetrics,
  decimalText,
  withMetricColumns,
} from '../../jobs/inbound/ad-readers/metrics';
import { buildGoogleAdsClient } from './build';
import type { GoogleAdsRow } from './client';

/**
 * google-ads-inbound (issue 12 item 5; spec 03 §3 search ads: campaigns, ad_groups,
 * ad_group_ads): one GAQL query through googleAds:searchStream for the connected account's
 * customer (credentials customer_id), its WHERE clause made of the filters (campaign.id IN,
 * `<resource>.name LIKE '%…%'`, `<resource>.status IN` with ACTIVE → ENABLED). Columns are `id` and
 * `name` of the resource, then the other selected fields as GAQL names them; Google answers no update time, so versions are a hash of the row.
 * With pull_performance_metrics the same query also selects metrics.impressions, metrics.clicks,
 * metrics.cost_micros (÷ 1,000,000: the account's currency) and metrics.conversions over
 * `segments.date DURING LAST_30_DAYS`. The date is filtered, not selected, so the report is not
 * segmented: one row per resource with its totals, zero rows included
 * (https://developers.google.com/google-ads/api/docs/reporting/zero-metrics; REST leaves zero
 * values out, so an absent metric reads as 0).
 */
const GOOGLE_ADS_DATA_TYPES: Record<
  string,
  {
    resource: string;
    fields: string[];
    idField: string;
    nameField: string;
    statusField: string;
    label: string;
  }
> = {
  campaigns: {
    resource: 'campaign',
    fields: ['campaign.id', 'campaign.name', 'campaign.status', 'campaign.advertising_channel_type'],
    idField: 'campaign.id',
    nameField: 'campaign.name',
    statusField: 'campaign.status',
    label: 'campaigns',
  },
  ad_groups: {
    resource: 'ad_group',
    fields: ['ad_group.id', 'ad_group.name', 'ad_group.status', 'campaign.id', 'campaign.name'],
    idField: 'ad_group.id',
    nameField: 'ad_group.name',
    statusField: 'ad_group.status',
    label: 'ad groups',
  },
  ad_group_ads: {
    resource: 'ad_group_ad',
    fields: ['ad_group_ad.ad.id', 'ad_group_ad.ad.name', 'ad_group_ad.status', 'ad_group.id', 'campaign.id'],
    idField: 'ad_group_ad.ad.id',
    nameField: 'ad_group_ad.ad.name',
    statusField: 'ad_group_ad.status',
    label: 'ads',
  },
};

const STATUS: Record<string, string> = { ACTIVE: 'ENABLED', PAUSED: 'PAUSED', ARCHIVED: 'REMOVED' };

/** A GAQL string literal (single quotes, backslash-escaped). */
function gaqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The metrics selected with pull_performance_metrics. */
const METRIC_FIELDS = ['metrics.impressions', 'metrics.clicks', 'metrics.cost_micros', 'metrics.conversions'];

/**
 * The GAQL query of a data type with the assignment's filters (campaign ids must be numbers) and,
 * `withMetrics`, the delivery metrics of the last 30 days.
 */
export function googleAdsQuery(dataType: string, filters: AdFilters, withMetrics = false): string {
  const spec = GOOGLE_ADS_DATA_TYPES[dataType]!;
  const select = withMetrics ? [...spec.fields, ...METRIC_FIELDS] : spec.fields;
  const where: string[] = [];
  const ids = filters.campaignIds.filter((id) => /^\d+$/.test(id));
  if (ids.length > 0) where.push(`campaign.id IN (${ids.join(', ')})`);
  if (filters.nameContains)
    where.push(
      `${spec.nameField} LIKE ${gaqlString(`%${filters.nameContains.replace(/[%_[\]]/g, '[$&]')}%`)}`,
    );
  const statuses = [...new Set(filters.statuses.map((s) => STATUS[s]).filter(Boolean))] as string[];
  if (statuses.length > 0) where.push(`${spec.statusField} IN (${statuses.map(gaqlString).join(', ')})`);
  if (withMetrics) where.push('segments.date DURING LAST_30_DAYS');
  return `SELECT ${select.join(', ')} FROM ${spec.resource}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${spec.idField}`;
}

/** The value at a GAQL field of a row (`ad_group_ad.ad.id` → row.adGroupAd.ad.id). */
function valueAt(row: GoogleAdsRow, field: string): unknown {
  let cur: unknown = row;
  for (const part of field.split('.')) {
    const key = part.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
  }
  return cur;
}

/** A row's metrics: cost in micros becomes the account's currency. */
function rowMetrics(row: GoogleAdsRow): DeliveryMetrics {
  const text = (field: string) => {
    const value = valueAt(row, field);
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  };
  return {
    impressions: text('metrics.impressions'),
    clicks: text('metrics.clicks'),
    spend: decimalText(text('metrics.cost_micros'), 6),
    conversions: text('metrics.conversions'),
  };
}

/**
 * Reads a google-ads-inbound assignment (metadata data_type, pull_performance_metrics; the
 * account's customer_id; filters).
 */
export const readGoogleAdsObjects: AdReader = async (deps, connector, assignment) => {
  const [dataType, spec] = chosenDataType(assignment, GOOGLE_ADS_DATA_TYPES);
  const metrics = chosenMetrics('google-ads-inbound', assignment, dataType);
  const { client, customerId } = buildGoogleAdsClient(deps, connector);
  const what = `${spec.label} of customer ${customerId}`;
  const rows = await readFromProvider('google-ads', connector, what, () =>
    client.searchStream(customerId, googleAdsQuery(dataType, adFilters(assignment), metrics !== null)),
  );
  // `id` and `name` first: the mapping form's default fields (catalogue.ts integrationDefaultFields).
  const named: Record<string, string> = { id: spec.idField, name: spec.nameField };
  const read = objectsTable(
    what,
    ['id', 'name', ...spec.fields.filter((f) => f !== spec.idField && f !== spec.nameField)],
    rows,
    (r) => `${spec.resource}:${String(valueAt(r, spec.idField))}`,
    () => undefined,
    (r, column) => valueAt(r, named[column] ?? column),
  );
  if (metrics === null) return read;
  const idOf = (r: GoogleAdsRow) => String(valueAt(r, spec.idField));
  const byId = new Map(rows.map((r) => [idOf(r), rowMetrics(r)]));
  return withMetricColumns(read, metrics, (i) => idOf(rows[i]!), byId);
};
