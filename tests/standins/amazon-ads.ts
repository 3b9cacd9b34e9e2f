import { randomBytes, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { AsyncReports, isIsoDate, type ReportOutcome } from './async-reports';
import {
  intParam,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Amazon Ads API stand-in: the Sponsored Products v3, Sponsored Brands v4 and Sponsored Display
 * lists (tests/standins/README.md). Every call must carry the bearer token (refused: 401
 * `{ code: "UNAUTHORIZED", details }`), `Amazon-Advertising-API-ClientId` (wrong: 400) and
 * `Amazon-Advertising-API-Scope`, a profile it knows (else 403), as
 * https://advertising.amazon.com/API/docs/en-us/guides/get-started/headers says.
 *
 * - Sponsored Products, https://advertising.amazon.com/API/docs/en-us/sponsored-products/3-0/openapi/prod:
 *   `POST /sp/campaigns/list`, `/sp/adGroups/list`, `/sp/productAds/list`, each with its versioned
 *   media type such as `application/vnd.spCampaign.v3+json` as Content-Type and Accept (415
 *   otherwise); body `stateFilter.include` (ENABLED, PAUSED, ARCHIVED), `campaignIdFilter.include`,
 *   `nameFilter: { queryTermMatchType: BROAD_MATCH | EXACT_MATCH, include }`, `maxResults` (≤ 5000)
 *   and `nextToken`; answer `{ <list>, nextToken?, totalResults }`.
 * - Sponsored Brands v4, https://advertising.amazon.com/API/docs/en-us/sponsored-brands/3-0/openapi/prod:
 *   `POST /sb/v4/campaigns/list`, `/sb/v4/adGroups/list`, `/sb/v4/ads/list` with
 *   `application/vnd.sbcampaignresource.v4+json`, `…sbadgroupresource.v4+json`,
 *   `…sbadresource.v4+json`; the same filters with `maxResults` 1–100, at most 10 ids in an
 *   ObjectIdFilter, states ENABLED, PAUSED, ARCHIVED; body fields the list does not document are
 *   refused (400); answers `{ campaigns, totalCount, nextToken? }`, `{ adGroups, totalResults,
 *   nextToken? }`, `{ ads, totalResults, nextToken? }`.
 * - Sponsored Display, https://advertising.amazon.com/API/docs/en-us/sponsored-display/3-0/openapi:
 *   `GET /sd/campaigns` and `/sd/adGroups` with query `startIndex` (0-based), `count`,
 *   `stateFilter` (comma-delimited enabled, paused, archived; default all three), `campaignIdFilter`
 *   (comma-delimited), `name` (exact), and `adGroupIdFilter` on ad groups; other parameters 400
 *   `{ code, details }`; answers a JSON array. The reference gives `count` no number ("defaults to
 *   max page size"): the stand-in takes 1–100.
 *
 * - Reporting v3, https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/get-started and
 *   …/guides/reporting/v3/report-types: `POST /reporting/reports` with Content-Type
 *   `application/vnd.createasyncreportrequest.v3+json` (415 otherwise) and `{ name?, startDate,
 *   endDate, configuration: { adProduct, groupBy[], columns[], reportTypeId, timeUnit, format } }`:
 *   dates YYYY-MM-DD, start ≤ end, at most 31 days; report types spCampaigns (groupBy campaign or
 *   adGroup), spAdvertisedProduct (advertiser), sbCampaigns (campaign), sbAdGroup (adGroup),
 *   sbAds (ads), sdCampaigns (campaign), sdAdGroup (adGroup), each with its ad product and the
 *   columns its group-by and product allow (SP purchases1d/7d/14d/30d, SB and SD purchases);
 *   timeUnit SUMMARY or DAILY; format GZIP_JSON; else 400. Answers `{ reportId, status: PENDING,
 *   … }`. `GET /reporting/reports/{reportId}` (of the same profile, else 404) answers PENDING, then
 *   PROCESSING, for `pendingPolls` reads (default 2), then COMPLETED with a pre-signed `url` (or
 *   FAILED with `failureReason`, or PROCESSING for ever, as `endNextReportWith` chose). The URL
 *   is on this server (`/reports-download/…?X-Amz-Signature=…`): it takes no Authorization header
 *   (400, as S3 refuses two credentials) and answers the gzipped JSON array of the seeded `reports`
 *   rows, each with the asked columns only. `reportRequests` logs the accepted request bodies.
 *
 * BROAD_MATCH is matched as a case-insensitive "contains". `maxPageSize` lowers every page cap
 * (SP and SB pages, SD `count`) so tests page through few objects.
 */

/** The objects of one advertising profile, per list, as Amazon answers them. */
export interface AmazonAdsProfileSeed {
  campaigns?: Record<string, unknown>[];
  adGroups?: Record<string, unknown>[];
  productAds?: Record<string, unknown>[];
  /** Sponsored Brands v4 objects (ids are strings, states upper case). */
  sb?: Partial<Record<'campaigns' | 'adGroups' | 'ads', Record<string, unknown>[]>>;
  /** Sponsored Display objects (ids are numbers, states lower case). */
  sd?: Partial<Record<'campaigns' | 'adGroups', Record<string, unknown>[]>>;
  /**
   * Reporting v3 rows per `<reportTypeId>:<groupBy>` (e.g. `spCampaigns:campaign`): each an object
   * with its id column and metric columns; a report answers them with the asked columns only.
   */
  reports?: Record<string, Record<string, unknown>[]>;
}

/** Seed data of the Amazon Ads stand-in. */
export interface AmazonAdsSeed {
  validTokens: string[];
  clientId: string;
  profiles: Record<string, AmazonAdsProfileSeed>;
  maxPageSize?: number;
  /** How many report status reads answer PENDING / PROCESSING before COMPLETED (default 2). */
  pendingPolls?: number;
}

/** The Reporting v3 media type of a report request. */
const REPORT_MEDIA_TYPE = 'application/vnd.createasyncreportrequest.v3+json';

const SP_METRICS = [
  'impressions',
  'clicks',
  'cost',
  'purchases1d',
  'purchases7d',
  'purchases14d',
  'purchases30d',
  'sales7d',
];
const SB_SD_METRICS = ['impressions', 'clicks', 'cost', 'purchases', 'sales'];

/** The report types modelled: ad product, and per group-by the columns it allows besides metrics. */
const REPORT_TYPES: Record<
  string,
  { adProduct: string; metrics: string[]; groupBys: Record<string, string[]> }
> = {
  spCampaigns: {
    adProduct: 'SPONSORED_PRODUCTS',
    metrics: SP_METRICS,
    groupBys: {
      campaign: ['campaignId', 'campaignName', 'campaignStatus', 'date'],
      adGroup: ['campaignId', 'adGroupId', 'adGroupName', 'date'],
    },
  },
  spAdvertisedProduct: {
    adProduct: 'SPONSORED_PRODUCTS',
    metrics: SP_METRICS,
    groupBys: { advertiser: ['adId', 'adGroupId', 'campaignId', 'advertisedAsin', 'advertisedSku', 'date'] },
  },
  sbCampaigns: {
    adProduct: 'SPONSORED_BRANDS',
    metrics: SB_SD_METRICS,
    groupBys: { campaign: ['campaignId', 'campaignName', 'date'] },
  },
  sbAdGroup: {
    adProduct: 'SPONSORED_BRANDS',
    metrics: SB_SD_METRICS,
    groupBys: { adGroup: ['campaignId', 'adGroupId', 'adGroupName', 'date'] },
  },
  sbAds: {
    adProduct: 'SPONSORED_BRANDS',
    metrics: SB_SD_METRICS,
    groupBys: { ads: ['adId', 'adGroupId', 'campaignId', 'date'] },
  },
  sdCampaigns: {
    adProduct: 'SPONSORED_DISPLAY',
    metrics: SB_SD_METRICS,
    groupBys: { campaign: ['campaignId', 'campaignName', 'date'] },
  },
  sdAdGroup: {
    adProduct: 'SPONSORED_DISPLAY',
    metrics: SB_SD_METRICS,
    groupBys: { adGroup: ['campaignId', 'adGroupId', 'adGroupName', 'date'] },
  },
};

/** A report requested: its profile, request and the signature of its download URL. */
interface AmazonStandinReport {
  profileId: string;
  request: Record<string, unknown>;
  key: string;
  columns: string[];
  signature: string;
}

/** One POST list: its media type, page cap, answer keys and what its body may hold. */
interface PostList {
  type: string;
  maxResults: number;
  /** Most ids one ObjectIdFilter takes. */
  maxIds: number;
  key: string;
  totalKey: string;
  /** Body fields the list documents (null: not checked). */
  fields: readonly string[] | null;
  objects: (profile: AmazonAdsProfileSeed) => Record<string, unknown>[] | undefined;
}

const SB_COMMON = ['campaignIdFilter', 'stateFilter', 'maxResults', 'nextToken', 'nameFilter'];

const POST_LISTS: Record<string, PostList> = {
  '/sp/campaigns/list': {
    type: 'application/vnd.spCampaign.v3+json',
    maxResults: 5000,
    maxIds: 1000,
    key: 'campaigns',
    totalKey: 'totalResults',
    fields: null,
    objects: (p) => p.campaigns,
  },
  '/sp/adGroups/list': {
    type: 'application/vnd.spAdGroup.v3+json',
    maxResults: 5000,
    maxIds: 1000,
    key: 'adGroups',
    totalKey: 'totalResults',
    fields: null,
    objects: (p) => p.adGroups,
  },
  '/sp/productAds/list': {
    type: 'application/vnd.spProductAd.v3+json',
    maxResults: 5000,
    maxIds: 1000,
    key: 'productAds',
    totalKey: 'totalResults',
    fields: null,
    objects: (p) => p.productAds,
  },
  '/sb/v4/campaigns/list': {
    type: 'application/vnd.sbcampaignresource.v4+json',
    maxResults: 100,
    maxIds: 10,
    key: 'campaigns',
    totalKey: 'totalCount',
    fields: [...SB_COMMON, 'portfolioIdFilter', 'goalTypeFilter', 'includeExtendedDataFields'],
    objects: (p) => p.sb?.campaigns,
  },
  '/sb/v4/adGroups/list': {
    type: 'application/vnd.sbadgroupresource.v4+json',
    maxResults: 100,
    maxIds: 10,
    key: 'adGroups',
    totalKey: 'totalResults',
    fields: [...SB_COMMON, 'adGroupIdFilter', 'includeExtendedDataFields'],
    objects: (p) => p.sb?.adGroups,
  },
  '/sb/v4/ads/list': {
    type: 'application/vnd.sbadresource.v4+json',
    maxResults: 100,
    maxIds: 10,
    key: 'ads',
    totalKey: 'totalResults',
    fields: [...SB_COMMON, 'adIdFilter', 'adGroupIdFilter'],
    objects: (p) => p.sb?.ads,
  },
};

const POST_STATES = ['ENABLED', 'PAUSED', 'ARCHIVED'];

/** The Sponsored Display lists: the query parameters each documents. */
const SD_LISTS = {
  '/sd/campaigns': {
    params: ['startIndex', 'count', 'stateFilter', 'name', 'portfolioIdFilter', 'campaignIdFilter'],
    objects: (p: AmazonAdsProfileSeed) => p.sd?.campaigns,
  },
  '/sd/adGroups': {
    params: ['startIndex', 'count', 'stateFilter', 'campaignIdFilter', 'adGroupIdFilter', 'name'],
    objects: (p: AmazonAdsProfileSeed) => p.sd?.adGroups,
  },
} as const;

const SD_STATES = ['enabled', 'paused', 'archived'];
const SD_MAX_COUNT = 100;

const bad = (message: string): StandinAnswer => ({ status: 400, body: { code: 'BAD_REQUEST', message } });

/** The Amazon Ads stand-in server. */
export class AmazonAdsStandin extends StandinServer {
  /** The JSON bodies of the POST list calls received, oldest first (filters and paging travel there). */
  readonly bodies: unknown[] = [];

  private readonly reports: AsyncReports<AmazonStandinReport>;
  /** The bodies of the report requests accepted, oldest first. */
  readonly reportRequests: unknown[] = [];
  /** Report ids (UUIDs) by the short ids the async report store keeps. */
  private readonly reportIds = new Map<string, string>();

  constructor(private readonly seed: AmazonAdsSeed) {
    super(seed.validTokens);
    this.reports = new AsyncReports(seed.pendingPolls ?? 2, 0);
  }

  /** The next report requested fails (`failed`) or never completes (`stuck`). */
  endNextReportWith(outcome: ReportOutcome): void {
    this.reports.endNextWith(outcome);
  }

  /** The seeded objects of `profile`, to change between syncs. */
  profile(profile: string): AmazonAdsProfileSeed {
    const found = this.seed.profiles[profile];
    if (!found) throw new Error(`No profile ${profile} in the Amazon Ads stand-in`);
    return found;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    // A pre-signed download URL carries its own authorisation.
    if (req.path.startsWith('/reports-download/')) return true;
    return this.validCredentials.has(this.bearer(req) ?? '');
  }

  protected unauthorized(): StandinAnswer {
    return {
      status: 401,
      body: { code: 'UNAUTHORIZED', details: 'Not authorized to access this advertiser' },
    };
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'POST', path: '/reporting/reports', handle: (req) => this.createReport(req) },
      {
        method: 'GET',
        path: '/reporting/reports/:reportId',
        handle: (req, p) => this.getReport(req, p.reportId!),
      },
      {
        method: 'GET',
        path: '/reports-download/:file',
        handle: (req, p) => this.download(req, p.file!),
      },
      ...Object.entries(POST_LISTS).map(([path, list]) => ({
        method: 'POST' as const,
        path,
        handle: (req: StandinRequest) => this.postList(list, req),
      })),
      ...Object.entries(SD_LISTS).map(([path, list]) => ({
        method: 'GET' as const,
        path,
        handle: (req: StandinRequest) => this.sdList(list, req),
      })),
    ];
  }

  private createReport(req: StandinRequest): StandinAnswer {
    if (req.headers['content-type'] !== REPORT_MEDIA_TYPE)
      return { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: `Use ${REPORT_MEDIA_TYPE}` } };
    const profile = this.profileOf(req);
    if ('status' in profile) return profile as StandinAnswer;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { startDate, endDate } = body;
    if (!isIsoDate(startDate) || !isIsoDate(endDate) || startDate > endDate)
      return bad('startDate and endDate must be YYYY-MM-DD, startDate not after endDate');
    if (Date.parse(endDate) - Date.parse(startDate) > 30 * 86_400_000)
      return bad('The date range may span at most 31 days');
    const config = (body.configuration ?? {}) as Record<string, unknown>;
    const type = REPORT_TYPES[String(config.reportTypeId)];
    if (!type) return bad(`Unknown reportTypeId ${String(config.reportTypeId)}`);
    if (config.adProduct !== type.adProduct)
      return bad(`reportTypeId ${String(config.reportTypeId)} takes adProduct ${type.adProduct}`);
    const groupBy = Array.isArray(config.groupBy) ? config.groupBy.map(String) : [];
    if (groupBy.length !== 1 || !type.groupBys[groupBy[0]!])
      return bad(`groupBy must be one of ${Object.keys(type.groupBys).join(', ')}`);
    const allowed = [...type.groupBys[groupBy[0]!]!, ...type.metrics];
    const columns = Array.isArray(config.columns) ? config.columns.map(String) : [];
    const badColumn = columns.find((c) => !allowed.includes(c));
    if (columns.length === 0 || badColumn !== undefined)
      return bad(
        `Invalid column ${badColumn ?? '(none)'} for ${String(config.reportTypeId)} by ${groupBy[0]}`,
      );
    if (config.timeUnit !== 'SUMMARY' && config.timeUnit !== 'DAILY')
      return bad('timeUnit must be SUMMARY or DAILY');
    if (config.format !== 'GZIP_JSON') return bad('format must be GZIP_JSON');
    const report = this.reports.make({
      profileId: req.headers['amazon-advertising-api-scope']!,
      request: body,
      key: `${String(config.reportTypeId)}:${groupBy[0]}`,
      columns,
      signature: randomBytes(12).toString('hex'),
    });
    const reportId = randomUUID();
    this.reportIds.set(reportId, report.id);
    this.reportRequests.push(body);
    return { status: 200, body: this.reportBody(reportId, 'PENDING') };
  }

  private reportBody(reportId: string, status: string): Record<string, unknown> {
    const report = this.reports.get(this.reportIds.get(reportId)!)!;
    const completed = status === 'COMPLETED';
    return {
      reportId,
      ...report.data.request,
      status,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      url: completed
        ? `${this.url}/reports-download/${reportId}.json.gz?X-Amz-Expires=3600&X-Amz-Signature=${report.data.signature}`
        : null,
      urlExpiresAt: completed ? new Date(Date.now() + 3_600_000).toISOString() : null,
      fileSize: null,
      failureReason: status === 'FAILED' ? 'Report generation failed: internal error' : null,
    };
  }

  private getReport(req: StandinRequest, reportId: string): StandinAnswer {
    const profile = this.profileOf(req);
    if ('status' in profile) return profile as StandinAnswer;
    const report = this.reports.get(this.reportIds.get(reportId) ?? '');
    if (!report || report.data.profileId !== req.headers['amazon-advertising-api-scope'])
      return { status: 404, body: { code: 'NOT_FOUND', message: `Report ${reportId} not found` } };
    const reading = this.reports.poll(report);
    const status =
      reading === 'ready'
        ? 'COMPLETED'
        : reading === 'failed'
          ? 'FAILED'
          : report.polls === 1
            ? 'PENDING'
            : 'PROCESSING';
    return { status: 200, body: this.reportBody(reportId, status) };
  }

  private download(req: StandinRequest, file: string): StandinAnswer {
    if (req.headers.authorization)
      return {
        status: 400,
        raw: 'InvalidArgument: Only one auth mechanism allowed',
        headers: { 'content-type': 'application/xml' },
      };
    const reportId = file.replace(/\.json\.gz$/, '');
    const report = this.reports.get(this.reportIds.get(reportId) ?? '');
    if (
      !report ||
      req.query.get('X-Amz-Signature') !== report.data.signature ||
      this.reports.peek(report) !== 'ready'
    )
      return { status: 403, raw: 'SignatureDoesNotMatch', headers: { 'content-type': 'application/xml' } };
    const rows = (this.seed.profiles[report.data.profileId]?.reports?.[report.data.key] ?? []).map((row) =>
      Object.fromEntries(report.data.columns.filter((c) => c in row).map((c) => [c, row[c]])),
    );
    return {
      status: 200,
      raw: gzipSync(Buffer.from(JSON.stringify(rows))),
      headers: { 'content-type': 'application/octet-stream' },
    };
  }

  /** The header checks every call shares; the profile, or the refusal. */
  private profileOf(req: StandinRequest): AmazonAdsProfileSeed | StandinAnswer {
    if (req.headers['amazon-advertising-api-clientid'] !== this.seed.clientId)
      return bad('Invalid Amazon-Advertising-API-ClientId');
    const profile = this.seed.profiles[req.headers['amazon-advertising-api-scope'] ?? ''];
    if (!profile) return { status: 403, body: { code: 'FORBIDDEN', message: 'Invalid scope (profile id)' } };
    return profile;
  }

  private postList(list: PostList, req: StandinRequest): StandinAnswer {
    if (req.headers['content-type'] !== list.type || req.headers.accept !== list.type)
      return { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: `Use ${list.type}` } };
    const profile = this.profileOf(req);
    if ('status' in profile) return profile as StandinAnswer;
    this.bodies.push(req.body);
    if (
      req.body !== undefined &&
      (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))
    )
      return bad('The body must be a JSON object');
    const body = (req.body ?? {}) as {
      stateFilter?: { include?: string[] };
      campaignIdFilter?: { include?: string[] };
      nameFilter?: { queryTermMatchType?: string; include?: string[] };
      maxResults?: number;
      nextToken?: string;
    };
    const unknown = list.fields ? Object.keys(body).filter((k) => !list.fields!.includes(k)) : [];
    if (unknown.length > 0) return bad(`Unknown field ${unknown[0]}`);
    const max = body.maxResults ?? list.maxResults;
    if (!Number.isInteger(max) || max < 1 || max > list.maxResults)
      return bad(`maxResults must be 1-${list.maxResults}`);
    const states = body.stateFilter?.include;
    if (states?.some((s) => !POST_STATES.includes(s)))
      return bad(`stateFilter.include takes ${POST_STATES.join(', ')}`);
    const ids = body.campaignIdFilter?.include;
    if (ids && ids.length > list.maxIds)
      return bad(`campaignIdFilter.include takes at most ${list.maxIds} ids`);
    const match = body.nameFilter?.queryTermMatchType;
    if (match !== undefined && match !== 'BROAD_MATCH' && match !== 'EXACT_MATCH')
      return bad('nameFilter.queryTermMatchType must be BROAD_MATCH or EXACT_MATCH');
    const names = body.nameFilter?.include?.map((n) => n.toLowerCase());
    const exact = match === 'EXACT_MATCH';
    const items = (list.objects(profile) ?? []).filter(
      (o) =>
        (!states || states.includes(String(o.state))) &&
        (!ids || ids.includes(String(o.campaignId))) &&
        (!names ||
          names.some((n) =>
            exact
              ? String(o.name).toLowerCase() === n
              : String(o.name ?? '')
                  .toLowerCase()
                  .includes(n),
          )),
    );
    const offset = body.nextToken ? Number(Buffer.from(body.nextToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(offset) || offset < 0) return bad('Invalid nextToken');
    const size = Math.min(max, this.seed.maxPageSize ?? list.maxResults);
    const more = offset + size < items.length;
    return {
      status: 200,
      body: {
        [list.key]: items.slice(offset, offset + size),
        [list.totalKey]: items.length,
        ...(more ? { nextToken: Buffer.from(String(offset + size)).toString('base64url') } : {}),
      },
      headers: { 'content-type': list.type },
    };
  }

  private sdList(list: (typeof SD_LISTS)[keyof typeof SD_LISTS], req: StandinRequest): StandinAnswer {
    const profile = this.profileOf(req);
    if ('status' in profile) return profile as StandinAnswer;
    const sdBad = (details: string): StandinAnswer => ({ status: 400, body: { code: '400', details } });
    const unknown = [...req.query.keys()].find((k) => !(list.params as readonly string[]).includes(k));
    if (unknown) return sdBad(`Unknown parameter ${unknown}`);
    const startIndex = intParam(req.query, 'startIndex', 0);
    if (Number.isNaN(startIndex)) return sdBad('startIndex must be a non-negative integer');
    const count = intParam(req.query, 'count', SD_MAX_COUNT);
    if (Number.isNaN(count) || count < 1 || count > SD_MAX_COUNT)
      return sdBad(`count must be 1-${SD_MAX_COUNT}`);
    const listed = (name: string) => {
      const raw = req.query.get(name);
      return raw === null ? null : raw.split(',').map((v) => v.trim());
    };
    const states = listed('stateFilter') ?? SD_STATES;
    if (states.some((s) => !SD_STATES.includes(s))) return sdBad(`stateFilter takes ${SD_STATES.join(', ')}`);
    const campaignIds = listed('campaignIdFilter');
    const adGroupIds = listed('adGroupIdFilter');
    if ([...(campaignIds ?? []), ...(adGroupIds ?? [])].some((id) => !/^\d+$/.test(id)))
      return sdBad('Identifiers must be numbers');
    const name = req.query.get('name');
    const items = (list.objects(profile) ?? []).filter(
      (o) =>
        states.includes(String(o.state)) &&
        (!campaignIds || campaignIds.includes(String(o.campaignId))) &&
        (!adGroupIds || adGroupIds.includes(String(o.adGroupId))) &&
        (name === null || o.name === name),
    );
    const size = Math.min(count, this.seed.maxPageSize ?? SD_MAX_COUNT);
    return { status: 200, body: items.slice(startIndex, startIndex + size) };
  }
}
