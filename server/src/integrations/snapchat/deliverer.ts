import {
  type AdObjectPlatform,
  isNotFound,
  mappedUpdate,
  updateMappedObjects,
  valueText,
} from '../../jobs/deliver/ad-objects';
import { type Deliverer, metadataText, oauthAccess } from '../../jobs/deliver/context';
import { DeliveryError } from '../../jobs/delivery';
import { SnapchatClient, type SnapchatEntity, type SnapchatKind } from './client';

/**
 * What snapchat-marketing-outbound updates per data type (spec 03 §3 "Snapchat … Outbound:
 * adaccounts, ads, adsquads, campaigns, creatives"): the entity's label and the fields an update
 * may set (Snapchat Marketing API "Update …" of each entity; budgets in micro-currency).
 */
const KINDS: Record<SnapchatKind, { objects: string; writable: string[]; numeric?: string[] }> = {
  adaccounts: { objects: 'ad accounts', writable: ['name'] },
  campaigns: {
    objects: 'campaigns',
    writable: ['name', 'status', 'daily_budget_micro', 'lifetime_spend_cap_micro', 'end_time'],
    numeric: ['daily_budget_micro', 'lifetime_spend_cap_micro'],
  },
  adsquads: {
    objects: 'ad squads',
    writable: ['name', 'status', 'daily_budget_micro', 'bid_micro', 'end_time'],
    numeric: ['daily_budget_micro', 'bid_micro'],
  },
  ads: { objects: 'ads', writable: ['name', 'status'] },
  creatives: { objects: 'creatives', writable: ['name', 'headline', 'brand_name', 'call_to_action'] },
};

/**
 * The snapchat-marketing-outbound deliverer (issue 12 item 4): for each row, sets the mapped
 * fields of the entity (metadata data_type) the row's id names: reads it (`GET /{kind}/{id}`) and
 * PUTs it back whole with the row's values under its parent, as updateMappedObjects says (unknown
 * ids reported, entities already holding the values left alone).
 */
export const snapchatDeliverer: Deliverer = async (ctx) => {
  const dataType = metadataText(ctx.metadata, 'data_type') as SnapchatKind;
  const spec = Object.hasOwn(KINDS, dataType) ? KINDS[dataType] : undefined;
  if (!spec)
    throw new DeliveryError(`Choose the data type to update (${Object.keys(KINDS).join(', ')})`, true);
  const update = mappedUpdate(ctx, { ...spec, idNames: ['id'] });
  const connector = await ctx.connector();
  const client = new SnapchatClient({
    fetch: ctx.deps.config.outbound.fetch,
    baseUrl: ctx.deps.config.providers.snapchat.baseUrl,
    timeoutMs: ctx.deps.config.providers.timeoutMs,
    ...oauthAccess(ctx.deps, connector),
  });
  // The entity as read, sent back whole with the changes (Snapchat's update replaces the entity).
  const read = new Map<string, SnapchatEntity>();
  const platform: AdObjectPlatform = {
    label: 'Snapchat',
    objects: spec.objects,
    read: async (id, fields) => {
      let entity: SnapchatEntity;
      try {
        entity = await client.get(dataType, id);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      read.set(id, entity);
      return Object.fromEntries(fields.map((f) => [f, valueText(entity[f])]));
    },
    write: async (id, changes) => {
      const typed = Object.fromEntries(
        Object.entries(changes).map(([k, v]) => [k, spec.numeric?.includes(k) ? Number(v) : v]),
      );
      await client.update(dataType, { ...(read.get(id) as SnapchatEntity), ...typed });
    },
  };
  return updateMappedObjects(ctx, platform, update);
};
