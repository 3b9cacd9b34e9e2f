import { type Deliverer, flagOn, metadataText, oauthAccess } from '../../jobs/deliver/context';
import { cell, mappedFieldId, updateEach, updateReport } from '../../jobs/deliver/mapped-rows';
import { DeliveryError } from '../../jobs/delivery';
import { linkFieldOf } from '../google-ad-servers';
import { Dv360Client, type Dv360ObjectType } from './client';

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
