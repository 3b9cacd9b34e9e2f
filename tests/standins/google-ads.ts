import { randomUUID } from 'node:crypto';
import { googleError } from './google-api';
import { type StandinAnswer, type StandinRequest, type StandinRoute, StandinServer } from './standin-server';

/**
 * Google Ads API stand-in (tests/standins/README.md). Follows
 * https://developers.google.com/google-ads/api/rest/reference/rest/v21/customers.googleAds/searchStream:
 * `POST /v21/customers/{customerId}/googleAds:searchStream` with `{ query }` answers a JSON array
 * of batches `{ results, fieldMask, requestId }` (the stand-in answers `batchSize` rows per batch,
 * 10,000 as Google does unless the seed lowers it). Headers as
 * https://developers.google.com/google-ads/api/docs/concepts/call-structure: `Authorization`
 * bearer and `developer-token`. The query is read as the GAQL grammar
 * (https://developers.google.com/google-ads/api/docs/query/grammar) for what the inbound sends:
 * `SELECT <fields> FROM campaign | ad_group | ad_group_ad [WHERE <field> IN (…) | LIKE '…'
 * [AND …]] [ORDER BY <field>]`, and `segments.date DURING <range>` with the predefined ranges of
 * https://developers.google.com/google-ads/api/docs/query/date-ranges (seeded metrics are the
 * period's); anything else answers 400 INVALID_ARGUMENT. `metrics.*` fields may be selected: a
 * row's seeded `metrics.impressions`, `metrics.clicks`, `metrics.cost_micros` (int64, as strings)
 * and `metrics.conversions` (a double); zero or unseeded ones are left out of the answer, as the
 * REST mapping of proto3 leaves default values out. The date is filtered, not selected, so rows
 * are not segmented (https://developers.google.com/google-ads/api/docs/reporting/zero-metrics).
 * Rows are seeded
 * flat by GAQL field name (`campaign.id`) and answered nested in camelCase
 * (`{ campaign: { id } }`), ids as strings as the REST mapping of int64 does. Errors use
 * Google's envelope `{ error: { code, message, status } }`: 401 UNAUTHENTICATED, 403
 * PERMISSION_DENIED (bad developer token or unknown customer).
 */

/** Seed data of the Google Ads stand-in. */
export interface GoogleAdsSeed {
  validTokens: string[];
  developerToken: string;
  /** Rows per customer id (digits) and resource, keyed by GAQL field name. */
  customers: Record<
    string,
    Partial<Record<'campaign' | 'ad_group' | 'ad_group_ad', Record<string, string>[]>>
  >;
  batchSize?: number;
}

/** The Google Ads stand-in server. */
export class GoogleAdsStandin extends StandinServer {
  /** The queries received, for assertions. */
  readonly queries: string[] = [];
  /** How many batches the streams answered so far (a stream's batches are its pages). */
  batchesAnswered = 0;

  constructor(private readonly seed: GoogleAdsSeed) {
    super(seed.validTokens);
  }

  /** Where GOOGLE_ADS_API_URL points. */
  get apiUrl(): string {
    return `${this.url}/v21`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    return this.validCredentials.has(this.bearer(req) ?? '');
  }

  protected unauthorized(): StandinAnswer {
    return googleError(
      401,
      'UNAUTHENTICATED',
      'Request is missing required authentication credential. Expected OAuth 2 access token.',
    );
  }

  protected routes(): StandinRoute[] {
    return [
      {
        method: 'POST',
        path: '/v21/customers/*rest',
        handle: (req, p) => this.searchStream(req, p.rest!),
      },
    ];
  }

  private searchStream(req: StandinRequest, rest: string): StandinAnswer {
    const match = /^(\d+)\/googleAds:searchStream$/.exec(rest);
    if (!match) return googleError(404, 'NOT_FOUND', `No method ${req.path}`);
    if (req.headers['developer-token'] !== this.seed.developerToken)
      return googleError(403, 'PERMISSION_DENIED', 'The developer token is not valid.');
    const customer = this.seed.customers[match[1]!];
    if (!customer)
      return googleError(
        403,
        'PERMISSION_DENIED',
        'The caller does not have permission: customer not found.',
      );
    const query = (req.body as { query?: unknown } | undefined)?.query;
    if (typeof query !== 'string') return googleError(400, 'INVALID_ARGUMENT', 'query is required.');
    this.queries.push(query);
    const parsed = parseGaql(query);
    if (typeof parsed === 'string') return googleError(400, 'INVALID_ARGUMENT', `Error in query: ${parsed}`);
    const rows = (customer[parsed.from as 'campaign'] ?? []).filter((row) =>
      parsed.where.every((c) => c(row)),
    );
    if (parsed.orderBy)
      rows.sort((a, b) => String(a[parsed.orderBy!]).localeCompare(String(b[parsed.orderBy!])));
    const size = this.seed.batchSize ?? 10_000;
    const batches: unknown[] = [];
    for (let i = 0; i < Math.max(rows.length, 1); i += size) {
      batches.push({
        results: rows.slice(i, i + size).map((row) => nested(row, parsed.select)),
        fieldMask: parsed.select.map(camel).join(','),
        requestId: randomUUID(),
      });
    }
    this.batchesAnswered += batches.length;
    return { status: 200, body: batches };
  }
}

const RESOURCES = new Set(['campaign', 'ad_group', 'ad_group_ad']);
/** GAQL's predefined date ranges for DURING. */
const DATE_RANGES = new Set([
  'TODAY',
  'YESTERDAY',
  'LAST_7_DAYS',
  'LAST_BUSINESS_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'LAST_14_DAYS',
  'LAST_30_DAYS',
  'THIS_WEEK_SUN_TODAY',
  'THIS_WEEK_MON_TODAY',
  'LAST_WEEK_SUN_SAT',
  'LAST_WEEK_MON_SUN',
]);
const FIELD = /^[a-z_]+(?:\.[a-z_]+)+$/;

interface Gaql {
  select: string[];
  from: string;
  where: ((row: Record<string, string>) => boolean)[];
  orderBy: string | null;
}

/** Reads the GAQL subset the stand-in serves; answers an error text for anything else. */
function parseGaql(query: string): Gaql | string {
  const m = /^SELECT (.+?) FROM (\w+)(?: WHERE (.+?))?(?: ORDER BY ([\w.]+))?$/.exec(query.trim());
  if (!m) return `unexpected query ${query}`;
  const select = m[1]!.split(',').map((f) => f.trim());
  if (select.some((f) => !FIELD.test(f))) return 'bad field in SELECT';
  if (!RESOURCES.has(m[2]!)) return `unknown resource ${m[2]}`;
  const where: Gaql['where'] = [];
  for (const cond of m[3] ? m[3].split(' AND ') : []) {
    const inList = /^([\w.]+) IN \((.+)\)$/.exec(cond);
    const like = /^([\w.]+) LIKE '((?:[^'\\]|\\.)*)'$/.exec(cond);
    const during = /^segments\.date DURING (\w+)$/.exec(cond);
    if (during) {
      if (!DATE_RANGES.has(during[1]!)) return `unknown date range ${during[1]}`;
    } else if (inList) {
      const values = inList[2]!.split(',').map((v) => v.trim().replace(/^'(.*)'$/, '$1'));
      where.push((row) => values.includes(row[inList[1]!] ?? ''));
    } else if (like) {
      const pattern = like[2]!.replace(/\\(.)/g, '$1');
      const regex = new RegExp(
        `^${pattern
          .split(/(\[.\]|%|_)/)
          .map((part) =>
            part === '%'
              ? '.*'
              : part === '_'
                ? '.'
                : /^\[.\]$/.test(part)
                  ? escapeRegex(part[1]!)
                  : escapeRegex(part),
          )
          .join('')}$`,
      );
      where.push((row) => regex.test(row[like[1]!] ?? ''));
    } else return `unsupported condition ${cond}`;
  }
  return { select, from: m[2]!, where, orderBy: m[4] ?? null };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function camel(field: string): string {
  return field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A flat row as the REST answer nests it: `ad_group_ad.ad.id` → `{ adGroupAd: { ad: { id } } }`. */
function nested(row: Record<string, string>, select: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of select) {
    const parts = field.split('.').map(camel);
    let cur = out;
    for (const part of parts.slice(0, -1)) {
      cur[part] ??= {};
      cur = cur[part] as Record<string, unknown>;
    }
    const value = row[field];
    if (value !== undefined && !(field.startsWith('metrics.') && Number(value) === 0))
      cur[parts.at(-1)!] = field === 'metrics.conversions' ? Number(value) : value;
  }
  return out;
}
