import { type GoogleAnalyticsSeed, GoogleAnalyticsStandin } from './google-analytics-admin';
import {
  intParam,
  pageOf,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
} from './standin-server';

/**
 * The Google Analytics stand-in (./google-analytics-admin.ts) plus the Data Import upload history
 * (tests/standins/README.md): Management API v3 `uploads.list`,
 * `GET /analytics/v3/management/accounts/{a}/webproperties/{p}/customDataSources/{ds}/uploads`
 * (https://developers.google.com/analytics/devguides/config/mgmt/v3/mgmtReference/management/uploads/list):
 * 1-based `start-index` (default 1), `max-results` (default 1000; at most 1000 are answered),
 * answering `analytics#uploads` with `totalResults`, `startIndex`, `itemsPerPage`, `nextLink` when
 * more follow, and `items` (`analytics#upload`: `id`, `accountId`, `customDataSourceId`, `status`,
 * `errors`, `uploadTime`). A property the token's user cannot see answers 403, an unknown data
 * source 404, a bad index or size 400, in Google's envelope. Chosen where the reference is silent:
 * uploads are listed oldest first and each is COMPLETED once accepted.
 * Kept beside the base stand-in so the upload history lives in one small file.
 */
export class GoogleAnalyticsUploadsStandin extends GoogleAnalyticsStandin {
  private readonly gaSeed: GoogleAnalyticsSeed;
  /** When each accepted upload arrived, by upload id. */
  private readonly uploadTimes = new Map<string, string>();

  constructor(seed: GoogleAnalyticsSeed) {
    super(seed);
    this.gaSeed = seed;
  }

  protected override routes(): StandinRoute[] {
    const routes = super.routes().map((route) =>
      route.method === 'POST' && route.path.endsWith('/uploads')
        ? {
            ...route,
            // The base stand-in accepts the upload; its arrival time is kept for the listing.
            handle: (req: StandinRequest, params: Record<string, string>) => {
              const answer = route.handle(req, params);
              const id = (answer.body as { id?: unknown } | undefined)?.id;
              if (answer.status === 200 && typeof id === 'string')
                this.uploadTimes.set(id, new Date().toISOString());
              return answer;
            },
          }
        : route,
    );
    return [
      ...routes,
      {
        method: 'GET',
        path: '/analytics/v3/management/accounts/:account/webproperties/:property/customDataSources/:source/uploads',
        handle: (req, p) => this.listUploads(req, p.account!, p.property!, p.source!),
      },
    ];
  }

  private listUploads(
    req: StandinRequest,
    accountId: string,
    propertyId: string,
    sourceId: string,
  ): StandinAnswer {
    const property = this.gaSeed.accounts
      .find((a) => a.id === accountId)
      ?.properties.find((p) => p.id === propertyId);
    if (!property)
      return googleError(
        403,
        'PERMISSION_DENIED',
        'User does not have sufficient permissions for this web property.',
      );
    if (!property.customDataSources?.some((d) => d.id === sourceId))
      return googleError(404, 'NOT_FOUND', `Custom data source ${sourceId} was not found.`);
    const start = intParam(req.query, 'start-index', 1);
    const max = intParam(req.query, 'max-results', 1000);
    if (Number.isNaN(start) || Number.isNaN(max) || start < 1 || max < 1)
      return googleError(400, 'INVALID_ARGUMENT', 'start-index and max-results must be positive integers.');
    const all = this.uploads
      .filter(
        (u) => u.accountId === accountId && u.propertyId === propertyId && u.customDataSourceId === sourceId,
      )
      .map((u) => ({
        id: u.id,
        kind: 'analytics#upload',
        accountId,
        customDataSourceId: sourceId,
        status: 'COMPLETED',
        errors: [],
        uploadTime: this.uploadTimes.get(u.id),
      }));
    const size = Math.min(max, 1000);
    const items = pageOf(all, start - 1, size);
    const next = start - 1 + size < all.length;
    return {
      status: 200,
      body: {
        kind: 'analytics#uploads',
        totalResults: all.length,
        startIndex: start,
        itemsPerPage: size,
        ...(next
          ? {
              nextLink: `${this.managementUrl}${req.path.replace(/^\/analytics\/v3/, '')}?start-index=${start + size}&max-results=${size}`,
            }
          : {}),
        items,
      },
    };
  }
}

function googleError(code: number, status: string, message: string): StandinAnswer {
  return { status: code, body: { error: { code, message, status } } };
}
