import { z } from 'zod';
import { ProviderError } from '../provider-error';
import { type ProviderClientOptions, ProviderHttp, seg, stringAt } from '../provider-http';

/**
 * Pinterest API v5 client (README.md beside this file): read one campaign, ad group or ad of an ad
 * account and update it (issue 12 item 4 pinterest-outbound). `baseUrl` carries the version:
 * https://api.pinterest.com/v5. References: https://developers.pinterest.com/docs/api/v5/campaigns-get
 * (…/ad_groups-get, …/ads-get: `GET /ad_accounts/{ad_account_id}/{kind}/{id}`) and
 * …/campaigns-update, …/ad_groups-update, …/ads-update (`PATCH /ad_accounts/{ad_account_id}/{kind}`
 * with an array of `{ id, …changes }`, answered `{ items: [{ data, exceptions }] }`). Errors are
 * `{ code, message }`.
 */
export type PinterestClientOptions = ProviderClientOptions;

/** The object kinds of an ad account, as the paths name them. */
export const PINTEREST_KINDS = ['campaigns', 'ad_groups', 'ads'] as const;
/** One Pinterest object kind. */
export type PinterestKind = (typeof PINTEREST_KINDS)[number];

const objectSchema = z.looseObject({ id: z.string().min(1) });
/** A Pinterest campaign, ad group or ad: `id` and its fields. */
export type PinterestObject = z.output<typeof objectSchema>;

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
}
