import { z } from 'zod';
import { readGoogleError } from '../google-api';
import { type ProviderClientOptions, ProviderHttp, seg } from '../provider-http';

/**
 * Google Ads API client (issue 12 item 5, google-ads-inbound). References:
 * https://developers.google.com/google-ads/api/rest/reference/rest/v21/customers.googleAds/searchStream
 * (`POST /customers/{customerId}/googleAds:searchStream` with `{ query }` in GAQL, answering a JSON
 * array of batches `{ results: [...], fieldMask, requestId }`: the whole result, batch after
 * batch, so no page tokens), https://developers.google.com/google-ads/api/docs/concepts/call-structure
 * (headers `Authorization`, `developer-token`, `login-customer-id`), errors in Google's envelope
 * `{ error: { code, message, status } }` (401 UNAUTHENTICATED for a refused token).
 * `baseUrl` carries the version: https://googleads.googleapis.com/v21.
 */
export interface GoogleAdsClientOptions extends ProviderClientOptions {
  /** The developer token of the manager account Nomen calls with. */
  developerToken: string;
  /** The manager account (digits) when the customer is reached through one. */
  loginCustomerId?: string | undefined;
}

/** One row of a GAQL result: resources by name (`campaign`, `adGroup`, `adGroupAd`), fields in camelCase. */
export type GoogleAdsRow = Record<string, unknown>;

const streamSchema = z.array(z.object({ results: z.array(z.looseObject({})).default([]) }));

/** Digits of a customer id typed as 123-456-7890. */
export function customerDigits(id: string): string {
  return id.replace(/[\s-]/g, '');
}

/** The Google Ads client. Every method throws ProviderError on failure. */
export class GoogleAdsClient {
  private readonly http: ProviderHttp;

  constructor(options: GoogleAdsClientOptions) {
    this.http = new ProviderHttp({
      provider: 'google-ads',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({
        authorization: `Bearer ${await options.getAccessToken()}`,
        'developer-token': options.developerToken,
        ...(options.loginCustomerId ? { 'login-customer-id': customerDigits(options.loginCustomerId) } : {}),
      }),
      // searchStream answers its error as the one element of an array.
      readError: (body) => readGoogleError(Array.isArray(body) ? (body[0] as unknown) : body),
    });
  }

  /** Every row `query` (GAQL) selects for `customerId`, all batches of the stream joined. */
  async searchStream(customerId: string, query: string): Promise<GoogleAdsRow[]> {
    const batches = await this.http.request({
      method: 'POST',
      path: `/customers/${seg(customerDigits(customerId))}/googleAds:searchStream`,
      body: { query },
      schema: streamSchema,
    });
    return batches.flatMap((b) => b.results);
  }
}
