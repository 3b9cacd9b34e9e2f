import {
  type AdReader,
  adFilters,
  chosenDataType,
  chosenSetting,
  keepMatching,
  objectsTable,
  readFromProvider,
} from '../../jobs/inbound/ad-readers/common';
import {
  chosenMetrics,
  decimalText,
  metricsWindow,
  withMetricColumns,
} from '../../jobs/inbound/ad-readers/metrics';
import { buildPinterestClient } from './build';
import type { PinterestKind } from './client';

/**
 * pinterest-inbound (issue 12 item 5; spec 03 §3 Pinterest inbound: ad_accounts, ad_groups, ads,
 * campaigns) through API v5. Campaign ids and statuses go to Pinterest's `campaign_ids` and
 * `entity_statuses`; the name is kept by Nomen (the lists take no name filter); versions are
 * `updated_time`. With pull_performance_metrics, the analytics of the objects read over the
 * 30-day window add impressions (IMPRESSION_1), clicks (CLICKTHROUGH_1), spend
 * (SPEND_IN_MICRO_DOLLAR ÷ 1,000,000: the ad account's currency) and TOTAL_CONVERSIONS.
 */
const PINTEREST_DATA_TYPES: Record<string, { edge: PinterestKind | null; fields: string[]; label: string }> =
  {
    ad_accounts: { edge: null, fields: ['name', 'country', 'currency'], label: 'ad accounts' },
    campaigns: {
      edge: 'campaigns',
      fields: ['name', 'status', 'objective_type', 'ad_account_id', 'updated_time'],
      label: 'campaigns',
    },
    ad_groups: {
      edge: 'ad_groups',
      fields: ['name', 'status', 'campaign_id', 'ad_account_id', 'updated_time'],
      label: 'ad groups',
    },
    ads: {
      edge: 'ads',
      fields: ['name', 'status', 'campaign_id', 'ad_group_id', 'pin_id', 'updated_time'],
      label: 'ads',
    },
  };

/** The analytics columns read for the metric columns. */
const ANALYTICS_COLUMNS = ['IMPRESSION_1', 'CLICKTHROUGH_1', 'SPEND_IN_MICRO_DOLLAR', 'TOTAL_CONVERSIONS'];

/**
 * Reads a pinterest-inbound assignment (metadata data_type, adAccountsLinked,
 * pull_performance_metrics; filters).
 */
export const readPinterestObjects: AdReader = async (deps, connector, assignment) => {
  const [dataType, spec] = chosenDataType(assignment, PINTEREST_DATA_TYPES);
  const metrics = chosenMetrics('pinterest-inbound', assignment, dataType);
  const filters = adFilters(assignment);
  const client = buildPinterestClient(deps, connector);
  const edge = spec.edge;
  let what = spec.label;
  let objects: Record<string, unknown>[];
  let adAccount = '';
  if (edge === null) {
    objects = await readFromProvider('pinterest', connector, what, () => client.listAdAccounts());
  } else {
    adAccount = chosenSetting(assignment, 'adAccountsLinked', 'ad account');
    what = `${spec.label} of ${adAccount}`;
    objects = await readFromProvider('pinterest', connector, what, () =>
      client.listObjects(adAccount, edge, {
        campaignIds: filters.campaignIds,
        entityStatuses: filters.statuses,
      }),
    );
  }
  const kept = keepMatching(objects, filters, { name: 'name' });
  const read = objectsTable(
    what,
    ['id', ...spec.fields],
    kept,
    (o) => `${dataType}:${String(o.id)}`,
    (o) => o.updated_time,
  );
  if (metrics === null || edge === null) return read;
  const window = metricsWindow();
  const ids = kept.map((o) => String(o.id));
  const rows =
    ids.length === 0
      ? new Map()
      : await readFromProvider('pinterest', connector, `performance metrics of ${what}`, () =>
          client.analytics(adAccount, edge, ids, ANALYTICS_COLUMNS, window.since, window.until),
        );
  const number = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : undefined);
  const byId = new Map(
    [...rows].map(([id, r]) => [
      id,
      {
        impressions: number(r.IMPRESSION_1),
        clicks: number(r.CLICKTHROUGH_1),
        spend: decimalText(number(r.SPEND_IN_MICRO_DOLLAR), 6),
        conversions: number(r.TOTAL_CONVERSIONS),
      },
    ]),
  );
  return withMetricColumns(read, metrics, (i) => ids[i]!, byId);
};
