import { z } from 'zod';
import { readGoogleError } from '../google-api';
import { type ProviderClientOptions, ProviderHttp, seg } from '../provider-http';

/**
 * Google Analytics Data API v1beta client (README.md beside this file): `runReport` of a GA4
 * property with dimensions only, for the google-analytics inbound (issue 12 item 5, spec 03 §3
 * "Google Analytics data set types"). `baseUrl` is the API root with its version,
 * https://analyticsdata.googleapis.com/v1beta; the OAuth 2 token goes as a bearer token. Reference:
 * https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport
 * (`dateRanges`, `dimensions`, `limit` ≤ 250,000, `offset`; answer `dimensionHeaders`, `rows` of
 * `dimensionValues`, `rowCount`), with custom dimensions named as the API schema says
 * (`customEvent:` / `customUser:`).
 */
export type GaDataClientOptions = ProviderClientOptions;

const reportSchema = z.object({
  dimensionHeaders: z.array(z.object({ name: z.string() })).default([]),
  rows: z
    .array(z.object({ dimensionValues: z.array(z.object({ value: z.string().default('') })) }))
    .default([]),
  rowCount: z.number().int().nonnegative().default(0),
});

/** At most this many dimensions in one runReport (the Data API refuses a request with more). */
export const GA_REPORT_MAX_DIMENSIONS = 9;

/**
 * The Data API name of a custom dimension registered on a property (API schema "Custom dimensions",
 * https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema#custom_dimensions):
 * `customEvent:<parameterName>` for scope EVENT, `customUser:<parameterName>` for scope USER,
 * `customItem:<parameterName>` for ITEM. Throws RangeError for another scope.
 */
export function customDimensionApiName(scope: string, parameterName: string): string {
  const prefix = { EVENT: 'customEvent', USER: 'customUser', ITEM: 'customItem' }[scope];
  if (!prefix) throw new RangeError(`A custom dimension of scope ${scope} has no Data API name`);
  return `${prefix}:${parameterName}`;
}

const PAGE_SIZE = 10_000;
const MAX_ROWS = 100_000;

/** The GA Data API client. Every method throws ProviderError on failure. */
export class GaDataClient {
  private readonly http: ProviderHttp;

  constructor(options: GaDataClientOptions) {
    this.http = new ProviderHttp({
      provider: 'google-analytics-data',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: readGoogleError,
    });
  }

  /**
   * The distinct combinations of `dimensions` (GA4 API names) of property `propertyId` (`123` or
   * `properties/123`) between `startDate` and `endDate` (YYYY-MM-DD or GA's `NdaysAgo` / `today`),
   * each as values in the order asked, all pages (at most 100,000 rows). A dimension may be a
   * registered custom dimension ({@link customDimensionApiName}). Throws RangeError, asking nothing,
   * for no dimension or more than {@link GA_REPORT_MAX_DIMENSIONS}.
   */
  async dimensionValues(
    propertyId: string,
    dimensions: readonly string[],
    startDate: string,
    endDate: string,
  ): Promise<string[][]> {
    if (dimensions.length < 1 || dimensions.length > GA_REPORT_MAX_DIMENSIONS)
      throw new RangeError(
        `A Google Analytics report takes 1 to ${GA_REPORT_MAX_DIMENSIONS} dimensions, not ${dimensions.length}`,
      );
    const id = propertyId.replace(/^properties\//, '');
    const rows: string[][] = [];
    for (let offset = 0; offset < MAX_ROWS; offset += PAGE_SIZE) {
      const answer = await this.http.request({
        method: 'POST',
        path: `/properties/${seg(id)}:runReport`,
        schema: reportSchema,
        body: {
          dateRanges: [{ startDate, endDate }],
          dimensions: dimensions.map((name) => ({ name })),
          limit: PAGE_SIZE,
          offset,
        },
      });
      rows.push(...answer.rows.map((r) => r.dimensionValues.map((v) => v.value)));
      if (answer.rows.length < PAGE_SIZE || rows.length >= answer.rowCount) break;
    }
    return rows;
  }
}
