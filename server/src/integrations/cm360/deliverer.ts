import { type Deliverer, flagOn, oauthAccess } from '../../jobs/deliver/context';
import { cell, fieldFrom, mappedFieldId, updateEach, updateReport } from '../../jobs/deliver/mapped-rows';
import { DeliveryError } from '../../jobs/delivery';
import { linkFieldOf } from '../google-ad-servers';
import type { Cm360Ad } from './client';
import { Cm360Client } from './client';

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
