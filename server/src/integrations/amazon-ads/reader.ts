import {
  type AdFilters,
  type AdReader,
  adFilters,
  cellText,
  chosenSetting,
  keepMatching,
  objectsTable,
  readFromProvider,
} from '../../jobs/inbound/ad-readers/common';
import {
  chosenMetrics,
  type DeliveryMetrics,
  metricsWindow,
  withMetricColumns,
} from '../../jobs/inbound/ad-readers/metrics';
import { InboundError } from '../../jobs/inbound/inbound-error';
import { buildAmazonAdsClient } from './build';
import type {
  AmazonAdsClient,
  AmazonAdsObject,
  AmazonReportSpec,
  AmazonSbList,
  AmazonSdList,
  AmazonSpList,
} from './client';

/** Which Amazon Ads API a data type is read through, and which of its lists. */
type AmazonSource =
  | { api: 'sp'; list: AmazonSpList }
  | { api: 'sb'; list: AmazonSbList }
  | { api: 'sd'; list: AmazonSdList };

/**
 * One retail ads data type (spec 03 §3): where it is read, the field holding its id, the table's
 * columns besides `id` and `name` (in order), columns read from nested fields, and its label.
 */
export interface AmazonDataType {
  source: AmazonSource;
  idField: string;
  fields: string[];
  /** Columns that are not a top-level field of the object (SB ads' creative type, landing page). */
  derived?: Record<string, (o: AmazonAdsObject) => unknown>;
  label: string;
  /** The Reporting v3 report of its delivery metrics (pull_performance_metrics). */
  report: AmazonReportSpec;
}

const SP = (reportTypeId: string, groupBy: string, idColumn: string): AmazonReportSpec => ({
  adProduct: 'SPONSORED_PRODUCTS',
  reportTypeId,
  groupBy,
  idColumn,
  // Sponsored Products counts purchases within 7 days of a click for sellers' usual window.
  conversionsColumn: 'purchases7d',
});
const SB = (reportTypeId: string, groupBy: string, idColumn: string): AmazonReportSpec => ({
  adProduct: 'SPONSORED_BRANDS',
  reportTypeId,
  groupBy,
  idColumn,
  conversionsColumn: 'purchases',
});
const SD = (reportTypeId: string, groupBy: string, idColumn: string): AmazonReportSpec => ({
  adProduct: 'SPONSORED_DISPLAY',
  reportTypeId,
  groupBy,
  idColumn,
  conversionsColumn: 'purchases',
});

const nested = (o: AmazonAdsObject, key: string, field: string): unknown =>
  (o[key] as Record<string, unknown> | null | undefined)?.[field];

/**
 * The eight retail ads data types of amazon-ads-inbound (registry.ts RETAIL_ADS_DATA_TYPES): the
 * Sponsored Products v3 campaigns, ad groups and product ads, the Sponsored Brands v4 campaigns,
 * ad groups and ads, and the Sponsored Display campaigns and ad groups.
 */
export const AMAZON_DATA_TYPES: Readonly<Record<string, AmazonDataType>> = {
  sponsored_brands_campaigns: {
    source: { api: 'sb', list: 'campaigns' },
    idField: 'campaignId',
    fields: ['state', 'budget', 'budgetType', 'startDate', 'endDate', 'portfolioId', 'brandEntityId'],
    label: 'Sponsored Brands campaigns',
    report: SB('sbCampaigns', 'campaign', 'campaignId'),
  },
  sponsored_brands_ad_groups: {
    source: { api: 'sb', list: 'adGroups' },
    idField: 'adGroupId',
    fields: ['campaignId', 'state'],
    label: 'Sponsored Brands ad groups',
    report: SB('sbAdGroup', 'adGroup', 'adGroupId'),
  },
  sponsored_brands_ads: {
    source: { api: 'sb', list: 'ads' },
    idField: 'adId',
    fields: ['campaignId', 'adGroupId', 'state', 'creativeType', 'landingPageType', 'landingPageUrl'],
    derived: {
      creativeType: (o) => nested(o, 'creative', 'type'),
      landingPageType: (o) => nested(o, 'landingPage', 'pageType'),
      landingPageUrl: (o) => nested(o, 'landingPage', 'url'),
    },
    label: 'Sponsored Brands ads',
    report: SB('sbAds', 'ads', 'adId'),
  },
  sponsored_display_campaigns: {
    source: { api: 'sd', list: 'campaigns' },
    idField: 'campaignId',
    fields: ['state', 'tactic', 'budget', 'budgetType', 'costType', 'startDate', 'endDate', 'portfolioId'],
    label: 'Sponsored Display campaigns',
    report: SD('sdCampaigns', 'campaign', 'campaignId'),
  },
  sponsored_display_ad_groups: {
    source: { api: 'sd', list: 'adGroups' },
    idField: 'adGroupId',
    fields: ['campaignId', 'state', 'tactic', 'defaultBid', 'bidOptimization', 'creativeType'],
    label: 'Sponsored Display ad groups',
    report: SD('sdAdGroup', 'adGroup', 'adGroupId'),
  },
  sponsored_products_campaigns: {
    source: { api: 'sp', list: 'campaigns' },
    idField: 'campaignId',
    fields: ['state', 'targetingType', 'startDate', 'endDate'],
    label: 'Sponsored Products campaigns',
    report: SP('spCampaigns', 'campaign', 'campaignId'),
  },
  sponsored_products_ad_groups: {
    source: { api: 'sp', list: 'adGroups' },
    idField: 'adGroupId',
    fields: ['campaignId', 'state', 'defaultBid'],
    label: 'Sponsored Products ad groups',
    report: SP('spCampaigns', 'adGroup', 'adGroupId'),
  },
  sponsored_products_ads: {
    source: { api: 'sp', list: 'productAds' },
    idField: 'adId',
    fields: ['campaignId', 'adGroupId', 'asin', 'sku', 'state'],
    label: 'Sponsored Products ads',
    report: SP('spAdvertisedProduct', 'advertiser', 'adId'),
  },
};

/**
 * The table header of a data type: `id` and `name` first (the mapping form's default fields,
 * catalogue.ts integrationDefaultFields), then its fields. Product ads have no name: the column
 * stays, empty.
 */
export function amazonHeader(spec: AmazonDataType): string[] {
  return ['id', 'name', ...spec.fields];
}

/** Our statuses in the words of SP v3 and SB v4 (upper case) and of SD (lower case). */
const STATE: Record<string, string> = { ACTIVE: 'ENABLED', PAUSED: 'PAUSED', ARCHIVED: 'ARCHIVED' };
const stateOf = (status: string): string => STATE[status] ?? status;

/** Reads the objects of a data type with every filter its API takes. */
async function readObjects(
  client: AmazonAdsClient,
  source: AmazonSource,
  profile: string,
  filters: AdFilters,
): Promise<AmazonAdsObject[]> {
  const states = filters.statuses.map(stateOf);
  const { campaignIds } = filters;
  switch (source.api) {
    case 'sp':
      return client.list(source.list, profile, {
        campaignIds,
        states,
        // Product ads have no name.
        nameContains: source.list === 'productAds' ? null : filters.nameContains,
      });
    case 'sb':
      return client.listSponsoredBrands(source.list, profile, {
        campaignIds,
        states,
        nameContains: filters.nameContains,
      });
    case 'sd': {
      const objects = await client.listSponsoredDisplay(source.list, profile, {
        campaignIds,
        states: states.map((s) => s.toLowerCase()),
      });
      // SD's `name` is an exact match: "name contains" is applied to what was read.
      return keepMatching(objects, filters, { name: 'name' });
    }
  }
}

/**
 * amazon-ads-inbound (issue 12 item 5; spec 03 §3 retail ads data types): reads the chosen data type
 * (metadata `data_type`, one of {@link AMAZON_DATA_TYPES}) of the profile of metadata
 * `adAccountsLinked`, with the assignment's campaign ids, statuses (ACTIVE → ENABLED / enabled) and
 * "name contains" (sent to SP and SB as a BROAD_MATCH name filter, applied to what SD answers).
 * Amazon answers no update time on these lists, so versions are a hash of the row. The table's `id`
 * is the object's campaignId, adGroupId or adId; Sponsored Brands ads made before version 4 have
 * no adId and are keyed by their ad group. An unknown data type fails at once naming the readable
 * ones; a missing profile asks for one.
 *
 * With pull_performance_metrics, a Reporting v3 report of the data type (its `report`) over the
 * 30-day window is requested and waited for within the run (backoff up to
 * PROVIDER_REPORT_MAX_WAIT_MS); its impressions, clicks, cost (spend, in the profile's currency)
 * and purchases (conversions) are joined to the rows by id, objects without delivery reading
 * zeros. A report that fails or is not completed in time ends the run Failed naming it.
 */
export const readAmazonAdsObjects: AdReader = async (deps, connector, assignment) => {
  const dataType = String(assignment.metadata?.data_type ?? '').trim();
  const spec = AMAZON_DATA_TYPES[dataType];
  if (!spec)
    throw new InboundError(
      `Nomen reads ${Object.keys(AMAZON_DATA_TYPES).join(', ')} from Amazon Ads: choose one of them as the data type`,
      true,
    );
  const metrics = chosenMetrics('amazon-ads-inbound', assignment, dataType);
  const profile = chosenSetting(assignment, 'adAccountsLinked', 'advertising profile');
  const what = `${spec.label} of profile ${profile}`;
  const client = buildAmazonAdsClient(deps, connector);
  const objects = await readFromProvider('amazon-ads', connector, what, () =>
    readObjects(client, spec.source, profile, adFilters(assignment)),
  );
  const { api, list } = spec.source;
  // SP keys stay `<list>:<id>` as they were before SB and SD were read, so nothing is imported again.
  const prefix = api === 'sp' ? list : `${api}:${list}`;
  const read = objectsTable(
    what,
    amazonHeader(spec),
    objects,
    (o) => {
      const id = cellText(o[spec.idField]);
      return id === '' ? `${prefix}:adGroup:${cellText(o.adGroupId)}` : `${prefix}:${id}`;
    },
    () => undefined,
    (o, column) => (column === 'id' ? o[spec.idField] : (spec.derived?.[column]?.(o) ?? o[column])),
  );
  if (metrics === null || objects.length === 0) return read;
  const window = metricsWindow();
  const delivery = await readFromProvider('amazon-ads', connector, `delivery report of ${what}`, () =>
    client.deliveryReport(profile, spec.report, window.since, window.until),
  );
  const byId = new Map<string, DeliveryMetrics>(
    [...delivery].map(([id, d]) => [
      id,
      { impressions: d.impressions, clicks: d.clicks, spend: d.cost, conversions: d.conversions },
    ]),
  );
  return withMetricColumns(read, metrics, (i) => cellText(objects[i]![spec.idField]), byId);
};
