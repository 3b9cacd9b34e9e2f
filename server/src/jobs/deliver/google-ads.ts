import { type Cm360Ad, Cm360Client, Dv360Client, type Dv360ObjectType } from '../../integrations/index';
import { DeliveryError } from '../delivery';
import { type Deliverer, flagOn, metadataText, oauthAccess, templateFieldOf } from './context';
import { cell, fieldFrom, mappedFieldId, updateEach, updateReport } from './mapped-rows';

/**
 * The template field whose value is a row's click-through URL: the one whose saved field metadata
 * dcmLink names,
 * else the template's first link field (spec 03 §5: link-based integrations use the link field).
 */
function linkFieldOf(ctx: Parameters<Deliverer>[0]): number | null {
  const named = templateFieldOf(ctx, metadataText(ctx.metadata, 'dcmLink'));
  if (named !== null) return named;
  const link = ctx.template.template_fields
    .filter((tf) => tf.governance_type === 'link' && typeof tf.id === 'number')
    .sort((a, b) => a.precedence - b.precedence)[0];
  return (link?.id as number | undefined) ?? null;
}

/** The ad with its click-through URLs set to `url` (one creative's only, when `creativeId`). */
function withClickThrough(ad: Cm360Ad, url: string, creativeId: string): Partial<Cm360Ad> | null {
  const clickThroughUrl = { defaultLandingPage: false, customClickThroughUrl: url };
  const assignments = ad.creativeRotation?.creativeAssignments ?? [];
  if (assignments.length === 0) return creativeId ? null : { clickThroughUrl };
  if (creativeId && !assignments.some((a) => a.creativeId === creativeId)) return null;
  return {
    creativeRotation: {
      ...ad.creativeRotation,
      creativeAssignments: assignments.map((a) =>
        !creativeId || a.creativeId === creativeId ? { ...a, clickThroughUrl } : a,
      ),
    },
  };
}

/**
 * The Campaign Manager deliverer of google-cm360-outbound and google-dcm-output (issue 12 item 4;
 * spec 03 §3 updateClickThroughUrl, dcmLink, dcmAdId, dcmCreativeId; §5 required mappings): each
 * row names an ad (the field metadata dcmAdId names, else the Ad ID mapping) in the account's
 * user profile (googleProfileId). With updateClickThroughUrl on, the ad's click-through URL
 * becomes the row's link (the dcmLink field, else the template's link field), on every creative
 * of its rotation or only the row's creative (dcmCreativeId, else the creativeId mapping); with
 * the Ad mapping, the ad's name becomes the row's value. The ad is read first and patched with the
 * same values on a retry, so a retried run changes nothing twice. Ads the profile cannot see are
 * reported and end the run Failed (not retried); a refused token is permanent.
 */
export const cm360Deliverer: Deliverer = async (ctx) => {
  const connector = await ctx.connector();
  const c = connector.credentials;
  const profileId = c.family === 'ad-platform' ? (c.googleProfileId ?? '').trim() : '';
  if (!profileId)
    throw new DeliveryError(
      `"${connector.name}" has no Campaign Manager profile id: add it in Connected accounts`,
      true,
    );
  const adField = fieldFrom(ctx, 'dcmAdId', 'adId');
  if (adField === null)
    throw new DeliveryError('Map the Ad ID field of the integration to a template field', true);
  const creativeField = fieldFrom(ctx, 'dcmCreativeId', 'creativeId');
  const nameField = mappedFieldId(ctx, 'ad');
  const updateUrl = flagOn(ctx.metadata.updateClickThroughUrl);
  const linkField = updateUrl ? linkFieldOf(ctx) : null;
  if (updateUrl && linkField === null)
    throw new DeliveryError('Updating click-through URLs needs a link field in the template', true);
  if (!updateUrl && nameField === null)
    throw new DeliveryError(
      'Nothing to update: turn on "Update click-through URL" or map the Ad field to a template field',
      true,
    );
  const client = new Cm360Client({
    fetch: ctx.deps.config.outbound.fetch,
    baseUrl: ctx.deps.config.providers.cm360.baseUrl,
    timeoutMs: ctx.deps.config.providers.timeoutMs,
    ...oauthAccess(ctx.deps, connector),
  });
  const items = ctx.rows
    .map((row) => ({
      id: cell(row, adField),
      url: cell(row, linkField),
      creativeId: cell(row, creativeField),
      name: cell(row, nameField),
    }))
    .filter((i) => i.id !== '' && (!updateUrl || /^https?:\/\//i.test(i.url)));
  const done = await updateEach(items, 'the Campaign Manager ad', async (item) => {
    const ad = await client.getAd(profileId, item.id);
    let changes: Partial<Cm360Ad> = {};
    if (updateUrl) {
      const urls = withClickThrough(ad, item.url, item.creativeId);
      if (!urls) return 'not-found';
      changes = urls;
    }
    if (item.name) changes.name = item.name;
    await client.patchAd(profileId, item.id, changes);
    return 'updated';
  });
  return updateReport(
    { ...done, skipped: ctx.rows.length - items.length },
    { one: 'ad', many: 'ads' },
    updateUrl ? 'without an ad id or link' : 'without an ad id',
  );
};

const DV360_TYPES: readonly Dv360ObjectType[] = [
  'advertisers',
  'campaigns',
  'insertion_orders',
  'line_items',
  'creatives',
];
const DV360_NOUNS: Record<Dv360ObjectType, { one: string; many: string }> = {
  advertisers: { one: 'advertiser', many: 'advertisers' },
  campaigns: { one: 'campaign', many: 'campaigns' },
  insertion_orders: { one: 'insertion order', many: 'insertion orders' },
  line_items: { one: 'line item', many: 'line items' },
  creatives: { one: 'creative', many: 'creatives' },
};

/**
 * The Display & Video 360 deliverer of google-dv360-outbound (issue 12 item 4; spec 03 §3 DV360
 * outbound data types): each row names an object of the chosen data type by the id mapping, under
 * its advertiser (the advertiserId mapping, else metadata advertiserId), and patches its display
 * name from the name mapping; for creatives with updateClickThroughUrl on, its default exit event
 * URL becomes the row's link. Only the mapped fields are in the update mask, so a retry sets the
 * same values again. Unknown ids are reported and end the run Failed; a refused token is permanent.
 */
export const dv360Deliverer: Deliverer = async (ctx) => {
  const type = metadataText(ctx.metadata, 'data_type') as Dv360ObjectType;
  if (!DV360_TYPES.includes(type))
    throw new DeliveryError(`Choose the data type to update (one of ${DV360_TYPES.join(', ')})`, true);
  const idField = mappedFieldId(ctx, 'id');
  if (idField === null)
    throw new DeliveryError(
      `Map the ${DV360_NOUNS[type].one} ID field of the integration to a template field`,
      true,
    );
  const nameField = mappedFieldId(ctx, 'name');
  const advertiserField = mappedFieldId(ctx, 'advertiserId');
  const fixedAdvertiser = metadataText(ctx.metadata, 'advertiserId');
  if (type !== 'advertisers' && advertiserField === null && !fixedAdvertiser)
    throw new DeliveryError('Map the Advertiser ID field of the integration to a template field', true);
  const updateUrl = type === 'creatives' && flagOn(ctx.metadata.updateClickThroughUrl);
  const linkField = updateUrl ? linkFieldOf(ctx) : null;
  if (nameField === null && linkField === null)
    throw new DeliveryError(`Nothing to update: map the ${DV360_NOUNS[type].one} name field`, true);
  const connector = await ctx.connector();
  const client = new Dv360Client({
    fetch: ctx.deps.config.outbound.fetch,
    baseUrl: ctx.deps.config.providers.dv360.baseUrl,
    timeoutMs: ctx.deps.config.providers.timeoutMs,
    ...oauthAccess(ctx.deps, connector),
  });
  const items = ctx.rows
    .map((row) => ({
      id: cell(row, idField),
      advertiserId: cell(row, advertiserField) || fixedAdvertiser,
      name: cell(row, nameField),
      url: cell(row, linkField),
    }))
    .filter((i) => i.id !== '' && (type === 'advertisers' || i.advertiserId !== '') && (i.name || i.url));
  const done = await updateEach(items, `the Display & Video 360 ${DV360_NOUNS[type].one}`, async (item) => {
    const changes: Record<string, unknown> = {};
    if (item.name) changes.displayName = item.name;
    if (item.url) changes.exitEvents = [{ type: 'EXIT_EVENT_TYPE_DEFAULT', url: item.url }];
    await client.patch({ type, id: item.id, advertiserId: item.advertiserId }, changes);
    return 'updated';
  });
  return updateReport(
    { ...done, skipped: ctx.rows.length - items.length },
    DV360_NOUNS[type],
    'without an id, advertiser or value',
  );
};
