import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, stringAt } from '../provider-http';

/**
 * TikTok Marketing API v1.3 client (README.md beside this file): lists, reads and updates the
 * campaigns, ad groups and ads of an advertiser, for tiktok-inbound (issue 12 item 5: every page of
 * a filtered list) and tiktok-outbound (issue 12 item 4: objects by id, then their updates).
 * `baseUrl` carries the version: https://business-api.tiktok.com/open_api/v1.3. References:
 * campaign https://business-api.tiktok.com/portal/docs?id=1739315828649986 (get) and
 * …?id=1739318962329602 (update), ad group …?id=1739314558673922 and …?id=1739586761631745, ad
 * …?id=1735735588640770 and …?id=1737587322856449. Every answer is HTTP 200 with
 * `{ code, message, request_id, data }`, also for errors: code 0 is success; 40101 / 40102 /
 * 40104 / 40105 (token missing, expired, invalid or revoked) are UNAUTHORIZED (after one
 * onUnauthorized refresh), 40100 (too many requests) status 429 and codes outside 4xxxx status 500
 * so callers retry them, and any other 4xxxx code status 400. The access token goes in the
 * `Access-Token` header.
 */
export type TikTokClientOptions = ProviderClientOptions;

/** The object kinds the client lists, reads and updates, as TikTok's paths name them. */
export const TIKTOK_OBJECT_KINDS = ['campaign', 'adgroup', 'ad'] as const;
/** One TikTok object kind. */
export type TikTokObjectKind = (typeof TIKTOK_OBJECT_KINDS)[number];

/** One TikTok object as `…/get/` answers it: the fields asked for. */
export type TikTokObject = Record<string, unknown>;

const envelope = z.object({
  code: z.number().int(),
  message: z.string().default(''),
  request_id: z.string().optional(),
  data: z.unknown().optional(),
});

const listData = z.object({
  list: z.array(z.looseObject({})),
  page_info: z.looseObject({}).optional(),
});

const pageData = z.object({
  list: z.array(z.looseObject({})),
  page_info: z.object({ page: z.number().int(), total_page: z.number().int() }),
});

const reportData = z.object({
  list: z.array(
    z.object({
      dimensions: z.record(z.string(), z.union([z.string(), z.number()])),
      metrics: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    }),
  ),
  page_info: z.object({ page: z.number().int(), total_page: z.number().int() }),
});

/** One row of a synchronous report: its dimensions (the object id) and metrics as TikTok answers them. */
export type TikTokReportRow = z.output<typeof reportData>['list'][number];

/** A report's object level (data_level) and the id dimension that goes with it. */
export const TIKTOK_REPORT_LEVELS = {
  campaign: { dataLevel: 'AUCTION_CAMPAIGN', dimension: 'campaign_id' },
  adgroup: { dataLevel: 'AUCTION_ADGROUP', dimension: 'adgroup_id' },
  ad: { dataLevel: 'AUCTION_AD', dimension: 'ad_id' },
} as const;

/** TikTok codes that mean the access token is missing, wrong, revoked or expired. */
const TOKEN_CODES = new Set([40101, 40102, 40104, 40105]);
/** TikTok's code for too many requests. */
const RATE_LIMIT_CODE = 40100;
/** TikTok's largest page_size for these lists. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 1000;

/** The TikTok client. Every method throws ProviderError on failure. */
export class TikTokClient {
  private readonly http: ProviderHttp;
  private readonly options: TikTokClientOptions;

  constructor(options: TikTokClientOptions) {
    this.options = options;
    this.http = new ProviderHttp({
      provider: 'tiktok',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ 'Access-Token': await options.getAccessToken() }),
      readError: (body) => ({ message: stringAt(body, 'message'), code: stringAt(body, 'code') }),
    });
  }

  /**
   * Every object of `kind` of `advertiserId` with `fields`, narrowed by TikTok's `filtering`
   * object (e.g. `{ campaign_ids: [...], campaign_name: "spring" }`), following `page_info` to
   * the last page (`GET /{kind}/get/` with `page` and `page_size`).
   */
  listObjects(
    kind: TikTokObjectKind,
    advertiserId: string,
    fields: readonly string[],
    filtering: Record<string, unknown> = {},
  ): Promise<TikTokObject[]> {
    return this.everyPage(`/${kind}/get/`, pageData, {
      advertiser_id: advertiserId,
      fields: JSON.stringify(fields),
      ...(Object.keys(filtering).length > 0 ? { filtering: JSON.stringify(filtering) } : {}),
    });
  }

  /**
   * A synchronous basic report of `advertiserId` per object of `kind` (report_type BASIC,
   * data_level AUCTION_CAMPAIGN / AUCTION_ADGROUP / AUCTION_AD, the object's id as the only
   * dimension) with `metrics` (e.g. impressions, clicks, spend in the advertiser's currency,
   * conversion) from `startDate` to `endDate` (YYYY-MM-DD, inclusive), every page
   * (`GET /report/integrated/get/`, "Run a synchronous report",
   * https://business-api.tiktok.com/portal/docs?id=1740302848100353: `dimensions` and `metrics`
   * JSON arrays, `page` and `page_size` ≤ 1000, answering `data: { list: [{ dimensions, metrics }],
   * page_info }`, numbers as strings). Objects without delivery may be absent.
   */
  report(
    kind: TikTokObjectKind,
    advertiserId: string,
    metrics: readonly string[],
    startDate: string,
    endDate: string,
  ): Promise<TikTokReportRow[]> {
    const { dataLevel, dimension } = TIKTOK_REPORT_LEVELS[kind];
    return this.everyPage('/report/integrated/get/', reportData, {
      advertiser_id: advertiserId,
      report_type: 'BASIC',
      data_level: dataLevel,
      dimensions: JSON.stringify([dimension]),
      metrics: JSON.stringify(metrics),
      start_date: startDate,
      end_date: endDate,
    });
  }

  /**
   * The objects of `kind` with the given ids (`GET /{kind}/get/` with
   * `filtering: { {kind}_ids: [...] }`), with `fields`; an id TikTok does not have is absent.
   */
  async get(
    kind: TikTokObjectKind,
    advertiserId: string,
    ids: readonly string[],
    fields: readonly string[],
  ): Promise<TikTokObject[]> {
    const data = await this.call('GET', `/${kind}/get/`, {
      query: {
        advertiser_id: advertiserId,
        filtering: JSON.stringify({ [`${kind}_ids`]: ids }),
        fields: JSON.stringify(fields),
        page_size: Math.min(Math.max(ids.length, 1), PAGE_SIZE),
      },
    });
    const parsed = listData.safeParse(data);
    if (!parsed.success) throw malformed(`GET /${kind}/get/`, parsed.error.issues[0]?.message ?? '');
    return parsed.data.list;
  }

  /**
   * Updates an object (`POST /{kind}/update/` with `advertiser_id` and `params`, e.g.
   * `{ campaign_id, campaign_name }`; an ad's update carries its `adgroup_id` and `creatives`).
   * Setting the same values again changes nothing.
   */
  async update(kind: TikTokObjectKind, advertiserId: string, params: Record<string, unknown>): Promise<void> {
    await this.call('POST', `/${kind}/update/`, { body: { advertiser_id: advertiserId, ...params } });
  }

  /**
   * Every item of a paged `GET path` with `query`: pages 1, 2… of PAGE_SIZE, each `data` parsed by
   * `schema` (`{ list, page_info: { page, total_page } }`; anything else is MALFORMED), until the
   * page answered is the last (`page >= total_page`) or comes back empty, at most MAX_PAGES pages.
   */
  private async everyPage<T>(
    path: string,
    schema: z.ZodType<{ list: T[]; page_info: { page: number; total_page: number } }>,
    query: Record<string, string>,
  ): Promise<T[]> {
    const all: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const data = await this.call('GET', path, { query: { ...query, page, page_size: PAGE_SIZE } });
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw malformed(`GET ${path}`, parsed.error.issues[0]?.message ?? '');
      all.push(...parsed.data.list);
      const { page: at, total_page } = parsed.data.page_info;
      if (at >= total_page || parsed.data.list.length === 0) break;
    }
    return all;
  }

  /**
   * One call: checks the envelope's `code`; a token code refreshes once (onUnauthorized) and
   * retries, then fails UNAUTHORIZED; other codes fail HTTP (see the class docstring for the
   * statuses), keeping TikTok's code and message.
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    req: { query?: Record<string, string | number>; body?: unknown },
  ): Promise<unknown> {
    const operation = `${method} ${path}`;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.http.request({ method, path, schema: envelope, ...req });
      if (answer.code === 0) return answer.data;
      // The token is kept out of TikTok's words, as ProviderHttp does for other providers.
      const token = await this.options.getAccessToken();
      const words = answer.message || `code ${answer.code}`;
      const detail = {
        providerMessage: token.length >= 6 ? words.split(token).join('[redacted]') : words,
        providerCode: String(answer.code),
      };
      if (TOKEN_CODES.has(answer.code)) {
        if (attempt === 0 && this.options.onUnauthorized) {
          await this.options.onUnauthorized();
          continue;
        }
        throw new ProviderError({
          provider: 'tiktok',
          code: 'UNAUTHORIZED',
          status: 401,
          operation,
          ...detail,
        });
      }
      const status =
        answer.code === RATE_LIMIT_CODE ? 429 : answer.code >= 40000 && answer.code < 50000 ? 400 : 500;
      throw new ProviderError({ provider: 'tiktok', code: 'HTTP', status, operation, ...detail });
    }
  }
}

function malformed(operation: string, message: string): ProviderError {
  return new ProviderError({
    provider: 'tiktok',
    code: 'MALFORMED',
    status: 200,
    providerMessage: message || 'the answer does not have the documented shape',
    operation,
  });
}
