import { createHash } from 'node:crypto';
import { AppError, connectorTypeById, hasPermission } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import {
  AdobeAnalyticsClient,
  AemClient,
  AmazonAdsClient,
  BitlyClient,
  Cm360Client,
  Dv360Client,
  GaDataClient,
  GoogleAdsClient,
  GoogleAnalyticsAdminClient,
  KochavaClient,
  MarketingCloudClient,
  MetaClient,
  PinterestClient,
  ProviderError,
  requestImsToken,
  SnapchatClient,
  TikTokClient,
  WorkfrontClient,
} from '../../integrations/index';
import { OAuthFlowError } from '../../integrations/oauth/oauth-client';
import { SecretError } from '../../security/secrets';
import { type ConnectorDeps, type ReadConnector, readConnector } from '../connectors/connectors.read';

/**
 * Provider clients built from a connected account (ARCHITECTURE.md "Integrations"): the account is
 * read through `readConnector` (the only way to its decrypted credentials), checked to be of the
 * expected type, and handed to the typed client of server/src/integrations with the base URL of
 * `config.providers`. Tokens stay inside the client's `getAccessToken`; nothing here answers them.
 */

/** Who may read provider look-ups: people who manage targets, templates or connected accounts. */
export function assertMayUseLookups(actor: Actor): void {
  const allowed = (['manage_targets', 'manage_templates', 'manage_connectors'] as const).some((p) =>
    hasPermission(actor.permissions, p),
  );
  if (!allowed) throw new AppError('FORBIDDEN', 'You do not have permission to read connected accounts');
}

/**
 * Runs a provider call and maps its failure to the one error class (spec 01 §8 "the server's
 * message"): credentials refused → 424, timeout → 504, the provider's 404 / 403 passed on, any
 * other fault → 502, each with the provider's words and never a secret. A refused token refresh
 * and unreadable stored credentials are credential failures too.
 */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(error);
  }
}

function providerFailure(error: unknown): unknown {
  if (error instanceof ProviderError) {
    const status = error.httpStatus;
    const code =
      status === 424
        ? 'PROVIDER_CREDENTIALS'
        : status === 504
          ? 'PROVIDER_TIMEOUT'
          : status === 404
            ? 'NOT_FOUND'
            : status === 403
              ? 'FORBIDDEN'
              : 'PROVIDER_ERROR';
    return new AppError(code, error.message);
  }
  if (error instanceof OAuthFlowError) {
    return new AppError(
      'PROVIDER_CREDENTIALS',
      `The connected account must be authorised again: ${error.message}`,
    );
  }
  if (error instanceof SecretError) {
    return new AppError(
      'PROVIDER_CREDENTIALS',
      "The connected account's stored credentials cannot be read; enter them again.",
    );
  }
  return error;
}

/**
 * Reads a connected account of one of `slugs`; 404 for another account's id, 400 naming `field`
 * (where the request carried the id) for another type.
 */
async function connectorOf(
  deps: AppDeps,
  accountId: number,
  connectorId: number,
  slugs: readonly string[],
  what: string,
  field = 'params.id',
): Promise<ReadConnector> {
  const connector = await callProvider(() => readConnector(deps, accountId, connectorId));
  if (!slugs.includes(connector.slug)) {
    const type = connectorTypeById(connector.connectorTypeId)?.name ?? connector.slug;
    const article = /^[AEIOU]/.test(what) ? 'an' : 'a';
    throw AppError.badField(field, `"${connector.name}" is not ${article} ${what} account (it is ${type})`);
  }
  return connector;
}

/** The access token of an OAuth account, refreshed once on the provider's refusal. */
function oauthTokens(deps: ConnectorDeps, connector: ReadConnector) {
  if (!connector.tokens) {
    throw new AppError(
      'PROVIDER_CREDENTIALS',
      `"${connector.name}" is not authorised yet: sign in with the provider from Connected accounts first.`,
    );
  }
  let current = connector.tokens.access_token;
  return {
    getAccessToken: async () => current,
    onUnauthorized: async () => {
      const fresh = await readConnector(deps, connector.accountId, connector.id, { forceRefresh: true });
      current = fresh.tokens?.access_token ?? current;
    },
  };
}

/** IMS tokens by connected account and credential, reused until a minute before they expire. */
const imsTokens = new Map<string, { accessToken: string; expiresAt: number }>();

/**
 * An Adobe Analytics client for an Adobe account and its global company id. The account's
 * Developer Console credential signs in to Adobe IMS by the client credentials grant: with
 * "OAuth" its client_id, client_secret and scopes; with "Credentials" its username is the client
 * id (API key) and its secret the client secret (the Analytics 2.0 API takes no other sign-in).
 * Throws 400 when the account is not Adobe Analytics or has no company.
 */
export async function adobeClientFor(deps: AppDeps, accountId: number, connectorId: number) {
  const connector = await connectorOf(deps, accountId, connectorId, ['adobe-analytics'], 'Adobe Analytics');
  return providerClientOf('adobe-analytics', deps, connector);
}

/** The Adobe Analytics client of an Adobe account already read (see adobeClientFor). */
function adobeClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  if (c.family !== 'adobe') throw AppError.badField('params.id', 'Not an Adobe Analytics account');
  const isOAuth = c.auth_type === 'oauth';
  const clientId = (isOAuth ? c.client_id : c.username) ?? '';
  const clientSecret = (isOAuth ? c.client_secret : c.secret) ?? '';
  const company = (c.company ?? '').trim();
  if (!company || !clientId || !clientSecret) {
    throw new AppError(
      'BAD_REQUEST',
      `"${connector.name}" lacks its global company ID or client credentials: complete it in Connected accounts.`,
    );
  }
  const { providers } = deps.config;
  // The credential's hash keys the cache, so an edited secret or scope asks IMS again.
  const credentialHash = createHash('sha256')
    .update(`${clientId}\u0000${clientSecret}\u0000${c.scopes ?? ''}`)
    .digest('base64url');
  const cacheKey = `${connector.accountId}:${connector.id}:${credentialHash}`;
  const token = async (): Promise<string> => {
    const cached = imsTokens.get(cacheKey);
    if (cached && cached.expiresAt - 60_000 > Date.now()) return cached.accessToken;
    const fresh = await requestImsToken({
      imsUrl: providers.adobeAnalytics.imsUrl,
      clientId,
      clientSecret,
      scopes: isOAuth ? c.scopes : undefined,
      timeoutMs: providers.timeoutMs,
      fetch: deps.config.outbound.fetch,
    });
    imsTokens.set(cacheKey, fresh);
    return fresh.accessToken;
  };
  const client = new AdobeAnalyticsClient({
    fetch: deps.config.outbound.fetch,
    baseUrl: providers.adobeAnalytics.baseUrl,
    clientId,
    timeoutMs: providers.timeoutMs,
    getAccessToken: token,
    onUnauthorized: async () => {
      imsTokens.delete(cacheKey);
    },
  });
  return { client, company, connector };
}

/**
 * A Google Analytics client for a `ga` account that has been authorised (OAuth); 404 for another
 * account's connector, 400 naming `field` (where the id came from) for one of another type.
 */
export async function googleAnalyticsClientFor(
  deps: AppDeps,
  accountId: number,
  connectorId: number,
  field = 'params.id',
) {
  const connector = await connectorOf(deps, accountId, connectorId, ['ga'], 'Google Analytics', field);
  return providerClientOf('ga-admin', deps, connector);
}

/** A Meta (Graph API) client for a facebook or facebook-marketing account. */
export async function metaClientFor(deps: AppDeps, accountId: number, connectorId: number) {
  const connector = await connectorOf(
    deps,
    accountId,
    connectorId,
    ['facebook', 'facebook-marketing'],
    'Facebook',
  );
  return providerClientOf('meta', deps, connector);
}

/** A Bitly client for a bitly account. */
export async function bitlyClientFor(deps: AppDeps, accountId: number, connectorId: number) {
  const connector = await connectorOf(deps, accountId, connectorId, ['bitly'], 'Bitly');
  return providerClientOf('bitly', deps, connector);
}

/** A Kochava client for a kochava account (its API key). */
export async function kochavaClientFor(deps: AppDeps, accountId: number, connectorId: number) {
  const connector = await connectorOf(deps, accountId, connectorId, ['kochava'], 'Kochava');
  return providerClientOf('kochava', deps, connector);
}

/** The Kochava client of a kochava account already read; 400 without an API key. */
function kochavaClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  const apiKey = c.family === 'simple-key' ? (c.api_key ?? '') : '';
  if (!apiKey)
    throw new AppError('BAD_REQUEST', `"${connector.name}" has no API key: add it in Connected accounts.`);
  return new KochavaClient({
    fetch: deps.config.outbound.fetch,
    baseUrl: deps.config.providers.kochava.baseUrl,
    timeoutMs: deps.config.providers.timeoutMs,
    getAccessToken: async () => apiKey,
  });
}

/** An origin as typed by people: `acme.my.workfront.com` is read as `https://acme.my.workfront.com`. */
function originOf(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A Workfront client for a workfront account (spec 03 §7 workfront command); `field` names the id. */
export async function workfrontClientFor(
  deps: AppDeps,
  accountId: number,
  connectorId: number,
  field = 'params.id',
) {
  const connector = await connectorOf(deps, accountId, connectorId, ['workfront'], 'Workfront', field);
  return providerClientOf('workfront', deps, connector);
}

/**
 * The Workfront client of a workfront account already read: its API root is the account's
 * api_domain (or WORKFRONT_API_URL); an OAuth token goes as `sessionID`, else its API key as
 * `apiKey`. 400 when the domain or the key is missing.
 */
function workfrontClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  const domain = c.family === 'simple-key' ? (c.api_domain ?? '').trim() : '';
  const apiKey = c.family === 'simple-key' ? (c.api_key ?? '') : '';
  const { providers } = deps.config;
  if (!domain && !connector.tokens)
    throw new AppError('BAD_REQUEST', `"${connector.name}" has no API domain: add it in Connected accounts.`);
  const baseUrl = providers.workfront.baseUrlFor(originOf(domain));
  if (connector.tokens)
    return new WorkfrontClient({
      fetch: deps.config.outbound.fetch,
      baseUrl,
      timeoutMs: providers.timeoutMs,
      ...oauthTokens(deps, connector),
    });
  if (!apiKey)
    throw new AppError('BAD_REQUEST', `"${connector.name}" has no API key: add it in Connected accounts.`);
  return new WorkfrontClient({
    fetch: deps.config.outbound.fetch,
    baseUrl,
    timeoutMs: providers.timeoutMs,
    credential: 'apiKey',
    getAccessToken: async () => apiKey,
  });
}

/** An AEM Assets client for an aem account (spec 03 §7 aem folders); `field` names the id. */
export async function aemClientFor(
  deps: AppDeps,
  accountId: number,
  connectorId: number,
  field = 'params.id',
) {
  const connector = await connectorOf(
    deps,
    accountId,
    connectorId,
    ['aem'],
    'Adobe Experience Manager',
    field,
  );
  return providerClientOf('aem', deps, connector);
}

/**
 * The AEM client of an aem account already read: its author host (proxy_url, else url, or
 * AEM_API_URL). Self-hosted AEM (host_type self) signs in with the username and password; AEM as
 * a Cloud Service with a bearer token from the account's IMS (ims_url) by the OAuth
 * Server-to-Server client credentials grant (client_id, client_secret, meta_scopes), asked
 * again when AEM refuses it. 400 when the host or credentials are missing.
 */
function aemClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  if (c.family !== 'content-manager') throw AppError.badField('params.id', 'Not an AEM account');
  const host = (c.proxy_url || c.url || '').trim();
  const { providers } = deps.config;
  const incomplete = () =>
    new AppError(
      'BAD_REQUEST',
      `"${connector.name}" lacks its host or credentials: complete it in Connected accounts.`,
    );
  if (!host) throw incomplete();
  const baseUrl = providers.aem.baseUrlFor(originOf(host));
  if (c.host_type === 'self') {
    if (!c.username || !c.password) throw incomplete();
    const password = c.password;
    return new AemClient({
      fetch: deps.config.outbound.fetch,
      baseUrl,
      timeoutMs: providers.timeoutMs,
      auth: { type: 'basic', username: c.username, getPassword: async () => password },
    });
  }
  const clientId = c.client_id ?? '';
  const clientSecret = c.client_secret ?? '';
  const imsUrl = (c.ims_url ?? '').trim();
  if (!clientId || !clientSecret || !imsUrl) throw incomplete();
  let token: { accessToken: string; expiresAt: number } | null = null;
  return new AemClient({
    fetch: deps.config.outbound.fetch,
    baseUrl,
    timeoutMs: providers.timeoutMs,
    onUnauthorized: async () => {
      token = null;
    },
    auth: {
      type: 'bearer',
      getAccessToken: async () => {
        if (!token || token.expiresAt - 60_000 <= Date.now())
          token = await requestImsToken({
            imsUrl: originOf(imsUrl),
            clientId,
            clientSecret,
            scopes: c.meta_scopes,
            timeoutMs: providers.timeoutMs,
            fetch: deps.config.outbound.fetch,
          });
        return token.accessToken;
      },
    },
  });
}

/**
 * The Amazon Ads client of an authorised amazon-ads account: the Login with Amazon app's client id
 * (OAUTH_AMAZON_ADS_CLIENT_ID) goes in every call. 400 when it is not configured.
 */
function amazonAdsClient(deps: ConnectorDeps, connector: ReadConnector) {
  const clientId = deps.config.oauthProviders['amazon-ads']?.clientId ?? '';
  if (!clientId)
    throw new AppError(
      'BAD_REQUEST',
      'Amazon Ads is not set up on this server: OAUTH_AMAZON_ADS_CLIENT_ID is missing.',
    );
  return new AmazonAdsClient({
    fetch: deps.config.outbound.fetch,
    baseUrl: deps.config.providers.amazonAds.baseUrl,
    timeoutMs: deps.config.providers.timeoutMs,
    reportPolling: deps.config.providers.reports,
    clientId,
    ...oauthTokens(deps, connector),
  });
}

/**
 * The Google Ads client of an authorised google-ads account and its customer id (credentials
 * customer_id), with the server's developer token (GOOGLE_ADS_DEVELOPER_TOKEN). 400 when either
 * is missing.
 */
function googleAdsClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  const customerId = c.family === 'ad-platform' ? (c.customer_id ?? '').trim() : '';
  if (!customerId)
    throw new AppError(
      'BAD_REQUEST',
      `"${connector.name}" has no customer ID: add it in Connected accounts.`,
    );
  const { developerToken, baseUrl } = deps.config.providers.googleAds;
  if (!developerToken)
    throw new AppError(
      'BAD_REQUEST',
      'Google Ads is not set up on this server: GOOGLE_ADS_DEVELOPER_TOKEN is missing.',
    );
  const client = new GoogleAdsClient({
    fetch: deps.config.outbound.fetch,
    baseUrl,
    developerToken,
    timeoutMs: deps.config.providers.timeoutMs,
    ...oauthTokens(deps, connector),
  });
  return { client, customerId };
}

/**
 * The Marketing Cloud client of a salesforce-marketing-cloud account: its subdomain's auth host
 * (or SFMC_AUTH_URL), the REST host its token names (or SFMC_REST_URL), client id and secret, and
 * account id (MID). 400 when the subdomain or credentials are missing.
 */
function marketingCloudClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  if (c.family !== 'marketing-cloud') throw AppError.badField('params.id', 'Not a Marketing Cloud account');
  const subdomain = (c.subdomain ?? '').trim();
  if (!subdomain || !c.client_id || !c.client_secret)
    throw new AppError(
      'BAD_REQUEST',
      `"${connector.name}" lacks its subdomain or client credentials: complete it in Connected accounts.`,
    );
  const { marketingCloud } = deps.config.providers;
  const secret = c.client_secret;
  return new MarketingCloudClient({
    fetch: deps.config.outbound.fetch,
    authUrl: marketingCloud.authUrlFor(subdomain),
    restUrlFor: marketingCloud.restUrlFor,
    clientId: c.client_id,
    getClientSecret: async () => secret,
    accountId: c.account_id,
    timeoutMs: deps.config.providers.timeoutMs,
  });
}

/** The settings every provider client takes: the outbound fetch and the providers' timeout. */
function base(deps: ConnectorDeps) {
  return { fetch: deps.config.outbound.fetch, timeoutMs: deps.config.providers.timeoutMs };
}

/** A builder of one provider's client from a connected account already read. */
type ClientBuilder = (deps: ConnectorDeps, connector: ReadConnector) => unknown;

/**
 * The client builder of each provider (ARCHITECTURE.md "Integrations"), keyed by provider; each
 * takes a connected account already read (through `readConnector`) and returns that provider's
 * typed client of server/src/integrations with the base URL of `config.providers`:
 * - `adobe-analytics`: the Analytics client, its global company id and the account (IMS sign-in);
 * - `ga-admin` / `ga-data`: the Google Analytics Admin and Data API clients of a `ga` account;
 * - `meta`: the Graph API client of a facebook or facebook-marketing account;
 * - `cm360`: a google-dcm or google-cm360 account's; `dv360`: a google-dv360 account's, with the
 *   Bid Manager root its delivery reports are asked of;
 * - `google-ads`: the client and the account's customer id (GOOGLE_ADS_DEVELOPER_TOKEN);
 * - `amazon-ads`: with the Login with Amazon app's client id (OAUTH_AMAZON_ADS_CLIENT_ID);
 * - `workfront`, `aem`, `kochava`, `marketing-cloud`: from the account's host and credentials;
 * - `bitly`, `tiktok`, `snapchat`, `pinterest`: from the account's OAuth token.
 * Builders throw 400 when the account or the server lacks what the client needs.
 */
const PROVIDER_CLIENTS = {
  'adobe-analytics': adobeClient,
  'ga-admin': (deps, connector) => {
    const ga = deps.config.providers.googleAnalyticsAdmin;
    return new GoogleAnalyticsAdminClient({
      ...base(deps),
      baseUrl: ga.baseUrl,
      managementBaseUrl: ga.managementBaseUrl,
      userInfoUrl: ga.userInfoUrl,
      ...oauthTokens(deps, connector),
    });
  },
  'ga-data': (deps, connector) =>
    new GaDataClient({
      ...base(deps),
      baseUrl: deps.config.providers.googleAnalyticsData.baseUrl,
      ...oauthTokens(deps, connector),
    }),
  meta: (deps, connector) =>
    new MetaClient({
      ...base(deps),
      baseUrl: deps.config.providers.meta.baseUrl,
      ...oauthTokens(deps, connector),
    }),
  bitly: (deps, connector) =>
    new BitlyClient({
      ...base(deps),
      baseUrl: deps.config.providers.bitly.baseUrl,
      ...oauthTokens(deps, connector),
    }),
  kochava: kochavaClient,
  workfront: workfrontClient,
  aem: aemClient,
  cm360: (deps, connector) =>
    new Cm360Client({
      ...base(deps),
      baseUrl: deps.config.providers.cm360.baseUrl,
      reportPolling: deps.config.providers.reports,
      ...oauthTokens(deps, connector),
    }),
  dv360: (deps, connector) =>
    new Dv360Client({
      ...base(deps),
      baseUrl: deps.config.providers.dv360.baseUrl,
      bidManagerUrl: deps.config.providers.dv360.bidManagerUrl,
      reportPolling: deps.config.providers.reports,
      ...oauthTokens(deps, connector),
    }),
  tiktok: (deps, connector) =>
    new TikTokClient({
      ...base(deps),
      baseUrl: deps.config.providers.tiktok.baseUrl,
      ...oauthTokens(deps, connector),
    }),
  snapchat: (deps, connector) =>
    new SnapchatClient({
      ...base(deps),
      baseUrl: deps.config.providers.snapchat.baseUrl,
      ...oauthTokens(deps, connector),
    }),
  pinterest: (deps, connector) =>
    new PinterestClient({
      ...base(deps),
      baseUrl: deps.config.providers.pinterest.baseUrl,
      ...oauthTokens(deps, connector),
    }),
  'amazon-ads': amazonAdsClient,
  'google-ads': googleAdsClient,
  'marketing-cloud': marketingCloudClient,
} satisfies Record<string, ClientBuilder>;

/** A provider whose client {@link providerClientOf} builds. */
export type ProviderClientKind = keyof typeof PROVIDER_CLIENTS;

/** What {@link providerClientOf} returns for provider `K` (its client, or client and settings). */
export type ProviderClientOf<K extends ProviderClientKind> = ReturnType<(typeof PROVIDER_CLIENTS)[K]>;

/**
 * The client of `provider` for a connected account already read (see {@link PROVIDER_CLIENTS} for
 * what each returns); the account's type is the caller's to check (the `…ClientFor` look-ups do).
 */
export function providerClientOf<K extends ProviderClientKind>(
  provider: K,
  deps: ConnectorDeps,
  connector: ReadConnector,
): ProviderClientOf<K> {
  return PROVIDER_CLIENTS[provider](deps, connector) as ProviderClientOf<K>;
}
