import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, type Query, seg, stringAt } from '../provider-http';

/**
 * Campaign Manager 360 API v4 client (README.md beside this file), the one client of the API:
 * - reads the objects of a user profile's network for the campaign-manager inbounds (google-dcm,
 *   google-cm360-inbound; issue 12 item 5, spec 03 §3 "Campaign manager" / "Another ad server"
 *   data types);
 * - reads and patches ads for the google-cm360-outbound and google-dcm-output deliverers (issue 12
 *   item 4; spec 03 §3 updateClickThroughUrl, dcmLink, dcmAdId, dcmCreativeId).
 *
 * `baseUrl` is the API root with its version (CM360_API_URL,
 * https://dfareporting.googleapis.com/dfareporting/v4); the connected account's OAuth 2 access
 * token goes as a bearer token (scope dfatrafficking). Reference:
 * https://developers.google.com/doubleclick-advertisers/rest/v4 (advertisers/list, campaigns/list,
 * placements/list, ads/list, ads/get, ads/patch, creatives/list).
 */
export type Cm360ClientOptions = ProviderClientOptions;

/** The list collections read, as the API names them (the path and the answer's array key). */
export type Cm360Collection = 'advertisers' | 'campaigns' | 'placements' | 'ads' | 'creatives';

/**
 * How each collection's list method takes the advertiser and campaign filters (the reference's
 * query parameters): `ids` a repeated parameter (`advertiserIds`, `campaignIds`), `one` a single
 * id (`advertiserId`, `campaignId`), absent when the method has no such filter.
 */
const TAKES: Record<Cm360Collection, { advertiser?: 'ids' | 'one'; campaign?: 'ids' | 'one' }> = {
  advertisers: {},
  campaigns: { advertiser: 'ids' },
  placements: { advertiser: 'ids', campaign: 'ids' },
  ads: { advertiser: 'one', campaign: 'ids' },
  creatives: { advertiser: 'one', campaign: 'one' },
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

const clickThroughUrlSchema = z.looseObject({
  defaultLandingPage: z.boolean().optional(),
  customClickThroughUrl: z.string().optional(),
  landingPageId: z.string().optional(),
  computedClickThroughUrl: z.string().optional(),
});

const creativeAssignmentSchema = z.looseObject({
  creativeId: z.string(),
  active: z.boolean().optional(),
  clickThroughUrl: clickThroughUrlSchema.optional(),
});

const adSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  campaignId: z.string().optional(),
  type: z.string().optional(),
  clickThroughUrl: clickThroughUrlSchema.optional(),
  creativeRotation: z
    .looseObject({ creativeAssignments: z.array(creativeAssignmentSchema).optional() })
    .optional(),
});

/** A Campaign Manager ad as ads/get and ads/patch answer it (the fields Nomen reads; others kept as sent). */
export type Cm360Ad = z.infer<typeof adSchema>;
/** A click-through URL of an ad or creative assignment (v4 ClickThroughUrl). */
export type Cm360ClickThroughUrl = z.infer<typeof clickThroughUrlSchema>;

const userProfileListSchema = z.object({
  items: z
    .array(
      z.looseObject({
        profileId: z.union([z.string(), z.number()]).transform(String),
        userName: z.string().default(''),
        accountId: z.union([z.string(), z.number()]).transform(String).optional(),
        accountName: z.string().default(''),
      }),
    )
    .default([]),
});

/** A Campaign Manager user profile (v4 UserProfile): profileId, userName, accountId, accountName. */
export type Cm360UserProfile = z.output<typeof userProfileListSchema>['items'][number];

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

/** The reference's largest `maxResults` of every list method. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 1000;

/**
 * The query of each list call for `filters`: one query with the repeated parameters, or one per
 * value (and per pair of values) of a parameter the method takes as a single id.
 */
function listQueries(collection: Cm360Collection, filters: Cm360Filters): Query[] {
  const takes = TAKES[collection];
  const base: Query = {
    maxResults: PAGE_SIZE,
    ...(filters.searchString ? { searchString: filters.searchString } : {}),
  };
  let queries: Query[] = [base];
  const add = (
    how: 'ids' | 'one' | undefined,
    ids: readonly string[] | undefined,
    names: [string, string],
  ) => {
    if (!how || !ids?.length) return;
    const [many, one] = names;
    queries =
      how === 'ids'
        ? queries.map((q) => ({ ...q, [many]: ids }))
        : queries.flatMap((q) => ids.map((id) => ({ ...q, [one]: id })));
  };
  add(takes.advertiser, filters.advertiserIds, ['advertiserIds', 'advertiserId']);
  add(takes.campaign, filters.campaignIds, ['campaignIds', 'campaignId']);
  return queries;
}

/** The Campaign Manager 360 client. Every method throws ProviderError on failure. */
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
   * `GET /userprofiles` (userProfiles.list, https://developers.google.com/doubleclick-advertisers/rest/v4/userProfiles/list):
   * the user profiles the signed-in Google user has, one per network (not paged). Each has its
   * profileId (int64 as text), userName, accountId and accountName.
   */
  listUserProfiles(): Promise<Cm360UserProfile[]> {
    return this.http.get('/userprofiles', userProfileListSchema).then((answer) => answer.items);
  }

  /**
   * Every object of `collection` in user profile `profileId`'s network, narrowed by `filters`,
   * following `nextPageToken` with pages of 1000. A filter the collection's list method does not
   * take is left out (the caller narrows further); where the method takes one id only (ads'
   * advertiserId, creatives' advertiserId and campaignId) each chosen id is listed in turn and the
   * objects are joined, each once.
   */
  async list(
    profileId: string,
    collection: Cm360Collection,
    filters: Cm360Filters = {},
  ): Promise<Cm360Object[]> {
    const schema = listSchema(collection);
    const byId = new Map<string, Cm360Object>();
    for (const query of listQueries(collection, filters)) {
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await this.http.get(`/userprofiles/${seg(profileId)}/${collection}`, schema, {
          ...query,
          pageToken,
        });
        for (const item of answer.items) if (!byId.has(item.id)) byId.set(item.id, item);
        pageToken = answer.nextPageToken;
        if (!pageToken) break;
      }
    }
    return [...byId.values()];
  }

  /** `GET /userprofiles/{profileId}/ads/{id}`: one ad (404 when the profile cannot see it). */
  getAd(profileId: string, adId: string): Promise<Cm360Ad> {
    return this.http.get(`/userprofiles/${seg(profileId)}/ads/${seg(adId)}`, adSchema);
  }

  /**
   * `PATCH /userprofiles/{profileId}/ads?id={adId}` with the fields to change (patch semantics:
   * fields left out keep their values; a list such as creativeAssignments is replaced whole).
   * Answers the updated ad.
   */
  patchAd(profileId: string, adId: string, changes: Partial<Cm360Ad>): Promise<Cm360Ad> {
    return this.http.request({
      method: 'PATCH',
      path: `/userprofiles/${seg(profileId)}/ads`,
      query: { id: adId },
      body: changes,
      schema: adSchema,
    });
  }
}
