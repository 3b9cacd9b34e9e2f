import { tiktokClientOf } from '../../../entities/targets/provider-clients';
import type { TikTokObjectKind } from '../../../integrations/tiktok/client';
import {
  type AdReader,
  adFilters,
  chosenDataType,
  chosenSetting,
  objectsTable,
  readFromProvider,
} from './common';

/**
 * tiktok-inbound (issue 12 item 5; spec 03 §3 TikTok: campaigns, ad_groups, ads): the chosen data
 * type of the advertiser (metadata adAccountsLinked) through the Marketing API. Campaign ids and
 * the status go to TikTok's `filtering` (`campaign_ids`; `primary_status` STATUS_DELIVERY_OK for
 * ACTIVE, STATUS_DISABLE for PAUSED, STATUS_DELETE for ARCHIVED, when one status is chosen: the
 * filter takes one value), the name to `<object>_name`; versions are `modify_time`. The table's
 * `id` and `name` are the object's own (`campaign_id`, `campaign_name`…).
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

/** Reads a tiktok-inbound assignment (metadata data_type and adAccountsLinked: the advertiser id; filters). */
export const readTikTokObjects: AdReader = async (deps, connector, assignment) => {
  const [, spec] = chosenDataType(assignment, TIKTOK_DATA_TYPES);
  const advertiser = chosenSetting(assignment, 'adAccountsLinked', 'advertiser');
  const filters = adFilters(assignment);
  const filtering: Record<string, unknown> = {};
  if (filters.campaignIds.length > 0) filtering.campaign_ids = filters.campaignIds;
  if (filters.nameContains) filtering[`${spec.kind}_name`] = filters.nameContains;
  const statuses = [...new Set(filters.statuses.map((s) => PRIMARY_STATUS[s]).filter(Boolean))];
  if (statuses.length === 1) filtering.primary_status = statuses[0];
  const what = `${spec.label} of advertiser ${advertiser}`;
  const objects = await readFromProvider('tiktok', connector, what, () =>
    tiktokClientOf(deps, connector).listObjects(spec.kind, advertiser, spec.fields, filtering),
  );
  // `id` and `name` first: the mapping form's default fields (catalogue.ts integrationDefaultFields).
  const named: Record<string, string> = { id: spec.idField, name: `${spec.kind}_name` };
  return objectsTable(
    what,
    ['id', 'name', ...spec.fields.filter((f) => !Object.values(named).includes(f))],
    objects,
    (o) => `${spec.kind}:${String(o[spec.idField])}`,
    (o) => o.modify_time,
    (o, column) => o[named[column] ?? column],
  );
};
