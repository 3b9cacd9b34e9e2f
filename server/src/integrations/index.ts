import { z } from 'zod';
import { DEFAULT_REPORT_FIRST_POLL_MS, DEFAULT_REPORT_MAX_WAIT_MS, type ReportPolling } from './async-report';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './provider-http';

/**
 * Provider REST clients (ARCHITECTURE.md "Integrations"): one folder per provider with a typed
 * client, and `providerConfig`, which says where each provider lives. The connectors code builds a
 * client from a connected account with these base URLs and the account's decrypted credentials.
 */

export * from './adobe-analytics/client';
export * from './adobe-analytics/ims';
export * from './aem/client';
export * from './amazon-ads/client';
export * from './async-report';
export * from './bitly/client';
export * from './box/client';
export * from './cm360/client';
export * from './dv360/client';
export * from './google-ads/client';
export * from './google-analytics-admin/client';
export * from './google-analytics-data/client';
export * from './google-cloud-storage/client';
export * from './kochava/client';
export * from './marketing-cloud/client';
export * from './meta/client';
export * from './pinterest/client';
export * from './provider-error';
export {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  type ProviderClientOptions,
  type ProviderErrorDetail,
  ProviderHttp,
} from './provider-http';
export * from './qr-code-monkey/client';
export * from './snapchat/client';
export * from './snowflake/client';
export * from './tiktok/client';
export * from './workfront/client';

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

const envSchema = z.object({
  ADOBE_ANALYTICS_API_URL: httpUrl.default('https://analytics.adobe.io'),
  ADOBE_IMS_URL: httpUrl.default('https://ims-na1.adobelogin.com'),
  GOOGLE_ANALYTICS_ADMIN_API_URL: httpUrl.default('https://analyticsadmin.googleapis.com/v1beta'),
  GOOGLE_ANALYTICS_DATA_API_URL: httpUrl.default('https://analyticsdata.googleapis.com/v1beta'),
  GOOGLE_ANALYTICS_MANAGEMENT_API_URL: httpUrl.default('https://www.googleapis.com/analytics/v3'),
  GOOGLE_ANALYTICS_UPLOAD_API_URL: httpUrl.default('https://www.googleapis.com/upload/analytics/v3'),
  GOOGLE_USERINFO_URL: httpUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
  META_GRAPH_API_URL: httpUrl.default('https://graph.facebook.com/v23.0'),
  BITLY_API_URL: httpUrl.default('https://api-ssl.bitly.com/v4'),
  KOCHAVA_API_URL: httpUrl.default('https://links.api.kochava.com/v1'),
  WORKFRONT_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v15.0')
    .default('v15.0'),
  WORKFRONT_API_URL: httpUrl.optional(),
  AEM_API_URL: httpUrl.optional(),
  GCS_API_URL: httpUrl.default('https://storage.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  BOX_API_URL: httpUrl.default('https://api.box.com/2.0'),
  BOX_UPLOAD_API_URL: httpUrl.default('https://upload.box.com/api/2.0'),
  SNOWFLAKE_API_URL: httpUrl.optional(),
  QR_CODE_MONKEY_API_URL: httpUrl.default('https://api.qrcode-monkey.com'),
  CM360_API_URL: httpUrl.default('https://dfareporting.googleapis.com/dfareporting/v4'),
  DV360_API_URL: httpUrl.default('https://displayvideo.googleapis.com/v4'),
  BID_MANAGER_API_URL: httpUrl.default('https://doubleclickbidmanager.googleapis.com/v2'),
  SFMC_AUTH_URL: httpUrl.optional(),
  SFMC_REST_URL: httpUrl.optional(),
  TIKTOK_API_URL: httpUrl.default('https://business-api.tiktok.com/open_api/v1.3'),
  SNAPCHAT_API_URL: httpUrl.default('https://adsapi.snapchat.com/v1'),
  PINTEREST_API_URL: httpUrl.default('https://api.pinterest.com/v5'),
  AMAZON_ADS_API_URL: httpUrl.default('https://advertising-api.amazon.com'),
  GOOGLE_ADS_API_URL: httpUrl.default('https://googleads.googleapis.com/v21'),
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(DEFAULT_PROVIDER_TIMEOUT_MS),
  PROVIDER_REPORT_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600_000)
    .default(DEFAULT_REPORT_MAX_WAIT_MS),
  PROVIDER_REPORT_POLL_MS: z.coerce.number().int().min(1).max(60_000).default(DEFAULT_REPORT_FIRST_POLL_MS),
});

/** Where each provider's API lives; see README.md beside this file for the variables. */
export interface ProviderConfig {
  /** `imsUrl`: where Adobe IMS issues access tokens (ADOBE_IMS_URL). */
  adobeAnalytics: { baseUrl: string; imsUrl: string };
  /** `uploadBaseUrl`: the Management API v3 media upload root (Data Import uploads). */
  googleAnalyticsAdmin: {
    baseUrl: string;
    managementBaseUrl: string;
    uploadBaseUrl: string;
    userInfoUrl: string;
  };
  /** Google Analytics Data API root with its version (GOOGLE_ANALYTICS_DATA_API_URL). */
  googleAnalyticsData: { baseUrl: string };
  meta: { baseUrl: string };
  /**
   * Campaign Manager 360 API root with its version (CM360_API_URL): the one client `./cm360`
   * reads for the inbound pulls and writes for the outbound updates.
   */
  cm360: { baseUrl: string };
  /**
   * Display & Video 360 API root with its version (DV360_API_URL): the one client `./dv360`
   * reads for the inbound pulls and writes for the outbound updates; `bidManagerUrl` the Bid
   * Manager API v2 root (BID_MANAGER_API_URL) its delivery reports are asked of.
   */
  dv360: { baseUrl: string; bidManagerUrl: string };
  bitly: { baseUrl: string };
  kochava: { baseUrl: string };
  /**
   * Workfront lives on each customer's domain (the connected account's url): the API root is
   * `<domain>/attask/api/<WORKFRONT_API_VERSION>`, or WORKFRONT_API_URL for every account when set.
   */
  workfront: { apiVersion: string; baseUrlFor: (domainUrl: string) => string };
  /** AEM lives on each account's author host (url or proxy_url), or AEM_API_URL for every account when set. */
  aem: { baseUrlFor: (hostUrl: string) => string };
  /**
   * Google Cloud Storage JSON API root (uploads go to `<baseUrl>/upload/storage/v1`) and the
   * OAuth token endpoint a service account's signed JWT is exchanged at.
   */
  googleCloudStorage: { baseUrl: string; tokenUrl: string };
  /** Box API roots: `apiUrl` for folders and files, `uploadUrl` for file content. */
  box: { apiUrl: string; uploadUrl: string };
  /** Snowflake lives on each account's URL (`https://<account>.snowflakecomputing.com`), or SNOWFLAKE_API_URL for every account when set. */
  snowflake: { baseUrlFor: (accountUrl: string) => string };
  /** QRCode Monkey API root (`/qr/custom`). */
  qrCodeMonkey: { baseUrl: string };
  /**
   * Salesforce Marketing Cloud lives on each account's subdomain: tokens from
   * `https://<subdomain>.auth.marketingcloudapis.com` (or SFMC_AUTH_URL), REST calls on the token's
   * `rest_instance_url` (or SFMC_REST_URL).
   */
  marketingCloud: { authUrlFor: (subdomain: string) => string; restUrlFor: (instanceUrl: string) => string };
  /** TikTok Marketing API root, version included (`…/open_api/v1.3`: `/campaign/get/`…). */
  tiktok: { baseUrl: string };
  /** Snapchat Marketing API root (`…/v1`: `/adaccounts/{id}/campaigns`…). */
  snapchat: { baseUrl: string };
  /** Pinterest API root (`…/v5`: `/ad_accounts`…). */
  pinterest: { baseUrl: string };
  /** Amazon Ads API root of the region (`/sp/campaigns/list`…). */
  amazonAds: { baseUrl: string };
  /**
   * Google Ads API root, version included (`/customers/{id}/googleAds:searchStream`), and the
   * manager account's developer token every call carries (GOOGLE_ADS_DEVELOPER_TOKEN; unset: none).
   */
  googleAds: { baseUrl: string; developerToken: string | undefined };
  /** Per-attempt timeout of every provider call, in milliseconds. */
  timeoutMs: number;
  /**
   * How long the asynchronous report clients (CM360, Bid Manager, Amazon Ads) wait for one report
   * (PROVIDER_REPORT_MAX_WAIT_MS, default 10 minutes) and their first pause between polls
   * (PROVIDER_REPORT_POLL_MS, default 2 s; doubled after each poll).
   */
  reports: ReportPolling;
}

/**
 * Reads the provider base URLs from the environment, defaulting to the real endpoints. An empty
 * variable counts as unset. Throws an Error naming each bad variable (as loadConfig does).
 */
export function providerConfig(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Bad provider configuration: ${problems}`);
  }
  const e = parsed.data;
  const origin = (url: string) => url.replace(/\/+$/, '');
  return {
    adobeAnalytics: { baseUrl: e.ADOBE_ANALYTICS_API_URL, imsUrl: e.ADOBE_IMS_URL },
    googleAnalyticsAdmin: {
      baseUrl: e.GOOGLE_ANALYTICS_ADMIN_API_URL,
      managementBaseUrl: e.GOOGLE_ANALYTICS_MANAGEMENT_API_URL,
      uploadBaseUrl: e.GOOGLE_ANALYTICS_UPLOAD_API_URL,
      userInfoUrl: e.GOOGLE_USERINFO_URL,
    },
    googleAnalyticsData: { baseUrl: e.GOOGLE_ANALYTICS_DATA_API_URL },
    meta: { baseUrl: e.META_GRAPH_API_URL },
    cm360: { baseUrl: e.CM360_API_URL },
    dv360: { baseUrl: e.DV360_API_URL, bidManagerUrl: e.BID_MANAGER_API_URL },
    bitly: { baseUrl: e.BITLY_API_URL },
    kochava: { baseUrl: e.KOCHAVA_API_URL },
    workfront: {
      apiVersion: e.WORKFRONT_API_VERSION,
      baseUrlFor: (domainUrl) =>
        e.WORKFRONT_API_URL ?? `${origin(domainUrl)}/attask/api/${e.WORKFRONT_API_VERSION}`,
    },
    aem: { baseUrlFor: (hostUrl) => e.AEM_API_URL ?? origin(hostUrl) },
    googleCloudStorage: { baseUrl: e.GCS_API_URL, tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL },
    box: { apiUrl: e.BOX_API_URL, uploadUrl: e.BOX_UPLOAD_API_URL },
    snowflake: { baseUrlFor: (accountUrl) => e.SNOWFLAKE_API_URL ?? origin(accountUrl) },
    qrCodeMonkey: { baseUrl: e.QR_CODE_MONKEY_API_URL },
    marketingCloud: {
      authUrlFor: (subdomain) => e.SFMC_AUTH_URL ?? `https://${subdomain}.auth.marketingcloudapis.com`,
      restUrlFor: (instanceUrl) => e.SFMC_REST_URL ?? origin(instanceUrl),
    },
    tiktok: { baseUrl: e.TIKTOK_API_URL },
    snapchat: { baseUrl: e.SNAPCHAT_API_URL },
    pinterest: { baseUrl: e.PINTEREST_API_URL },
    amazonAds: { baseUrl: e.AMAZON_ADS_API_URL },
    googleAds: { baseUrl: e.GOOGLE_ADS_API_URL, developerToken: e.GOOGLE_ADS_DEVELOPER_TOKEN },
    timeoutMs: e.PROVIDER_TIMEOUT_MS,
    reports: { maxWaitMs: e.PROVIDER_REPORT_MAX_WAIT_MS, firstPollMs: e.PROVIDER_REPORT_POLL_MS },
  };
}
