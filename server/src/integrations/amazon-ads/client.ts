import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { DEFAULT_REPORT_POLLING, downloadSignedUrl, pollReport, type ReportPolling } from '../async-report';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, stringAt } from '../provider-http';

/**
 * Amazon Ads API client: the Sponsored Products v3, Sponsored Brands v4 and Sponsored Display
 * lists that amazon-ads-inbound reads (issue 12 item 5; spec 03 §3 retail ads data types).
 * References:
 * - https://advertising.amazon.com/API/docs/en-us/guides/get-started/headers: every call carries
 *   `Authorization`, `Amazon-Advertising-API-ClientId` and `Amazon-Advertising-API-Scope` (the
 *   profile id).
 * - https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod
 *   (`POST /sp/campaigns/list`, `/sp/adGroups/list`, `/sp/productAds/list`) and
 *   https://advertising.amazon.com/API/docs/en-us/sponsored-brands/3-0/openapi/prod (version 4:
 *   `POST /sb/v4/campaigns/list`, `/sb/v4/adGroups/list`, `/sb/v4/ads/list`): each list takes a
 *   JSON body with its own versioned content type (e.g. `application/vnd.spCampaign.v3+json`,
 *   `application/vnd.sbcampaignresource.v4+json`) carrying `stateFilter`, `campaignIdFilter`,
 *   `nameFilter`, `maxResults` (SP ≤ 5000, SB 1–100) and `nextToken`, and answers
 *   `{ <list>: [...], nextToken?, totalResults | totalCount }`. SB's `campaignIdFilter` takes at
 *   most 10 ids (its ObjectIdFilter), so longer id lists are read in chunks.
 * - https://advertising.amazon.com/API/docs/en-us/sponsored-display/3-0/openapi
 *   (`GET /sd/campaigns`, `/sd/adGroups`): query `startIndex` (0-based offset), `count` (page
 *   size), `stateFilter` and `campaignIdFilter` as comma-delimited lists (states lowercase:
 *   enabled, paused, archived), `name` (exact name only); answers a JSON array.
 * - https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/get-started (and …/v3/report-types):
 *   delivery reports for pull_performance_metrics: `POST /reporting/reports` with
 *   `application/vnd.createasyncreportrequest.v3+json` (name, startDate, endDate, configuration
 *   { adProduct, groupBy, columns, reportTypeId, timeUnit SUMMARY, format GZIP_JSON }) answers
 *   `{ reportId, status }`; `GET /reporting/reports/{reportId}` is polled until COMPLETED (or
 *   FAILED, with `failureReason`); the gzipped JSON array of rows is downloaded from `url` (a
 *   pre-signed URL: no credential sent).
 * Errors `{ code, message }` (SP, SB) or `{ code, details }` (SD and a refused token).
 * `baseUrl`: the region's root, https://advertising-api.amazon.com.
 */
export interface AmazonAdsClientOptions extends ProviderClientOptions {
  /** The Login with Amazon app's client id (`Amazon-Advertising-API-ClientId`). */
  clientId: string;
  /** How long a report is waited for (default 10 minutes, first pause 2 s). */
  reportPolling?: ReportPolling | undefined;
}

/** The Reporting v3 media type of a report request. */
export const AMAZON_REPORT_TYPE = 'application/vnd.createasyncreportrequest.v3+json';

/**
 * One Reporting v3 delivery report (…/guides/reporting/v3/report-types): the ad product, report
 * type, group-by, the column holding the object's id and the column of its conversions
 * (Sponsored Products `purchases7d`, Sponsored Brands and Display `purchases`). Impressions,
 * clicks and cost (in the profile's currency) are asked of every report.
 */
export interface AmazonReportSpec {
  adProduct: 'SPONSORED_PRODUCTS' | 'SPONSORED_BRANDS' | 'SPONSORED_DISPLAY';
  reportTypeId: string;
  groupBy: string;
  idColumn: string;
  conversionsColumn: string;
}

/** One object's delivery as the report has it: impressions, clicks, cost and conversions. */
export interface AmazonDelivery {
  impressions: number | string | undefined;
  clicks: number | string | undefined;
  cost: number | string | undefined;
  conversions: number | string | undefined;
}

const createdReportSchema = z.looseObject({ reportId: z.string(), status: z.string() });
const reportStatusSchema = z.looseObject({
  reportId: z.string(),
  status: z.string(),
  url: z.string().nullable().optional(),
  failureReason: z.string().nullable().optional(),
});

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

/**
 * The Sponsored Brands v4 lists: path, content type, the answer's list key and the documented
 * object (ids are strings; ads of campaigns made before version 4 have no `adId` and no `name`).
 */
export const AMAZON_SB_LISTS = {
  campaigns: {
    path: '/sb/v4/campaigns/list',
    type: 'application/vnd.sbcampaignresource.v4+json',
    key: 'campaigns',
    item: z.looseObject({ campaignId: z.string(), name: z.string(), state: z.string() }),
  },
  adGroups: {
    path: '/sb/v4/adGroups/list',
    type: 'application/vnd.sbadgroupresource.v4+json',
    key: 'adGroups',
    item: z.looseObject({
      adGroupId: z.string(),
      campaignId: z.string(),
      name: z.string(),
      state: z.string(),
    }),
  },
  ads: {
    path: '/sb/v4/ads/list',
    type: 'application/vnd.sbadresource.v4+json',
    key: 'ads',
    item: z.looseObject({
      adId: z.string().optional(),
      adGroupId: z.string(),
      campaignId: z.string(),
      name: z.string().optional(),
      state: z.string(),
    }),
  },
} as const;
/** One Sponsored Brands list. */
export type AmazonSbList = keyof typeof AMAZON_SB_LISTS;
/** One object of Sponsored Brands list `L`, as Amazon answers it. */
export type AmazonSbObject<L extends AmazonSbList> = z.output<(typeof AMAZON_SB_LISTS)[L]['item']>;

/** The Sponsored Display lists: path and the documented object (ids are numbers). */
export const AMAZON_SD_LISTS = {
  campaigns: {
    path: '/sd/campaigns',
    item: z.looseObject({ campaignId: z.number(), name: z.string(), state: z.string() }),
  },
  adGroups: {
    path: '/sd/adGroups',
    item: z.looseObject({
      adGroupId: z.number(),
      campaignId: z.number(),
      name: z.string(),
      state: z.string(),
    }),
  },
} as const;
/** One Sponsored Display list. */
export type AmazonSdList = keyof typeof AMAZON_SD_LISTS;
/** One object of Sponsored Display list `L`, as Amazon answers it. */
export type AmazonSdObject<L extends AmazonSdList> = z.output<(typeof AMAZON_SD_LISTS)[L]['item']>;

/**
 * Narrowing of a list: campaign ids, states in the API's words (SP and SB: ENABLED, PAUSED,
 * ARCHIVED; SD: enabled, paused, archived), and a name that objects contain (SP and SB
 * `nameFilter` BROAD_MATCH; SD has no such filter and ignores it).
 */
export interface AmazonListFilter {
  campaignIds?: readonly string[];
  states?: readonly string[];
  nameContains?: string | null;
}

/** One object as Amazon answers it. */
export type AmazonAdsObject = Record<string, unknown>;

/** The Sponsored Products page size asked for (the API allows up to 5000). */
const SP_MAX_RESULTS = 1000;
/** The Sponsored Brands v4 page size asked for: the documented maximum. */
const SB_MAX_RESULTS = 100;
/** How many campaign ids one Sponsored Brands v4 `campaignIdFilter` takes. */
const SB_IDS_PER_CALL = 10;
/** The Sponsored Display page size asked for (`count`). */
const SD_COUNT = 100;
/** Ours: campaign ids per Sponsored Display call, so that the query string stays short. */
const SD_IDS_PER_CALL = 100;
const MAX_PAGES = 1000;

/** The Amazon Ads client. Every method throws ProviderError on failure. */
export class AmazonAdsClient {
  private readonly http: ProviderHttp;
  private readonly options: AmazonAdsClientOptions;

  constructor(options: AmazonAdsClientOptions) {
    this.options = options;
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
    return (await this.postList(
      spec,
      z.looseObject({}),
      profileId,
      filter,
      SP_MAX_RESULTS,
    )) as AmazonAdsObject[];
  }

  /**
   * Every object of Sponsored Brands v4 list `list` of profile `profileId`, narrowed by `filter`
   * (states ENABLED, PAUSED, ARCHIVED); more than 10 campaign ids are asked for 10 at a time.
   */
  async listSponsoredBrands<L extends AmazonSbList>(
    list: L,
    profileId: string,
    filter: AmazonListFilter = {},
  ): Promise<AmazonSbObject<L>[]> {
    const spec = AMAZON_SB_LISTS[list];
    const all: AmazonSbObject<L>[] = [];
    for (const campaignIds of chunksOf(filter.campaignIds ?? [], SB_IDS_PER_CALL))
      all.push(
        ...((await this.postList(
          spec,
          spec.item,
          profileId,
          { ...filter, campaignIds },
          SB_MAX_RESULTS,
        )) as AmazonSbObject<L>[]),
      );
    return all;
  }

  /**
   * Every object of Sponsored Display list `list` of profile `profileId`, narrowed by campaign ids
   * and states (enabled, paused, archived); `nameContains` is not an SD filter and is ignored.
   * Pages by `startIndex` until a page comes back empty, so a server page smaller than `count`
   * loses nothing.
   */
  async listSponsoredDisplay<L extends AmazonSdList>(
    list: L,
    profileId: string,
    filter: Omit<AmazonListFilter, 'nameContains'> = {},
  ): Promise<AmazonSdObject<L>[]> {
    const spec = AMAZON_SD_LISTS[list];
    const schema = z.array(spec.item);
    const all: AmazonSdObject<L>[] = [];
    for (const campaignIds of chunksOf(filter.campaignIds ?? [], SD_IDS_PER_CALL)) {
      let startIndex = 0;
      for (let i = 0; i < MAX_PAGES; i++) {
        const page = (await this.http.request({
          method: 'GET',
          path: spec.path,
          headers: { 'amazon-advertising-api-scope': profileId },
          query: {
            startIndex,
            count: SD_COUNT,
            stateFilter: filter.states?.length ? filter.states.join(',') : undefined,
            campaignIdFilter: campaignIds.length ? campaignIds.join(',') : undefined,
          },
          schema,
        })) as AmazonSdObject<L>[];
        if (page.length === 0) break;
        all.push(...page);
        startIndex += page.length;
      }
    }
    return all;
  }

  /**
   * The delivery of the objects of profile `profileId` over inclusive dates `startDate`..`endDate`
   * (YYYY-MM-DD) by object id, as report `spec` has it (objects without delivery are absent).
   * Requests the report (SUMMARY, GZIP_JSON), polls it with backoff until COMPLETED and downloads
   * the gzipped JSON rows from its pre-signed `url`. Throws ReportError when the report fails or
   * is not completed within the wait, ProviderError otherwise (MALFORMED for a file that is not
   * gzipped JSON rows).
   */
  async deliveryReport(
    profileId: string,
    spec: AmazonReportSpec,
    startDate: string,
    endDate: string,
  ): Promise<Map<string, AmazonDelivery>> {
    const scope = { 'amazon-advertising-api-scope': profileId };
    const columns = [spec.idColumn, 'impressions', 'clicks', 'cost', spec.conversionsColumn];
    const created = await this.http.request({
      method: 'POST',
      path: '/reporting/reports',
      headers: scope,
      rawBody: {
        contentType: AMAZON_REPORT_TYPE,
        data: Buffer.from(
          JSON.stringify({
            name: `Nomen delivery metrics ${spec.reportTypeId} ${startDate}..${endDate}`,
            startDate,
            endDate,
            configuration: {
              adProduct: spec.adProduct,
              groupBy: [spec.groupBy],
              columns,
              reportTypeId: spec.reportTypeId,
              timeUnit: 'SUMMARY',
              format: 'GZIP_JSON',
            },
          }),
        ),
      },
      schema: createdReportSchema,
    });
    const done = await pollReport(
      'amazon-ads',
      created.reportId,
      this.options.reportPolling ?? DEFAULT_REPORT_POLLING,
      () =>
        this.http.request({
          method: 'GET',
          path: `/reporting/reports/${encodeURIComponent(created.reportId)}`,
          headers: scope,
          schema: reportStatusSchema,
        }),
      (report) =>
        report.status === 'COMPLETED' && report.url
          ? { done: true }
          : report.status === 'FAILED' || report.status === 'CANCELLED'
            ? { done: false, failed: report.failureReason ?? '', status: report.status }
            : { done: false, status: report.status },
    );
    const gz = await downloadSignedUrl('amazon-ads', done.url ?? '', this.options);
    let rows: unknown;
    try {
      rows = JSON.parse(gunzipSync(gz).toString('utf8'));
    } catch (error) {
      rows = error;
    }
    if (!Array.isArray(rows))
      throw new ProviderError({
        provider: 'amazon-ads',
        code: 'MALFORMED',
        status: 200,
        providerMessage: `report ${created.reportId} is not gzipped JSON rows`,
        operation: 'GET report file',
      });
    const value = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : undefined);
    const byId = new Map<string, AmazonDelivery>();
    for (const row of rows as Record<string, unknown>[]) {
      const id = value(row?.[spec.idColumn]);
      if (id === undefined) continue;
      byId.set(String(id), {
        impressions: value(row.impressions),
        clicks: value(row.clicks),
        cost: value(row.cost),
        conversions: value(row[spec.conversionsColumn]),
      });
    }
    return byId;
  }

  /** Reads every page of a POST list (SP v3, SB v4): same filters, `nextToken` paging. */
  private async postList(
    spec: { path: string; type: string; key: string },
    item: z.ZodType,
    profileId: string,
    filter: AmazonListFilter,
    maxResults: number,
  ): Promise<unknown[]> {
    const schema = z.object({
      [spec.key]: z.array(item),
      nextToken: z.string().nullable().optional(),
    });
    const body: Record<string, unknown> = { maxResults };
    if (filter.states?.length) body.stateFilter = { include: filter.states };
    if (filter.campaignIds?.length) body.campaignIdFilter = { include: filter.campaignIds };
    if (filter.nameContains)
      body.nameFilter = { queryTermMatchType: 'BROAD_MATCH', include: [filter.nameContains] };
    const all: unknown[] = [];
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
      const items = page[spec.key] as unknown[];
      all.push(...items);
      nextToken = page.nextToken ?? undefined;
      if (!nextToken || items.length === 0) break;
    }
    return all;
  }
}

/** `ids` in chunks of at most `size`; one empty chunk when there are none (no id filter). */
function chunksOf(ids: readonly string[], size: number): string[][] {
  if (ids.length === 0) return [[]];
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
