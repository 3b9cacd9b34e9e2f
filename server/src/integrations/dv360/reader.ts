import type { IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import {
  chosenMetrics,
  type DeliveryMetrics,
  metricsWindow,
  withMetricColumns,
} from '../../jobs/inbound/ad-readers/metrics';
import type { AdObjectsRead } from '../../jobs/inbound/ad-readers/types';
import { filterValues, importSince, objectsRead, readFailure } from '../../jobs/inbound/source-objects';
import { cellKey, chosenIds, dataTypeOf, profileIdOf } from '../google-ad-servers';
import { buildDv360Client } from './build';
import { type Dv360Collection, type Dv360Object, type Dv360ReportLevel, dv360Quoted } from './client';

/**
 * Google ad-server inbound pulls (issue 12 item 5; spec 03 §3 "Campaign manager", "Another ad
 * server" and "DV360 inbound" data types, §9 date filters):
 * - google-dcm (legacy) and google-cm360-inbound read the chosen data type of the connected
 *   account's CM360 user profile (its Profile ID) through the Campaign Manager 360 API v4;
 *   creative_assets are the creativeAssets[] of the creatives listed (v4 has no list of its own),
 *   a row per asset keyed by its id, the filters applying to their creatives;
 * - google-dv360-inbound reads the chosen data type of the DV360 advertisers (the advertiser_ids
 *   filter, else metadata adAccountsLinked, else every advertiser of the account's partner — its
 *   Profile ID) through the Display & Video 360 API v4.
 * Filters: advertiser_ids, campaign_ids, name_contains, status (Active / Paused / Archived), and the
 * date filter (objects changed since; one year back by default, two at most). Metadata
 * importObjectFilters (JSON `{ advertisers: [...], campaigns: [...] }`) narrows like the id filters.
 * Each object's key is its collection and id, its version its last change time.
 *
 * With pull_performance_metrics (campaigns, placements, ads, creatives and click-through URL rows
 * of CM360; advertisers, campaigns, insertion orders, line items and creatives of DV360), the run
 * asks for an asynchronous delivery report over the 30-day window — a CM360 STANDARD report by the
 * object's id dimension, a Bid Manager query grouped by the object level — waits for it with
 * backoff up to PROVIDER_REPORT_MAX_WAIT_MS and joins impressions, clicks, media cost (spend) and
 * total conversions to the rows by id (objects without delivery: zeros). A report that fails or is
 * not ready in time ends the run Failed naming the platform and the report id.
 */
/** DV360 collection, id field and label per data type (spec 03 §3 "DV360 inbound"). */
const DV360_DATA_TYPES: Record<
  string,
  { collection: Dv360Collection | 'advertisers'; idField: string; label: string; filtersTime: boolean }
> = {
  advertisers: {
    collection: 'advertisers',
    idField: 'advertiserId',
    label: 'advertisers',
    filtersTime: true,
  },
  campaigns: { collection: 'campaigns', idField: 'campaignId', label: 'campaigns', filtersTime: true },
  insertion_orders: {
    collection: 'insertionOrders',
    idField: 'insertionOrderId',
    label: 'insertion orders',
    filtersTime: true,
  },
  line_items: { collection: 'lineItems', idField: 'lineItemId', label: 'line items', filtersTime: true },
  creatives: { collection: 'creatives', idField: 'creativeId', label: 'creatives', filtersTime: true },
  ad_groups: { collection: 'adGroups', idField: 'adGroupId', label: 'ad groups', filtersTime: false },
  ads: { collection: 'adGroupAds', idField: 'adGroupAdId', label: 'ads', filtersTime: false },
};

const DV360_STATUS: Record<string, string> = {
  ACTIVE: 'ENTITY_STATUS_ACTIVE',
  PAUSED: 'ENTITY_STATUS_PAUSED',
  ARCHIVED: 'ENTITY_STATUS_ARCHIVED',
};

/** `field="a" OR field="b"` in parentheses when more than one. */
function anyOf(field: string, values: readonly string[]): string {
  const terms = values.map((v) => `${field}=${dv360Quoted(v)}`);
  return terms.length > 1 ? `(${terms.join(' OR ')})` : terms[0]!;
}

/**
 * The DV360 `filter` expression of an assignment for a collection: status, campaign ids (where
 * the collection carries campaignId) and the date filter (where it carries updateTime).
 */
export function dv360Filter(
  assignment: IntegrationAssignment,
  spec: Dv360DataType,
  since: Date | null,
): string {
  const parts: string[] = [];
  const statuses = filterValues(assignment, 'status').flatMap((s) =>
    DV360_STATUS[s] ? [DV360_STATUS[s]] : [],
  );
  if (statuses.length > 0) parts.push(anyOf('entityStatus', statuses));
  const campaigns = chosenIds(assignment, 'campaign_ids', 'campaigns');
  if (campaigns.length > 0 && ['campaigns', 'insertionOrders', 'lineItems'].includes(spec.collection))
    parts.push(anyOf('campaignId', campaigns));
  if (since && spec.filtersTime) parts.push(`updateTime>=${dv360Quoted(since.toISOString())}`);
  return parts.join(' AND ');
}

/** One DV360 data type's row of DV360_DATA_TYPES. */
type Dv360DataType = (typeof DV360_DATA_TYPES)[string];

/** The Display & Video 360 client of a connected account. */
type Dv360Client = ReturnType<typeof buildDv360Client>;

/**
 * The advertisers an assignment names: its chosen advertiser ids and the linked ad accounts
 * (metadata adAccountsLinked, comma-separated; "0" and "1" are the form's placeholders), once each.
 */
function chosenAdvertisers(assignment: IntegrationAssignment): string[] {
  return [
    ...new Set([
      ...chosenIds(assignment, 'advertiser_ids', 'advertisers'),
      ...String(assignment.metadata?.adAccountsLinked ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '' && s !== '0' && s !== '1'),
    ]),
  ];
}

/**
 * Lists the objects of `spec`'s collection: the partner's advertisers (only the chosen ones when
 * some are chosen), or the collection under each chosen advertiser (every advertiser of the partner
 * when none is chosen), with the provider-side `filter`. Throws the provider's error.
 */
async function listDv360Objects(
  client: Dv360Client,
  partnerId: string,
  spec: Dv360DataType,
  chosen: string[],
  filter: string,
): Promise<Dv360Object[]> {
  if (spec.collection === 'advertisers') {
    const all = await client.listAdvertisers(partnerId, filter);
    return chosen.length > 0 ? all.filter((a) => chosen.includes(String(a.advertiserId))) : all;
  }
  const advertisers =
    chosen.length > 0
      ? chosen
      : (await client.listAdvertisers(partnerId)).map((a) => String(a.advertiserId ?? ''));
  const objects: Dv360Object[] = [];
  for (const advertiserId of advertisers.filter(Boolean))
    objects.push(...(await client.listUnder(advertiserId, spec.collection, filter)));
  return objects;
}

/** The table of DV360 objects: id, name, the type's id field and the parents' ids, status, update time. */
function dv360ObjectsRead(what: string, objects: Dv360Object[], spec: Dv360DataType): AdObjectsRead {
  const header = [
    'id',
    'name',
    spec.idField,
    'advertiserId',
    'campaignId',
    'insertionOrderId',
    'lineItemId',
    'entityStatus',
    'updateTime',
  ].filter((c, i, all) => all.indexOf(c) === i);
  return objectsRead(
    what,
    objects,
    header,
    (o, c) =>
      c === 'id' ? o[spec.idField] : c === 'name' ? o.displayName : (o as Record<string, unknown>)[c],
    (o) => `${spec.collection}:${cellKey(o[spec.idField])}`,
    (o) => o.updateTime,
  );
}

/**
 * Reads the chosen data type of a google-dv360-inbound assignment (metadata data_type; filters and
 * advertisers as the module says), with the delivery metrics of the last 30 days when
 * pull_performance_metrics asks for them (spec 03 §3). Throws InboundError: permanent for missing
 * settings and refused credentials or objects.
 */
export async function readDv360Objects(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const [dataType, spec] = dataTypeOf(assignment, DV360_DATA_TYPES);
  const metrics = chosenMetrics(assignment.slug, assignment, dataType);
  const partnerId = profileIdOf(connector);
  const client = buildDv360Client(deps, connector);
  const filter = dv360Filter(assignment, spec, importSince(assignment));
  const chosen = chosenAdvertisers(assignment);
  const what =
    spec.collection === 'advertisers' || chosen.length === 0
      ? `the ${spec.label} of partner ${partnerId}`
      : `the ${spec.label} of advertiser${chosen.length === 1 ? '' : 's'} ${chosen.join(', ')}`;
  let objects: Dv360Object[];
  try {
    objects = await listDv360Objects(client, partnerId, spec, chosen, filter);
  } catch (error) {
    throw readFailure(error, 'Display & Video 360', what);
  }
  const nameContains = filterValues(assignment, 'name_contains')[0]?.toLowerCase();
  if (nameContains) objects = objects.filter((o) => o.displayName.toLowerCase().includes(nameContains));
  const read = dv360ObjectsRead(what.replace(/^the /, ''), objects, spec);
  if (metrics === null || objects.length === 0) return read;
  const window = metricsWindow();
  let delivery: Awaited<ReturnType<Dv360Client['deliveryReport']>>;
  try {
    delivery = await client.deliveryReport({
      level: dataType as Dv360ReportLevel,
      startDate: window.since,
      endDate: window.until,
      partnerId,
      advertiserIds: chosen,
    });
  } catch (error) {
    throw readFailure(error, 'Display & Video 360', `the delivery report of ${what.replace(/^the /, '')}`);
  }
  const byId = new Map<string, DeliveryMetrics>(
    [...delivery].map(([id, d]) => [
      id,
      { impressions: d.impressions, clicks: d.clicks, spend: d.mediaCost, conversions: d.totalConversions },
    ]),
  );
  return withMetricColumns(read, metrics, (i) => cellKey(objects[i]![spec.idField]), byId);
}
