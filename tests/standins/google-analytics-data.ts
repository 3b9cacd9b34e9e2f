import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Google Analytics Data API v1beta stand-in (tests/standins/README.md). Follows
 * https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport
 * and the API schema's dimension names
 * (https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema):
 * `POST /v1beta/properties/{propertyId}:runReport` with `dateRanges` (required, 1–4), `dimensions`
 * (1–9 known names; 400 INVALID_ARGUMENT "… is not a valid dimension" otherwise), `limit`
 * (1–250,000, default 10,000) and `offset`; answers `dimensionHeaders`, `rows` of `dimensionValues`
 * (the distinct combinations of the seeded events' values, "(not set)" for a missing one),
 * `rowCount` and `kind`. Metrics and date ranges are accepted but not modelled (every seeded event
 * counts). A bearer token; 403 PERMISSION_DENIED for a property the token cannot read.
 * Custom dimensions (API schema "Custom dimensions",
 * https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema#custom_dimensions):
 * `customEvent:<parameterName>` for an event-scoped and `customUser:<parameterName>` for a
 * user-scoped dimension registered on the property (`customDimensions` of the seed); any other
 * `customEvent:` / `customUser:` name is not a valid dimension of that property (400, as for an
 * unknown name). Their values are seeded on the events under those API names. `reports` keeps
 * the dimensions of every report answered.
 */

/** Seeded events per property: dimension API name → value. */
export interface GaDataSeed {
  validTokens: string[];
  properties: Record<string, Record<string, string>[]>;
  /**
   * Per property, the parameter names of its registered custom dimensions by scope (the Admin
   * API's scope EVENT → `event`, USER → `user`); a property left out has none.
   */
  customDimensions?: Record<string, { event?: string[]; user?: string[] }>;
}

/** The dimension API names the stand-in knows (a subset of the API schema). */
const DIMENSIONS = new Set([
  'sessionCampaignId',
  'sessionCampaignName',
  'sessionSource',
  'sessionMedium',
  'sessionManualTerm',
  'sessionManualAdContent',
  'city',
  'region',
  'country',
  'pagePath',
  'pageTitle',
  'contentGroup',
  'itemId',
  'itemName',
  'itemBrand',
  'itemCategory',
  'itemVariant',
  'date',
]);

function googleError(code: number, status: string, message: string): StandinAnswer {
  return { status: code, body: { error: { code, message, status } } };
}

/** The GA Data API stand-in server; `dataUrl` is the client's base URL. */
export class GaDataStandin extends StandinServer {
  private readonly seed: GaDataSeed;
  /** The dimension names of every report answered, per property, in order (for assertions). */
  readonly reports: { property: string; dimensions: string[] }[] = [];

  constructor(seed: GaDataSeed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  /** The API root with its version, as GOOGLE_ANALYTICS_DATA_API_URL. */
  get dataUrl(): string {
    return `${this.url}/v1beta`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
  }

  protected routes(): StandinRoute[] {
    return [
      {
        method: 'POST',
        path: '/v1beta/properties/*property:runReport',
        handle: (req, p) => this.runReport(req, p.property!),
      },
    ];
  }

  private runReport(req: StandinRequest, property: string): StandinAnswer {
    const events = this.seed.properties[property];
    if (!events)
      return googleError(
        403,
        'PERMISSION_DENIED',
        `User does not have sufficient permissions for this property.`,
      );
    const body = (req.body ?? {}) as {
      dateRanges?: unknown[];
      dimensions?: { name?: string }[];
      limit?: number | string;
      offset?: number | string;
    };
    if (!Array.isArray(body.dateRanges) || body.dateRanges.length < 1 || body.dateRanges.length > 4)
      return googleError(400, 'INVALID_ARGUMENT', 'dateRanges: between 1 and 4 date ranges are required');
    const names = (body.dimensions ?? []).map((d) => d.name ?? '');
    if (names.length < 1 || names.length > 9)
      return googleError(400, 'INVALID_ARGUMENT', 'Between 1 and 9 dimensions are allowed');
    const custom = this.seed.customDimensions?.[property] ?? {};
    const known = (n: string) =>
      DIMENSIONS.has(n) ||
      (n.startsWith('customEvent:') && (custom.event ?? []).includes(n.slice('customEvent:'.length))) ||
      (n.startsWith('customUser:') && (custom.user ?? []).includes(n.slice('customUser:'.length)));
    const unknown = names.find((n) => !known(n));
    if (unknown !== undefined)
      return googleError(400, 'INVALID_ARGUMENT', `Field ${unknown} is not a valid dimension.`);
    const limit = Number(body.limit ?? 10_000);
    const offset = Number(body.offset ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250_000 || !Number.isInteger(offset) || offset < 0)
      return googleError(400, 'INVALID_ARGUMENT', 'limit must be 1 to 250000 and offset not negative');
    this.reports.push({ property, dimensions: names });
    const combos: string[][] = [];
    for (const e of events) {
      const values = names.map((n) => e[n] ?? '(not set)');
      if (!combos.some((c) => c.join('\u0000') === values.join('\u0000'))) combos.push(values);
    }
    return {
      status: 200,
      body: {
        dimensionHeaders: names.map((name) => ({ name })),
        metricHeaders: [],
        rows: combos
          .slice(offset, offset + limit)
          .map((c) => ({ dimensionValues: c.map((value) => ({ value })) })),
        rowCount: combos.length,
        metadata: { currencyCode: 'USD', timeZone: 'UTC' },
        kind: 'analyticsData#runReport',
      },
    };
  }
}
