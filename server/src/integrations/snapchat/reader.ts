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
import { buildSnapchatClient } from './build';
import type { SnapchatEdge, SnapchatStatsBreakdown } from './client';

/**
 * snapchat-marketing-inbound (issue 12 item 5; spec 03 §3 Snapchat inbound: adaccounts, ads,
 * adsquads, campaigns, creatives, media, organizations). Organizations are the token's user's;
 * ad accounts are those of metadata organization_id; the rest belong to the ad account of
 * adAccountsLinked. Snapchat's lists take no filters, so Nomen keeps the objects whose campaign
 * (campaigns: their id; ad squads: campaign_id), name and status pass; versions are `updated_at`.
 * With pull_performance_metrics, the ad account's stats broken down by campaign, ad squad or ad
 * over the 30-day window add impressions, clicks (Snapchat's swipes) and spend (micro-currency ÷
 * 1,000,000); Snapchat has no single conversions figure.
 */
const SNAPCHAT_DATA_TYPES: Record<
  string,
  {
    edge: SnapchatEdge;
    fields: string[];
    campaign: string | null;
    label: string;
    parent: 'org' | 'account' | null;
    breakdown?: SnapchatStatsBreakdown;
  }
> = {
  organizations: {
    edge: 'organizations',
    fields: ['name', 'type', 'updated_at'],
    campaign: null,
    label: 'organizations',
    parent: null,
  },
  adaccounts: {
    edge: 'adaccounts',
    fields: ['name', 'type', 'status', 'currency', 'updated_at'],
    campaign: null,
    label: 'ad accounts',
    parent: 'org',
  },
  campaigns: {
    edge: 'campaigns',
    breakdown: 'campaign',
    fields: ['name', 'status', 'objective', 'start_time', 'updated_at'],
    campaign: 'id',
    label: 'campaigns',
    parent: 'account',
  },
  adsquads: {
    edge: 'adsquads',
    breakdown: 'adsquad',
    fields: ['name', 'campaign_id', 'status', 'type', 'updated_at'],
    campaign: 'campaign_id',
    label: 'ad squads',
    parent: 'account',
  },
  ads: {
    edge: 'ads',
    breakdown: 'ad',
    fields: ['name', 'ad_squad_id', 'creative_id', 'status', 'type', 'updated_at'],
    campaign: null,
    label: 'ads',
    parent: 'account',
  },
  creatives: {
    edge: 'creatives',
    fields: ['name', 'type', 'headline', 'brand_name', 'updated_at'],
    campaign: null,
    label: 'creatives',
    parent: 'account',
  },
  media: {
    edge: 'media',
    fields: ['name', 'type', 'media_status', 'updated_at'],
    campaign: null,
    label: 'media',
    parent: 'account',
  },
};

/**
 * Reads a snapchat-marketing-inbound assignment (metadata data_type, adAccountsLinked or
 * organization_id, pull_performance_metrics; filters).
 */
export const readSnapchatObjects: AdReader = async (deps, connector, assignment) => {
  const [dataType, spec] = chosenDataType(assignment, SNAPCHAT_DATA_TYPES);
  const metrics = chosenMetrics('snapchat-marketing-inbound', assignment, dataType);
  const parent =
    spec.parent === 'org'
      ? chosenSetting(assignment, 'organization_id', 'organization')
      : spec.parent === 'account'
        ? chosenSetting(assignment, 'adAccountsLinked', 'ad account')
        : '';
  const what = parent ? `${spec.label} of ${parent}` : spec.label;
  const client = buildSnapchatClient(deps, connector);
  const objects = await readFromProvider('snapchat', connector, what, () => client.list(spec.edge, parent));
  const kept = keepMatching(objects, adFilters(assignment), {
    campaign: spec.campaign,
    name: 'name',
    status: spec.fields.includes('status') ? 'status' : null,
  });
  const read = objectsTable(
    what,
    ['id', ...spec.fields],
    kept,
    (o) => `${spec.edge}:${o.id}`,
    (o) => o.updated_at,
  );
  const breakdown = spec.breakdown;
  if (metrics === null || breakdown === undefined) return read;
  const window = metricsWindow();
  const stats = await readFromProvider('snapchat', connector, `performance metrics of ${what}`, () =>
    client.stats(parent, breakdown, ['impressions', 'swipes', 'spend'], window.start, window.end),
  );
  const byId = new Map(
    [...stats].map(([id, s]) => [
      id,
      {
        impressions: s.impressions ?? undefined,
        clicks: s.swipes ?? undefined,
        spend: decimalText(s.spend, 6),
      },
    ]),
  );
  return withMetricColumns(read, metrics, (i) => kept[i]!.id, byId);
};
