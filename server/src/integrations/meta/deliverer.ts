import { FACEBOOK_URL_PARAMETERS } from '@nomen/shared';
import {
  type AdObjectPlatform,
  mappedUpdate,
  updateMappedObjects,
  valueText,
} from '../../jobs/deliver/ad-objects';
import {
  type Deliverer,
  type DeliveryContext,
  metadataText,
  oauthAccess,
  templateFieldOf,
} from '../../jobs/deliver/context';
import { DeliveryError } from '../../jobs/delivery';
import { isMetaUnknownObject, MetaClient } from './client';

/** A Meta client for the run's connected account (facebook or facebook-marketing). */
async function metaClient(ctx: DeliveryContext): Promise<MetaClient> {
  const connector = await ctx.connector();
  return new MetaClient({
    fetch: ctx.deps.config.outbound.fetch,
    baseUrl: ctx.deps.config.providers.meta.baseUrl,
    timeoutMs: ctx.deps.config.providers.timeoutMs,
    ...oauthAccess(ctx.deps, connector),
  });
}

/** Reads an object's fields; null when Graph says it does not exist. */
async function readOrNull(client: MetaClient, id: string, fields: readonly string[]) {
  try {
    return await client.getObject(id, fields);
  } catch (error) {
    if (isMetaUnknownObject(error)) return null;
    throw error;
  }
}

/**
 * What facebook-marketing-outbound updates per data type (spec 03 §3 ad platform data types;
 * Marketing API "Updating" of campaigns, ad sets, ads and ad creatives): the Graph object kind,
 * the mapping names that identify the object (the data type's own id first, then `id`), and the
 * fields Graph lets an update set. The ids of related objects among the default mappings (spec 03
 * §9: Campaign ID, Ad Set ID, Ads ID, Ad Creative ID) are not written.
 */
const MARKETING_KINDS: Record<string, { objects: string; idNames: string[]; writable: string[] }> = {
  campaigns: {
    objects: 'campaigns',
    idNames: ['id', 'campaign_id'],
    writable: ['name', 'status', 'daily_budget', 'lifetime_budget', 'spend_cap', 'bid_strategy'],
  },
  ad_sets: {
    objects: 'ad sets',
    idNames: ['adset_id', 'id'],
    writable: ['name', 'status', 'daily_budget', 'lifetime_budget', 'bid_amount', 'end_time'],
  },
  ads: { objects: 'ads', idNames: ['ad_id', 'id'], writable: ['name', 'status'] },
  ad_creatives: { objects: 'ad creatives', idNames: ['creative_id', 'id'], writable: ['name', 'status'] },
};
const RELATED_IDS = ['id', 'campaign_id', 'adset_id', 'ad_id', 'creative_id'];

/**
 * The facebook-marketing-outbound deliverer (issue 12 item 4): for each row, sets the mapped
 * fields (name, status, budgets…) of the campaign, ad set, ad or ad creative the row's id names,
 * through `POST /{id}` of the Marketing API, as {@link updateMappedObjects} says (unknown ids
 * reported; objects already holding the values left alone).
 */
export const facebookMarketingDeliverer: Deliverer = async (ctx) => {
  const dataType = metadataText(ctx.metadata, 'data_type');
  const kind = MARKETING_KINDS[dataType];
  if (!kind)
    throw new DeliveryError(
      `Choose the data type to update (${Object.keys(MARKETING_KINDS).join(', ')})`,
      true,
    );
  const update = mappedUpdate(ctx, {
    ...kind,
    ignored: RELATED_IDS.filter((n) => !kind.idNames.includes(n)),
  });
  const client = await metaClient(ctx);
  const platform: AdObjectPlatform = {
    label: 'Facebook',
    objects: kind.objects,
    read: async (id, fields) => {
      const object = await readOrNull(client, id, fields);
      return object && Object.fromEntries(fields.map((f) => [f, valueText(object[f])]));
    },
    write: (id, changes) => client.updateObject(id, changes),
  };
  return updateMappedObjects(ctx, platform, update);
};

/** The Facebook dynamic URL parameters a fieldMapping row may name (catalogue.ts). */
const URL_PARAMETERS = new Set(FACEBOOK_URL_PARAMETERS.map((p) => p.fieldName));

/**
 * The link and url_tags a generated link makes (Marketing API ad creative `url_tags`: the query
 * string Facebook appends to the link): the link without its query, and the query with each
 * parameter whose value is the row's value of a field in the assignment's fieldMapping (spec 03 §3
 * fieldMapping {fbParameterName, …TemplateFieldId}) replaced by Facebook's dynamic
 * `{{fbParameterName}}`, so Facebook fills in e.g. the ad's name itself.
 */
export function linkAndUrlTags(
  generatedLink: string,
  dynamic: ReadonlyMap<string, string>,
): { link: string; url_tags: string } {
  const trimmed = generatedLink.trim();
  const at = trimmed.indexOf('?');
  if (at < 0) return { link: trimmed, url_tags: '' };
  const hash = trimmed.indexOf('#', at);
  const query = trimmed.slice(at + 1, hash < 0 ? undefined : hash);
  const tags = query
    .split('&')
    .filter((p) => p !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const raw = pair.slice(eq + 1);
      let value = raw;
      try {
        value = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is kept as written.
      }
      const parameter = dynamic.get(value);
      return parameter ? `${pair.slice(0, eq)}={{${parameter}}}` : pair;
    });
  return { link: trimmed.slice(0, at), url_tags: tags.join('&') };
}

/**
 * The Facebook parameters mapped to template fields, as (template field id → parameter): the
 * metadata fieldMapping rows and the mapping rows named after a parameter (the legacy types'
 * default fields), both naming saved fields, keeping known parameters only.
 */
function dynamicParameters(
  ctx: Pick<DeliveryContext, 'metadata' | 'assignment' | 'template'>,
): Map<number, string> {
  const { metadata } = ctx;
  const out = new Map<number, string>();
  for (const m of ctx.assignment.mapping_fields ?? []) {
    const field = URL_PARAMETERS.has(m.fieldName) ? templateFieldOf(ctx, m.cvFieldId) : null;
    if (field !== null) out.set(field, m.fieldName);
  }
  const rows = Array.isArray(metadata.fieldMapping)
    ? (metadata.fieldMapping as Record<string, unknown>[])
    : [];
  for (const row of rows) {
    const parameter = String(row.fbParameterName ?? '').trim();
    // The template field key is named after the product ({product}TemplateFieldId, spec 03 §3).
    const key = Object.keys(row).find((k) => k.endsWith('TemplateFieldId'));
    const field = key ? templateFieldOf(ctx, row[key]) : null;
    if (URL_PARAMETERS.has(parameter) && field !== null) out.set(field, parameter);
  }
  return out;
}

/**
 * The facebook-ads and facebook-ads-update deliverer (legacy; spec 03 §5: mappings ad_id,
 * creative_id, generated_link; registry: "writes generated links back to ads"). For each row it
 * points the ad named by ad_id at a creative carrying the row's generated link: Meta does not let
 * an ad creative's link or url_tags change (only its name and status), so a copy of the creative
 * named by creative_id is made with the link (for link ads) and the url_tags of the generated link
 * (`POST /act_{id}/adcreatives`), and the ad is updated to use it (`POST /{ad_id}` with
 * `creative: { creative_id }`). An ad whose creative already carries that link and those url_tags
 * is left alone, and a copy already in the ad account (same name, url_tags and object story: one an
 * attempt made before it stopped short of updating the ad) is used instead of a new one, so a
 * retry makes no second copy. Both slugs work the same way: the legacy pair differed only in the
 * editor.
 */
export const facebookAdsDeliverer: Deliverer = async (ctx) => {
  const update = mappedUpdate(ctx, {
    idNames: ['ad_id'],
    writable: ['creative_id', 'generated_link'],
    // Facebook's URL parameters (the type's default fields) are dynamic parameters, read below.
    ignored: [...URL_PARAMETERS],
    objects: 'ads',
  });
  if (!update.values.has('generated_link') || !update.values.has('creative_id'))
    throw new DeliveryError('Map template fields to "creative_id" and "generated_link"', true);
  const dynamic = dynamicParameters(ctx);
  const client = await metaClient(ctx);
  const platform: AdObjectPlatform = {
    label: 'Facebook',
    objects: 'ads',
    // The ad's current creative, as the link and url_tags it carries.
    read: async (id) => {
      const ad = await readOrNull(client, id, ['account_id', 'creative']);
      if (!ad) return null;
      const creativeId = valueText((ad.creative as { id?: unknown } | undefined)?.id);
      const creative = creativeId
        ? await client.getObject(creativeId, ['url_tags', 'object_story_spec'])
        : { id: '' };
      const link = storyLink(creative.object_story_spec);
      return {
        account_id: valueText(ad.account_id),
        creative_id: creativeId,
        url_tags: valueText(creative.url_tags),
        ...(link === undefined ? {} : { link }),
      };
    },
    write: async (id, changes, current, row) => {
      // The row's creative is the one copied; a row without one keeps the ad's current creative.
      const sourceId =
        (row.data[String(update.values.get('creative_id'))] ?? '').trim() || current.creative_id || '';
      const source = sourceId
        ? await readOrNull(client, sourceId, ['name', 'object_story_id', 'object_story_spec'])
        : null;
      if (!source)
        throw new DeliveryError(`Creative ${sourceId} of ad ${id} was not found on Facebook`, true);
      const spec = source.object_story_spec as Record<string, unknown> | undefined;
      const link = changes.link ?? current.link;
      const params: Record<string, unknown> = {
        name: `${valueText(source.name) || `Creative ${sourceId}`} (Nomen)`,
        url_tags: changes.url_tags ?? current.url_tags,
      };
      if (spec && storyLink(spec) !== undefined)
        params.object_story_spec = {
          ...spec,
          link_data: { ...(spec.link_data as Record<string, unknown>), link },
        };
      else if (source.object_story_id) params.object_story_id = source.object_story_id;
      else if (spec) params.object_story_spec = spec;
      else throw new DeliveryError(`Creative ${sourceId} of ad ${id} has no object story to copy`, true);
      const account = current.account_id || metadataText(ctx.metadata, 'adAccountsLinked');
      // A copy made by an attempt that stopped before pointing the ad at it is used, not made again.
      const creativeId =
        (await equivalentCreative(client, account, params)) ??
        (await client.createAdCreative(account, params));
      await client.updateObject(id, { creative: { creative_id: creativeId } });
    },
  };
  return updateMappedObjects(ctx, platform, update, (values, row) => {
    const dynamicByValue = new Map<string, string>();
    for (const [fieldId, parameter] of dynamic) {
      const value = (row.data[String(fieldId)] ?? '').trim();
      if (value !== '') dynamicByValue.set(value, parameter);
    }
    if (!values.generated_link) return {};
    const { link, url_tags } = linkAndUrlTags(values.generated_link, dynamicByValue);
    const changes: Record<string, string> = { url_tags };
    if (link !== '') changes.link = link;
    return changes;
  });
};

/**
 * The id of a creative of ad account `account` that already is the copy `params` describes: the
 * same name, url_tags and object story (`object_story_id`, or `object_story_spec` with its link).
 * It is looked up by name (`GET /act_{id}/adcreatives` with `filtering` name EQUAL; Marketing API
 * ad-account/adcreatives) and compared field by field, so an equal copy, such as one an earlier
 * attempt made just before it stopped, is reused. Undefined when there is none.
 */
async function equivalentCreative(
  client: MetaClient,
  account: string,
  params: Record<string, unknown>,
): Promise<string | undefined> {
  const name = valueText(params.name);
  const found = await client.listAdObjects(
    account,
    'adcreatives',
    ['name', 'url_tags', 'object_story_id', 'object_story_spec'],
    [{ field: 'name', operator: 'EQUAL', value: name }],
  );
  const story = (o: Record<string, unknown>) =>
    o.object_story_id !== undefined
      ? `id:${valueText(o.object_story_id)}`
      : `spec:${stableJson(o.object_story_spec)}`;
  return found.find(
    (c) =>
      valueText(c.name) === name &&
      valueText(c.url_tags) === valueText(params.url_tags) &&
      story(c) === story(params),
  )?.id;
}

/** JSON with object keys in order, so two equal specs read the same whatever order Graph keeps. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** The link of a link ad's object_story_spec, if it has one. */
function storyLink(spec: unknown): string | undefined {
  const link = (spec as { link_data?: { link?: unknown } } | undefined)?.link_data?.link;
  return typeof link === 'string' ? link : undefined;
}
