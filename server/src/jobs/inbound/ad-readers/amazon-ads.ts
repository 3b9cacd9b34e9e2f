import { amazonAdsClientOf } from '../../../entities/targets/provider-clients';
import type { AmazonSpList } from '../../../integrations/amazon-ads/client';
import { InboundError } from '../inbound-error';
import { type AdReader, adFilters, chosenSetting, objectsTable, readFromProvider } from './common';

/**
 * amazon-ads-inbound (issue 12 item 5; spec 03 §3 retail ads data types): the Sponsored Products
 * campaigns, ad groups and product ads of the profile of metadata adAccountsLinked, through the
 * Sponsored Products v3 lists with their campaign id, state (ACTIVE → ENABLED) and name filters.
 * Amazon answers no update time on these lists, so versions are a hash of the row. The table's
 * `id` is the object's campaignId, adGroupId or adId (product ads have an empty name). Sponsored
 * Brands and Display types are refused with a message until they are read.
 */
const AMAZON_DATA_TYPES: Record<
  string,
  { list: AmazonSpList; idField: string; fields: string[]; label: string }
> = {
  sponsored_products_campaigns: {
    list: 'campaigns',
    idField: 'campaignId',
    fields: ['campaignId', 'name', 'state', 'targetingType', 'startDate', 'endDate'],
    label: 'Sponsored Products campaigns',
  },
  sponsored_products_ad_groups: {
    list: 'adGroups',
    idField: 'adGroupId',
    fields: ['adGroupId', 'name', 'campaignId', 'state', 'defaultBid'],
    label: 'Sponsored Products ad groups',
  },
  sponsored_products_ads: {
    list: 'productAds',
    idField: 'adId',
    fields: ['adId', 'campaignId', 'adGroupId', 'asin', 'sku', 'state'],
    label: 'Sponsored Products ads',
  },
};

const STATE: Record<string, string> = { ACTIVE: 'ENABLED', PAUSED: 'PAUSED', ARCHIVED: 'ARCHIVED' };

/** Reads an amazon-ads-inbound assignment (metadata data_type and adAccountsLinked: the profile id; filters). */
export const readAmazonAdsObjects: AdReader = async (deps, connector, assignment) => {
  const dataType = String(assignment.metadata?.data_type ?? '').trim();
  const spec = AMAZON_DATA_TYPES[dataType];
  if (!spec)
    throw new InboundError(
      `Nomen reads ${Object.keys(AMAZON_DATA_TYPES).join(', ')} from Amazon Ads: choose one of them as the data type`,
      true,
    );
  const profile = chosenSetting(assignment, 'adAccountsLinked', 'advertising profile');
  const filters = adFilters(assignment);
  const what = `${spec.label} of profile ${profile}`;
  const objects = await readFromProvider('amazon-ads', connector, what, () =>
    amazonAdsClientOf(deps, connector).list(spec.list, profile, {
      campaignIds: filters.campaignIds,
      states: filters.statuses.map((s) => STATE[s] ?? s),
      // Product ads have no name.
      nameContains: spec.list === 'productAds' ? null : filters.nameContains,
    }),
  );
  // `id` and `name` first: the mapping form's default fields (catalogue.ts integrationDefaultFields).
  return objectsTable(
    what,
    ['id', 'name', ...spec.fields.filter((f) => f !== spec.idField && f !== 'name')],
    objects,
    (o) => `${spec.list}:${String(o[spec.idField])}`,
    () => undefined,
    (o, column) => o[column === 'id' ? spec.idField : column],
  );
};
