import type { IntegrationAssignment } from '@nomen/shared';
import {
  type AdReader,
  chosenDataType,
  chosenSetting,
  objectsTable,
  readFromProvider,
} from '../../jobs/inbound/ad-readers/common';
import {
  chosenMetrics,
  type DeliveryMetrics,
  decimalText,
  withMetricColumns,
} from '../../jobs/inbound/ad-readers/metrics';
import { buildMetaClient } from './build';
import type { MetaAdObjectEdge, MetaFilter, MetaInsightsLevel, MetaInsightsRow } from './client';

/**
 * facebook-marketing-inbound (issue 12 item 5): the chosen data type (campaigns, ad sets, ads, ad
 * creatives) of the linked ad account through the Marketing API with the assignment's filters;
 * columns are the object's fields, versions its `updated_time` (a hash of the row where it has none).
 * With pull_performance_metrics, the ad account's Insights at the data type's level over
 * `last_30d` add impressions, clicks, spend and conversions (the `offsite_conversion.*` actions:
 * the website conversions the Meta pixel and Conversions API report).
 */

/** The Marketing API edge and the fields read per data type (spec 03 §3 ad platform data types). */
const FACEBOOK_DATA_TYPES: Record<
  string,
  { edge: MetaAdObjectEdge; fields: string[]; label: string; level?: MetaInsightsLevel }
> = {
  campaigns: {
    edge: 'campaigns',
    level: 'campaign',
    fields: ['name', 'status', 'effective_status', 'objective', 'updated_time'],
    label: 'campaigns',
  },
  ad_sets: {
    edge: 'adsets',
    level: 'adset',
    fields: ['name', 'campaign_id', 'status', 'effective_status', 'updated_time'],
    label: 'ad sets',
  },
  ads: {
    edge: 'ads',
    level: 'ad',
    fields: ['name', 'campaign_id', 'adset_id', 'status', 'effective_status', 'updated_time'],
    label: 'ads',
  },
  ad_creatives: {
    edge: 'adcreatives',
    fields: ['name', 'title', 'body', 'url_tags', 'status'],
    label: 'ad creatives',
  },
};

/**
 * The assignment's filters (catalogue.ts `integrationFilters`: campaign_ids, name_contains,
 * status) as Graph `filtering` conditions. Campaigns filter their own id; other objects their
 * campaign's (`campaign.id`).
 */
export function facebookFiltering(dataType: string, filters: IntegrationAssignment['filters']): MetaFilter[] {
  const out: MetaFilter[] = [];
  for (const f of filters) {
    const values = f.values.map((v) => String(v).trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    const id = String(f.integrationFilterId);
    if (id === 'campaign_ids')
      out.push({ field: dataType === 'campaigns' ? 'id' : 'campaign.id', operator: 'IN', value: values });
    else if (id === 'name_contains') out.push({ field: 'name', operator: 'CONTAIN', value: values[0]! });
    else if (id === 'status') out.push({ field: 'effective_status', operator: 'IN', value: values });
  }
  return out;
}

/** Graph's preset for the metrics window (metrics.ts: the 30 days before today). */
const METRICS_DATE_PRESET = 'last_30d';

/** An Insights row as metrics: conversions are the sum of the `offsite_conversion.*` actions. */
function insightsMetrics(row: MetaInsightsRow): DeliveryMetrics {
  const conversions = (row.actions ?? [])
    .filter((a) => a.action_type.startsWith('offsite_conversion.'))
    .reduce((sum, a) => sum + Number(decimalText(a.value)), 0);
  return { impressions: row.impressions, clicks: row.clicks, spend: row.spend, conversions };
}

/**
 * Reads a facebook-marketing-inbound assignment (metadata data_type, adAccountsLinked,
 * pull_performance_metrics; filters).
 */
export const readFacebookObjects: AdReader = async (deps, connector, assignment) => {
  const [dataType, spec] = chosenDataType(assignment, FACEBOOK_DATA_TYPES);
  const metrics = chosenMetrics('facebook-marketing-inbound', assignment, dataType);
  const adAccount = chosenSetting(assignment, 'adAccountsLinked', 'ad account');
  const what = `${spec.label} of ${adAccount}`;
  const client = buildMetaClient(deps, connector);
  const objects = await readFromProvider('meta', connector, what, () =>
    client.listAdObjects(
      adAccount,
      spec.edge,
      spec.fields,
      facebookFiltering(dataType, assignment.filters ?? []),
    ),
  );
  const read = objectsTable(
    what,
    ['id', ...spec.fields],
    objects,
    (o) => `${spec.edge}:${o.id}`,
    (o) => (typeof o.updated_time === 'string' ? o.updated_time : undefined),
  );
  const level = spec.level;
  if (metrics === null || level === undefined) return read;
  const rows = await readFromProvider('meta', connector, `performance metrics of ${what}`, () =>
    client.listInsights(adAccount, level, ['impressions', 'clicks', 'spend', 'actions'], METRICS_DATE_PRESET),
  );
  const byId = new Map(rows.map((r) => [String(r[`${level}_id`] ?? ''), insightsMetrics(r)]));
  return withMetricColumns(read, metrics, (i) => objects[i]!.id, byId);
};
