import { z } from 'zod';
import { csvRecords, DEFAULT_REPORT_POLLING, pollReport, type ReportPolling } from '../async-report';
import { everyGooglePage, googleListSchema, readGoogleError } from '../google-api';
import { type ProviderClientOptions, ProviderHttp, type Query, seg } from '../provider-http';

/**
 * Campaign Manager 360 API v4 client (README.md beside this file), the one client of the API:
 * - reads the objects of a user profile's network for the campaign-manager inbounds (google-dcm,
 *   google-cm360-inbound; issue 12 item 5, spec 03 §3 "Campaign manager" / "Another ad server"
 *   data types);
 * - reads and patches ads for the google-cm360-outbound and google-dcm-output deliverers (issue 12
 *   item 4; spec 03 §3 updateClickThroughUrl, dcmLink, dcmAdId, dcmCreativeId);
 * - reads the delivery metrics of campaigns, placements, ads or creatives through a STANDARD
 *   report for the inbounds' pull_performance_metrics (spec 03 §3): reports/insert, reports/run,
 *   files/get polled until REPORT_AVAILABLE, files/get alt=media for the CSV, reports/delete.
 *
 * `baseUrl` is the API root with its version (CM360_API_URL,
 * https://dfareporting.googleapis.com/dfareporting/v4); the connected account's OAuth 2 access
 * token goes as a bearer token (scopes dfatrafficking, and dfareporting for the reports).
 * Reference: https://developers.google.com/doubleclick-advertisers/rest/v4 (advertisers/list,
 * campaigns/list, placements/list, ads/list, ads/get, ads/patch, creatives/list, reports,
 * reports/run, files).
 */
export interface Cm360ClientOptions extends ProviderClientOptions {
  /** How long a report is waited for (default 10 minutes, first pause 2 s). */
  reportPolling?: ReportPolling | undefined;
}

/**
 * The object levels a delivery report is broken down by, and the v4 report dimension of each
 * (https://developers.google.com/doubleclick-advertisers/rest/v4/reports: criteria.dimensions[].name).
 */
export const CM360_REPORT_DIMENSIONS = {
  campaigns: 'campaignId',
  placements: 'placementId',
  ads: 'adId',
  creatives: 'creativeId',
} as const;
/** One level of a delivery report. */
export type Cm360ReportLevel = keyof typeof CM360_REPORT_DIMENSIONS;

/** The v4 metric names a delivery report asks for (criteria.metricNames). */
export const CM360_REPORT_METRICS = ['impressions', 'clicks', 'mediaCost', 'totalConversions'] as const;

/** The CSV column of each dimension and metric, as Campaign Manager names them in report files. */
const CSV_COLUMNS: Record<string, string> = {
  campaignId: 'Campaign ID',
  placementId: 'Placement ID',
  adId: 'Ad ID',
  creativeId: 'Creative ID',
  impressions: 'Impressions',
  clicks: 'Clicks',
  mediaCost: 'Media Cost',
  totalConversions: 'Total Conversions',
};

/**
 * One object's delivery over a report's dates, as the report file has it (decimal text): media
 * cost in the advertiser's currency, total conversions possibly fractional.
 */
export interface Cm360Delivery {
  impressions: string;
  clicks: string;
  mediaCost: string;
  totalConversions: string;
}

/** What a delivery report covers: the level, inclusive dates (YYYY-MM-DD) and, when chosen, advertisers. */
export interface Cm360ReportRequest {
  level: Cm360ReportLevel;
  startDate: string;
  endDate: string;
  advertiserIds?: readonly string[];
}

const reportSchema = z.looseObject({ id: z.union([z.string(), z.number()]).transform(String) });
const fileSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  reportId: z.union([z.string(), z.number()]).transform(String).optional(),
  status: z.string(),
});

/** The list collections read, as the API names them (the path and the answer's array key). */
export type Cm360Collection = 'advertisers' | 'campaigns' | 'placements' | 'ads' | 'creatives';

/**
 * How each collection's list method takes the advertiser and campaign filters (the reference's
 * query parameters): `ids` a repeated parameter (`advertiserIds`, `campaignIds`), `one` a single
 * id (`advertiserId`, `campaignId`), absent when the method has no such filter.
 */
const TAKES: Record<Cm360Collection, { advertiser?: 'ids' | 'one'; campaign?: 'ids' | 'one' }> = {
  advertisers: {},
  campaigns: { advertiser: 'ids' },
  placements: { advertiser: 'ids', campaign: 'ids' },
  ads: { advertiser: 'one', campaign: 'ids' },
  creatives: { advertiser: 'one', campaign: 'one' },
};

const objectSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string().default(''),
    lastModifiedInfo: z.object({ time: z.union([z.string(), z.number()]).transform(String) }).optional(),
  })
  .loose();

/** One CM360 object: its id (int64 as text), name, last change (epoch ms as text) and its other fields. */
export type Cm360Object = z.output<typeof objectSchema>;

/** Filters of a list call; empty lists are left out. */
export interface Cm360Filters {
  advertiserIds?: readonly string[];
  campaignIds?: readonly string[];
  searchString?: string;
}

const clickThroughUrlSchema = z.looseObject({
  defaultLandingPage: z.boolean().optional(),
  customClickThroughUrl: z.string().optional(),
  landingPageId: z.string().optional(),
  computedClickThroughUrl: z.string().optional(),
});

const creativeAssignmentSchema = z.looseObject({
  creativeId: z.string(),
  active: z.boolean().optional(),
  clickThroughUrl: clickThroughUrlSchema.optional(),
});

const adSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  campaignId: z.string().optional(),
  type: z.string().optional(),
  clickThroughUrl: clickThroughUrlSchema.optional(),
  creativeRotation: z
    .looseObject({ creativeAssignments: z.array(creativeAssignmentSchema).optional() })
    .optional(),
});

/** A Campaign Manager ad as ads/get and ads/patch answer it (the fields Nomen reads; others kept as sent). */
export type Cm360Ad = z.infer<typeof adSchema>;
/** A click-through URL of an ad or creative assignment (v4 ClickThroughUrl). */
export type Cm360ClickThroughUrl = z.infer<typeof clickThroughUrlSchema>;

const userProfileListSchema = z.object({
  items: z
    .array(
      z.looseObject({
        profileId: z.union([z.string(), z.number()]).transform(String),
        userName: z.string().default(''),
        accountId: z.union([z.string(), z.number()]).transform(String).optional(),
        accountName: z.string().default(''),
      }),
    )
    .default([]),
});

/** A Campaign Manager user profile (v4 UserProfile): profileId, userName, accountId, accountName. */
export type Cm360UserProfile = z.output<typeof userProfileListSchema>['items'][number];

/** The reference's largest `maxResults` of every list method. */
const PAGE_SIZE = 1000;

/**
 * The query of each list call for `filters`: one query with the repeated parameters, or one per
 * value (and per pair of values) of a parameter the method takes as a single id.
 */
function listQueries(collection: Cm360Collection, filters: Cm360Filters): Query[] {
  const takes = TAKES[collection];
  const base: Query = {
    maxResults: PAGE_SIZE,
    ...(filters.searchString ? { searchString: filters.searchString } : {}),
  };
  let queries: Query[] = [base];
  const add = (
    how: 'ids' | 'one' | undefined,
    ids: readonly string[] | undefined,
    names: [string, string],
  ) => {
    if (!how || !ids?.length) return;
    const [many, one] = names;
    queries =
      how === 'ids'
        ? queries.map((q) => ({ ...q, [many]: ids }))
        : queries.flatMap((q) => ids.map((id) => ({ ...q, [one]: id })));
  };
  add(takes.advertiser, filters.advertiserIds, ['advertiserIds', 'advertiserId']);
  add(takes.campaign, filters.campaignIds, ['campaignIds', 'campaignId']);
  return queries;
}

/** The Campaign Manager 360 client. Every method throws ProviderError on failure. */
export class Cm360Client {
  private readonly http: ProviderHttp;
  private readonly reportPolling: ReportPolling;

  constructor(options: Cm360ClientOptions) {
    this.reportPolling = options.reportPolling ?? DEFAULT_REPORT_POLLING;
    this.http = new ProviderHttp({
      provider: 'cm360',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: readGoogleError,
    });
  }

  /**
   * `GET /userprofiles` (userProfiles.list, https://developers.google.com/doubleclick-advertisers/rest/v4/userProfiles/list):
   * the user profiles the signed-in Google user has, one per network (not paged). Each has its
   * profileId (int64 as text), userName, accountId and accountName.
   */
  listUserProfiles(): Promise<Cm360UserProfile[]> {
    return this.http.get('/userprofiles', userProfileListSchema).then((answer) => answer.items);
  }

  /**
   * Every object of `collection` in user profile `profileId`'s network, narrowed by `filters`,
   * following `nextPageToken` with pages of 1000. A filter the collection's list method does not
   * take is left out (the caller narrows further); where the method takes one id only (ads'
   * advertiserId, creatives' advertiserId and campaignId) each chosen id is listed in turn and the
   * objects are joined, each once.
   */
  async list(
    profileId: string,
    collection: Cm360Collection,
    filters: Cm360Filters = {},
  ): Promise<Cm360Object[]> {
    const schema = googleListSchema(collection, objectSchema);
    const byId = new Map<string, Cm360Object>();
    for (const query of listQueries(collection, filters)) {
      const items = await everyGooglePage((pageToken) =>
        this.http.get(`/userprofiles/${seg(profileId)}/${collection}`, schema, { ...query, pageToken }),
      );
      for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
    }
    return [...byId.values()];
  }

  /** `GET /userprofiles/{profileId}/ads/{id}`: one ad (404 when the profile cannot see it). */
  getAd(profileId: string, adId: string): Promise<Cm360Ad> {
    return this.http.get(`/userprofiles/${seg(profileId)}/ads/${seg(adId)}`, adSchema);
  }

  /**
   * `PATCH /userprofiles/{profileId}/ads?id={adId}` with the fields to change (patch semantics:
   * fields left out keep their values; a list such as creativeAssignments is replaced whole).
   * Answers the updated ad.
   */
  patchAd(profileId: string, adId: string, changes: Partial<Cm360Ad>): Promise<Cm360Ad> {
    return this.http.request({
      method: 'PATCH',
      path: `/userprofiles/${seg(profileId)}/ads`,
      query: { id: adId },
      body: changes,
      schema: adSchema,
    });
  }

  /**
   * The delivery of every object of `request.level` in user profile `profileId`'s network over the
   * request's dates, by object id (objects without delivery are absent). Inserts a STANDARD report
   * (CSV; the level's id dimension; impressions, clicks, mediaCost, totalConversions; an advertiser
   * dimension filter when advertisers are chosen), runs it, polls its File with backoff until
   * REPORT_AVAILABLE, downloads the CSV (files/get alt=media) and deletes the report. Throws
   * ReportError when the file fails or is not ready within the wait, ProviderError otherwise.
   */
  async deliveryReport(profileId: string, request: Cm360ReportRequest): Promise<Map<string, Cm360Delivery>> {
    const dimension = CM360_REPORT_DIMENSIONS[request.level];
    const profile = `/userprofiles/${seg(profileId)}`;
    const report = await this.http.request({
      method: 'POST',
      path: `${profile}/reports`,
      body: {
        name: `Nomen delivery metrics by ${dimension} ${request.startDate}..${request.endDate}`,
        type: 'STANDARD',
        format: 'CSV',
        criteria: {
          dateRange: { startDate: request.startDate, endDate: request.endDate },
          dimensions: [{ name: dimension }],
          metricNames: [...CM360_REPORT_METRICS],
          ...(request.advertiserIds?.length
            ? {
                dimensionFilters: request.advertiserIds.map((id) => ({ dimensionName: 'advertiser', id })),
              }
            : {}),
        },
      },
      schema: reportSchema,
    });
    try {
      const run = await this.http.request({
        method: 'POST',
        path: `${profile}/reports/${seg(report.id)}/run`,
        schema: fileSchema,
      });
      const filePath = `/reports/${seg(report.id)}/files/${seg(run.id)}`;
      await pollReport(
        'cm360',
        report.id,
        this.reportPolling,
        () =>
          run.status === 'REPORT_AVAILABLE' ? Promise.resolve(run) : this.http.get(filePath, fileSchema),
        (file) =>
          file.status === 'REPORT_AVAILABLE'
            ? { done: true }
            : file.status === 'FAILED' || file.status === 'CANCELLED'
              ? { done: false, failed: '', status: file.status }
              : { done: false, status: file.status },
        `report ${report.id} (file ${run.id})`,
      );
      const csv = await this.http.requestBinary({
        path: filePath,
        query: { alt: 'media' },
        headers: { accept: 'text/csv' },
      });
      const byId = new Map<string, Cm360Delivery>();
      for (const record of csvRecords(Buffer.from(csv.body).toString('utf8'), 'Report Fields')) {
        const id = record[CSV_COLUMNS[dimension]!] ?? '';
        // The "Grand Total:" row and notes have no id.
        if (!/^\d+$/.test(id)) continue;
        byId.set(id, {
          impressions: record[CSV_COLUMNS.impressions!] ?? '0',
          clicks: record[CSV_COLUMNS.clicks!] ?? '0',
          mediaCost: record[CSV_COLUMNS.mediaCost!] ?? '0',
          totalConversions: record[CSV_COLUMNS.totalConversions!] ?? '0',
        });
      }
      return byId;
    } finally {
      // The report was made for this read only: it is not left in the user's report list.
      await this.http
        .requestBinary({ method: 'DELETE', path: `${profile}/reports/${seg(report.id)}` })
        .catch(() => undefined);
    }
  }
}
