import {
  type AdObjectPlatform,
  mappedUpdate,
  updateMappedObjects,
  valueText,
} from '../../jobs/deliver/ad-objects';
import { type Deliverer, metadataText, oauthAccess } from '../../jobs/deliver/context';
import { DeliveryError } from '../../jobs/delivery';
import { TikTokClient, type TikTokObjectKind } from './client';

/**
 * What tiktok-outbound updates per data type (spec 03 §3 "TikTok: campaigns, ad_groups, ads"): the
 * TikTok object kind, the mapping names that identify it, the fields an update may set (the
 * default field `name` is the kind's own name field) and the fields an ad's update must repeat
 * (TikTok's ad update replaces the creative, so it is sent whole).
 */
const KINDS: Record<
  string,
  { kind: TikTokObjectKind; objects: string; idNames: string[]; writable: string[]; nameField: string }
> = {
  campaigns: {
    kind: 'campaign',
    objects: 'campaigns',
    idNames: ['id', 'campaign_id'],
    writable: ['campaign_name', 'budget'],
    nameField: 'campaign_name',
  },
  ad_groups: {
    kind: 'adgroup',
    objects: 'ad groups',
    idNames: ['id', 'adgroup_id'],
    writable: ['adgroup_name', 'budget'],
    nameField: 'adgroup_name',
  },
  ads: {
    kind: 'ad',
    objects: 'ads',
    idNames: ['id', 'ad_id'],
    writable: ['ad_name', 'ad_text', 'landing_page_url', 'call_to_action'],
    nameField: 'ad_name',
  },
};
const AD_CREATIVE_FIELDS = [
  'adgroup_id',
  'ad_name',
  'ad_text',
  'landing_page_url',
  'call_to_action',
  'identity_id',
  'identity_type',
  'video_id',
  'ad_format',
];

/**
 * The tiktok-outbound deliverer (issue 12 item 4): for each row, sets the mapped fields of the
 * campaign, ad group or ad (metadata data_type) of the advertiser (metadata adAccountsLinked) that
 * the row's id names, through the TikTok Marketing API (`…/get/` then `…/update/`), as
 * updateMappedObjects says: unknown ids reported, objects already holding the values left alone.
 */
export const tiktokDeliverer: Deliverer = async (ctx) => {
  const spec = KINDS[metadataText(ctx.metadata, 'data_type')];
  if (!spec)
    throw new DeliveryError(`Choose the data type to update (${Object.keys(KINDS).join(', ')})`, true);
  const advertiserId = metadataText(ctx.metadata, 'adAccountsLinked');
  if (advertiserId === '' || advertiserId === '0' || advertiserId === '1')
    throw new DeliveryError('Choose the TikTok advertiser (ad account) to update', true);
  const update = mappedUpdate(ctx, { ...spec, rename: { name: spec.nameField } });
  const connector = await ctx.connector();
  const client = new TikTokClient({
    fetch: ctx.deps.config.outbound.fetch,
    baseUrl: ctx.deps.config.providers.tiktok.baseUrl,
    timeoutMs: ctx.deps.config.providers.timeoutMs,
    ...oauthAccess(ctx.deps, connector),
  });
  const idField = `${spec.kind}_id`;
  const platform: AdObjectPlatform = {
    label: 'TikTok',
    objects: spec.objects,
    read: async (id, fields) => {
      const wanted = spec.kind === 'ad' ? [...new Set([...AD_CREATIVE_FIELDS, ...fields])] : fields;
      const [found] = await client.get(spec.kind, advertiserId, [id], [idField, ...wanted]);
      if (!found || valueText(found[idField]) !== id) return null;
      return Object.fromEntries(wanted.filter((f) => f in found).map((f) => [f, valueText(found[f])]));
    },
    write: async (id, changes, current) => {
      const typed = Object.fromEntries(
        Object.entries(changes).map(([k, v]) => [k, k === 'budget' ? Number(v) : v]),
      );
      if (spec.kind !== 'ad') return client.update(spec.kind, advertiserId, { [idField]: id, ...typed });
      const { adgroup_id, ...creative } = current;
      return client.update('ad', advertiserId, {
        adgroup_id,
        creatives: [{ ...creative, ...typed, ad_id: id }],
      });
    },
  };
  return updateMappedObjects(ctx, platform, update);
};
