import {
  intParam,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Amazon Ads API stand-in: the Sponsored Products v3, Sponsored Brands v4 and Sponsored Display
 * lists (tests/standins/README.md). Every call must carry the bearer token (refused: 401
 * `{ code: "UNAUTHORIZED", details }`), `Amazon-Advertising-API-ClientId` (wrong: 400) and
 * `Amazon-Advertising-API-Scope`, a profile it knows (else 403), as
 * https://advertising.amazon.com/API/docs/en-us/guides/get-started/headers says.
 *
 * - Sponsored Products, https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod:
 *   `POST /sp/campaigns/list`, `/sp/adGroups/list`, `/sp/productAds/list`, each with its versioned
 *   media type such as `application/vnd.spCampaign.v3+json` as Content-Type and Accept (415
 *   otherwise); body `stateFilter.include` (ENABLED, PAUSED, ARCHIVED), `campaignIdFilter.include`,
 *   `nameFilter: { queryTermMatchType: BROAD_MATCH | EXACT_MATCH, include }`, `maxResults` (≤ 5000)
 *   and `nextToken`; answer `{ <list>, nextToken?, totalResults }`.
 * - Sponsored Brands v4, https://advertising.amazon.com/API/docs/en-us/sponsored-brands/3-0/openapi/prod:
 *   `POST /sb/v4/campaigns/list`, `/sb/v4/adGroups/list`, `/sb/v4/ads/list` with
 *   `application/vnd.sbcampaignresource.v4+json`, `…sbadgroupresource.v4+json`,
 *   `…sbadresource.v4+json`; the same filters with `maxResults` 1–100, at most 10 ids in an
 *   ObjectIdFilter, states ENABLED, PAUSED, ARCHIVED; body fields the list does not document are
 *   refused (400); answers `{ campaigns, totalCount, nextToken? }`, `{ adGroups, totalResults,
 *   nextToken? }`, `{ ads, totalResults, nextToken? }`.
 * - Sponsored Display, https://advertising.amazon.com/API/docs/en-us/sponsored-display/3-0/openapi:
 *   `GET /sd/campaigns` and `/sd/adGroups` with query `startIndex` (0-based), `count`,
 *   `stateFilter` (comma-delimited enabled, paused, archived; default all three), `campaignIdFilter`
 *   (comma-delimited), `name` (exact), and `adGroupIdFilter` on ad groups; other parameters 400
 *   `{ code, details }`; answers a JSON array. The reference gives `count` no number ("defaults to
 *   max page size"): the stand-in takes 1–100.
 *
 * BROAD_MATCH is matched as a case-insensitive "contains". `maxPageSize` lowers every page cap
 * (SP and SB pages, SD `count`) so tests page through few objects.
 */

/** The objects of one advertising profile, per list, as Amazon answers them. */
export interface AmazonAdsProfileSeed {
  campaigns?: Record<string, unknown>[];
  adGroups?: Record<string, unknown>[];
  productAds?: Record<string, unknown>[];
  /** Sponsored Brands v4 objects (ids are strings, states upper case). */
  sb?: Partial<Record<'campaigns' | 'adGroups' | 'ads', Record<string, unknown>[]>>;
  /** Sponsored Display objects (ids are numbers, states lower case). */
  sd?: Partial<Record<'campaigns' | 'adGroups', Record<string, unknown>[]>>;
}

/** Seed data of the Amazon Ads stand-in. */
export interface AmazonAdsSeed {
  validTokens: string[];
  clientId: string;
  profiles: Record<string, AmazonAdsProfileSeed>;
  maxPageSize?: number;
}

/** One POST list: its media type, page cap, answer keys and what its body may hold. */
interface PostList {
  type: string;
  maxResults: number;
  /** Most ids one ObjectIdFilter takes. */
  maxIds: number;
  key: string;
  totalKey: string;
  /** Body fields the list documents (null: not checked). */
  fields: readonly string[] | null;
  objects: (profile: AmazonAdsProfileSeed) => Record<string, unknown>[] | undefined;
}

const SB_COMMON = ['campaignIdFilter', 'stateFilter', 'maxResults', 'nextToken', 'nameFilter'];

const POST_LISTS: Record<string, PostList> = {
  '/sp/campaigns/list': {
    type: 'application/vnd.spCampaign.v3+json',
    maxResults: 5000,
    maxIds: 1000,
    key: 'campaigns',
    totalKey: 'totalResults',
    fields: null,
    objects: (p) => p.campaigns,
  },
  '/sp/adGroups/list': {
    type: 'application/vnd.spAdGroup.v3+json',
    maxResults: 5000,
    maxIds: 1000,
    key: 'adGroups',
    totalKey: 'totalResults',
    fields: null,
    objects: (p) => p.adGroups,
  },
  '/sp/productAds/list': {
    type: 'application/vnd.spProductAd.v3+json',
    maxResults: 5000,
    maxIds: 1000,
    key: 'productAds',
    totalKey: 'totalResults',
    fields: null,
    objects: (p) => p.productAds,
  },
  '/sb/v4/campaigns/list': {
    type: 'application/vnd.sbcampaignresource.v4+json',
    maxResults: 100,
    maxIds: 10,
    key: 'campaigns',
    totalKey: 'totalCount',
    fields: [...SB_COMMON, 'portfolioIdFilter', 'goalTypeFilter', 'includeExtendedDataFields'],
    objects: (p) => p.sb?.campaigns,
  },
  '/sb/v4/adGroups/list': {
    type: 'application/vnd.sbadgroupresource.v4+json',
    maxResults: 100,
    maxIds: 10,
    key: 'adGroups',
    totalKey: 'totalResults',
    fields: [...SB_COMMON, 'adGroupIdFilter', 'includeExtendedDataFields'],
    objects: (p) => p.sb?.adGroups,
  },
  '/sb/v4/ads/list': {
    type: 'application/vnd.sbadresource.v4+json',
    maxResults: 100,
    maxIds: 10,
    key: 'ads',
    totalKey: 'totalResults',
    fields: [...SB_COMMON, 'adIdFilter', 'adGroupIdFilter'],
    objects: (p) => p.sb?.ads,
  },
};

const POST_STATES = ['ENABLED', 'PAUSED', 'ARCHIVED'];

/** The Sponsored Display lists: the query parameters each documents. */
const SD_LISTS = {
  '/sd/campaigns': {
    params: ['startIndex', 'count', 'stateFilter', 'name', 'portfolioIdFilter', 'campaignIdFilter'],
    objects: (p: AmazonAdsProfileSeed) => p.sd?.campaigns,
  },
  '/sd/adGroups': {
    params: ['startIndex', 'count', 'stateFilter', 'campaignIdFilter', 'adGroupIdFilter', 'name'],
    objects: (p: AmazonAdsProfileSeed) => p.sd?.adGroups,
  },
} as const;

const SD_STATES = ['enabled', 'paused', 'archived'];
const SD_MAX_COUNT = 100;

const bad = (message: string): StandinAnswer => ({ status: 400, body: { code: 'BAD_REQUEST', message } });

/** The Amazon Ads stand-in server. */
export class AmazonAdsStandin extends StandinServer {
  /** The JSON bodies of the POST list calls received, oldest first (filters and paging travel there). */
  readonly bodies: unknown[] = [];

  constructor(private readonly seed: AmazonAdsSeed) {
    super(seed.validTokens);
  }

  /** The seeded objects of `profile`, to change between syncs. */
  profile(profile: string): AmazonAdsProfileSeed {
    const found = this.seed.profiles[profile];
    if (!found) throw new Error(`No profile ${profile} in the Amazon Ads stand-in`);
    return found;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    return this.validCredentials.has(this.bearer(req) ?? '');
  }

  protected unauthorized(): StandinAnswer {
    return {
      status: 401,
      body: { code: 'UNAUTHORIZED', details: 'Not authorized to access this advertiser' },
    };
  }

  protected routes(): StandinRoute[] {
    return [
      ...Object.entries(POST_LISTS).map(([path, list]) => ({
        method: 'POST' as const,
        path,
        handle: (req: StandinRequest) => this.postList(list, req),
      })),
      ...Object.entries(SD_LISTS).map(([path, list]) => ({
        method: 'GET' as const,
        path,
        handle: (req: StandinRequest) => this.sdList(list, req),
      })),
    ];
  }

  /** The header checks every call shares; the profile, or the refusal. */
  private profileOf(req: StandinRequest): AmazonAdsProfileSeed | StandinAnswer {
    if (req.headers['amazon-advertising-api-clientid'] !== this.seed.clientId)
      return bad('Invalid Amazon-Advertising-API-ClientId');
    const profile = this.seed.profiles[req.headers['amazon-advertising-api-scope'] ?? ''];
    if (!profile) return { status: 403, body: { code: 'FORBIDDEN', message: 'Invalid scope (profile id)' } };
    return profile;
  }

  private postList(list: PostList, req: StandinRequest): StandinAnswer {
    if (req.headers['content-type'] !== list.type || req.headers.accept !== list.type)
      return { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: `Use ${list.type}` } };
    const profile = this.profileOf(req);
    if ('status' in profile) return profile as StandinAnswer;
    this.bodies.push(req.body);
    if (
      req.body !== undefined &&
      (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))
    )
      return bad('The body must be a JSON object');
    const body = (req.body ?? {}) as {
      stateFilter?: { include?: string[] };
      campaignIdFilter?: { include?: string[] };
      nameFilter?: { queryTermMatchType?: string; include?: string[] };
      maxResults?: number;
      nextToken?: string;
    };
    const unknown = list.fields ? Object.keys(body).filter((k) => !list.fields!.includes(k)) : [];
    if (unknown.length > 0) return bad(`Unknown field ${unknown[0]}`);
    const max = body.maxResults ?? list.maxResults;
    if (!Number.isInteger(max) || max < 1 || max > list.maxResults)
      return bad(`maxResults must be 1-${list.maxResults}`);
    const states = body.stateFilter?.include;
    if (states?.some((s) => !POST_STATES.includes(s)))
      return bad(`stateFilter.include takes ${POST_STATES.join(', ')}`);
    const ids = body.campaignIdFilter?.include;
    if (ids && ids.length > list.maxIds)
      return bad(`campaignIdFilter.include takes at most ${list.maxIds} ids`);
    const match = body.nameFilter?.queryTermMatchType;
    if (match !== undefined && match !== 'BROAD_MATCH' && match !== 'EXACT_MATCH')
      return bad('nameFilter.queryTermMatchType must be BROAD_MATCH or EXACT_MATCH');
    const names = body.nameFilter?.include?.map((n) => n.toLowerCase());
    const exact = match === 'EXACT_MATCH';
    const items = (list.objects(profile) ?? []).filter(
      (o) =>
        (!states || states.includes(String(o.state))) &&
        (!ids || ids.includes(String(o.campaignId))) &&
        (!names ||
          names.some((n) =>
            exact
              ? String(o.name).toLowerCase() === n
              : String(o.name ?? '')
                  .toLowerCase()
                  .includes(n),
          )),
    );
    const offset = body.nextToken ? Number(Buffer.from(body.nextToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return bad('Invalid nextToken');
    const size = Math.min(max, this.seed.maxPageSize ?? list.maxResults);
    const more = offset + size < items.length;
    return {
      status: 200,
      body: {
        [list.key]: items.slice(offset, offset + size),
        [list.totalKey]: items.length,
        ...(more ? { nextToken: Buffer.from(String(offset + size)).toString('base64url') } : {}),
      },
      headers: { 'content-type': list.type },
    };
  }

  private sdList(list: (typeof SD_LISTS)[keyof typeof SD_LISTS], req: StandinRequest): StandinAnswer {
    const profile = this.profileOf(req);
    if ('status' in profile) return profile as StandinAnswer;
    const sdBad = (details: string): StandinAnswer => ({ status: 400, body: { code: '400', details } });
    const unknown = [...req.query.keys()].find((k) => !(list.params as readonly string[]).includes(k));
    if (unknown) return sdBad(`Unknown parameter ${unknown}`);
    const startIndex = intParam(req.query, 'startIndex', 0);
    if (Number.isNaN(startIndex)) return sdBad('startIndex must be a non-negative integer');
    const count = intParam(req.query, 'count', SD_MAX_COUNT);
    if (Number.isNaN(count) || count < 1 || count > SD_MAX_COUNT)
      return sdBad(`count must be 1-${SD_MAX_COUNT}`);
    const listed = (name: string) => {
      const raw = req.query.get(name);
      return raw === null ? null : raw.split(',').map((v) => v.trim());
    };
    const states = listed('stateFilter') ?? SD_STATES;
    if (states.some((s) => !SD_STATES.includes(s))) return sdBad(`stateFilter takes ${SD_STATES.join(', ')}`);
    const campaignIds = listed('campaignIdFilter');
    const adGroupIds = listed('adGroupIdFilter');
    if ([...(campaignIds ?? []), ...(adGroupIds ?? [])].some((id) => !/^\d+$/.test(id)))
      return sdBad('Identifiers must be numbers');
    const name = req.query.get('name');
    const items = (list.objects(profile) ?? []).filter(
      (o) =>
        states.includes(String(o.state)) &&
        (!campaignIds || campaignIds.includes(String(o.campaignId))) &&
        (!adGroupIds || adGroupIds.includes(String(o.adGroupId))) &&
        (name === null || o.name === name),
    );
    const size = Math.min(count, this.seed.maxPageSize ?? SD_MAX_COUNT);
    return { status: 200, body: items.slice(startIndex, startIndex + size) };
  }
}
