import {
  intParam,
  pageOf,
  pageToken,
  type StandinAnswer,
  type StandinRequest,
  type StandinRoute,
  StandinServer,
} from './standin-server';

/**
 * Google Analytics stand-in (tests/standins/README.md), one server for three Google surfaces:
 * - Admin API v1beta (https://developers.google.com/analytics/devguides/config/admin/v1/rest):
 *   `GET /v1beta/accountSummaries`, `GET /v1beta/accounts`, `GET /v1beta/properties?filter=parent:accounts/{id}`,
 *   paged with pageSize (default 50, at most 200) and an opaque pageToken / nextPageToken;
 * - Management API v3 custom data sources
 *   (https://developers.google.com/analytics/devguides/config/mgmt/v3/mgmtReference/management/customDataSources/list):
 *   `GET /analytics/v3/management/accounts/{a}/webproperties/{p}/customDataSources`, paged with
 *   1-based start-index and max-results;
 * - Management API v3 Data Import uploads
 *   (https://developers.google.com/analytics/devguides/config/mgmt/v3/mgmtReference/management/uploads/uploadData):
 *   `POST /upload/analytics/v3/management/accounts/{a}/webproperties/{p}/customDataSources/{ds}/uploads`
 *   with `uploadType=media` and an `application/octet-stream` CSV body; answers an
 *   `analytics#upload` resource (`id`, `status` PENDING). Chosen where the reference is silent: the
 *   CSV's header must equal the data source's schema, in order (Data Import refuses other files),
 *   else 400 with Google's envelope. `uploads` keeps every accepted upload for assertions;
 * - Management API v3 Data Import upload history, `uploads.list`
 *   (https://developers.google.com/analytics/devguides/config/mgmt/v3/mgmtReference/management/uploads/list):
 *   `GET /analytics/v3/management/accounts/{a}/webproperties/{p}/customDataSources/{ds}/uploads`,
 *   1-based `start-index` (default 1), `max-results` (default 1000; at most 1000 are answered),
 *   answering `analytics#uploads` with `totalResults`, `startIndex`, `itemsPerPage`, `nextLink` when
 *   more follow, and `items` (`analytics#upload`: `id`, `accountId`, `customDataSourceId`,
 *   `status`, `errors`, `uploadTime`); an unknown data source 404, a bad index or size 400. Chosen
 *   where the reference is silent: uploads are listed oldest first and each is COMPLETED once
 *   accepted;
 * - Admin API v1beta custom dimensions, `properties.customDimensions.list`
 *   (https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/properties.customDimensions/list):
 *   `GET /v1beta/properties/{property}/customDimensions`, paged with pageSize (default 50, higher
 *   than 200 coerced to 200) and pageToken / nextPageToken, answering `customDimensions` as
 *   `CustomDimension` resources (`name` properties/{p}/customDimensions/{id}, `parameterName`,
 *   `displayName`, `description`, `scope` EVENT / USER / ITEM, `disallowAdsPersonalization`;
 *   https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/properties.customDimensions#CustomDimension)
 *   in the seeded order; a property the user cannot see answers 403. Chosen where the reference
 *   is silent: archived dimensions (archived in the seed) are not listed, as Google's property
 *   settings no longer show them;
 * - OpenID Connect userinfo (`GET /v1/userinfo`) for "who am I".
 * A property the token's user cannot see answers 403 on the Management API calls. Errors use
 * Google's envelope `{ error: { code, message, status } }`.
 */

/** One accepted Data Import upload. */
export interface GaUploadRecord {
  id: string;
  accountId: string;
  propertyId: string;
  customDataSourceId: string;
  /** The CSV as sent. */
  csv: string;
  /** When the upload was accepted (ISO 8601), as uploads.list answers it. */
  uploadTime: string;
}

/** A custom data source (Data Import) of a property. */
export interface GaCustomDataSourceSeed {
  id: string;
  name: string;
  type?: string;
  uploadType?: string;
  importBehavior?: string;
  schema: string[];
}

/** A custom dimension of a property (Admin API `CustomDimension`). */
export interface GaCustomDimensionSeed {
  parameterName: string;
  displayName: string;
  scope: 'EVENT' | 'USER' | 'ITEM';
  description?: string;
  /** Archived in GA: no longer listed. */
  archived?: boolean;
}

/** A property of an account. */
export interface GaPropertySeed {
  id: string;
  displayName: string;
  customDataSources?: GaCustomDataSourceSeed[];
  customDimensions?: GaCustomDimensionSeed[];
}

/** An account the token's user can see. */
export interface GaAccountSeed {
  id: string;
  displayName: string;
  properties: GaPropertySeed[];
}

/** Seed data of the Google Analytics stand-in. */
export interface GoogleAnalyticsSeed {
  validTokens: string[];
  user: { sub: string; email: string; name: string };
  accounts: GaAccountSeed[];
}

/** The Google Analytics stand-in server. */
export class GoogleAnalyticsStandin extends StandinServer {
  private readonly seed: GoogleAnalyticsSeed;
  /** Every accepted Data Import upload, in order. */
  readonly uploads: GaUploadRecord[] = [];

  constructor(seed: GoogleAnalyticsSeed) {
    super(seed.validTokens);
    this.seed = seed;
  }

  /** Base URL of the Admin API (v1beta) on this stand-in. */
  get adminUrl(): string {
    return `${this.url}/v1beta`;
  }

  /** Base URL of the Management API v3 on this stand-in. */
  get managementUrl(): string {
    return `${this.url}/analytics/v3`;
  }

  /** Base URL of the Management API v3 media uploads on this stand-in. */
  get uploadUrl(): string {
    return `${this.url}/upload/analytics/v3`;
  }

  /** The userinfo endpoint on this stand-in. */
  get userInfoUrl(): string {
    return `${this.url}/v1/userinfo`;
  }

  protected isAuthorized(req: StandinRequest): boolean {
    const token = this.bearer(req);
    return token !== undefined && this.validCredentials.has(token);
  }

  protected unauthorized(): StandinAnswer {
    return googleError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
  }

  protected override notFound(req: StandinRequest): StandinAnswer {
    return googleError(404, 'NOT_FOUND', `The requested URL ${req.path} was not found on this server.`);
  }

  protected routes(): StandinRoute[] {
    return [
      { method: 'GET', path: '/v1/userinfo', handle: () => ({ status: 200, body: this.userInfo() }) },
      { method: 'GET', path: '/v1beta/accountSummaries', handle: (req) => this.accountSummaries(req) },
      { method: 'GET', path: '/v1beta/accounts', handle: (req) => this.accounts(req) },
      { method: 'GET', path: '/v1beta/properties', handle: (req) => this.properties(req) },
      {
        method: 'GET',
        path: '/v1beta/properties/:property/customDimensions',
        handle: (req, p) => this.customDimensions(req, p.property!),
      },
      {
        method: 'GET',
        path: '/analytics/v3/management/accounts/:account/webproperties/:property/customDataSources',
        handle: (req, p) => this.customDataSources(req, p.account!, p.property!),
      },
      {
        method: 'POST',
        path: '/upload/analytics/v3/management/accounts/:account/webproperties/:property/customDataSources/:source/uploads',
        handle: (req, p) => this.uploadData(req, p.account!, p.property!, p.source!),
      },
      {
        method: 'GET',
        path: '/analytics/v3/management/accounts/:account/webproperties/:property/customDataSources/:source/uploads',
        handle: (req, p) => this.listUploads(req, p.account!, p.property!, p.source!),
      },
    ];
  }

  /** The seeded property `propertyId` of account `accountId`, or undefined (the caller answers 403). */
  private propertyOf(accountId: string, propertyId: string): GaPropertySeed | undefined {
    return this.seed.accounts.find((a) => a.id === accountId)?.properties.find((p) => p.id === propertyId);
  }

  private userInfo() {
    return { ...this.seed.user, email_verified: true };
  }

  /** Applies pageSize / pageToken; answers the page or a 400. */
  private paged<T>(req: StandinRequest, items: readonly T[]): { page: T[]; next?: string } | StandinAnswer {
    const size = intParam(req.query, 'pageSize', 50);
    const offset = pageToken.decode(req.query.get('pageToken'));
    if (Number.isNaN(size) || offset === null) {
      return googleError(400, 'INVALID_ARGUMENT', 'Invalid pageSize or pageToken.');
    }
    const limit = Math.min(Math.max(size, 1), 200);
    const page = pageOf(items, offset, limit);
    return offset + limit < items.length ? { page, next: pageToken.encode(offset + limit) } : { page };
  }

  private accountSummaries(req: StandinRequest): StandinAnswer {
    const result = this.paged(req, this.seed.accounts);
    if ('status' in result) return result;
    return {
      status: 200,
      body: {
        accountSummaries: result.page.map((a) => ({
          name: `accountSummaries/${a.id}`,
          account: `accounts/${a.id}`,
          displayName: a.displayName,
          propertySummaries: a.properties.map((p) => ({
            property: `properties/${p.id}`,
            displayName: p.displayName,
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            parent: `accounts/${a.id}`,
          })),
        })),
        ...(result.next ? { nextPageToken: result.next } : {}),
      },
    };
  }

  private accounts(req: StandinRequest): StandinAnswer {
    const result = this.paged(req, this.seed.accounts);
    if ('status' in result) return result;
    return {
      status: 200,
      body: {
        accounts: result.page.map((a) => ({
          name: `accounts/${a.id}`,
          displayName: a.displayName,
          regionCode: 'US',
          createTime: '2020-01-01T00:00:00Z',
          updateTime: '2024-01-01T00:00:00Z',
        })),
        ...(result.next ? { nextPageToken: result.next } : {}),
      },
    };
  }

  private properties(req: StandinRequest): StandinAnswer {
    const filter = req.query.get('filter') ?? '';
    const match = /^parent:accounts\/([^/]+)$/.exec(filter);
    if (!match) {
      return googleError(400, 'INVALID_ARGUMENT', 'filter must be of the form parent:accounts/{account}.');
    }
    const account = this.seed.accounts.find((a) => a.id === match[1]);
    if (!account) return googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    const result = this.paged(req, account.properties);
    if ('status' in result) return result;
    return {
      status: 200,
      body: {
        properties: result.page.map((p) => ({
          name: `properties/${p.id}`,
          parent: `accounts/${account.id}`,
          displayName: p.displayName,
          propertyType: 'PROPERTY_TYPE_ORDINARY',
          timeZone: 'America/New_York',
          currencyCode: 'USD',
          serviceLevel: 'GOOGLE_ANALYTICS_STANDARD',
          account: `accounts/${account.id}`,
        })),
        ...(result.next ? { nextPageToken: result.next } : {}),
      },
    };
  }

  /** `properties.customDimensions.list`: the property's dimensions not archived, in seeded order. */
  private customDimensions(req: StandinRequest, propertyId: string): StandinAnswer {
    const property = this.seed.accounts.flatMap((a) => a.properties).find((p) => p.id === propertyId);
    if (!property) return googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    const listed = (property.customDimensions ?? [])
      .map((d, i) => ({ ...d, id: String(1000 + i) }))
      .filter((d) => !d.archived);
    const result = this.paged(req, listed);
    if ('status' in result) return result;
    return {
      status: 200,
      body: {
        customDimensions: result.page.map((d) => ({
          name: `properties/${propertyId}/customDimensions/${d.id}`,
          parameterName: d.parameterName,
          displayName: d.displayName,
          ...(d.description ? { description: d.description } : {}),
          scope: d.scope,
          disallowAdsPersonalization: false,
        })),
        ...(result.next ? { nextPageToken: result.next } : {}),
      },
    };
  }

  private customDataSources(req: StandinRequest, accountId: string, propertyId: string): StandinAnswer {
    const property = this.propertyOf(accountId, propertyId);
    if (!property) {
      return {
        status: 403,
        body: {
          error: {
            errors: [
              {
                domain: 'global',
                reason: 'insufficientPermissions',
                message: 'User does not have sufficient permissions for this web property.',
              },
            ],
            code: 403,
            message: 'User does not have sufficient permissions for this web property.',
          },
        },
      };
    }
    const start = intParam(req.query, 'start-index', 1);
    const max = intParam(req.query, 'max-results', 1000);
    if (Number.isNaN(start) || Number.isNaN(max) || start < 1) {
      return googleError(400, 'INVALID_ARGUMENT', 'Invalid value for start-index or max-results.');
    }
    const all = property.customDataSources ?? [];
    const items = pageOf(all, start - 1, max);
    const self = `${this.url}/analytics/v3/management/accounts/${accountId}/webproperties/${propertyId}/customDataSources`;
    return {
      status: 200,
      body: {
        kind: 'analytics#customDataSources',
        username: this.seed.user.email,
        totalResults: all.length,
        startIndex: start,
        itemsPerPage: max,
        ...(start - 1 + max < all.length
          ? { nextLink: `${self}?start-index=${start + max}&max-results=${max}` }
          : {}),
        items: items.map((d) => ({
          id: d.id,
          kind: 'analytics#customDataSource',
          accountId,
          webPropertyId: propertyId,
          name: d.name,
          description: '',
          type: d.type ?? 'campaign',
          uploadType: d.uploadType ?? 'analytics#uploads',
          importBehavior: d.importBehavior ?? 'SUMMATION',
          schema: d.schema,
          profilesLinked: [],
          created: '2020-01-01T00:00:00.000Z',
          updated: '2024-01-01T00:00:00.000Z',
        })),
      },
    };
  }

  private uploadData(
    req: StandinRequest,
    accountId: string,
    propertyId: string,
    sourceId: string,
  ): StandinAnswer {
    if (req.query.get('uploadType') !== 'media') {
      return googleError(400, 'INVALID_ARGUMENT', 'uploadType must be media for a simple upload.');
    }
    const found = this.sourceOf(accountId, propertyId, sourceId);
    if ('status' in found) return found;
    const { source } = found;
    if (!(req.headers['content-type'] ?? '').startsWith('application/octet-stream')) {
      return googleError(400, 'INVALID_ARGUMENT', 'Media type must be application/octet-stream.');
    }
    const csv = req.raw.toString('utf8');
    const header = csvHeader(csv);
    if (header.join(',') !== source.schema.join(',')) {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        `The header row (${header.join(',')}) does not match the data source schema (${source.schema.join(',')}).`,
      );
    }
    const id = `upload-${this.uploads.length + 1}`;
    const uploadTime = new Date().toISOString();
    this.uploads.push({ id, accountId, propertyId, customDataSourceId: sourceId, csv, uploadTime });
    return {
      status: 200,
      body: {
        id,
        kind: 'analytics#upload',
        accountId,
        customDataSourceId: sourceId,
        status: 'PENDING',
        errors: [],
        uploadTime,
      },
    };
  }

  /** A data source of a property, or the 403 (unknown property) / 404 (unknown source) answer. */
  private sourceOf(
    accountId: string,
    propertyId: string,
    sourceId: string,
  ): { source: GaCustomDataSourceSeed } | StandinAnswer {
    const property = this.propertyOf(accountId, propertyId);
    if (!property)
      return googleError(
        403,
        'PERMISSION_DENIED',
        'User does not have sufficient permissions for this web property.',
      );
    const source = property.customDataSources?.find((d) => d.id === sourceId);
    if (!source) return googleError(404, 'NOT_FOUND', `Custom data source ${sourceId} was not found.`);
    return { source };
  }

  private listUploads(
    req: StandinRequest,
    accountId: string,
    propertyId: string,
    sourceId: string,
  ): StandinAnswer {
    const found = this.sourceOf(accountId, propertyId, sourceId);
    if ('status' in found) return found;
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
        uploadTime: u.uploadTime,
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

/** The header cells of a CSV's first line (quotes removed). */
function csvHeader(csv: string): string[] {
  const first = csv.split(/\r?\n/, 1)[0] ?? '';
  return first.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

function googleError(code: number, status: string, message: string): StandinAnswer {
  return { status: code, body: { error: { code, message, status } } };
}
