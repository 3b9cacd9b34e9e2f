import { z } from 'zod';
import {
  csvRecords,
  DEFAULT_REPORT_POLLING,
  downloadSignedUrl,
  pollReport,
  type ReportPolling,
} from '../async-report';
import { everyGooglePage, googleListSchema, readGoogleError } from '../google-api';
import { type ProviderClientOptions, ProviderHttp, seg } from '../provider-http';

/**
 * Display & Video 360 API v4 client (README.md beside this file), the one client of the API:
 * - lists a partner's advertisers and an advertiser's campaigns, insertion orders, line items,
 *   creatives, ad groups and ad group ads for google-dv360-inbound (issue 12 item 5, spec 03 §3
 *   "DV360 inbound");
 * - patches advertisers, campaigns, insertion orders, line items and creatives for
 *   google-dv360-outbound (issue 12 item 4, spec 03 §3 "DV360 outbound" data types);
 * - reads delivery metrics through the Bid Manager API v2 (`bidManagerUrl`, BID_MANAGER_API_URL,
 *   https://doubleclickbidmanager.googleapis.com/v2; scope doubleclickbidmanager) for
 *   google-dv360-inbound's pull_performance_metrics: queries.create, queries.run,
 *   queries.reports.get polled until DONE, the CSV at metadata.googleCloudStoragePath,
 *   queries.delete (https://developers.google.com/bid-manager/reference/rest/v2/queries).
 *
 * `baseUrl` is the API root with its version (DV360_API_URL, https://displayvideo.googleapis.com/v4);
 * the connected account's OAuth 2 access token goes as a bearer token (scope display-video).
 * Reference: https://developers.google.com/display-video/api/reference/rest/v4 (advertisers/list and
 * patch, advertisers.campaigns, .insertionOrders, .lineItems, .creatives, .adGroups, .adGroupAds).
 */
export interface Dv360ClientOptions extends ProviderClientOptions {
  /** The Bid Manager API v2 root (default https://doubleclickbidmanager.googleapis.com/v2). */
  bidManagerUrl?: string | undefined;
  /** How long a report is waited for (default 10 minutes, first pause 2 s). */
  reportPolling?: ReportPolling | undefined;
}

/**
 * The object levels a delivery report is grouped by: the Bid Manager v2 `groupBys` filter and the
 * report file's id column of each (https://developers.google.com/bid-manager/reference/rest/v2/filters-metrics).
 */
export const DV360_REPORT_GROUP_BYS = {
  advertisers: { filter: 'FILTER_ADVERTISER', column: 'Advertiser ID' },
  campaigns: { filter: 'FILTER_MEDIA_PLAN', column: 'Campaign ID' },
  insertion_orders: { filter: 'FILTER_INSERTION_ORDER', column: 'Insertion Order ID' },
  line_items: { filter: 'FILTER_LINE_ITEM', column: 'Line Item ID' },
  creatives: { filter: 'FILTER_CREATIVE_ID', column: 'Creative ID' },
} as const;
/** One level of a delivery report. */
export type Dv360ReportLevel = keyof typeof DV360_REPORT_GROUP_BYS;

/** The metrics a delivery report asks for, and their report file columns. */
export const DV360_REPORT_METRICS = {
  impressions: { metric: 'METRIC_IMPRESSIONS', column: 'Impressions' },
  clicks: { metric: 'METRIC_CLICKS', column: 'Clicks' },
  mediaCost: { metric: 'METRIC_MEDIA_COST_ADVERTISER', column: 'Media Cost (Advertiser Currency)' },
  totalConversions: { metric: 'METRIC_TOTAL_CONVERSIONS', column: 'Total Conversions' },
} as const;

/** One object's delivery as the report file has it (decimal text; media cost in the advertiser's currency). */
export type Dv360Delivery = Record<keyof typeof DV360_REPORT_METRICS, string>;

/**
 * What a delivery report covers: inclusive dates (YYYY-MM-DD) and the advertisers (FILTER_ADVERTISER
 * filters) or, with none, the partner (FILTER_PARTNER).
 */
export interface Dv360ReportRequest {
  level: Dv360ReportLevel;
  startDate: string;
  endDate: string;
  partnerId: string;
  advertiserIds: readonly string[];
}

const querySchema = z.looseObject({ queryId: z.union([z.string(), z.number()]).transform(String) });
const bidReportSchema = z.looseObject({
  key: z.looseObject({ reportId: z.union([z.string(), z.number()]).transform(String) }),
  metadata: z
    .looseObject({
      status: z.looseObject({ state: z.string().default('QUEUED') }).optional(),
      googleCloudStoragePath: z.string().optional(),
    })
    .default({}),
});

/** A YYYY-MM-DD date as the Bid Manager `Date` message ({ year, month, day }). */
function bidDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/** The advertiser's collections read, as the API's paths and answer keys name them. */
export type Dv360Collection =
  | 'campaigns'
  | 'insertionOrders'
  | 'lineItems'
  | 'creatives'
  | 'adGroups'
  | 'adGroupAds';

/**
 * The largest `pageSize` each list method takes (the reference: 1–200, but 1–100 for
 * insertionOrders.list and adGroupAds.list); the client asks for that many per page.
 */
const DV360_PAGE_SIZES: Record<Dv360Collection | 'advertisers', number> = {
  advertisers: 200,
  campaigns: 200,
  insertionOrders: 100,
  lineItems: 200,
  creatives: 200,
  adGroups: 200,
  adGroupAds: 100,
};

const objectSchema = z
  .object({
    displayName: z.string().default(''),
    updateTime: z.string().optional(),
    entityStatus: z.string().optional(),
  })
  .loose();

/** One DV360 object as a list answers it: displayName, updateTime (RFC 3339), entityStatus and its ids. */
export type Dv360Object = z.output<typeof objectSchema>;

const partnerListSchema = z.object({
  partners: z
    .array(
      z.looseObject({
        partnerId: z.union([z.string(), z.number()]).transform(String),
        displayName: z.string().default(''),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

/** A DV360 partner as partners.list answers it: partnerId, displayName and its other fields. */
export type Dv360Partner = z.output<typeof partnerListSchema>['partners'][number];

/** The DV360 objects Nomen updates, as the outbound's data_type names them (spec 03 §3). */
export type Dv360ObjectType = 'advertisers' | 'campaigns' | 'insertion_orders' | 'line_items' | 'creatives';

/** The collection of each updated object type under `advertisers/{advertiserId}`. */
const COLLECTIONS: Record<Exclude<Dv360ObjectType, 'advertisers'>, Dv360Collection> = {
  campaigns: 'campaigns',
  insertion_orders: 'insertionOrders',
  line_items: 'lineItems',
  creatives: 'creatives',
};

const patchedSchema = z.looseObject({ name: z.string(), displayName: z.string().optional() });

/** An updated DV360 object: its resource name (`advertisers/1/lineItems/7`) and display name. */
export type Dv360PatchedObject = z.infer<typeof patchedSchema>;

/** What identifies one object to update: its type, its id and (except for advertisers) its advertiser. */
export interface Dv360ObjectRef {
  type: Dv360ObjectType;
  id: string;
  advertiserId?: string;
}

/**
 * The API path of an object: `/advertisers/{id}` or `/advertisers/{a}/{collection}/{id}`.
 * Throws RangeError for an object other than an advertiser without its advertiserId.
 */
export function dv360Path(ref: Dv360ObjectRef): string {
  if (ref.type === 'advertisers') return `/advertisers/${seg(ref.id)}`;
  if (!ref.advertiserId) throw new RangeError(`${ref.type} are addressed under their advertiser`);
  return `/advertisers/${seg(ref.advertiserId)}/${COLLECTIONS[ref.type]}/${seg(ref.id)}`;
}

/** The Display & Video 360 client. Every method throws ProviderError on failure. */
export class Dv360Client {
  private readonly http: ProviderHttp;
  private readonly bidManager: ProviderHttp;
  private readonly reportPolling: ReportPolling;
  private readonly options: Dv360ClientOptions;

  constructor(options: Dv360ClientOptions) {
    this.options = options;
    this.reportPolling = options.reportPolling ?? DEFAULT_REPORT_POLLING;
    const http = (baseUrl: string) =>
      new ProviderHttp({
        provider: 'dv360',
        baseUrl,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        onUnauthorized: options.onUnauthorized,
        authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
        readError: readGoogleError,
      });
    this.http = http(options.baseUrl);
    this.bidManager = http(options.bidManagerUrl ?? 'https://doubleclickbidmanager.googleapis.com/v2');
  }

  /**
   * The delivery of every object of `request.level` over the request's dates, by object id
   * (objects without delivery are absent). Creates a one-time STANDARD query (CSV; the level's
   * group-by; impressions, clicks, media cost in the advertiser's currency, total conversions;
   * the advertisers' or else the partner's filter; custom dates), runs it, polls the report with
   * backoff until DONE, downloads the CSV from metadata.googleCloudStoragePath (a signed URL: no
   * credential sent) and deletes the query. Throws ReportError when the report fails or is not
   * done within the wait, ProviderError otherwise.
   */
  async deliveryReport(request: Dv360ReportRequest): Promise<Map<string, Dv360Delivery>> {
    const level = DV360_REPORT_GROUP_BYS[request.level];
    const filters = request.advertiserIds.length
      ? request.advertiserIds.map((id) => ({ type: 'FILTER_ADVERTISER', value: id }))
      : [{ type: 'FILTER_PARTNER', value: request.partnerId }];
    const query = await this.bidManager.request({
      method: 'POST',
      path: '/queries',
      body: {
        metadata: {
          title: `Nomen delivery metrics by ${level.filter} ${request.startDate}..${request.endDate}`,
          dataRange: {
            range: 'CUSTOM_DATES',
            customStartDate: bidDate(request.startDate),
            customEndDate: bidDate(request.endDate),
          },
          format: 'CSV',
        },
        params: {
          type: 'STANDARD',
          groupBys: [level.filter],
          filters,
          metrics: Object.values(DV360_REPORT_METRICS).map((m) => m.metric),
        },
        schedule: { frequency: 'ONE_TIME' },
      },
      schema: querySchema,
    });
    try {
      const run = await this.bidManager.request({
        method: 'POST',
        path: `/queries/${seg(query.queryId)}:run`,
        query: { synchronous: false },
        body: {},
        schema: bidReportSchema,
      });
      const reportId = run.key.reportId;
      const done = await pollReport(
        'dv360',
        reportId,
        this.reportPolling,
        () =>
          run.metadata.status?.state === 'DONE'
            ? Promise.resolve(run)
            : this.bidManager.get(`/queries/${seg(query.queryId)}/reports/${seg(reportId)}`, bidReportSchema),
        (report) => {
          const state = report.metadata.status?.state ?? 'QUEUED';
          if (state === 'DONE') return { done: true };
          return state === 'FAILED'
            ? { done: false, failed: '', status: state }
            : { done: false, status: state };
        },
        `report ${reportId} (query ${query.queryId})`,
      );
      const path = done.metadata.googleCloudStoragePath ?? '';
      const csv = await downloadSignedUrl('dv360', path, this.options);
      const byId = new Map<string, Dv360Delivery>();
      for (const record of csvRecords(csv.toString('utf8'))) {
        const id = record[level.column] ?? '';
        // The totals row has no id; the footer (report time, filters) has fewer cells.
        if (!/^\d+$/.test(id)) continue;
        byId.set(id, {
          impressions: record[DV360_REPORT_METRICS.impressions.column] ?? '0',
          clicks: record[DV360_REPORT_METRICS.clicks.column] ?? '0',
          mediaCost: record[DV360_REPORT_METRICS.mediaCost.column] ?? '0',
          totalConversions: record[DV360_REPORT_METRICS.totalConversions.column] ?? '0',
        });
      }
      return byId;
    } finally {
      // The query was made for this read only: it is not left in the partner's query list.
      await this.bidManager
        .requestBinary({ method: 'DELETE', path: `/queries/${seg(query.queryId)}` })
        .catch(() => undefined);
    }
  }

  /**
   * `GET /partners` (partners.list, https://developers.google.com/display-video/api/reference/rest/v4/partners/list):
   * every partner the signed-in Google user may see, following `nextPageToken` with pages of 200
   * (the reference's largest pageSize). Each has its partnerId (int64 as text) and displayName.
   */
  listPartners(): Promise<Dv360Partner[]> {
    return everyGooglePage(async (pageToken) => {
      const answer = await this.http.get('/partners', partnerListSchema, { pageSize: 200, pageToken });
      return { items: answer.partners, nextPageToken: answer.nextPageToken };
    });
  }

  /** Every advertiser of partner `partnerId` matching `filter` (a DV360 filter expression; '' for all). */
  listAdvertisers(partnerId: string, filter = ''): Promise<Dv360Object[]> {
    return this.pages('/advertisers', 'advertisers', { partnerId, filter });
  }

  /** Every object of an advertiser's `collection` matching `filter` (a DV360 filter expression; '' for all). */
  listUnder(advertiserId: string, collection: Dv360Collection, filter = ''): Promise<Dv360Object[]> {
    return this.pages(`/advertisers/${seg(advertiserId)}/${collection}`, collection, { filter });
  }

  /**
   * `PATCH <object path>?updateMask=<fields>` with the changed fields (camelCase names of the
   * resource, e.g. displayName, exitEvents); only the fields of the mask change. Answers the
   * updated object. Throws RangeError (before any call) as dv360Path does.
   */
  patch(ref: Dv360ObjectRef, changes: Record<string, unknown>): Promise<Dv360PatchedObject> {
    return this.http.request({
      method: 'PATCH',
      path: dv360Path(ref),
      query: { updateMask: Object.keys(changes).join(',') },
      body: changes,
      schema: patchedSchema,
    });
  }

  private pages(
    path: string,
    key: Dv360Collection | 'advertisers',
    query: { partnerId?: string; filter: string },
  ): Promise<Dv360Object[]> {
    const schema = googleListSchema(key, objectSchema);
    return everyGooglePage((pageToken) =>
      this.http.get(path, schema, {
        ...(query.partnerId ? { partnerId: query.partnerId } : {}),
        ...(query.filter ? { filter: query.filter } : {}),
        pageSize: DV360_PAGE_SIZES[key],
        pageToken,
      }),
    );
  }
}

/** A DV360 filter value in double quotes (backslash and quote escaped). */
export function dv360Quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
