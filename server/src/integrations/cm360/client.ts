import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Campaign Manager 360 API v4 client (README.md beside this file): the objects of a user profile's
 * network, for the campaign-manager inbounds (google-dcm, google-cm360-inbound; issue 12 item 5,
 * spec 03 §3 "Campaign manager" / "Another ad server" data types). `baseUrl` is the API root with
 * its version, https://dfareporting.googleapis.com/dfareporting/v4; the OAuth 2 token goes as a
 * bearer token. References: https://developers.google.com/doubleclick-advertisers/rest/v4/campaigns/list
 * (and …/placements/list, …/ads/list, …/creatives/list, …/advertisers/list): `maxResults` ≤ 1000,
 * `pageToken` / `nextPageToken`, filters `advertiserIds`, `campaignIds`, `searchString`.
 */
export type Cm360ClientOptions = ProviderClientOptions;

/** The list collections read, as the API names them (the path and the answer's array key). */
export type Cm360Collection = 'advertisers' | 'campaigns' | 'placements' | 'ads' | 'creatives';

/** Which filters a collection's list method takes (the reference's query parameters). */
const TAKES: Record<Cm360Collection, { advertiserIds: boolean; campaignIds: boolean }> = {
  advertisers: { advertiserIds: false, campaignIds: false },
  campaigns: { advertiserIds: true, campaignIds: false },
  placements: { advertiserIds: true, campaignIds: true },
  ads: { advertiserIds: true, campaignIds: true },
  creatives: { advertiserIds: false, campaignIds: true },
};

const objectSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string().default(''),
    lastModifiedInfo: z.object({ time: z.union([z.string(), z.number()]).transform(String) }).optional(),
  })
  .loose();

/** One CM360 object: its id (int64 as text), name, last change (epoch ms as text) and its other fields. */
export type Cm360Object = z.output<typeof objectSchema>;

/** Filters of a list call; empty lists are left out. */
export interface Cm360Filters {
  advertiserIds?: readonly string[];
  campaignIds?: readonly string[];
  searchString?: string;
}

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

const PAGE_SIZE = 1000;
const MAX_PAGES = 1000;

/** The CM360 client. Every method throws ProviderError on failure. */
export class Cm360Client {
  private readonly http: ProviderHttp;

  constructor(options: Cm360ClientOptions) {
    this.http = new ProviderHttp({
      provider: 'cm360',
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
   * Every object of `collection` in user profile `profileId`'s network, narrowed by `filters`
   * (a filter the collection's list method does not take is left out), following the pages.
   */
  async list(
    profileId: string,
    collection: Cm360Collection,
    filters: Cm360Filters = {},
  ): Promise<Cm360Object[]> {
    const schema = listSchema(collection);
    const takes = TAKES[collection];
    const query: Record<string, string | number | undefined> = {
      maxResults: PAGE_SIZE,
      ...(takes.advertiserIds && filters.advertiserIds?.length
        ? { advertiserIds: filters.advertiserIds.join(',') }
        : {}),
      ...(takes.campaignIds && filters.campaignIds?.length
        ? { campaignIds: filters.campaignIds.join(',') }
        : {}),
      ...(filters.searchString ? { searchString: filters.searchString } : {}),
    };
    const all: Cm360Object[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.http.get(`/userprofiles/${seg(profileId)}/${collection}`, schema, {
        ...query,
        pageToken,
      });
      all.push(...answer.items);
      pageToken = answer.nextPageToken;
      if (!pageToken) break;
    }
    return all;
  }
}
