import {
  type AdObjectPlatform,
  isNotFound,
  mappedUpdate,
  updateMappedObjects,
  valueText,
} from '../../jobs/deliver/ad-objects';
import { type Deliverer, metadataText, oauthAccess } from '../../jobs/deliver/context';
import { DeliveryError } from '../../jobs/delivery';
import { PinterestClient, type PinterestKind } from './client';

/**
 * What pinterest-outbound updates per data type (spec 03 §3 "Pinterest … Outbound: ads,
 * ad_groups, campaigns"): the objects' label and the fields Pinterest's update may set (API v5
 * campaigns-update, ad_groups-update, ads-update; amounts in micro-currency).
 */
const KINDS: Record<PinterestKind, { objects: string; writable: string[]; numeric?: string[] }> = {
  campaigns: {
    objects: 'campaigns',
    writable: ['name', 'status', 'daily_spend_cap', 'lifetime_spend_cap'],
    numeric: ['daily_spend_cap', 'lifetime_spend_cap'],
  },
  ad_groups: {
    objects: 'ad groups',
    writable: ['name', 'status', 'budget_in_micro_currency', 'bid_in_micro_currency'],
    numeric: ['budget_in_micro_currency', 'bid_in_micro_currency'],
  },
  ads: {
    objects: 'ads',
    writable: ['name', 'status', 'destination_url', 'click_tracking_url', 'view_tracking_url'],
  },
};

/**
 * The pinterest-outbound deliverer (issue 12 item 4): for each row, sets the mapped fields of the
 * campaign, ad group or ad (metadata data_type) of the ad account (metadata adAccountsLinked) that
 * the row's id names (`GET` it, then `PATCH /ad_accounts/{id}/{kind}`), as updateMappedObjects
 * says: unknown ids reported, objects already holding the values left alone.
 */
export const pinterestDeliverer: Deliverer = async (ctx) => {
  const dataType = metadataText(ctx.metadata, 'data_type') as PinterestKind;
  const spec = Object.hasOwn(KINDS, dataType) ? KINDS[dataType] : undefined;
  if (!spec)
    throw new DeliveryError(`Choose the data type to update (${Object.keys(KINDS).join(', ')})`, true);
  const adAccountId = metadataText(ctx.metadata, 'adAccountsLinked');
  if (adAccountId === '' || adAccountId === '0' || adAccountId === '1')
    throw new DeliveryError('Choose the Pinterest ad account to update', true);
  const update = mappedUpdate(ctx, { ...spec, idNames: ['id'] });
  const connector = await ctx.connector();
  const client = new PinterestClient({
    fetch: ctx.deps.config.outbound.fetch,
    baseUrl: ctx.deps.config.providers.pinterest.baseUrl,
    timeoutMs: ctx.deps.config.providers.timeoutMs,
    ...oauthAccess(ctx.deps, connector),
  });
  const platform: AdObjectPlatform = {
    label: 'Pinterest',
    objects: spec.objects,
    read: async (id, fields) => {
      try {
        const object = await client.get(adAccountId, dataType, id);
        return Object.fromEntries(fields.map((f) => [f, valueText(object[f])]));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    write: (id, changes) =>
      client.update(
        adAccountId,
        dataType,
        id,
        Object.fromEntries(
          Object.entries(changes).map(([k, v]) => [k, spec.numeric?.includes(k) ? Number(v) : v]),
        ),
      ),
  };
  return updateMappedObjects(ctx, platform, update);
};
