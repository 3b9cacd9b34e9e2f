import { pinterestClientOf } from '../../../entities/targets/provider-clients';
import type { PinterestKind } from '../../../integrations/pinterest/client';
import {
  type AdReader,
  adFilters,
  chosenDataType,
  chosenSetting,
  keepMatching,
  objectsTable,
  readFromProvider,
} from './common';

/**
 * pinterest-inbound (issue 12 item 5; spec 03 §3 Pinterest inbound: ad_accounts, ad_groups, ads,
 * campaigns) through API v5. Campaign ids and statuses go to Pinterest's `campaign_ids` and
 * `entity_statuses`; the name is kept by Nomen (the lists take no name filter); versions are
 * `updated_time`.
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

/** Reads a pinterest-inbound assignment (metadata data_type and adAccountsLinked; filters). */
export const readPinterestObjects: AdReader = async (deps, connector, assignment) => {
  const [dataType, spec] = chosenDataType(assignment, PINTEREST_DATA_TYPES);
  const filters = adFilters(assignment);
  const client = pinterestClientOf(deps, connector);
  const edge = spec.edge;
  let what = spec.label;
  let objects: Record<string, unknown>[];
  if (edge === null) {
    objects = await readFromProvider('pinterest', connector, what, () => client.listAdAccounts());
  } else {
    const adAccount = chosenSetting(assignment, 'adAccountsLinked', 'ad account');
    what = `${spec.label} of ${adAccount}`;
    objects = await readFromProvider('pinterest', connector, what, () =>
      client.listObjects(adAccount, edge, {
        campaignIds: filters.campaignIds,
        entityStatuses: filters.statuses,
      }),
    );
  }
  const kept = keepMatching(objects, filters, { name: 'name' });
  return objectsTable(
    what,
    ['id', ...spec.fields],
    kept,
    (o) => `${dataType}:${String(o.id)}`,
    (o) => o.updated_time,
  );
};
