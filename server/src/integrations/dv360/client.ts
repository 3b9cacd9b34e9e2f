import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Display & Video 360 API v3 client (README.md beside this file): a partner's advertisers and an
 * advertiser's campaigns, insertion orders, line items, creatives, ad groups and ad group ads, for
 * google-dv360-inbound (issue 12 item 5, spec 03 §3 "DV360 inbound"). `baseUrl` is the API root with
 * its version, https://displayvideo.googleapis.com/v3; the OAuth 2 token goes as a bearer token.
 * References: https://developers.google.com/display-video/api/reference/rest/v3/advertisers/list
 * (and …/advertisers.campaigns/list, …insertionOrders/list, …lineItems/list, …creatives/list,
 * …adGroups/list, …adGroupAds/list): `pageSize` ≤ 200, `pageToken` / `nextPageToken`, and the
 * `filter` expression (`field=value`, `updateTime>="RFC 3339"`, OR within a field, AND between).
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

const objectSchema = z
  .object({
    displayName: z.string().default(''),
    updateTime: z.string().optional(),
    entityStatus: z.string().optional(),
  })
  .loose();

/** One DV360 object as answered: displayName, updateTime (RFC 3339), entityStatus and its ids. */
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

const PAGE_SIZE = 200;
const MAX_PAGES = 1000;

/** The DV360 client. Every method throws ProviderError on failure. */
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

  /** Every advertiser of partner `partnerId` matching `filter` (a DV360 filter expression; '' for all). */
  listAdvertisers(partnerId: string, filter = ''): Promise<Dv360Object[]> {
    return this.pages('/advertisers', 'advertisers', { partnerId, filter });
  }

  /** Every object of an advertiser's `collection` matching `filter` (a DV360 filter expression; '' for all). */
  listUnder(advertiserId: string, collection: Dv360Collection, filter = ''): Promise<Dv360Object[]> {
    return this.pages(`/advertisers/${seg(advertiserId)}/${collection}`, collection, { filter });
  }

  private async pages(
    path: string,
    key: string,
    query: { partnerId?: string; filter: string },
  ): Promise<Dv360Object[]> {
    const schema = listSchema(key);
    const all: Dv360Object[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.http.get(path, schema, {
        ...(query.partnerId ? { partnerId: query.partnerId } : {}),
        ...(query.filter ? { filter: query.filter } : {}),
        pageSize: PAGE_SIZE,
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
