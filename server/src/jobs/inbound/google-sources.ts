import type { IntegrationAssignment } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { providerClientOf } from '../../entities/targets/provider-clients';
import type {
  Cm360Collection,
  Cm360Object,
  Cm360ReportLevel,
  Dv360Collection,
  Dv360Object,
  Dv360ReportLevel,
} from '../../integrations/index';
import { dv360Quoted } from '../../integrations/index';
import type { AdObjectsRead } from './ad-platform-sources';
import { chosenMetrics, type DeliveryMetrics, metricsWindow, withMetricColumns } from './ad-readers/metrics';
import { InboundError } from './inbound-error';
import { filterValues, importSince, objectsRead, readFailure } from './source-objects';

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

/**
 * CM360 collection, columns and id aliases (the campaign manager's mapping names) per data type;
 * `assets` when the rows are the creatives' creativeAssets[] rather than the objects listed.
 */
const CM360_DATA_TYPES: Record<
  string,
  {
    collection: Cm360Collection;
    columns: string[];
    alias: [string, string];
    label: string;
    assets?: true;
  }
> = {
  campaigns: {
    collection: 'campaigns',
    columns: ['advertiserId', 'startDate', 'endDate', 'archived'],
    alias: ['campaignId', 'campaign'],
    label: 'campaigns',
  },
  placements: {
    collection: 'placements',
    columns: ['campaignId', 'siteId', 'advertiserId', 'archived'],
    alias: ['placementId', 'placement'],
    label: 'placements',
  },
  ads: {
    collection: 'ads',
    columns: ['campaignId', 'advertiserId', 'active', 'archived'],
    alias: ['adId', 'ad'],
    label: 'ads',
  },
  creatives: {
    collection: 'creatives',
    columns: ['advertiserId', 'type', 'active', 'archived'],
    alias: ['creativeId', 'creative'],
    label: 'creatives',
  },
  // CM360 v4 has no list method of creative assets: each Creative carries its creativeAssets[].
  creative_assets: {
    collection: 'creatives',
    columns: ['type', 'role', 'creativeId', 'creative', 'advertiserId'],
    alias: ['creativeAssetId', 'creativeAsset'],
    label: 'creative assets',
    assets: true,
  },
  click_through_url: {
    collection: 'ads',
    columns: ['campaignId', 'advertiserId', 'clickThroughUrl', 'active', 'archived'],
    alias: ['adId', 'ad'],
    label: 'ad click-through URLs',
  },
};

/**
 * The creativeAssets[] of `creatives` as objects of their own (Creative resource, v4
 * CreativeAsset): id, name and type from assetIdentifier, role, and the creative's id, name,
 * advertiser and last change. An asset several creatives share is kept once (its first creative).
 */
function creativeAssetsOf(creatives: readonly Cm360Object[]): Cm360Object[] {
  const byId = new Map<string, Cm360Object>();
  for (const creative of creatives) {
    const assets = Array.isArray(creative.creativeAssets) ? creative.creativeAssets : [];
    for (const asset of assets as Record<string, unknown>[]) {
      const id = asset && typeof asset === 'object' ? String(asset.id ?? '').trim() : '';
      if (id === '' || byId.has(id)) continue;
      const identifier = (asset.assetIdentifier ?? {}) as { name?: unknown; type?: unknown };
      byId.set(id, {
        id,
        name: String(identifier.name ?? ''),
        type: identifier.type,
        role: asset.role,
        creativeId: creative.id,
        creative: creative.name,
        advertiserId: creative.advertiserId,
        lastModifiedInfo: creative.lastModifiedInfo,
      });
    }
  }
  return [...byId.values()];
}

/** The ids of metadata importObjectFilters' `kind` list (JSON text or object; absent → []). */
function importObjectIds(assignment: IntegrationAssignment, kind: 'advertisers' | 'campaigns'): string[] {
  let raw: unknown = assignment.metadata?.importObjectFilters;
  if (typeof raw === 'string') {
    try {
      raw = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      throw new InboundError('The import object filters are not valid JSON: choose them again', true);
    }
  }
  const list = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[kind] : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .map((v) => (v && typeof v === 'object' ? (v as { id?: unknown }).id : v))
    .map((v) => String(v ?? '').trim())
    .filter((v) => v !== '');
}

/** The chosen ids of `kind`: the filter's values and the import object filters' together. */
function chosenIds(assignment: IntegrationAssignment, filterId: string, kind: 'advertisers' | 'campaigns') {
  return [...new Set([...filterValues(assignment, filterId), ...importObjectIds(assignment, kind)])];
}

/** A CM360 object's status as the catalogue's status filter names it. */
function cm360Status(o: Cm360Object): string {
  if (o.archived === true) return 'ARCHIVED';
  if (o.active === false) return 'PAUSED';
  return 'ACTIVE';
}

/** The data type of an assignment (metadata data_type), or a permanent failure listing the choices. */
function dataTypeOf<T>(assignment: IntegrationAssignment, types: Record<string, T>): [string, T] {
  const dataType = String(assignment.metadata?.data_type ?? '').trim();
  const spec = types[dataType];
  if (!spec)
    throw new InboundError(`Choose the data type to import (${Object.keys(types).join(', ')})`, true);
  return [dataType, spec];
}

/** The account's Profile ID (googleProfileId), or a permanent failure naming it. */
function profileIdOf(connector: ReadConnector): string {
  const c = connector.credentials;
  const id = c.family === 'ad-platform' ? (c.googleProfileId ?? '').trim() : '';
  if (!id)
    throw new InboundError(`"${connector.name}" has no Profile ID: add it in Connected accounts`, true);
  return id;
}

/**
 * Reads the chosen data type of a google-dcm or google-cm360-inbound assignment (metadata
 * data_type; filters as the module says). Only objects changed since the date filter are read
 * (the legacy google-dcm's start_date: campaigns starting since, other objects changed since).
 * Throws InboundError: permanent for missing settings and refused credentials or objects.
 */
export async function readCm360Objects(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const [dataType, spec] = dataTypeOf(assignment, CM360_DATA_TYPES);
  const metrics = chosenMetrics(assignment.slug, assignment, dataType);
  const profileId = profileIdOf(connector);
  const what = `the ${spec.label} of profile ${profileId}`;
  const client = providerClientOf('cm360', deps, connector);
  let objects: Cm360Object[];
  try {
    objects = await client.list(profileId, spec.collection, {
      advertiserIds: chosenIds(assignment, 'advertiser_ids', 'advertisers'),
      campaignIds: chosenIds(assignment, 'campaign_ids', 'campaigns'),
      searchString: filterValues(assignment, 'name_contains')[0],
    });
  } catch (error) {
    throw readFailure(error, 'Campaign Manager 360', what);
  }
  const since = importSince(assignment);
  const statuses = new Set(filterValues(assignment, 'status'));
  const campaignIds = chosenIds(assignment, 'campaign_ids', 'campaigns');
  const kept = objects.filter((o) => {
    if (statuses.size > 0 && !statuses.has(cm360Status(o))) return false;
    // creatives.list takes campaignId only as one value; the rest are narrowed here.
    if (spec.collection === 'campaigns' && campaignIds.length > 0 && !campaignIds.includes(o.id))
      return false;
    if (!since) return true;
    if (assignment.slug === 'google-dcm' && typeof o.startDate === 'string')
      return o.startDate >= since.toISOString().slice(0, 10);
    const changed = Number(o.lastModifiedInfo?.time);
    return !Number.isFinite(changed) || changed >= since.getTime();
  });
  const [idAlias, nameAlias] = spec.alias;
  const header = ['id', 'name', idAlias, nameAlias, ...spec.columns];
  const rows = spec.assets ? creativeAssetsOf(kept) : kept;
  const read = objectsRead(
    what.replace(/^the /, ''),
    rows,
    header,
    (o, c) => (c === idAlias ? o.id : c === nameAlias ? o.name : (o as Record<string, unknown>)[c]),
    (o) => `${spec.assets ? 'creativeAssets' : spec.collection}:${o.id}`,
    (o) => o.lastModifiedInfo?.time,
  );
  // Creative assets have no delivery of their own (chosenMetrics refused them).
  if (metrics === null || spec.assets || spec.collection === 'advertisers' || rows.length === 0) return read;
  const window = metricsWindow();
  let delivery: Awaited<ReturnType<typeof client.deliveryReport>>;
  try {
    delivery = await client.deliveryReport(profileId, {
      level: spec.collection as Cm360ReportLevel,
      startDate: window.since,
      endDate: window.until,
      advertiserIds: chosenIds(assignment, 'advertiser_ids', 'advertisers'),
    });
  } catch (error) {
    throw readFailure(error, 'Campaign Manager 360', `the delivery report of ${what.replace(/^the /, '')}`);
  }
  const byId = new Map<string, DeliveryMetrics>(
    [...delivery].map(([id, d]) => [
      id,
      { impressions: d.impressions, clicks: d.clicks, spend: d.mediaCost, conversions: d.totalConversions },
    ]),
  );
  return withMetricColumns(read, metrics, (i) => rows[i]!.id, byId);
}

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
  spec: (typeof DV360_DATA_TYPES)[string],
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

/**
 * Reads the chosen data type of a google-dv360-inbound assignment (metadata data_type; filters and
 * advertisers as the module says). Throws InboundError: permanent for missing settings and refused
 * credentials or objects.
 */
export async function readDv360Objects(
  deps: ConnectorDeps,
  connector: ReadConnector,
  assignment: IntegrationAssignment,
): Promise<AdObjectsRead> {
  const [dataType, spec] = dataTypeOf(assignment, DV360_DATA_TYPES);
  const metrics = chosenMetrics(assignment.slug, assignment, dataType);
  const partnerId = profileIdOf(connector);
  const client = providerClientOf('dv360', deps, connector);
  const since = importSince(assignment);
  const filter = dv360Filter(assignment, spec, since);
  const chosen = [
    ...new Set([
      ...chosenIds(assignment, 'advertiser_ids', 'advertisers'),
      ...String(assignment.metadata?.adAccountsLinked ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '' && s !== '0' && s !== '1'),
    ]),
  ];
  const what =
    spec.collection === 'advertisers' || chosen.length === 0
      ? `the ${spec.label} of partner ${partnerId}`
      : `the ${spec.label} of advertiser${chosen.length === 1 ? '' : 's'} ${chosen.join(', ')}`;
  let objects: Dv360Object[] = [];
  try {
    if (spec.collection === 'advertisers') {
      const all = await client.listAdvertisers(partnerId, filter);
      objects = chosen.length > 0 ? all.filter((a) => chosen.includes(String(a.advertiserId))) : all;
    } else {
      const collection = spec.collection;
      const advertisers =
        chosen.length > 0
          ? chosen
          : (await client.listAdvertisers(partnerId)).map((a) => String(a.advertiserId ?? ''));
      for (const advertiserId of advertisers.filter(Boolean))
        objects.push(...(await client.listUnder(advertiserId, collection, filter)));
    }
  } catch (error) {
    throw readFailure(error, 'Display & Video 360', what);
  }
  const nameContains = filterValues(assignment, 'name_contains')[0]?.toLowerCase();
  if (nameContains) objects = objects.filter((o) => o.displayName.toLowerCase().includes(nameContains));
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
  const read = objectsRead(
    what.replace(/^the /, ''),
    objects,
    header,
    (o, c) =>
      c === 'id' ? o[spec.idField] : c === 'name' ? o.displayName : (o as Record<string, unknown>)[c],
    (o) => `${spec.collection}:${cellKey(o[spec.idField])}`,
    (o) => o.updateTime,
  );
  if (metrics === null || objects.length === 0) return read;
  const window = metricsWindow();
  let delivery: Awaited<ReturnType<typeof client.deliveryReport>>;
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

function cellKey(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}
