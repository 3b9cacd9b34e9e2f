import {
  type AdReader,
  adFilters,
  chosenDataType,
  chosenSetting,
  objectsTable,
  readFromProvider,
} from '../../jobs/inbound/ad-readers/common';
import { chosenMetrics, metricsWindow, withMetricColumns } from '../../jobs/inbound/ad-readers/metrics';
import { buildTikTokClient } from './build';
import type { TikTokObjectKind } from './client';

/**
 * tiktok-inbound (issue 12 item 5; spec 03 §3 TikTok: campaigns, ad_groups, ads): the chosen data
 * type of the advertiser (metadata adAccountsLinked) through the Marketing API. Campaign ids and
 * the status go to TikTok's `filtering` (`campaign_ids`; `primary_status` STATUS_DELIVERY_OK for
 * ACTIVE, STATUS_DISABLE for PAUSED, STATUS_DELETE for ARCHIVED, when one status is chosen: the
 * filter takes one value), the name to `<object>_name`; versions are `modify_time`. The table's
 * `id` and `name` are the object's own (`campaign_id`, `campaign_name`…). With
 * pull_performance_metrics, a basic report at the data type's level over the 30-day window adds
 * impressions, clicks, spend (the advertiser's currency) and conversion.
 */
const TIKTOK_DATA_TYPES: Record<
  string,
  { kind: TikTokObjectKind; idField: string; fields: string[]; label: string }
> = {
  campaigns: {
    kind: 'campaign',
    idField: 'campaign_id',
    fields: ['campaign_id', 'campaign_name', 'objective_type', 'operation_status', 'modify_time'],
    label: 'campaigns',
  },
  ad_groups: {
    kind: 'adgroup',
    idField: 'adgroup_id',
    fields: ['adgroup_id', 'adgroup_name', 'campaign_id', 'operation_status', 'modify_time'],
    label: 'ad groups',
  },
  ads: {
    kind: 'ad',
    idField: 'ad_id',
    fields: ['ad_id', 'ad_name', 'adgroup_id', 'campaign_id', 'operation_status', 'modify_time'],
    label: 'ads',
  },
};

const PRIMARY_STATUS: Record<string, string> = {
  ACTIVE: 'STATUS_DELIVERY_OK',
  PAUSED: 'STATUS_DISABLE',
  ARCHIVED: 'STATUS_DELETE',
};

/** TikTok's report metric for each metric column. */
const REPORT_METRICS = {
  impressions: 'impressions',
  clicks: 'clicks',
  spend: 'spend',
  conversions: 'conversion',
};

/**
 * Reads a tiktok-inbound assignment (metadata data_type, adAccountsLinked: the advertiser id,
 * pull_performance_metrics; filters).
 */
export const readTikTokObjects: AdReader = async (deps, connector, assignment) => {
  const [dataType, spec] = chosenDataType(assignment, TIKTOK_DATA_TYPES);
  const metrics = chosenMetrics('tiktok-inbound', assignment, dataType);
  const advertiser = chosenSetting(assignment, 'adAccountsLinked', 'advertiser');
  const filters = adFilters(assignment);
  const filtering: Record<string, unknown> = {};
  if (filters.campaignIds.length > 0) filtering.campaign_ids = filters.campaignIds;
  if (filters.nameContains) filtering[`${spec.kind}_name`] = filters.nameContains;
  const statuses = [...new Set(filters.statuses.map((s) => PRIMARY_STATUS[s]).filter(Boolean))];
  if (statuses.length === 1) filtering.primary_status = statuses[0];
  const what = `${spec.label} of advertiser ${advertiser}`;
  const client = buildTikTokClient(deps, connector);
  const objects = await readFromProvider('tiktok', connector, what, () =>
    client.listObjects(spec.kind, advertiser, spec.fields, filtering),
  );
  // `id` and `name` first: the mapping form's default fields (catalogue.ts integrationDefaultFields).
  const named: Record<string, string> = { id: spec.idField, name: `${spec.kind}_name` };
  const read = objectsTable(
    what,
    ['id', 'name', ...spec.fields.filter((f) => !Object.values(named).includes(f))],
    objects,
    (o) => `${spec.kind}:${String(o[spec.idField])}`,
    (o) => o.modify_time,
    (o, column) => o[named[column] ?? column],
  );
  if (metrics === null) return read;
  const window = metricsWindow();
  const rows = await readFromProvider('tiktok', connector, `performance metrics of ${what}`, () =>
    client.report(
      spec.kind,
      advertiser,
      metrics.map((m) => REPORT_METRICS[m]),
      window.since,
      window.until,
    ),
  );
  const byId = new Map(
    rows.map((r) => [
      String(r.dimensions[spec.idField] ?? ''),
      Object.fromEntries(metrics.map((m) => [m, r.metrics[REPORT_METRICS[m]] ?? undefined])),
    ]),
  );
  return withMetricColumns(read, metrics, (i) => String(objects[i]![spec.idField]), byId);
};
