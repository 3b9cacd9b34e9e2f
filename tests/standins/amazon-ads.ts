import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Amazon Ads API stand-in, Sponsored Products v3 lists (tests/standins/README.md). Follows
 * https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod
 * (`POST /sp/campaigns/list`, `/sp/adGroups/list`, `/sp/productAds/list`, each with its versioned
 * media type such as `application/vnd.spCampaign.v3+json` as Content-Type and Accept; body
 * `stateFilter.include` (ENABLED, PAUSED, ARCHIVED), `campaignIdFilter.include`,
 * `nameFilter: { queryTermMatchType: BROAD_MATCH | EXACT_MATCH, include }`, `maxResults` (≤ 5000)
 * and `nextToken`; answer `{ <list>, nextToken?, totalResults }`) and
 * https://advertising.amazon.com/API/docs/en-us/guides/get-started/headers (`Authorization`,
 * `Amazon-Advertising-API-ClientId`, `Amazon-Advertising-API-Scope`: the profile id). A refused
 * bearer token answers 401 `{ code: "UNAUTHORIZED", details }`; a missing client id or unknown
 * profile 400/403 `{ code, message }`; a wrong media type 415. BROAD_MATCH is matched as a
 * case-insensitive "contains". `maxPageSize` lowers the page cap so tests page.
 */

/** Seed data of the Amazon Ads stand-in. */
export interface AmazonAdsSeed {
  validTokens: string[];
  clientId: string;
  profiles: Record<
    string,
    Partial<Record<'campaigns' | 'adGroups' | 'productAds', Record<string, unknown>[]>>
  >;
  maxPageSize?: number;
}

const LISTS = {
  campaigns: 'application/vnd.spCampaign.v3+json',
  adGroups: 'application/vnd.spAdGroup.v3+json',
  productAds: 'application/vnd.spProductAd.v3+json',
} as const;

/** The Amazon Ads stand-in server. */
export class AmazonAdsStandin extends StandinServer {
  /** The JSON bodies of the list calls received, oldest first (filters and paging travel there). */
  readonly bodies: unknown[] = [];

  constructor(private readonly seed: AmazonAdsSeed) {
    super(seed.validTokens);
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
    return (Object.keys(LISTS) as (keyof typeof LISTS)[]).map((list) => ({
      method: 'POST' as const,
      path: `/sp/${list}/list`,
      handle: (req: StandinRequest) => this.list(list, req),
    }));
  }

  private list(list: keyof typeof LISTS, req: StandinRequest): StandinAnswer {
    if (req.headers['content-type'] !== LISTS[list] || req.headers.accept !== LISTS[list])
      return { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: `Use ${LISTS[list]}` } };
    if (req.headers['amazon-advertising-api-clientid'] !== this.seed.clientId)
      return {
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'Invalid Amazon-Advertising-API-ClientId' },
      };
    this.bodies.push(req.body);
    const profile = this.seed.profiles[req.headers['amazon-advertising-api-scope'] ?? ''];
    if (!profile) return { status: 403, body: { code: 'FORBIDDEN', message: 'Invalid scope (profile id)' } };
    const body = (req.body ?? {}) as {
      stateFilter?: { include?: string[] };
      campaignIdFilter?: { include?: string[] };
      nameFilter?: { queryTermMatchType?: string; include?: string[] };
      maxResults?: number;
      nextToken?: string;
    };
    const max = body.maxResults ?? 5000;
    if (!Number.isInteger(max) || max < 1 || max > 5000)
      return { status: 400, body: { code: 'BAD_REQUEST', message: 'maxResults must be 1-5000' } };
    const states = body.stateFilter?.include;
    const ids = body.campaignIdFilter?.include;
    const names = body.nameFilter?.include?.map((n) => n.toLowerCase());
    const exact = body.nameFilter?.queryTermMatchType === 'EXACT_MATCH';
    const items = (profile[list] ?? []).filter(
      (o) =>
        (!states || states.includes(String(o.state))) &&
        (!ids || ids.includes(String(o.campaignId))) &&
        (!names ||
          names.some((n) =>
            exact ? String(o.name).toLowerCase() === n : String(o.name).toLowerCase().includes(n),
          )),
    );
    const offset = body.nextToken ? Number(Buffer.from(body.nextToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0)
      return { status: 400, body: { code: 'BAD_REQUEST', message: 'Invalid nextToken' } };
    const size = Math.min(max, this.seed.maxPageSize ?? 5000);
    const more = offset + size < items.length;
    return {
      status: 200,
      body: {
        [list]: items.slice(offset, offset + size),
        totalResults: items.length,
        ...(more ? { nextToken: Buffer.from(String(offset + size)).toString('base64url') } : {}),
      },
      headers: { 'content-type': LISTS[list] },
    };
  }
}
