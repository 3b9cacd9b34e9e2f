import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Pinterest API v5 client (README.md beside this file): lists the ad accounts and an ad account's
 * campaigns, ad groups and ads (issue 12 item 5 pinterest-inbound), and reads one of them and
 * updates it (issue 12 item 4 pinterest-outbound). `baseUrl` carries the version:
 * https://api.pinterest.com/v5. References: https://developers.pinterest.com/docs/api/v5/ad_accounts-list/
 * (`GET /ad_accounts`), …/campaigns-list/ (`GET /ad_accounts/{id}/campaigns`), …/ad_groups-list/,
 * …/ads-list/ (lists take `page_size` ≤ 250 and `bookmark` and answer `{ items, bookmark }`,
 * bookmark null on the last page; `campaign_ids` and `entity_statuses` (ACTIVE, PAUSED, ARCHIVED)
 * are arrays sent as repeated query parameters), …/campaigns-get (…/ad_groups-get, …/ads-get:
 * `GET /ad_accounts/{ad_account_id}/{kind}/{id}`) and …/campaigns-update, …/ad_groups-update,
 * …/ads-update (`PATCH /ad_accounts/{ad_account_id}/{kind}` with an array of `{ id, …changes }`,
 * answered `{ items: [{ data, exceptions }] }`). Errors are `{ code, message }`, 401 for a refused
 * token.
 */
export type PinterestClientOptions = ProviderClientOptions;

/** The object kinds of an ad account, as the paths name them. */
export const PINTEREST_KINDS = ['campaigns', 'ad_groups', 'ads'] as const;
/** One Pinterest object kind. */
export type PinterestKind = (typeof PINTEREST_KINDS)[number];

const objectSchema = z.looseObject({ id: z.string().min(1) });
/** A Pinterest campaign, ad group or ad: `id` and its fields. */
export type PinterestObject = z.output<typeof objectSchema>;

/** Narrowing of a list: campaign ids and entity statuses. */
export interface PinterestListFilter {
  campaignIds?: readonly string[];
  entityStatuses?: readonly string[];
}

const pageSchema = z.object({
  items: z.array(objectSchema),
  bookmark: z.string().nullable().optional(),
});

/** One analytics row: the object's id column (CAMPAIGN_ID, AD_GROUP_ID, AD_ID) and the columns asked for. */
export type PinterestAnalyticsRow = Record<string, unknown>;

const analyticsSchema = z.array(z.looseObject({}));

/** Each kind's analytics: the ids parameter and the id column of the answer. */
export const PINTEREST_ANALYTICS = {
  campaigns: { idsParam: 'campaign_ids', idColumn: 'CAMPAIGN_ID' },
  ad_groups: { idsParam: 'ad_group_ids', idColumn: 'AD_GROUP_ID' },
  ads: { idsParam: 'ad_ids', idColumn: 'AD_ID' },
} as const;

/** Ids per analytics call (the references cap ad groups and ads at 100). */
const ANALYTICS_BATCH = 100;

const PAGE_SIZE = 250;
const MAX_PAGES = 1000;

const bulkSchema = z.object({
  items: z.array(
    z.looseObject({
      data: objectSchema.nullable().optional(),
      exceptions: z
        .array(z.looseObject({ code: z.number().optional(), message: z.string().optional() }))
        .optional(),
    }),
  ),
});

/** The Pinterest client. Every method throws ProviderError on failure (404 for an unknown id). */
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

  /** Every campaign, ad group or ad of `adAccountId`, narrowed by `filter`, page after page. */
  listObjects(
    adAccountId: string,
    kind: PinterestKind,
    filter: PinterestListFilter = {},
  ): Promise<PinterestObject[]> {
    return this.pages(`/ad_accounts/${seg(adAccountId)}/${kind}`, {
      campaign_ids: filter.campaignIds?.length ? filter.campaignIds : undefined,
      entity_statuses: filter.entityStatuses?.length ? filter.entityStatuses : undefined,
    });
  }

  /**
   * The analytics of the given campaigns, ad groups or ads of `adAccountId` over `startDate` to
   * `endDate` (YYYY-MM-DD, UTC, inclusive) with granularity TOTAL: one row per object that
   * delivered, by its id. The ids go 100 per call. References:
   * https://developers.pinterest.com/docs/api/v5/campaigns-analytics/ (`GET
   * /ad_accounts/{id}/campaigns/analytics`: start_date, end_date, campaign_ids, `columns` as a
   * comma-separated string such as IMPRESSION_1, CLICKTHROUGH_1, SPEND_IN_MICRO_DOLLAR (micro-units
   * of the ad account's currency), TOTAL_CONVERSIONS, and granularity), …/ad_groups-analytics/
   * (ad_group_ids) and …/ads-analytics/ (ad_ids); the answer is a JSON array of rows.
   */
  async analytics(
    adAccountId: string,
    kind: PinterestKind,
    ids: readonly string[],
    columns: readonly string[],
    startDate: string,
    endDate: string,
  ): Promise<Map<string, PinterestAnalyticsRow>> {
    const { idsParam, idColumn } = PINTEREST_ANALYTICS[kind];
    const out = new Map<string, PinterestAnalyticsRow>();
    for (let i = 0; i < ids.length; i += ANALYTICS_BATCH) {
      const rows = await this.http.get(
        `/ad_accounts/${seg(adAccountId)}/${kind}/analytics`,
        analyticsSchema,
        {
          start_date: startDate,
          end_date: endDate,
          [idsParam]: ids.slice(i, i + ANALYTICS_BATCH).join(','),
          columns: [idColumn, ...columns].join(','),
          granularity: 'TOTAL',
        },
      );
      for (const row of rows) out.set(String(row[idColumn] ?? ''), row);
    }
    return out;
  }

  /** One object of an ad account (`GET /ad_accounts/{adAccountId}/{kind}/{id}`). */
  get(adAccountId: string, kind: PinterestKind, id: string): Promise<PinterestObject> {
    return this.http.get(`/ad_accounts/${seg(adAccountId)}/${kind}/${seg(id)}`, objectSchema);
  }

  /**
   * Sets `changes` on one object (`PATCH /ad_accounts/{adAccountId}/{kind}` with `[{ id, ...changes }]`);
   * an exception Pinterest reports for the item is thrown as a ProviderError (HTTP 400) with its
   * message. Setting
   * the same values again changes nothing.
   */
  async update(
    adAccountId: string,
    kind: PinterestKind,
    id: string,
    changes: Record<string, unknown>,
  ): Promise<void> {
    const answer = await this.http.request({
      method: 'PATCH',
      path: `/ad_accounts/${seg(adAccountId)}/${kind}`,
      body: [{ id, ...changes }],
      schema: bulkSchema,
    });
    const problem = answer.items[0]?.exceptions?.[0];
    if (problem)
      throw new ProviderError({
        provider: 'pinterest',
        code: 'HTTP',
        status: 400,
        providerMessage: problem.message ?? `code ${problem.code}`,
        providerCode: problem.code === undefined ? undefined : String(problem.code),
        operation: `PATCH /ad_accounts/{id}/${kind}`,
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
      all.push(...page.items);
      bookmark = page.bookmark ?? undefined;
      if (!bookmark || page.items.length === 0) break;
    }
    return all;
  }
}
