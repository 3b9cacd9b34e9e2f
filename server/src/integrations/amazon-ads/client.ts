import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, stringAt } from '../provider-http';

/**
 * Amazon Ads API client, Sponsored Products v3 (issue 12 item 5, amazon-ads-inbound). References:
 * https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod
 * (`POST /sp/campaigns/list`, `/sp/adGroups/list`, `/sp/productAds/list`), headers in
 * https://advertising.amazon.com/API/docs/en-us/guides/get-started/headers (`Authorization`,
 * `Amazon-Advertising-API-ClientId`, `Amazon-Advertising-API-Scope` = the profile id). Each list
 * takes a JSON body (with its own versioned content type, e.g. `application/vnd.spCampaign.v3+json`)
 * with `stateFilter`, `campaignIdFilter`, `nameFilter`, `maxResults` and `nextToken`, and answers
 * `{ <list>: [...], nextToken?, totalResults }`. Errors `{ code, message }` (401 `{ code, details }`
 * for a refused token). `baseUrl`: the region's root, https://advertising-api.amazon.com.
 */
export interface AmazonAdsClientOptions extends ProviderClientOptions {
  /** The Login with Amazon app's client id (`Amazon-Advertising-API-ClientId`). */
  clientId: string;
}

/** The Sponsored Products lists: path, content type and the answer's list key. */
export const AMAZON_SP_LISTS = {
  campaigns: { path: '/sp/campaigns/list', type: 'application/vnd.spCampaign.v3+json', key: 'campaigns' },
  adGroups: { path: '/sp/adGroups/list', type: 'application/vnd.spAdGroup.v3+json', key: 'adGroups' },
  productAds: {
    path: '/sp/productAds/list',
    type: 'application/vnd.spProductAd.v3+json',
    key: 'productAds',
  },
} as const;
/** One Sponsored Products list. */
export type AmazonSpList = keyof typeof AMAZON_SP_LISTS;

/** Narrowing of a list (v3 filters): campaign ids, states (ENABLED, PAUSED, ARCHIVED), name. */
export interface AmazonListFilter {
  campaignIds?: readonly string[];
  states?: readonly string[];
  nameContains?: string | null;
}

/** One object as Amazon answers it. */
export type AmazonAdsObject = Record<string, unknown>;

const MAX_RESULTS = 1000;
const MAX_PAGES = 1000;

/** The Amazon Ads client. Every method throws ProviderError on failure. */
export class AmazonAdsClient {
  private readonly http: ProviderHttp;

  constructor(options: AmazonAdsClientOptions) {
    this.http = new ProviderHttp({
      provider: 'amazon-ads',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({
        authorization: `Bearer ${await options.getAccessToken()}`,
        'amazon-advertising-api-clientid': options.clientId,
      }),
      readError: (body) => ({
        message: stringAt(body, 'message') ?? stringAt(body, 'details'),
        code: stringAt(body, 'code'),
      }),
    });
  }

  /** Every object of Sponsored Products list `list` of profile `profileId`, narrowed by `filter`. */
  async list(
    list: AmazonSpList,
    profileId: string,
    filter: AmazonListFilter = {},
  ): Promise<AmazonAdsObject[]> {
    const spec = AMAZON_SP_LISTS[list];
    const schema = z.object({
      [spec.key]: z.array(z.looseObject({})),
      nextToken: z.string().nullable().optional(),
    });
    const body: Record<string, unknown> = { maxResults: MAX_RESULTS };
    if (filter.states?.length) body.stateFilter = { include: filter.states };
    if (filter.campaignIds?.length) body.campaignIdFilter = { include: filter.campaignIds };
    if (filter.nameContains)
      body.nameFilter = { queryTermMatchType: 'BROAD_MATCH', include: [filter.nameContains] };
    const all: AmazonAdsObject[] = [];
    let nextToken: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = (await this.http.request({
        method: 'POST',
        path: spec.path,
        headers: { 'amazon-advertising-api-scope': profileId, accept: spec.type },
        rawBody: {
          contentType: spec.type,
          data: Buffer.from(JSON.stringify(nextToken ? { ...body, nextToken } : body)),
        },
        schema,
      })) as Record<string, unknown> & { nextToken?: string | null };
      const items = page[spec.key] as AmazonAdsObject[];
      all.push(...items);
      nextToken = page.nextToken ?? undefined;
      if (!nextToken || items.length === 0) break;
    }
    return all;
  }
}
