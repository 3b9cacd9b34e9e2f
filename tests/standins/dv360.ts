import { randomBytes } from 'node:crypto';
import { AsyncReports, csvLine, type ReportOutcome } from './async-reports';
import { GoogleApiStandin, googleError, googlePage, undeclaredParameter } from './google-api';
import type { StandinAnswer, StandinRequest, StandinRoute } from './standin-server';

/**
 * Display & Video 360 API v4 stand-in (tests/standins/README.md), the one stand-in of the API for
 * its reads and writes. Follows https://developers.google.com/display-video/api/reference/rest/v4:
 *
 * - Lists …/advertisers/list (`partnerId` required) and …/advertisers.campaigns/list,
 *   …insertionOrders/list, …lineItems/list, …creatives/list, …adGroups/list, …adGroupAds/list:
 *   `GET /v4/advertisers` and `GET /v4/advertisers/{advertiserId}/{collection}` with `pageSize`
 *   (default 100; at most 200, or 100 for insertionOrders and adGroupAds), `pageToken` /
 *   `nextPageToken`, `orderBy` (taken, not modelled) and `filter`: restrictions joined by AND, each
 *   a term or a parenthesised OR of terms, `field op "value"`, at most 500 characters; `updateTime`
 *   takes `>=` or `<=` with an RFC 3339 time, every other field `=`, and only the fields each list
 *   documents (400 INVALID_ARGUMENT otherwise, or for an expression that does not parse; the `:`
 *   HAS operator is not modelled). An undeclared query parameter is 400 INVALID_ARGUMENT.
 * - Patches …/advertisers/patch and …/advertisers.{campaigns,insertionOrders,lineItems,creatives}
 *   /patch: `PATCH /v4/advertisers/{advertiserId}` and
 *   `PATCH /v4/advertisers/{advertiserId}/{collection}/{id}?updateMask=`: the mask is required and
 *   may name only fields of the body (400 INVALID_ARGUMENT otherwise); an unknown object is 404.
 *
 * - Partners (…/partners/list): `GET /v4/partners` with `pageSize` (default 100, at most 200),
 *   `pageToken`, `orderBy` and `filter` (taken, not modelled) answers every seeded partner as
 *   `{ name: "partners/{id}", partnerId, displayName, entityStatus }`.
 * - Bid Manager API v2 (https://developers.google.com/bid-manager/reference/rest/v2/queries, …/queries/create,
 *   …/queries/run, …/queries.reports/get, …/queries/delete, …/filters-metrics), on the same server
 *   under `/v2` (`bidManagerUrl`): `POST /v2/queries` takes a Query with `metadata.title`,
 *   `metadata.dataRange` (`range` CUSTOM_DATES with `customStartDate` / `customEndDate` as
 *   { year, month, day }, start ≤ end; other ranges taken), `metadata.format` CSV (XLSX not
 *   modelled), `params.type` STANDARD (others not modelled), `params.groupBys` of FILTER_ADVERTISER,
 *   FILTER_MEDIA_PLAN, FILTER_INSERTION_ORDER, FILTER_LINE_ITEM, FILTER_CREATIVE_ID (exactly one
 *   of them; FILTER_PARTNER and FILTER_DATE taken too), `params.filters[]` { type FILTER_PARTNER or
 *   FILTER_ADVERTISER, value }, `params.metrics` of METRIC_IMPRESSIONS, METRIC_CLICKS,
 *   METRIC_MEDIA_COST_ADVERTISER, METRIC_TOTAL_CONVERSIONS (others 400) and `schedule.frequency`;
 *   answers it with its `queryId`. `POST /v2/queries/{queryId}:run` (`synchronous` taken, body
 *   RunQueryRequest) answers a Report `{ key: { queryId, reportId }, metadata: { status: { state:
 *   QUEUED } } }`; `GET /v2/queries/{queryId}/reports/{reportId}` answers it RUNNING for
 *   `pendingPolls` reads (default 2), then DONE with `metadata.googleCloudStoragePath` (or FAILED,
 *   or RUNNING for ever, as `endNextReportWith` chose). That path is a signed URL on this server
 *   (`/storage/…?Expires=…&Signature=…`): it takes no bearer token (one sent is 400, as a signed
 *   URL takes no other credential) and answers the CSV as Bid Manager writes it: the column names
 *   ("Line Item ID", "Impressions", "Clicks", "Media Cost (Advertiser Currency)", "Total
 *   Conversions"), a row per object that delivered (seeded `delivery`), a totals row with empty
 *   ids and a footer of report facts. `DELETE /v2/queries/{queryId}` removes the query
 *   (`deletedQueries`).
 *
 * Objects answer with their resource `name` (`advertisers/1/lineItems/7`) beside the seeded
 * fields. A refused bearer token is 401 UNAUTHENTICATED; errors in Google's envelope
 * (https://cloud.google.com/apis/design/errors). Seeded objects are kept as given (not copied): a
 * test edits one in place to stand for a change made in DV360, and reads a patched one with
 * `advertiser(id)` or `object(advertiserId, collection, id)`.
 */

/** The collections under an advertiser the stand-in serves. */
export type Dv360StandinCollection =
  | 'campaigns'
  | 'insertionOrders'
  | 'lineItems'
  | 'creatives'
  | 'adGroups'
  | 'adGroupAds';

/** A DV360 object as seeded: its id field (advertiserId, lineItemId…), displayName and any fields. */
export interface Dv360SeedObject {
  displayName: string;
  updateTime?: string;
  entityStatus?: string;
  [field: string]: unknown;
}

/** One object's delivery as a report file has it; `advertiserId` for the advertiser filters. */
export interface Dv360SeedDelivery {
  impressions: number;
  clicks: number;
  mediaCost: string | number;
  totalConversions: string | number;
  advertiserId?: string;
}

/** The group-bys whose rows a report gives, and their id columns. */
const GROUP_BYS = {
  FILTER_ADVERTISER: 'Advertiser ID',
  FILTER_MEDIA_PLAN: 'Campaign ID',
  FILTER_INSERTION_ORDER: 'Insertion Order ID',
  FILTER_LINE_ITEM: 'Line Item ID',
  FILTER_CREATIVE_ID: 'Creative ID',
} as const;
/** One object level of a report. */
export type Dv360GroupBy = keyof typeof GROUP_BYS;

/** The metrics modelled: the seeded field and the report file column of each. */
const BID_METRICS: Record<string, { field: keyof Dv360SeedDelivery; column: string }> = {
  METRIC_IMPRESSIONS: { field: 'impressions', column: 'Impressions' },
  METRIC_CLICKS: { field: 'clicks', column: 'Clicks' },
  METRIC_MEDIA_COST_ADVERTISER: { field: 'mediaCost', column: 'Media Cost (Advertiser Currency)' },
  METRIC_TOTAL_CONVERSIONS: { field: 'totalConversions', column: 'Total Conversions' },
};

/** Seed of the DV360 stand-in: tokens, partners' advertisers and each advertiser's objects. */
export interface Dv360Seed {
  validTokens: string[];
  /** Advertisers per partner id (each with its advertiserId). */
  partners: Record<string, Dv360SeedObject[]>;
  /** Display names of the partners partners.list answers (by id; the id where none is given). */
  partnerNames?: Record<string, string>;
  /** Per advertiser id, its objects per collection (each with its id field). */
  advertisers: Record<string, Partial<Record<Dv360StandinCollection, Dv360SeedObject[]>>>;
  /** Per group-by, the delivery of each object id (Bid Manager reports). */
  delivery?: Partial<Record<Dv360GroupBy, Record<string, Dv360SeedDelivery>>>;
  /** How many queries.reports.get reads answer RUNNING before the report is DONE (default 2). */
  pendingPolls?: number;
}

/** A Bid Manager query as created, and its report once run. */
interface BidQuery {
  queryId: string;
  body: Record<string, unknown>;
  groupBy: Dv360GroupBy;
  metrics: string[];
  advertiserIds: string[];
}

/** A run of a query: the query, and the signature its file URL carries. */
interface BidRun {
  query: BidQuery;
  signature: string;
}

/** Per list: the id field of its objects, its largest page size and the fields its filter takes. */
const LISTS: Record<
  Dv360StandinCollection | 'advertisers',
  { idField: string; maxPage: number; filters: string[] }
> = {
  advertisers: {
    idField: 'advertiserId',
    maxPage: 200,
    filters: ['advertiserId', 'displayName', 'entityStatus', 'updateTime'],
  },
  campaigns: {
    idField: 'campaignId',
    maxPage: 200,
    filters: ['campaignId', 'displayName', 'entityStatus', 'updateTime'],
  },
  insertionOrders: {
    idField: 'insertionOrderId',
    maxPage: 100,
    filters: ['campaignId', 'displayName', 'entityStatus', 'updateTime'],
  },
  lineItems: {
    idField: 'lineItemId',
    maxPage: 200,
    filters: [
      'campaignId',
      'displayName',
      'entityStatus',
      'insertionOrderId',
      'lineItemId',
      'lineItemType',
      'updateTime',
    ],
  },
  creatives: {
    idField: 'creativeId',
    maxPage: 200,
    filters: ['creativeId', 'creativeType', 'dynamic', 'entityStatus', 'lineItemIds', 'updateTime'],
  },
  adGroups: {
    idField: 'adGroupId',
    maxPage: 200,
    filters: ['adGroupFormat', 'adGroupId', 'displayName', 'entityStatus', 'lineItemId'],
  },
  adGroupAds: {
    idField: 'adGroupAdId',
    maxPage: 100,
    filters: ['adGroupAdId', 'adGroupId', 'displayName', 'entityStatus'],
  },
};

/** The collections with a patch method. */
const PATCHABLE = ['campaigns', 'insertionOrders', 'lineItems', 'creatives'];

/** One term of a DV360 filter: field, operator, value. */
interface FilterTerm {
  field: string;
  op: string;
  value: string;
}

/**
 * Parses a DV360 `filter` (the "filter" parameter of each list in the v4 reference): restrictions
 * joined by AND, each a term or a parenthesised OR of terms; a term is `field op "value"` with op
 * `=`, `>=` or `<=`. Null when it does not parse.
 */
function parseFilter(filter: string): FilterTerm[][] | null {
  if (filter.trim() === '') return [];
  const groups: FilterTerm[][] = [];
  for (const part of filter.split(/\s+AND\s+/)) {
    const inner = part.trim().replace(/^\((.*)\)$/, '$1');
    const terms: FilterTerm[] = [];
    for (const t of inner.split(/\s+OR\s+/)) {
      const m = /^([A-Za-z.]+)\s*(>=|<=|=)\s*"((?:[^"\\]|\\.)*)"$/.exec(t.trim());
      if (!m) return null;
      terms.push({ field: m[1]!, op: m[2]!, value: m[3]!.replace(/\\(.)/g, '$1') });
    }
    groups.push(terms);
  }
  return groups;
}

function matches(o: Record<string, unknown>, term: FilterTerm): boolean {
  const v = o[term.field];
  if (v === undefined) return false;
  if (term.field === 'updateTime') {
    const x = Date.parse(String(v));
    const y = Date.parse(term.value);
    return term.op === '>=' ? x >= y : x <= y;
  }
  return Array.isArray(v) ? v.map(String).includes(term.value) : String(v) === term.value;
}

/** The Display & Video 360 stand-in server. */
export class Dv360Standin extends GoogleApiStandin {
  private readonly seed: Dv360Seed;
  private readonly queries = new Map<string, BidQuery>();
  private readonly runs: AsyncReports<BidRun>;
  private queryCounter = 0;
  /** Ids of the queries deleted, oldest first. */
  readonly deletedQueries: string[] = [];

  constructor(seed: Dv360Seed) {
    super(seed.validTokens);
    this.seed = seed;
    this.runs = new AsyncReports(seed.pendingPolls ?? 2, 9_100_000);
  }

  /** The API root as DV360_API_URL holds it (`…/v4`). */
  get apiUrl(): string {
    return `${this.url}/v4`;
  }

  /** The Bid Manager API root as BID_MANAGER_API_URL holds it (`…/v2`). */
  get bidManagerUrl(): string {
    return `${this.url}/v2`;
  }

  /** The next query run fails (`failed`) or never becomes DONE (`stuck`). */
  endNextReportWith(outcome: ReportOutcome): void {
    this.runs.endNextWith(outcome);
  }

  /** A signed report file URL carries its own authorisation: no bearer token is asked for it. */
  protected override isAuthorized(req: StandinRequest): boolean {
    return req.path.startsWith('/storage/') || super.isAuthorized(req);
  }

  /** An advertiser of any partner as the stand-in holds it now, or undefined. */
  advertiser(advertiserId: string): Dv360SeedObject | undefined {
    return Object.values(this.seed.partners)
      .flat()
      .find((a) => String(a.advertiserId) === advertiserId);
  }

  /** An object under an advertiser as the stand-in holds it now, or undefined. */
  object(advertiserId: string, collection: Dv360StandinCollection, id: string): Dv360SeedObject | undefined {
    const idField = LISTS[collection].idField;
    return this.seed.advertisers[advertiserId]?.[collection]?.find((o) => String(o[idField]) === id);
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/v4/partners', handle: (req) => this.listPartners(req) },
      { method: 'POST', path: '/v2/queries', handle: (req) => this.createQuery(req) },
      {
        method: 'POST',
        path: '/v2/queries/:queryRun',
        handle: (req, p) => {
          const match = /^(\d+):run$/.exec(p.queryRun!);
          return match ? this.runQuery(req, match[1]!) : this.notFound(req);
        },
      },
      {
        method: 'GET',
        path: '/v2/queries/:queryId/reports/:reportId',
        handle: (req, p) => this.getReport(req, p.queryId!, p.reportId!),
      },
      {
        method: 'DELETE',
        path: '/v2/queries/:queryId',
        handle: (req, p) => this.deleteQuery(req, p.queryId!),
      },
      {
        method: 'GET',
        path: '/storage/dv360-reports/:file',
        handle: (req, p) => this.reportFile(req, p.file!),
      },
      { method: 'GET', path: '/v4/advertisers', handle: (req) => this.listAdvertisers(req) },
      {
        method: 'GET',
        path: '/v4/advertisers/:advertiserId/:collection',
        handle: (req, p) => this.listUnder(req, p.advertiserId!, p.collection!),
      },
      {
        method: 'PATCH',
        path: '/v4/advertisers/:advertiserId',
        handle: (req, p) => {
          const advertiser = this.advertiser(p.advertiserId!);
          return this.patch(req, advertiser, `advertisers/${p.advertiserId}`);
        },
      },
      {
        method: 'PATCH',
        path: '/v4/advertisers/:advertiserId/:collection/:id',
        handle: (req, p) => {
          if (!PATCHABLE.includes(p.collection!)) return this.notFound(req);
          const collection = p.collection as Dv360StandinCollection;
          return this.patch(
            req,
            this.object(p.advertiserId!, collection, p.id!),
            `advertisers/${p.advertiserId}/${collection}/${p.id}`,
          );
        },
      },
    ];
  }

  private listPartners(req: StandinRequest): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['pageSize', 'pageToken', 'orderBy', 'filter']);
    if (undeclared) return undeclared;
    const partners = Object.keys(this.seed.partners).map((partnerId) => ({
      name: `partners/${partnerId}`,
      partnerId,
      displayName: this.seed.partnerNames?.[partnerId] ?? partnerId,
      entityStatus: 'ENTITY_STATUS_ACTIVE',
    }));
    return googlePage(req, 'partners', partners, 'pageSize', 200, 100);
  }

  private createQuery(req: StandinRequest): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const bad = (message: string) => googleError(400, 'INVALID_ARGUMENT', message);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const metadata = (body.metadata ?? {}) as Record<string, unknown>;
    const params = (body.params ?? {}) as Record<string, unknown>;
    if (typeof metadata.title !== 'string' || metadata.title.trim() === '')
      return bad('metadata.title is required.');
    if (metadata.format !== undefined && metadata.format !== 'CSV') return bad('Only CSV is modelled.');
    const range = (metadata.dataRange ?? {}) as Record<string, unknown>;
    if (typeof range.range !== 'string') return bad('metadata.dataRange.range is required.');
    if (range.range === 'CUSTOM_DATES') {
      const day = (d: unknown) => {
        const { year, month, day } = (d ?? {}) as Record<string, unknown>;
        return [year, month, day].every(Number.isInteger)
          ? Date.UTC(Number(year), Number(month) - 1, Number(day))
          : Number.NaN;
      };
      const start = day(range.customStartDate);
      const end = day(range.customEndDate);
      if (Number.isNaN(start) || Number.isNaN(end) || start > end)
        return bad('CUSTOM_DATES needs customStartDate ≤ customEndDate as { year, month, day }.');
    }
    if (params.type !== 'STANDARD') return bad('params.type must be STANDARD (others are not modelled).');
    const groupBys = Array.isArray(params.groupBys) ? params.groupBys.map(String) : [];
    const known = [...Object.keys(GROUP_BYS), 'FILTER_PARTNER', 'FILTER_DATE'];
    const unknownGroupBy = groupBys.find((g) => !known.includes(g));
    if (unknownGroupBy !== undefined) return bad(`Unknown groupBys value "${unknownGroupBy}".`);
    const levels = groupBys.filter((g): g is Dv360GroupBy => g in GROUP_BYS);
    if (levels.length !== 1) return bad('The stand-in models reports grouped by one object level.');
    const metrics = Array.isArray(params.metrics) ? params.metrics.map(String) : [];
    if (metrics.length === 0) return bad('params.metrics is required.');
    const unknownMetric = metrics.find((m) => !(m in BID_METRICS));
    if (unknownMetric !== undefined) return bad(`Unknown metric "${unknownMetric}".`);
    const filters = Array.isArray(params.filters)
      ? (params.filters as { type?: unknown; value?: unknown }[])
      : [];
    const badFilter = filters.find(
      (f) =>
        !['FILTER_PARTNER', 'FILTER_ADVERTISER'].includes(String(f?.type)) || !/^\d+$/.test(String(f.value)),
    );
    if (badFilter) return bad('filters take { type: FILTER_PARTNER or FILTER_ADVERTISER, value } here.');
    const schedule = (body.schedule ?? {}) as Record<string, unknown>;
    if (schedule.frequency !== undefined && typeof schedule.frequency !== 'string')
      return bad('schedule.frequency must be a Frequency.');
    this.queryCounter += 1;
    const query: BidQuery = {
      queryId: String(1_200_000 + this.queryCounter),
      body,
      groupBy: levels[0]!,
      metrics,
      advertiserIds: filters.filter((f) => f.type === 'FILTER_ADVERTISER').map((f) => String(f.value)),
    };
    this.queries.set(query.queryId, query);
    return { status: 200, body: { ...body, queryId: query.queryId } };
  }

  private runQuery(req: StandinRequest, queryId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['synchronous']);
    if (undeclared) return undeclared;
    const query = this.queries.get(queryId);
    if (!query) return googleError(404, 'NOT_FOUND', `Query ${queryId} not found.`);
    const run = this.runs.make({ query, signature: randomBytes(12).toString('hex') });
    return { status: 200, body: this.reportBody(run.id, 'QUEUED') };
  }

  private reportBody(reportId: string, state: string): Record<string, unknown> {
    const run = this.runs.get(reportId)!;
    const done = state === 'DONE';
    return {
      key: { queryId: run.data.query.queryId, reportId },
      metadata: {
        status: { state, ...(done ? { finishTime: new Date().toISOString(), format: 'CSV' } : {}) },
        ...(done
          ? {
              googleCloudStoragePath: `${this.url}/storage/dv360-reports/${reportId}.csv?Expires=${Math.floor(Date.now() / 1000) + 3600}&Signature=${run.data.signature}`,
            }
          : {}),
      },
      params: run.data.query.body.params,
    };
  }

  private getReport(req: StandinRequest, queryId: string, reportId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const run = this.runs.get(reportId);
    if (!run || run.data.query.queryId !== queryId)
      return googleError(404, 'NOT_FOUND', `Report ${reportId} of query ${queryId} not found.`);
    const reading = this.runs.poll(run);
    return {
      status: 200,
      body: this.reportBody(
        reportId,
        reading === 'ready' ? 'DONE' : reading === 'failed' ? 'FAILED' : 'RUNNING',
      ),
    };
  }

  private deleteQuery(req: StandinRequest, queryId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    if (!this.queries.delete(queryId)) return googleError(404, 'NOT_FOUND', `Query ${queryId} not found.`);
    this.deletedQueries.push(queryId);
    return { status: 200, body: {} };
  }

  private reportFile(req: StandinRequest, file: string): StandinAnswer {
    if (req.headers.authorization)
      return {
        status: 400,
        raw: 'Signed URLs take no Authorization header',
        headers: { 'content-type': 'text/plain' },
      };
    const run = this.runs.get(file.replace(/\.csv$/, ''));
    if (!run || req.query.get('Signature') !== run.data.signature || this.runs.peek(run) !== 'ready')
      return { status: 403, raw: 'SignatureDoesNotMatch', headers: { 'content-type': 'application/xml' } };
    const { query } = run.data;
    const rows = Object.entries(this.seed.delivery?.[query.groupBy] ?? {}).filter(
      ([, d]) =>
        query.advertiserIds.length === 0 ||
        d.advertiserId === undefined ||
        query.advertiserIds.includes(d.advertiserId),
    );
    const metrics = query.metrics.map((m) => BID_METRICS[m]!);
    const total = (field: keyof Dv360SeedDelivery) =>
      rows.reduce((sum, [, d]) => sum + Number(d[field] ?? 0), 0);
    const csv = [
      csvLine([GROUP_BYS[query.groupBy], ...metrics.map((m) => m.column)]),
      ...rows.map(([id, d]) => csvLine([id, ...metrics.map((m) => (d[m.field] ?? 0) as string | number)])),
      csvLine(['', ...metrics.map((m) => total(m.field))]),
      '',
      csvLine(['Report Time:', new Date().toISOString()]),
      csvLine(['Group By:', GROUP_BYS[query.groupBy]]),
      ...query.advertiserIds.map((id) => csvLine(['Filter by Advertiser ID:', id])),
      '',
    ].join('\n');
    return { status: 200, raw: csv, headers: { 'content-type': 'text/csv' } };
  }

  private listAdvertisers(req: StandinRequest): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['partnerId', 'pageSize', 'pageToken', 'orderBy', 'filter']);
    if (undeclared) return undeclared;
    const partnerId = req.query.get('partnerId');
    if (!partnerId) return googleError(400, 'INVALID_ARGUMENT', 'partnerId is required');
    const advertisers = this.seed.partners[partnerId];
    if (!advertisers)
      return googleError(
        403,
        'PERMISSION_DENIED',
        `The caller does not have permission to partner ${partnerId}`,
      );
    return this.filtered(req, 'advertisers', advertisers, (o) => `advertisers/${o.advertiserId}`);
  }

  private listUnder(req: StandinRequest, advertiserId: string, collection: string): StandinAnswer {
    if (!(collection in LISTS) || collection === 'advertisers') return this.notFound(req);
    const undeclared = undeclaredParameter(req, ['pageSize', 'pageToken', 'orderBy', 'filter']);
    if (undeclared) return undeclared;
    const advertiser = this.seed.advertisers[advertiserId];
    if (!advertiser) return googleError(404, 'NOT_FOUND', `Advertiser ${advertiserId} was not found`);
    const key = collection as Dv360StandinCollection;
    const idField = LISTS[key].idField;
    return this.filtered(
      req,
      key,
      advertiser[key] ?? [],
      (o) => `advertisers/${advertiserId}/${key}/${String(o[idField])}`,
    );
  }

  private filtered(
    req: StandinRequest,
    key: Dv360StandinCollection | 'advertisers',
    items: readonly Dv360SeedObject[],
    nameOf: (o: Dv360SeedObject) => string,
  ): StandinAnswer {
    const filter = req.query.get('filter') ?? '';
    if (filter.length > 500)
      return googleError(400, 'INVALID_ARGUMENT', 'The filter is longer than 500 characters');
    const groups = parseFilter(filter);
    if (!groups) return googleError(400, 'INVALID_ARGUMENT', 'Invalid filter expression');
    const bad = groups.flat().find((t) => !LISTS[key].filters.includes(t.field));
    if (bad) return googleError(400, 'INVALID_ARGUMENT', `Filtering on ${bad.field} is not supported`);
    const badOp = groups.flat().find((t) => (t.field === 'updateTime' ? t.op === '=' : t.op !== '='));
    if (badOp)
      return googleError(
        400,
        'INVALID_ARGUMENT',
        `The operator ${badOp.op} cannot be used on ${badOp.field}`,
      );
    const kept = items
      .filter((o) => groups.every((g) => g.some((t) => matches(o, t))))
      .map((o) => ({ name: nameOf(o), ...o }));
    return googlePage(req, key, kept, 'pageSize', LISTS[key].maxPage, 100);
  }

  private patch(req: StandinRequest, object: Dv360SeedObject | undefined, name: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['updateMask']);
    if (undeclared) return undeclared;
    if (!object) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
    const mask = (req.query.get('updateMask') ?? '').split(',').filter(Boolean);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (mask.length === 0) return googleError(400, 'INVALID_ARGUMENT', 'updateMask is required.');
    if (mask.some((f) => !(f in body)))
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'Each field of updateMask must be set in the request body.',
      );
    for (const field of mask) object[field] = structuredClone(body[field]);
    return { status: 200, body: { name, ...object } };
  }
}
