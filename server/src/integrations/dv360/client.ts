import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Display & Video 360 API v4 client (README.md beside this file), the one client of the API:
 * - lists a partner's advertisers and an advertiser's campaigns, insertion orders, line items,
 *   creatives, ad groups and ad group ads for google-dv360-inbound (issue 12 item 5, spec 03 §3
 *   "DV360 inbound");
 * - patches advertisers, campaigns, insertion orders, line items and creatives for
 *   google-dv360-outbound (issue 12 item 4, spec 03 §3 "DV360 outbound" data types).
 *
 * `baseUrl` is the API root with its version (DV360_API_URL, https://displayvideo.googleapis.com/v4);
 * the connected account's OAuth 2 access token goes as a bearer token (scope display-video).
 * Reference: https://developers.google.com/display-video/api/reference/rest/v4 (advertisers/list and
 * patch, advertisers.campaigns, .insertionOrders, .lineItems, .creatives, .adGroups, .adGroupAds).
 */
export type Dv360ClientOptions = ProviderClientOptions;

/** The advertiser's collections read, as the API's paths and answer keys name them. */
export type Dv360Collection =
  | 'campaigns'
  | 'insertionOrders'
  | 'lineItems'
  | 'creatives'
  | 'adGroups'
  | 'adGroupAds';

/**
 * The largest `pageSize` each list method takes (the reference: 1–200, but 1–100 for
 * insertionOrders.list and adGroupAds.list); the client asks for that many per page.
 */
const DV360_PAGE_SIZES: Record<Dv360Collection | 'advertisers', number> = {
  advertisers: 200,
  campaigns: 200,
  insertionOrders: 100,
  lineItems: 200,
  creatives: 200,
  adGroups: 200,
  adGroupAds: 100,
};

const objectSchema = z
  .object({
    displayName: z.string().default(''),
    updateTime: z.string().optional(),
    entityStatus: z.string().optional(),
  })
  .loose();

/** One DV360 object as a list answers it: displayName, updateTime (RFC 3339), entityStatus and its ids. */
export type Dv360Object = z.output<typeof objectSchema>;

/** A list answer `{ <key>: [...], nextPageToken }` read as `{ items, nextPageToken }`. */
function listSchema(key: string) {
  return z.preprocess(
    (body) =>
      body && typeof body === 'object' && !Array.isArray(body)
        ? {
            items: (body as Record<string, unknown>)[key],
            nextPageToken: (body as Record<string, unknown>).nextPageToken,
          }
        : body,
    z.object({ items: z.array(objectSchema).default([]), nextPageToken: z.string().optional() }),
  );
}

const MAX_PAGES = 1000;

const partnerListSchema = z.object({
  partners: z
    .array(
      z.looseObject({
        partnerId: z.union([z.string(), z.number()]).transform(String),
        displayName: z.string().default(''),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

/** A DV360 partner as partners.list answers it: partnerId, displayName and its other fields. */
export type Dv360Partner = z.output<typeof partnerListSchema>['partners'][number];

/** The DV360 objects Nomen updates, as the outbound's data_type names them (spec 03 §3). */
export type Dv360ObjectType = 'advertisers' | 'campaigns' | 'insertion_orders' | 'line_items' | 'creatives';

/** The collection of each updated object type under `advertisers/{advertiserId}`. */
const COLLECTIONS: Record<Exclude<Dv360ObjectType, 'advertisers'>, Dv360Collection> = {
  campaigns: 'campaigns',
  insertion_orders: 'insertionOrders',
  line_items: 'lineItems',
  creatives: 'creatives',
};

const patchedSchema = z.looseObject({ name: z.string(), displayName: z.string().optional() });

/** An updated DV360 object: its resource name (`advertisers/1/lineItems/7`) and display name. */
export type Dv360PatchedObject = z.infer<typeof patchedSchema>;

/** What identifies one object to update: its type, its id and (except for advertisers) its advertiser. */
export interface Dv360ObjectRef {
  type: Dv360ObjectType;
  id: string;
  advertiserId?: string;
}

/**
 * The API path of an object: `/advertisers/{id}` or `/advertisers/{a}/{collection}/{id}`.
 * Throws RangeError for an object other than an advertiser without its advertiserId.
 */
export function dv360Path(ref: Dv360ObjectRef): string {
  if (ref.type === 'advertisers') return `/advertisers/${seg(ref.id)}`;
  if (!ref.advertiserId) throw new RangeError(`${ref.type} are addressed under their advertiser`);
  return `/advertisers/${seg(ref.advertiserId)}/${COLLECTIONS[ref.type]}/${seg(ref.id)}`;
}

/** The Display & Video 360 client. Every method throws ProviderError on failure. */
export class Dv360Client {
  private readonly http: ProviderHttp;

  constructor(options: Dv360ClientOptions) {
    this.http = new ProviderHttp({
      provider: 'dv360',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: (body) => ({
        message: stringAt(body, 'error', 'message'),
        code: stringAt(body, 'error', 'status'),
      }),
    });
  }

  /**
   * `GET /partners` (partners.list, https://developers.google.com/display-video/api/reference/rest/v4/partners/list):
   * every partner the signed-in Google user may see, following `nextPageToken` with pages of 200
   * (the reference's largest pageSize). Each has its partnerId (int64 as text) and displayName.
   */
  async listPartners(): Promise<Dv360Partner[]> {
    const all: Dv360Partner[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.http.get('/partners', partnerListSchema, { pageSize: 200, pageToken });
      all.push(...answer.partners);
      pageToken = answer.nextPageToken;
      if (!pageToken) break;
    }
    return all;
  }

  /** Every advertiser of partner `partnerId` matching `filter` (a DV360 filter expression; '' for all). */
  listAdvertisers(partnerId: string, filter = ''): Promise<Dv360Object[]> {
    return this.pages('/advertisers', 'advertisers', { partnerId, filter });
  }

  /** Every object of an advertiser's `collection` matching `filter` (a DV360 filter expression; '' for all). */
  listUnder(advertiserId: string, collection: Dv360Collection, filter = ''): Promise<Dv360Object[]> {
    return this.pages(`/advertisers/${seg(advertiserId)}/${collection}`, collection, { filter });
  }

  /**
   * `PATCH <object path>?updateMask=<fields>` with the changed fields (camelCase names of the
   * resource, e.g. displayName, exitEvents); only the fields of the mask change. Answers the
   * updated object. Throws RangeError (before any call) as dv360Path does.
   */
  patch(ref: Dv360ObjectRef, changes: Record<string, unknown>): Promise<Dv360PatchedObject> {
    return this.http.request({
      method: 'PATCH',
      path: dv360Path(ref),
      query: { updateMask: Object.keys(changes).join(',') },
      body: changes,
      schema: patchedSchema,
    });
  }

  private async pages(
    path: string,
    key: Dv360Collection | 'advertisers',
    query: { partnerId?: string; filter: string },
  ): Promise<Dv360Object[]> {
    const schema = listSchema(key);
    const all: Dv360Object[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.http.get(path, schema, {
        ...(query.partnerId ? { partnerId: query.partnerId } : {}),
        ...(query.filter ? { filter: query.filter } : {}),
        pageSize: DV360_PAGE_SIZES[key],
        pageToken,
      });
      all.push(...answer.items);
      pageToken = answer.nextPageToken;
      if (!pageToken) break;
    }
    return all;
  }
}

/** A DV360 filter value in double quotes (backslash and quote escaped). */
export function dv360Quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
