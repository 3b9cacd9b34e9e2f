import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Meta Graph API / Marketing API client (README.md beside this file): who the token belongs to,
 * the user's ad accounts and an ad account's pixels. Serves spec 03 §7
 * `GET /api/v1/account/connector/{id}/facebook/adaccounts` and `.../adaccounts/{adAccountId}/pixels`.
 * `baseUrl` carries the Graph version: https://graph.facebook.com/v23.0.
 */
export type MetaClientOptions = ProviderClientOptions;

const meSchema = z.object({ id: z.string().min(1), name: z.string().optional() });

/** The Facebook user (or system user) the token belongs to. */
export type MetaUser = z.output<typeof meSchema>;

const adAccountSchema = z.object({
  id: z.string().regex(/^act_\d+$/),
  account_id: z.string().min(1),
  name: z.string().default(''),
  account_status: z.number().int().optional(),
  currency: z.string().optional(),
});

const pixelSchema = z.object({ id: z.string().min(1), name: z.string().default('') });

/** An ad account: `id` is the Graph id (`act_…`), `account_id` the number shown in Ads Manager. */
export type MetaAdAccount = z.output<typeof adAccountSchema>;

/** A Meta pixel (dataset) of an ad account. */
export type MetaPixel = z.output<typeof pixelSchema>;

function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    paging: z
      .object({
        cursors: z.object({ after: z.string().optional() }).optional(),
        next: z.string().optional(),
      })
      .optional(),
  });
}

/** One ad object (campaign, ad set, ad or ad creative) with the fields asked for, as Graph answers them. */
const adObjectSchema = z.looseObject({ id: z.string().min(1) });

const successSchema = z.object({ success: z.literal(true) });

/** An ad object read for an inbound sync: its `id` and the fields asked for (strings, numbers, objects). */
export type MetaAdObject = z.output<typeof adObjectSchema>;

/** The ad-account edges an inbound sync reads (Marketing API reference: ad-account/campaigns, /adsets, /ads, /adcreatives). */
export const META_AD_OBJECT_EDGES = ['campaigns', 'adsets', 'ads', 'adcreatives'] as const;
/** One ad-account edge. */
export type MetaAdObjectEdge = (typeof META_AD_OBJECT_EDGES)[number];

/**
 * One condition of Graph's `filtering` parameter (Marketing API "Filtering": `field`, `operator`
 * such as IN, EQUAL, CONTAIN, GREATER_THAN, and `value`).
 */
export interface MetaFilter {
  field: string;
  operator: 'IN' | 'NOT_IN' | 'EQUAL' | 'CONTAIN' | 'GREATER_THAN' | 'LESS_THAN';
  value: string | number | readonly string[];
}

/**
 * One row of an Insights answer: the id of the `level` object, the metrics asked for (Graph
 * answers numbers as strings), and `actions` as `{ action_type, value }` pairs.
 */
const insightsRowSchema = z.looseObject({
  campaign_id: z.string().optional(),
  adset_id: z.string().optional(),
  ad_id: z.string().optional(),
  impressions: z.string().optional(),
  clicks: z.string().optional(),
  spend: z.string().optional(),
  actions: z.array(z.looseObject({ action_type: z.string(), value: z.string() })).optional(),
  date_start: z.string().optional(),
  date_stop: z.string().optional(),
});

/** One Insights row (see insightsRowSchema). */
export type MetaInsightsRow = z.output<typeof insightsRowSchema>;

/** The object levels an ad account's Insights aggregate at (Insights reference, `level`). */
export type MetaInsightsLevel = 'campaign' | 'adset' | 'ad';

const adAccountsPage = pageSchema(adAccountSchema);
const insightsPage = pageSchema(insightsRowSchema);
const adObjectsPage = pageSchema(adObjectSchema);
const pixelsPage = pageSchema(pixelSchema);

/** One page of a Graph edge. */
interface GraphPage<I> {
  data: I[];
  paging?: { cursors?: { after?: string | undefined } | undefined; next?: string | undefined } | undefined;
}

const PAGE_SIZE = 100;
const MAX_PAGES = 1000;

/** Graph error codes that mean "the token is invalid or expired" (error-handling reference). */
const TOKEN_ERROR_CODES = new Set(['190', '102']);

/** The Meta client. Every method throws ProviderError on failure. */
export class MetaClient {
  private readonly http: ProviderHttp;

  constructor(options: MetaClientOptions) {
    this.http = new ProviderHttp({
      provider: 'meta',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: (body) => ({
        message: stringAt(body, 'error', 'message'),
        code: stringAt(body, 'error', 'code'),
      }),
      // Graph answers an expired token with 400 and code 190, so the status alone does not tell.
      isUnauthorized: (status, body) =>
        status === 401 || TOKEN_ERROR_CODES.has(stringAt(body, 'error', 'code') ?? ''),
    });
  }

  /** Who the token belongs to (`GET /me`). */
  whoAmI(): Promise<MetaUser> {
    return this.http.get('/me', meSchema, { fields: 'id,name' });
  }

  /** Every ad account of the token's user, following the cursor pages. */
  listAdAccounts(): Promise<MetaAdAccount[]> {
    return this.pages('/me/adaccounts', adAccountsPage, 'id,account_id,name,account_status,currency');
  }

  /** Every pixel of ad account `adAccountId` (`act_123` or `123`). */
  listPixels(adAccountId: string): Promise<MetaPixel[]> {
    const node = adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`;
    return this.pages(`/${seg(node)}/adspixels`, pixelsPage, 'id,name');
  }

  /**
   * Every object of an ad account's edge (`campaigns`, `adsets`, `ads`, `adcreatives`) with
   * `fields`, narrowed by Graph's `filtering` conditions (issue 12 item 5, the ad-platform inbound
   * sync). References: https://developers.facebook.com/docs/marketing-api/reference/ad-account/campaigns/
   * (and …/adsets/, …/ads/, …/adcreatives/), filtering in
   * https://developers.facebook.com/docs/marketing-api/insights/parameters/ (`filtering`).
   */
  listAdObjects(
    adAccountId: string,
    edge: MetaAdObjectEdge,
    fields: readonly string[],
    filtering: readonly MetaFilter[] = [],
  ): Promise<MetaAdObject[]> {
    const node = adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`;
    return this.pages(
      `/${seg(node)}/${edge}`,
      adObjectsPage,
      ['id', ...fields.filter((f) => f !== 'id')].join(','),
      filtering.length > 0 ? { filtering: JSON.stringify(filtering) } : {},
    );
  }

  /**
   * Every Insights row of an ad account at `level` (one per campaign, ad set or ad that delivered
   * in the period) with `fields` besides the level's id, over Graph's `date_preset` (such as
   * `last_30d`: the 30 days before today in the ad account's time zone), following the cursor
   * pages. References: https://developers.facebook.com/docs/marketing-api/insights/ (the edge on
   * any ad object, `level`, paging) and
   * https://developers.facebook.com/docs/marketing-api/reference/ad-account/insights/ (`fields`
   * impressions, clicks, spend in the account's currency, actions; `date_preset`).
   */
  listInsights(
    adAccountId: string,
    level: MetaInsightsLevel,
    fields: readonly string[],
    datePreset: string,
  ): Promise<MetaInsightsRow[]> {
    const node = adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`;
    const id = `${level}_id`;
    return this.pages(
      `/${seg(node)}/insights`,
      insightsPage,
      [id, ...fields.filter((f) => f !== id)].join(','),
      {
        level,
        date_preset: datePreset,
      },
    );
  }

  /**
   * One object (campaign, ad set, ad, ad creative) by id with `fields` (`GET /{id}?fields=`;
   * https://developers.facebook.com/docs/graph-api/reference/ and the Marketing API object
   * references). Throws ProviderError; Graph answers an unknown id with 400 and code 100
   * (see {@link isMetaUnknownObject}).
   */
  getObject(id: string, fields: readonly string[]): Promise<MetaAdObject> {
    return this.http.get(`/${seg(id)}`, adObjectSchema, {
      fields: ['id', ...fields.filter((f) => f !== 'id')].join(','),
    });
  }

  /**
   * Updates an object's fields (`POST /{id}`, answered `{ success: true }`): Marketing API
   * "Updating" of https://developers.facebook.com/docs/marketing-api/reference/ad-campaign-group/,
   * …/ad-campaign/, …/adgroup/ (an ad's `creative` is `{ creative_id }`) and …/ad-creative/.
   * Setting the same values again changes nothing, so a repeated update is harmless.
   */
  async updateObject(id: string, params: Record<string, unknown>): Promise<void> {
    await this.http.request({ method: 'POST', path: `/${seg(id)}`, body: params, schema: successSchema });
  }

  /**
   * Makes an ad creative in an ad account (`POST /act_{id}/adcreatives`, answered `{ id }`;
   * https://developers.facebook.com/docs/marketing-api/reference/ad-account/adcreatives/#Creating).
   * Ad creatives cannot be edited beyond their name and status, so a new link or url_tags is a new
   * creative that the ad is then pointed at.
   */
  async createAdCreative(adAccountId: string, params: Record<string, unknown>): Promise<string> {
    const node = adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`;
    const made = await this.http.request({
      method: 'POST',
      path: `/${seg(node)}/adcreatives`,
      body: params,
      schema: z.object({ id: z.string().min(1) }),
    });
    return made.id;
  }

  /** Follows `paging.cursors.after` while `paging.next` says there is more. */
  private async pages<I>(
    path: string,
    schema: z.ZodType<GraphPage<I>>,
    fields: string,
    extra: Record<string, string> = {},
  ): Promise<I[]> {
    const all: I[] = [];
    let after: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      // The cursor, not the `next` URL, is followed: `next` may carry the token in its query.
      const page = await this.http.get(path, schema, { ...extra, fields, limit: PAGE_SIZE, after });
      all.push(...page.data);
      after = page.paging?.cursors?.after;
      if (!page.paging?.next || !after || page.data.length === 0) break;
    }
    return all;
  }
}

/**
 * Whether a Meta failure says the object does not exist (or is not visible to the token): Graph's
 * code 100 with subcode 33, or a 404. Such a row is reported, not retried.
 */
export function isMetaUnknownObject(error: unknown): boolean {
  if (!(error instanceof ProviderError) || error.code !== 'HTTP') return false;
  return (
    error.status === 404 || (error.providerCode === '100' && /does not exist/i.test(error.providerMessage))
  );
}
