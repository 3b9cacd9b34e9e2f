import { AsyncReports, csvLine, isIsoDate, type ReportOutcome } from './async-reports';
import { GoogleApiStandin, googleError, googlePage, undeclaredParameter } from './google-api';
import type { StandinAnswer, StandinRequest, StandinRoute } from './standin-server';

/**
 * Campaign Manager 360 API v4 stand-in (tests/standins/README.md), the one stand-in of the API for
 * its reads and writes. Follows https://developers.google.com/doubleclick-advertisers/rest/v4:
 *
 * - List methods …/advertisers/list, …/campaigns/list, …/placements/list, …/ads/list,
 *   …/creatives/list: `GET /dfareporting/v4/userprofiles/{profileId}/{collection}` with
 *   `maxResults` (1–1000, default 1000), `pageToken` / `nextPageToken`, `searchString` (names
 *   containing it, case-insensitive; the reference's wildcards are not modelled) and the advertiser
 *   and campaign filters as each method declares them: campaigns `advertiserIds`; placements
 *   `advertiserIds`, `campaignIds`; ads `advertiserId` (one), `campaignIds`; creatives
 *   `advertiserId`, `campaignId` (one each); advertisers neither. Repeated parameters repeat
 *   (`advertiserIds=1&advertiserIds=2`); an id that is not an int64 (`1,2`) is 400. Every other
 *   declared parameter is taken and not modelled; an undeclared one is 400 INVALID_ARGUMENT, as
 *   Google answers. Answers `{ kind, <collection>: [...], nextPageToken }`.
 * - Ads (…/ads/get, …/ads/patch): `GET /dfareporting/v4/userprofiles/{profileId}/ads/{id}` and
 *   `PATCH /dfareporting/v4/userprofiles/{profileId}/ads?id=` with patch semantics (fields sent
 *   replace the ad's, lists whole). The Ad resource's creativeRotation.creativeAssignments[]
 *   .clickThroughUrl and clickThroughUrl (…/ClickThroughUrl): a customClickThroughUrl with
 *   defaultLandingPage true, or one that is not an http(s) URL, is 400 INVALID_ARGUMENT; an ad of
 *   another profile is 404 like an unknown one.
 *
 * - Creatives (…/creatives/list, the Creative resource at …/rest/v4/creatives): a creative answers
 *   its `creativeAssets[]` as seeded, each a CreativeAsset with `id`, `assetIdentifier` { name,
 *   type } and `role` (v4 has no list method of creative assets of its own).
 *
 * - User profiles (…/userProfiles/list): `GET /dfareporting/v4/userprofiles` answers
 *   `{ kind: "dfareporting#userProfileList", items: [UserProfile] }`, not paged; the method
 *   declares no query parameter of its own.
 * - Reports (…/reports, …/reports/insert, …/reports/run, …/reports/delete, …/files, …/files/get;
 *   https://developers.google.com/doubleclick-advertisers/rest/v4/reports and
 *   https://developers.google.com/doubleclick-advertisers/rest/v4/files):
 *   `POST /dfareporting/v4/userprofiles/{profileId}/reports` takes a Report of `type` STANDARD
 *   (others are not modelled: 400) with a `name`, `format` CSV (EXCEL not modelled) and `criteria`:
 *   `dateRange` { startDate, endDate } (YYYY-MM-DD, start ≤ end), `dimensions[]` { name } with
 *   exactly one id dimension of campaignId, placementId, adId, creativeId (advertiserId, campaign,
 *   advertiser… are taken), `metricNames[]` of impressions, clicks, mediaCost, totalConversions
 *   (v4 names, no `dfa:` prefix; others 400) and `dimensionFilters[]` { dimensionName advertiser,
 *   id }; answers the Report with its `id`. `POST …/reports/{reportId}/run` (`synchronous` taken)
 *   answers a File `{ kind: dfareporting#file, id, reportId, status: PROCESSING, format, urls }`;
 *   `GET /dfareporting/v4/reports/{reportId}/files/{fileId}` answers it PROCESSING for
 *   `pendingPolls` reads (default 2), then REPORT_AVAILABLE (or FAILED, or PROCESSING for ever,
 *   as the test chose with `endNextReportWith`); with `alt=media` it answers the CSV (text/csv) as
 *   Campaign Manager writes report files: a preamble, a "Report Fields" row, the column names
 *   ("Campaign ID", "Impressions", "Clicks", "Media Cost", "Total Conversions"), one row per
 *   object that delivered (seeded `delivery`) and a "Grand Total:" row; before it is available
 *   400 FAILED_PRECONDITION. `DELETE …/reports/{reportId}` removes the report (`deletedReports`).
 *
 * A profile the seed does not hold is 403 PERMISSION_DENIED; a refused bearer token 401
 * UNAUTHENTICATED; errors in Google's envelope (https://cloud.google.com/apis/design/errors).
 * Seeded objects are kept as given (not copied): a test edits one in place to stand for a change
 * made in Campaign Manager, and reads a patched ad with `ad(profileId, id)`.
 */

/** The collections of a user profile the stand-in serves. */
export type Cm360StandinCollection = 'advertisers' | 'campaigns' | 'placements' | 'ads' | 'creatives';

/** A CM360 object as seeded: id, name, lastModifiedInfo.time (epoch ms text) and any fields. */
export interface Cm360SeedObject {
  id: string;
  name: string;
  lastModifiedInfo?: { time: string };
  [field: string]: unknown;
}

/** An ad as seeded: a CM360 object with the click-through fields the writes change. */
export interface Cm360SeedAd extends Cm360SeedObject {
  campaignId?: string;
  type?: string;
  clickThroughUrl?: Record<string, unknown>;
  creativeRotation?: { type?: string; creativeAssignments: Record<string, unknown>[] };
}

/**
 * A CreativeAsset of a creative (https://developers.google.com/doubleclick-advertisers/rest/v4/creatives
 * "CreativeAsset"): its id (int64 text), assetIdentifier (name and type IMAGE, FLASH, VIDEO, HTML,
 * HTML_IMAGE, AUDIO), role (PRIMARY, BACKUP_IMAGE, ADDITIONAL_IMAGE, …) and any other fields.
 */
export interface Cm360SeedCreativeAsset {
  id: string;
  assetIdentifier: { name: string; type: string };
  role?: string;
  [field: string]: unknown;
}

/** A creative as seeded: a CM360 object with its advertiser, type and assets. */
export interface Cm360SeedCreative extends Cm360SeedObject {
  advertiserId?: string;
  type?: string;
  creativeAssets?: Cm360SeedCreativeAsset[];
}

/** One object's delivery over any dates, as a report file has it; `advertiserId` for the advertiser filter. */
export interface Cm360SeedDelivery {
  impressions: number;
  clicks: number;
  mediaCost: string | number;
  totalConversions: string | number;
  advertiserId?: string;
}

/** The id dimensions a report is broken down by. */
export type Cm360ReportDimension = 'campaignId' | 'placementId' | 'adId' | 'creativeId';

/** One user profile's network: its objects per collection, and per id dimension the delivery by id. */
export interface Cm360ProfileSeed {
  advertisers?: Cm360SeedObject[];
  campaigns?: Cm360SeedObject[];
  placements?: Cm360SeedObject[];
  ads?: Cm360SeedAd[];
  creatives?: Cm360SeedCreative[];
  delivery?: Partial<Record<Cm360ReportDimension, Record<string, Cm360SeedDelivery>>>;
}

/** A user profile as userProfiles.list answers it (v4 UserProfile: profileId, userName, account). */
export interface Cm360SeedUserProfile {
  profileId: string;
  userName: string;
  accountId: string;
  accountName: string;
}

/** Seed of the CM360 stand-in: the tokens it accepts and, per user profile id, its objects. */
export interface Cm360Seed {
  validTokens: string[];
  profiles: Record<string, Cm360ProfileSeed>;
  /** What userProfiles.list answers; by default one profile per seeded profile id, unnamed. */
  userProfiles?: Cm360SeedUserProfile[];
  /** How many files/get reads answer PROCESSING before the file is available (default 2). */
  pendingPolls?: number;
}

/** A report as inserted: its profile, body and the file it ran into. */
interface Cm360StandinReport {
  profileId: string;
  dimension: Cm360ReportDimension;
  metrics: string[];
  advertiserIds: string[];
  dateRange: { startDate: string; endDate: string };
  fileId?: string;
}

const ID_DIMENSIONS: readonly Cm360ReportDimension[] = ['campaignId', 'placementId', 'adId', 'creativeId'];
/** The dimensions a STANDARD report takes here (the id dimensions give the rows). */
const REPORT_DIMENSIONS = [
  ...ID_DIMENSIONS,
  'advertiser',
  'advertiserId',
  'campaign',
  'placement',
  'ad',
  'creative',
  'date',
];
/** The metrics modelled, and their column names in a report file. */
const REPORT_METRICS: Record<string, string> = {
  impressions: 'Impressions',
  clicks: 'Clicks',
  mediaCost: 'Media Cost',
  totalConversions: 'Total Conversions',
};
const DIMENSION_COLUMNS: Record<Cm360ReportDimension, string> = {
  campaignId: 'Campaign ID',
  placementId: 'Placement ID',
  adId: 'Ad ID',
  creativeId: 'Creative ID',
};

/** How a list method takes a filter: a repeated parameter, a single one, or not at all. */
interface ListFilters {
  advertiser?: ['advertiserIds', 'repeated'] | ['advertiserId', 'single'];
  campaign?: ['campaignIds', 'repeated'] | ['campaignId', 'single'];
  /** Every query parameter the reference declares for the method. */
  declared: string[];
}

const LIST_METHODS: Record<Cm360StandinCollection, ListFilters> = {
  advertisers: {
    declared: [
      'advertiserGroupIds',
      'floodlightConfigurationIds',
      'ids',
      'includeAdvertisersWithoutGroupsOnly',
      'maxResults',
      'onlyParent',
      'pageToken',
      'searchString',
      'sortField',
      'sortOrder',
      'status',
      'subaccountId',
    ],
  },
  campaigns: {
    advertiser: ['advertiserIds', 'repeated'],
    declared: [
      'advertiserGroupIds',
      'advertiserIds',
      'archived',
      'atLeastOneOptimizationActivity',
      'excludedIds',
      'ids',
      'maxResults',
      'overriddenEventTagId',
      'pageToken',
      'searchString',
      'sortField',
      'sortOrder',
      'subaccountId',
    ],
  },
  placements: {
    advertiser: ['advertiserIds', 'repeated'],
    campaign: ['campaignIds', 'repeated'],
    declared: [
      'activeStatus',
      'advertiserIds',
      'campaignIds',
      'compatibilities',
      'contentCategoryIds',
      'directorySiteIds',
      'groupIds',
      'ids',
      'maxEndDate',
      'maxResults',
      'maxStartDate',
      'minEndDate',
      'minStartDate',
      'pageToken',
      'paymentSource',
      'placementStrategyIds',
      'pricingTypes',
      'searchString',
      'siteIds',
      'sizeIds',
      'sortField',
      'sortOrder',
    ],
  },
  ads: {
    advertiser: ['advertiserId', 'single'],
    campaign: ['campaignIds', 'repeated'],
    declared: [
      'active',
      'advertiserId',
      'archived',
      'audienceSegmentIds',
      'campaignIds',
      'compatibility',
      'creativeIds',
      'creativeOptimizationConfigurationIds',
      'dynamicClickTracker',
      'ids',
      'landingPageIds',
      'maxResults',
      'overriddenEventTagId',
      'pageToken',
      'placementIds',
      'remarketingListIds',
      'searchString',
      'sizeIds',
      'sortField',
      'sortOrder',
      'sslCompliant',
      'sslRequired',
      'type',
    ],
  },
  creatives: {
    advertiser: ['advertiserId', 'single'],
    campaign: ['campaignId', 'single'],
    declared: [
      'active',
      'advertiserId',
      'archived',
      'campaignId',
      'companionCreativeIds',
      'creativeFieldIds',
      'ids',
      'maxResults',
      'pageToken',
      'renderingIds',
      'searchString',
      'sizeIds',
      'sortField',
      'sortOrder',
      'studioCreativeId',
      'types',
    ],
  },
};

/** The declared parameters that may repeat (the reference's repeated int64 and enum lists). */
const REPEATED = new Set([
  'advertiserGroupIds',
  'advertiserIds',
  'audienceSegmentIds',
  'campaignIds',
  'compatibilities',
  'companionCreativeIds',
  'contentCategoryIds',
  'creativeFieldIds',
  'creativeIds',
  'creativeOptimizationConfigurationIds',
  'directorySiteIds',
  'excludedIds',
  'floodlightConfigurationIds',
  'groupIds',
  'ids',
  'landingPageIds',
  'placementIds',
  'placementStrategyIds',
  'pricingTypes',
  'remarketingListIds',
  'renderingIds',
  'siteIds',
  'sizeIds',
  'types',
]);

const INT64 = /^-?\d{1,19}$/;

/** The Campaign Manager 360 stand-in server. */
export class Cm360Standin extends GoogleApiStandin {
  private readonly seed: Cm360Seed;
  /** The reports inserted, by report id; each run's file shares the report's state. */
  private readonly reports: AsyncReports<Cm360StandinReport>;
  /** Ids of the reports deleted, oldest first. */
  readonly deletedReports: string[] = [];

  constructor(seed: Cm360Seed) {
    super(seed.validTokens);
    this.seed = seed;
    this.reports = new AsyncReports(seed.pendingPolls ?? 2, 5_550_000);
  }

  /** The next report inserted fails (`failed`) or never becomes available (`stuck`). */
  endNextReportWith(outcome: ReportOutcome): void {
    this.reports.endNextWith(outcome);
  }

  /** The API root as CM360_API_URL holds it (`…/dfareporting/v4`). */
  get apiUrl(): string {
    return `${this.url}/dfareporting/v4`;
  }

  /** An ad of a profile as the stand-in holds it now (after patches), or undefined. */
  ad(profileId: string, adId: string): Cm360SeedAd | undefined {
    return this.seed.profiles[profileId]?.ads?.find((a) => a.id === adId);
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/dfareporting/v4/userprofiles', handle: (req) => this.listUserProfiles(req) },
      {
        method: 'POST',
        path: '/dfareporting/v4/userprofiles/:profileId/reports',
        handle: (req, p) => this.insertReport(req, p.profileId!),
      },
      {
        method: 'POST',
        path: '/dfareporting/v4/userprofiles/:profileId/reports/:reportId/run',
        handle: (req, p) => this.runReport(req, p.profileId!, p.reportId!),
      },
      {
        method: 'DELETE',
        path: '/dfareporting/v4/userprofiles/:profileId/reports/:reportId',
        handle: (req, p) => this.deleteReport(req, p.profileId!, p.reportId!),
      },
      {
        method: 'GET',
        path: '/dfareporting/v4/reports/:reportId/files/:fileId',
        handle: (req, p) => this.getFile(req, p.reportId!, p.fileId!),
      },
      {
        method: 'GET',
        path: '/dfareporting/v4/userprofiles/:profileId/ads/:id',
        handle: (req, p) => this.getAd(req, p.profileId!, p.id!),
      },
      {
        method: 'PATCH',
        path: '/dfareporting/v4/userprofiles/:profileId/ads',
        handle: (req, p) => this.patchAd(req, p.profileId!),
      },
      {
        method: 'GET',
        path: '/dfareporting/v4/userprofiles/:profileId/:collection',
        handle: (req, p) => this.list(req, p.profileId!, p.collection!),
      },
    ];
  }

  private listUserProfiles(req: StandinRequest): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const profiles =
      this.seed.userProfiles ??
      Object.keys(this.seed.profiles).map((profileId) => ({
        profileId,
        userName: '',
        accountId: '',
        accountName: '',
      }));
    return {
      status: 200,
      body: {
        kind: 'dfareporting#userProfileList',
        items: profiles.map((p) => ({ kind: 'dfareporting#userProfile', ...p })),
      },
    };
  }

  /** 403 PERMISSION_DENIED for a profile the seed does not hold; null for one it holds. */
  private refusal(profileId: string): StandinAnswer | null {
    return this.seed.profiles[profileId]
      ? null
      : googleError(
          403,
          'PERMISSION_DENIED',
          `The current user does not have access to profile ${profileId}`,
        );
  }

  private list(req: StandinRequest, profileId: string, collection: string): StandinAnswer {
    if (!(collection in LIST_METHODS)) return this.notFound(req);
    const method = LIST_METHODS[collection as Cm360StandinCollection];
    const undeclared = undeclaredParameter(
      req,
      method.declared,
      method.declared.filter((name) => REPEATED.has(name)),
    );
    if (undeclared) return undeclared;
    const refused = this.refusal(profileId);
    if (refused) return refused;
    const ids = (name: string | undefined) => (name ? req.query.getAll(name) : []);
    const advertisers = ids(method.advertiser?.[0]);
    const campaigns = ids(method.campaign?.[0]);
    const badId = [...advertisers, ...campaigns].find((id) => !INT64.test(id));
    if (badId !== undefined)
      return googleError(400, 'INVALID_ARGUMENT', `Invalid value "${badId}": expected an int64 id.`);
    const search = (req.query.get('searchString') ?? '').toLowerCase();
    const items = (this.seed.profiles[profileId]![collection as Cm360StandinCollection] ?? []).filter(
      (o) =>
        (advertisers.length === 0 || advertisers.includes(String(o.advertiserId))) &&
        (campaigns.length === 0 || campaigns.includes(String(o.campaignId))) &&
        (search === '' || o.name.toLowerCase().includes(search)),
    );
    const answer = googlePage(req, collection, items, 'maxResults', 1000);
    if (answer.status === 200)
      (answer.body as Record<string, unknown>).kind = `dfareporting#${collection}ListResponse`;
    return answer;
  }

  private getAd(req: StandinRequest, profileId: string, adId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const refused = this.refusal(profileId);
    if (refused) return refused;
    const ad = this.ad(profileId, adId);
    if (!ad) return googleError(404, 'NOT_FOUND', `Ad ${adId} not found.`);
    return { status: 200, body: { kind: 'dfareporting#ad', ...ad } };
  }

  private patchAd(req: StandinRequest, profileId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['id']);
    if (undeclared) return undeclared;
    const id = req.query.get('id');
    if (!id) return googleError(400, 'INVALID_ARGUMENT', "Required parameter: 'id'");
    const refused = this.refusal(profileId);
    if (refused) return refused;
    const ad = this.ad(profileId, id);
    if (!ad) return googleError(404, 'NOT_FOUND', `Ad ${id} not found.`);
    const body = (req.body ?? {}) as Partial<Cm360SeedAd>;
    const urls = [
      body.clickThroughUrl,
      ...(body.creativeRotation?.creativeAssignments ?? []).map((a) => a.clickThroughUrl),
    ].filter(Boolean) as Record<string, unknown>[];
    for (const url of urls) {
      const custom = url.customClickThroughUrl;
      if (custom !== undefined && (url.defaultLandingPage === true || !/^https?:\/\//.test(String(custom))))
        return googleError(400, 'INVALID_ARGUMENT', 'Invalid click-through URL.');
    }
    if (body.id !== undefined && body.id !== id)
      return googleError(400, 'INVALID_ARGUMENT', 'The id cannot change.');
    for (const [key, value] of Object.entries(body)) {
      if (key === 'kind' || key === 'id') continue;
      ad[key] = structuredClone(value);
    }
    return { status: 200, body: { kind: 'dfareporting#ad', ...ad } };
  }

  private insertReport(req: StandinRequest, profileId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const refused = this.refusal(profileId);
    if (refused) return refused;
    const bad = (message: string) => googleError(400, 'INVALID_ARGUMENT', message);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.type !== 'STANDARD') return bad('Report type must be STANDARD (others are not modelled).');
    if (typeof body.name !== 'string' || body.name.trim() === '') return bad('Report name is required.');
    if (body.format !== undefined && body.format !== 'CSV') return bad('Only CSV reports are modelled.');
    const criteria = (body.criteria ?? null) as Record<string, unknown> | null;
    if (!criteria || typeof criteria !== 'object') return bad('A STANDARD report needs criteria.');
    const range = (criteria.dateRange ?? {}) as { startDate?: unknown; endDate?: unknown };
    if (!isIsoDate(range.startDate) || !isIsoDate(range.endDate) || range.startDate > range.endDate)
      return bad('criteria.dateRange needs startDate ≤ endDate as YYYY-MM-DD.');
    const dimensions = Array.isArray(criteria.dimensions)
      ? (criteria.dimensions as { name?: unknown }[]).map((d) => String(d?.name ?? ''))
      : [];
    const unknownDimension = dimensions.find((d) => !REPORT_DIMENSIONS.includes(d));
    if (unknownDimension !== undefined) return bad(`Invalid dimension name: "${unknownDimension}".`);
    const ids = dimensions.filter((d): d is Cm360ReportDimension =>
      (ID_DIMENSIONS as readonly string[]).includes(d),
    );
    if (ids.length !== 1) return bad('The stand-in models reports by exactly one id dimension.');
    const metrics = Array.isArray(criteria.metricNames) ? criteria.metricNames.map(String) : [];
    if (metrics.length === 0) return bad('criteria.metricNames is required.');
    const unknownMetric = metrics.find((m) => !(m in REPORT_METRICS));
    if (unknownMetric !== undefined) return bad(`Invalid metric name: "${unknownMetric}".`);
    const filters = Array.isArray(criteria.dimensionFilters)
      ? (criteria.dimensionFilters as { dimensionName?: unknown; id?: unknown }[])
      : [];
    const badFilter = filters.find((f) => f?.dimensionName !== 'advertiser' || !INT64.test(String(f.id)));
    if (badFilter) return bad('dimensionFilters take { dimensionName: "advertiser", id } here.');
    const report = this.reports.make({
      profileId,
      dimension: ids[0]!,
      metrics,
      advertiserIds: filters.map((f) => String(f.id)),
      dateRange: { startDate: range.startDate, endDate: range.endDate },
    });
    return {
      status: 200,
      body: {
        ...body,
        kind: 'dfareporting#report',
        id: report.id,
        ownerProfileId: profileId,
        etag: `"${report.id}"`,
        lastModifiedTime: String(Date.now()),
        fileName: body.name,
      },
    };
  }

  /** The report of `reportId` in `profileId`, or its 404 answer. */
  private reportOf(profileId: string | null, reportId: string) {
    const report = this.reports.get(reportId);
    if (!report || (profileId !== null && report.data.profileId !== profileId))
      return googleError(404, 'NOT_FOUND', `Report ${reportId} not found.`);
    return report;
  }

  private runReport(req: StandinRequest, profileId: string, reportId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, ['synchronous']);
    if (undeclared) return undeclared;
    const refused = this.refusal(profileId);
    if (refused) return refused;
    const report = this.reportOf(profileId, reportId);
    if ('status' in report) return report;
    report.data.fileId = String(Number(report.id) * 10 + 1);
    return { status: 200, body: this.file(report, 'PROCESSING') };
  }

  private deleteReport(req: StandinRequest, profileId: string, reportId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const report = this.reportOf(profileId, reportId);
    if ('status' in report) return report;
    this.reports.remove(reportId);
    this.deletedReports.push(reportId);
    return { status: 204, raw: '' };
  }

  private file(report: NonNullable<ReturnType<AsyncReports<Cm360StandinReport>['get']>>, status: string) {
    const path = `/dfareporting/v4/reports/${report.id}/files/${report.data.fileId}`;
    return {
      kind: 'dfareporting#file',
      id: report.data.fileId,
      reportId: report.id,
      fileName: `report_${report.id}`,
      format: 'CSV',
      status,
      dateRange: report.data.dateRange,
      lastModifiedTime: String(Date.now()),
      urls: { apiUrl: `${this.url}${path}?alt=media`, browserUrl: `${this.url}/browser${path}` },
    };
  }

  private getFile(req: StandinRequest, reportId: string, fileId: string): StandinAnswer {
    const undeclared = undeclaredParameter(req, []);
    if (undeclared) return undeclared;
    const report = this.reportOf(null, reportId);
    if ('status' in report) return report;
    if (report.data.fileId !== fileId) return googleError(404, 'NOT_FOUND', `File ${fileId} not found.`);
    if (req.query.get('alt') === 'media') {
      if (this.reports.peek(report) !== 'ready')
        return googleError(400, 'FAILED_PRECONDITION', `File ${fileId} is not available.`);
      return { status: 200, raw: this.csv(report.data), headers: { 'content-type': 'text/csv' } };
    }
    const reading = this.reports.poll(report);
    const status = reading === 'ready' ? 'REPORT_AVAILABLE' : reading === 'failed' ? 'FAILED' : 'PROCESSING';
    return { status: 200, body: this.file(report, status) };
  }

  /** The report file as Campaign Manager writes it. */
  private csv(report: Cm360StandinReport): string {
    const rows = Object.entries(
      this.seed.profiles[report.profileId]?.delivery?.[report.dimension] ?? {},
    ).filter(
      ([, d]) =>
        report.advertiserIds.length === 0 ||
        d.advertiserId === undefined ||
        report.advertiserIds.includes(d.advertiserId),
    );
    const value = (d: Cm360SeedDelivery, metric: string) => d[metric as keyof Cm360SeedDelivery] ?? 0;
    const total = (metric: string) => rows.reduce((sum, [, d]) => sum + Number(value(d, metric)), 0);
    return [
      'Campaign Manager 360 Report',
      '',
      csvLine(['Report Time', new Date().toISOString()]),
      csvLine(['Date Range', `${report.dateRange.startDate} - ${report.dateRange.endDate}`]),
      '',
      'Report Fields',
      csvLine([DIMENSION_COLUMNS[report.dimension], ...report.metrics.map((m) => REPORT_METRICS[m]!)]),
      ...rows.map(([id, d]) => csvLine([id, ...report.metrics.map((m) => value(d, m) as string | number)])),
      csvLine(['Grand Total:', ...report.metrics.map(total)]),
      '',
    ].join('\n');
  }
}
