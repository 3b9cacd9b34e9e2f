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
import { chosenIds, dataTypeOf, profileIdOf } from '../google-ad-servers';
import { buildCm360Client } from './build';
import type { Cm360Collection, Cm360Object, Cm360ReportLevel } from './client';

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

/** A CM360 object's status as the catalogue's status filter names it. */
function cm360Status(o: Cm360Object): string {
  if (o.archived === true) return 'ARCHIVED';
  if (o.active === false) return 'PAUSED';
  return 'ACTIVE';
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
  const client = buildCm360Client(deps, connector);
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
