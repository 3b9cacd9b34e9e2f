import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, stringAt } from '../provider-http';

/**
 * TikTok Marketing API client (issue 12 item 5, tiktok-inbound): the campaigns, ad groups and ads
 * of an advertiser. References: https://business-api.tiktok.com/portal/docs?id=1739315828649986
 * (`GET /campaign/get/`), …?id=1739314558673922 (`GET /adgroup/get/`), …?id=1735735588640770
 * (`GET /ad/get/`). `baseUrl` carries the version: https://business-api.tiktok.com/open_api/v1.3.
 * The token goes in the `Access-Token` header. TikTok answers HTTP 200 with
 * `{ code, message, request_id, data }` also for errors: code 0 is success; the client maps
 * 40102 / 40104 / 40105 (token expired, missing, invalid or revoked) to UNAUTHORIZED, 40100 (too
 * many requests) to status 429 and 5xxxx to 500 so they are retried, and any other code to 400.
 */
export type TikTokClientOptions = ProviderClientOptions;

/** The objects an advertiser's lists answer. */
export const TIKTOK_OBJECT_KINDS = ['campaign', 'adgroup', 'ad'] as const;
/** One kind of TikTok object. */
export type TikTokObjectKind = (typeof TIKTOK_OBJECT_KINDS)[number];

/** One object as TikTok answers it (fields asked for). */
export type TikTokObject = Record<string, unknown>;

const envelope = z.object({
  code: z.number().int(),
  message: z.string().default(''),
  data: z.unknown().optional(),
});

const pageData = z.object({
  list: z.array(z.looseObject({})),
  page_info: z.object({ page: z.number().int(), total_page: z.number().int() }),
});

const TOKEN_CODES = new Set([40102, 40104, 40105]);
/** TikTok's largest page_size for these lists. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 1000;

/** The TikTok client. Every method throws ProviderError on failure. */
export class TikTokClient {
  private readonly http: ProviderHttp;

  constructor(options: TikTokClientOptions) {
    this.http = new ProviderHttp({
      provider: 'tiktok',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ 'access-token': await options.getAccessToken() }),
      readError: (body) => ({ message: stringAt(body, 'message'), code: stringAt(body, 'code') }),
    });
  }

  /**
   * Every object of `kind` of `advertiserId` with `fields`, narrowed by TikTok's `filtering`
   * object (e.g. `{ campaign_ids: [...], campaign_name: "spring" }`), following `page_info` to
   * the last page.
   */
  async listObjects(
    kind: TikTokObjectKind,
    advertiserId: string,
    fields: readonly string[],
    filtering: Record<string, unknown> = {},
  ): Promise<TikTokObject[]> {
    const all: TikTokObject[] = [];
    const operation = `GET /${kind}/get/`;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await this.http.get(`/${kind}/get/`, envelope, {
        advertiser_id: advertiserId,
        fields: JSON.stringify(fields),
        filtering: Object.keys(filtering).length > 0 ? JSON.stringify(filtering) : undefined,
        page,
        page_size: PAGE_SIZE,
      });
      if (answer.code !== 0) throw tiktokError(answer.code, answer.message, operation);
      const data = pageData.safeParse(answer.data);
      if (!data.success)
        throw new ProviderError({
          provider: 'tiktok',
          code: 'MALFORMED',
          status: 200,
          providerMessage: data.error.issues[0]?.message ?? 'unexpected data',
          operation,
        });
      all.push(...data.data.list);
      if (data.data.page_info.page >= data.data.page_info.total_page || data.data.list.length === 0) break;
    }
    return all;
  }
}

function tiktokError(code: number, message: string, operation: string): ProviderError {
  const isToken = TOKEN_CODES.has(code);
  return new ProviderError({
    provider: 'tiktok',
    code: isToken ? 'UNAUTHORIZED' : 'HTTP',
    status: isToken ? 401 : code === 40100 ? 429 : code >= 50000 ? 500 : 400,
    providerMessage: message || `code ${code}`,
    providerCode: String(code),
    operation,
  });
}
