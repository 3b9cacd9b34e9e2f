import { z } from 'zod';
import { everyGooglePage, readGoogleError } from '../google-api';
import { type ProviderClientOptions, ProviderHttp, type Query, seg } from '../provider-http';

/**
 * Google Analytics client (README.md beside this file): accounts and properties from the Admin API
 * v1, custom data sources from the Management API v3 (the only published listing of Data Import
 * sources), and "who am I" from OpenID Connect userinfo. Serves spec 03 §7
 * `GET /api/v1/account/connector/{id}/ga-account`, `.../ga-account/{acct}/property/list` and
 * `.../property/{prop}/custom-data-source/list`.
 */

/** Where the three Google surfaces live; `baseUrl` is the Admin API root (…/v1beta). */
export interface GoogleAnalyticsAdminClientOptions extends ProviderClientOptions {
  /** Management API v3 root (https://www.googleapis.com/analytics/v3). */
  managementBaseUrl: string;
  /** OpenID Connect userinfo endpoint (https://openidconnect.googleapis.com/v1/userinfo). */
  userInfoUrl: string;
  /** Management API v3 media upload root (https://www.googleapis.com/upload/analytics/v3); uploads need it. */
  uploadBaseUrl?: string;
}

const uploadSchema = z.object({
  id: z.string().min(1),
  kind: z.string().optional(),
  customDataSourceId: z.string().optional(),
  status: z.string().optional(),
  errors: z.array(z.string()).optional(),
  uploadTime: z.string().optional(),
});

/** A Data Import upload as Google answers it (Management API v3 `analytics#upload`). */
export type GaUpload = z.output<typeof uploadSchema>;

const uploadsSchema = z.object({
  totalResults: z.number().int().nonnegative(),
  startIndex: z.number().int().positive().optional(),
  itemsPerPage: z.number().int().positive().optional(),
  nextLink: z.string().optional(),
  items: z.array(uploadSchema).default([]),
});

const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  name: z.string().optional(),
});

/** The signed-in Google user. */
export type GoogleUserInfo = z.output<typeof userInfoSchema>;

const accountSummariesSchema = z.object({
  accountSummaries: z
    .array(
      z.object({
        account: z.string().regex(/^accounts\/[^/]+$/),
        displayName: z.string(),
        propertySummaries: z
          .array(z.object({ property: z.string().regex(/^properties\/[^/]+$/), displayName: z.string() }))
          .default([]),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

const propertiesSchema = z.object({
  properties: z
    .array(
      z.object({
        name: z.string().regex(/^properties\/[^/]+$/),
        displayName: z.string(),
        propertyType: z.string().optional(),
        timeZone: z.string().optional(),
        currencyCode: z.string().optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

const customDataSourcesSchema = z.object({
  totalResults: z.number().int().nonnegative(),
  startIndex: z.number().int().positive(),
  itemsPerPage: z.number().int().positive(),
  nextLink: z.string().optional(),
  items: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string(),
        type: z.string().optional(),
        uploadType: z.string().optional(),
        importBehavior: z.string().optional(),
        schema: z.array(z.string()).default([]),
      }),
    )
    .default([]),
});

const customDimensionsSchema = z.object({
  customDimensions: z
    .array(
      z.object({
        name: z.string().regex(/^properties\/[^/]+\/customDimensions\/[^/]+$/),
        parameterName: z.string().min(1),
        displayName: z.string().default(''),
        description: z.string().optional(),
        scope: z.string().default('DIMENSION_SCOPE_UNSPECIFIED'),
        disallowAdsPersonalization: z.boolean().optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

/**
 * A custom dimension of a GA4 property (Admin API v1beta `CustomDimension`,
 * https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/properties.customDimensions#CustomDimension):
 * `parameterName` is the event parameter (scope EVENT), the user property (USER) or the item
 * parameter (ITEM) it reports; the Data API names it `customEvent:<parameterName>` or
 * `customUser:<parameterName>`.
 */
export interface GaCustomDimension {
  /** `properties/{property}/customDimensions/{id}`. */
  name: string;
  parameterName: string;
  displayName: string;
  description?: string | undefined;
  /** EVENT, USER, ITEM (or DIMENSION_SCOPE_UNSPECIFIED). */
  scope: string;
}

/** A GA account as the ga-account route answers it (spec 03 §7). */
export interface GaAccount {
  ga_account_id: string;
  ga_account_name: string;
}

/** A GA property of an account. */
export interface GaProperty {
  ga_property_id: string;
  ga_property_name: string;
  property_type?: string | undefined;
  time_zone?: string | undefined;
  currency_code?: string | undefined;
}

/** A custom data source with the schema (column headers) a Data Import upload must follow. */
export interface GaCustomDataSource {
  ga_custom_data_source_id: string;
  ga_custom_data_source_name: string;
  ga_custom_data_source_schema: string[];
  type?: string | undefined;
  upload_type?: string | undefined;
  import_behavior?: string | undefined;
}

const PAGE_SIZE = 200;
const MANAGEMENT_PAGE_SIZE = 1000;
const MAX_PAGES = 1000;

/** The Google Analytics client. Every method throws ProviderError on failure. */
export class GoogleAnalyticsAdminClient {
  private readonly admin: ProviderHttp;
  private readonly management: ProviderHttp;
  private readonly userInfo: ProviderHttp;
  private readonly upload: ProviderHttp | null;

  constructor(options: GoogleAnalyticsAdminClientOptions) {
    const shared = {
      provider: 'google-analytics-admin' as const,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      onUnauthorized: options.onUnauthorized,
      authHeaders: async () => ({ authorization: `Bearer ${await options.getAccessToken()}` }),
      readError: readGoogleError,
    };
    this.admin = new ProviderHttp({ ...shared, baseUrl: options.baseUrl });
    this.management = new ProviderHttp({ ...shared, baseUrl: options.managementBaseUrl });
    this.userInfo = new ProviderHttp({ ...shared, baseUrl: options.userInfoUrl });
    this.upload = options.uploadBaseUrl
      ? new ProviderHttp({ ...shared, baseUrl: options.uploadBaseUrl })
      : null;
  }

  /** The Google user the token belongs to. */
  whoAmI(): Promise<GoogleUserInfo> {
    return this.userInfo.get('', userInfoSchema);
  }

  /** Every account the user can see (from accountSummaries, all pages). */
  async listAccounts(): Promise<GaAccount[]> {
    const summaries = await this.pages(async (query) => {
      const page = await this.admin.get('/accountSummaries', accountSummariesSchema, query);
      return { items: page.accountSummaries, next: page.nextPageToken };
    });
    return summaries.map((s) => ({
      ga_account_id: s.account.slice('accounts/'.length),
      ga_account_name: s.displayName,
    }));
  }

  /** Every property of account `accountId` (numeric id, without `accounts/`), all pages. */
  async listProperties(accountId: string): Promise<GaProperty[]> {
    const properties = await this.pages(async (query) => {
      const page = await this.admin.get('/properties', propertiesSchema, {
        ...query,
        filter: `parent:accounts/${accountId}`,
      });
      return { items: page.properties, next: page.nextPageToken };
    });
    return properties.map((p) => ({
      ga_property_id: p.name.slice('properties/'.length),
      ga_property_name: p.displayName,
      property_type: p.propertyType,
      time_zone: p.timeZone,
      currency_code: p.currencyCode,
    }));
  }

  /**
   * Every custom dimension of property `propertyId` (`123` or `properties/123`), in the Admin API's
   * order (`properties.customDimensions.list`, `GET /properties/{id}/customDimensions`, pageSize 200
   * and pageToken / nextPageToken, all pages). Archived dimensions are not listed by Google.
   * Reference:
   * https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/properties.customDimensions/list
   */
  async listCustomDimensions(propertyId: string): Promise<GaCustomDimension[]> {
    const id = propertyId.replace(/^properties\//, '');
    const dimensions = await this.pages(async (query) => {
      const page = await this.admin.get(
        `/properties/${seg(id)}/customDimensions`,
        customDimensionsSchema,
        query,
      );
      return { items: page.customDimensions, next: page.nextPageToken };
    });
    return dimensions.map((d) => ({
      name: d.name,
      parameterName: d.parameterName,
      displayName: d.displayName,
      description: d.description,
      scope: d.scope,
    }));
  }

  /** Every custom data source of a property, following start-index pages. */
  async listCustomDataSources(accountId: string, propertyId: string): Promise<GaCustomDataSource[]> {
    const path = `/management/accounts/${seg(accountId)}/webproperties/${seg(propertyId)}/customDataSources`;
    const sources: GaCustomDataSource[] = [];
    let start = 1;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await this.management.get(path, customDataSourcesSchema, {
        'start-index': start,
        'max-results': MANAGEMENT_PAGE_SIZE,
      });
      sources.push(
        ...page.items.map((d) => ({
          ga_custom_data_source_id: d.id,
          ga_custom_data_source_name: d.name,
          ga_custom_data_source_schema: d.schema,
          type: d.type,
          upload_type: d.uploadType,
          import_behavior: d.importBehavior,
        })),
      );
      start += page.items.length;
      if (!page.nextLink || page.items.length === 0 || start > page.totalResults) break;
    }
    return sources;
  }

  /** Follows pageToken / nextPageToken until the last page, asking pages of PAGE_SIZE. */
  private pages<T>(fetchPage: (query: Query) => Promise<{ items: T[]; next?: string | undefined }>) {
    return everyGooglePage(async (pageToken) => {
      const page = await fetchPage({ pageSize: PAGE_SIZE, pageToken });
      return { items: page.items, nextPageToken: page.next };
    });
  }

  /**
   * Every upload of custom data source `dataSourceId` (Management API v3 `uploads.list`,
   * `GET /management/accounts/{a}/webproperties/{p}/customDataSources/{ds}/uploads`), following
   * 1-based `start-index` pages of `max-results`.
   */
  async listUploads(accountId: string, propertyId: string, dataSourceId: string): Promise<GaUpload[]> {
    const path = `/management/accounts/${seg(accountId)}/webproperties/${seg(propertyId)}/customDataSources/${seg(dataSourceId)}/uploads`;
    const uploads: GaUpload[] = [];
    let start = 1;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await this.management.get(path, uploadsSchema, {
        'start-index': start,
        'max-results': MANAGEMENT_PAGE_SIZE,
      });
      uploads.push(...page.items);
      start += page.items.length;
      if (!page.nextLink || page.items.length === 0 || start > page.totalResults) break;
    }
    return uploads;
  }

  /**
   * Uploads `csv` (header = the data source's schema) to custom data source `dataSourceId`
   * (Management API v3 `uploads.uploadData`, a media upload); answers the upload resource.
   * Throws an Error when the client was made without `uploadBaseUrl`.
   */
  async uploadData(
    accountId: string,
    propertyId: string,
    dataSourceId: string,
    csv: string,
  ): Promise<GaUpload> {
    if (!this.upload) throw new Error('GoogleAnalyticsAdminClient needs uploadBaseUrl to upload data');
    return this.upload.request({
      method: 'POST',
      path: `/management/accounts/${seg(accountId)}/webproperties/${seg(propertyId)}/customDataSources/${seg(dataSourceId)}/uploads`,
      query: { uploadType: 'media' },
      rawBody: { contentType: 'application/octet-stream', data: Buffer.from(csv, 'utf8') },
      schema: uploadSchema,
    });
  }
}
