import { z } from 'zod';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Pinterest API v5 client (issue 12 item 5, pinterest-inbound). References:
 * https://developers.pinterest.com/docs/api/v5/ad_accounts-list/ (`GET /ad_accounts`),
 * …/campaigns-list/ (`GET /ad_accounts/{id}/campaigns`), …/ad_groups-list/, …/ads-list/: lists
 * take `page_size` (≤ 250) and `bookmark` and answer `{ items, bookmark }` (bookmark null on the
 * last page); `campaign_ids` and `entity_statuses` (ACTIVE, PAUSED, ARCHIVED) are arrays sent as
 * repeated query parameters. Errors are `{ code, message }`, 401 for a refused token.
 * `baseUrl`: https://api.pinterest.com/v5.
 */
export type PinterestClientOptions = ProviderClientOptions;

/** The lists of an ad account the inbound reads. */
export type PinterestEdge = 'campaigns' | 'ad_groups' | 'ads';

/** One Pinterest object (id, name, status, updated_time in Unix seconds, …). */
export type PinterestObject = Record<string, unknown> & { id: string };

/** Narrowing of a list: campaign ids and entity statuses. */
export interface PinterestListFilter {
  campaignIds?: readonly string[];
  entityStatuses?: readonly string[];
}

const pageSchema = z.object({
  items: z.array(z.looseObject({ id: z.string().min(1) })),
  bookmark: z.string().nullable().optional(),
});

const PAGE_SIZE = 250;
const MAX_PAGES = 1000;

/** The Pinterest client. Every method throws ProviderError on failure. */
export class PinterestClient {
  private readonly http: ProviderHttp;

  constructor(options: PinterestClientOptions) {
    this.http = new ProviderHttp({
      provider: 'pinterest',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: (body) => ({ message: stringAt(body, 'message'), code: stringAt(body, 'code') }),
    });
  }

  /** Every ad account the token can read. */
  listAdAccounts(): Promise<PinterestObject[]> {
    return this.pages('/ad_accounts', {});
  }

  /** Every campaign, ad group or ad of `adAccountId`, narrowed by `filter`. */
  listObjects(
    adAccountId: string,
    edge: PinterestEdge,
    filter: PinterestListFilter = {},
  ): Promise<PinterestObject[]> {
    return this.pages(`/ad_accounts/${seg(adAccountId)}/${edge}`, {
      campaign_ids: filter.campaignIds?.length ? filter.campaignIds : undefined,
      entity_statuses: filter.entityStatuses?.length ? filter.entityStatuses : undefined,
    });
  }

  private async pages(
    path: string,
    query: Record<string, readonly string[] | undefined>,
  ): Promise<PinterestObject[]> {
    const all: PinterestObject[] = [];
    let bookmark: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await this.http.get(path, pageSchema, { ...query, page_size: PAGE_SIZE, bookmark });
      all.push(...(page.items as PinterestObject[]));
      bookmark = page.bookmark ?? undefined;
      if (!bookmark || page.items.length === 0) break;
    }
    return all;
  }
}
