/**
 * The OAuth 2.0 providers of connected accounts (issue 10 item 4; spec 01 §4): each provider's
 * authorisation, token and (where it has one) OpenID Connect userinfo endpoint, its client id and
 * secret, scopes, and whether it takes PKCE (S256). Defaults are the providers' real endpoints;
 * every value comes from configuration, `OAUTH_<SLUG>_<SETTING>` with the slug upper-cased and
 * dashes as underscores (e.g. `OAUTH_GA_CLIENT_ID`, `OAUTH_FACEBOOK_MARKETING_TOKEN_URL`). The
 * README lists them.
 */
export interface OAuthProviderConfig {
  slug: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** The OpenID Connect userinfo endpoint ("who am I" of a connection test), or null. */
  userinfoUrl: string | null;
  /** The issuer the provider names in its answers (RFC 9207 `iss`, ID tokens). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** Whether authorisation requests carry a PKCE S256 challenge. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'client_secret_basic' | 'client_secret_post';
  /** Extra query parameters of the authorisation request (e.g. Google's access_type=offline). */
  extraAuthParams: Record<string, string>;
}

/** The configured providers by connector type slug. */
export type OAuthProviderConfigs = Record<string, OAuthProviderConfig>;

type Defaults = Omit<OAuthProviderConfig, 'slug' | 'clientId' | 'clientSecret' | 'issuer'> & {
  issuer?: string;
};

const GOOGLE = {
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  issuer: 'https://accounts.google.com',
  pkce: true,
  clientAuth: 'client_secret_post',
  extraAuthParams: { access_type: 'offline', prompt: 'consent' },
} as const;

/**
 * Campaign Manager 360 (and its legacy type): reports and trafficking
 * (https://developers.google.com/doubleclick-advertisers/rest/v4 "Authorization scopes").
 */
const CM360_SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/dfareporting',
  'https://www.googleapis.com/auth/dfatrafficking',
];

const FACEBOOK = {
  authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
  tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
  userinfoUrl: null,
  pkce: false,
  clientAuth: 'client_secret_post',
  extraAuthParams: {},
} as const;

/**
 * The providers' published endpoints (spec 01 §4 lists the slugs): Google (ga, google-ads, and the
 * ad servers google-dcm, google-cm360, google-dv360, which need the signed-in email), Bitly,
 * Facebook and Facebook Marketing (Graph API), Salesforce, Box, Amazon Ads (Login with Amazon),
 * Pinterest, Snapchat and TikTok. Save-first types (google-ads, snapchat, tiktok) use the client id
 * and secret stored on the account when it has them. TikTok's sign-in is not standard OAuth 2.0:
 * its URL and code exchange are built by tiktok.ts from these endpoints.
 */
export const OAUTH_PROVIDER_DEFAULTS: Record<string, Defaults> = {
  ga: {
    ...GOOGLE,
    scopes: ['openid', 'email', 'https://www.googleapis.com/auth/analytics.edit'],
  },
  'google-ads': { ...GOOGLE, scopes: ['openid', 'email', 'https://www.googleapis.com/auth/adwords'] },
  // The Google ad servers sign in with Google (spec 01 §5: googleConnectedEmail from the ID token).
  'google-dcm': { ...GOOGLE, scopes: CM360_SCOPES },
  'google-cm360': { ...GOOGLE, scopes: CM360_SCOPES },
  'google-dv360': {
    ...GOOGLE,
    scopes: [
      'openid',
      'email',
      'https://www.googleapis.com/auth/display-video',
      'https://www.googleapis.com/auth/doubleclickbidmanager',
    ],
  },
  bitly: {
    authorizationUrl: 'https://bitly.com/oauth/authorize',
    tokenUrl: 'https://api-ssl.bitly.com/oauth/access_token',
    userinfoUrl: null,
    scopes: [],
    pkce: false,
    clientAuth: 'client_secret_post',
    extraAuthParams: {},
  },
  facebook: { ...FACEBOOK, scopes: ['ads_read', 'ads_management'] },
  'facebook-marketing': { ...FACEBOOK, scopes: ['ads_read', 'ads_management', 'business_management'] },
  salesforce: {
    authorizationUrl: 'https://login.salesforce.com/services/oauth2/authorize',
    tokenUrl: 'https://login.salesforce.com/services/oauth2/token',
    userinfoUrl: 'https://login.salesforce.com/services/oauth2/userinfo',
    issuer: 'https://login.salesforce.com',
    scopes: ['api', 'refresh_token', 'openid'],
    pkce: true,
    clientAuth: 'client_secret_post',
    extraAuthParams: {},
  },
  box: {
    authorizationUrl: 'https://account.box.com/api/oauth2/authorize',
    tokenUrl: 'https://api.box.com/oauth2/token',
    userinfoUrl: null,
    scopes: [],
    pkce: false,
    clientAuth: 'client_secret_post',
    extraAuthParams: {},
  },
  'amazon-ads': {
    authorizationUrl: 'https://www.amazon.com/ap/oa',
    tokenUrl: 'https://api.amazon.com/auth/o2/token',
    userinfoUrl: null,
    scopes: ['advertising::campaign_management'],
    pkce: true,
    clientAuth: 'client_secret_post',
    extraAuthParams: {},
  },
  pinterest: {
    authorizationUrl: 'https://www.pinterest.com/oauth/',
    tokenUrl: 'https://api.pinterest.com/v5/oauth/token',
    userinfoUrl: null,
    scopes: ['ads:read', 'ads:write'],
    pkce: false,
    clientAuth: 'client_secret_basic',
    extraAuthParams: {},
  },
  snapchat: {
    authorizationUrl: 'https://accounts.snapchat.com/login/oauth2/authorize',
    tokenUrl: 'https://accounts.snapchat.com/login/oauth2/access_token',
    userinfoUrl: null,
    scopes: ['snapchat-marketing-api'],
    pkce: false,
    clientAuth: 'client_secret_post',
    extraAuthParams: {},
  },
  tiktok: {
    authorizationUrl: 'https://business-api.tiktok.com/portal/auth',
    tokenUrl: 'https://business-api.tiktok.com/open_api/v1.3/oauth2/access_token/',
    userinfoUrl: null,
    scopes: [],
    pkce: false,
    clientAuth: 'client_secret_post',
    extraAuthParams: {},
  },
};

/** The environment prefix of a provider's settings: `OAUTH_FACEBOOK_MARKETING_`. */
export function oauthEnvPrefix(slug: string): string {
  return `OAUTH_${slug.toUpperCase().replace(/-/g, '_')}_`;
}

/**
 * Reads every provider's configuration from the environment over the defaults:
 * `_AUTHORIZATION_URL`, `_TOKEN_URL`, `_USERINFO_URL` (empty: none), `_ISSUER`, `_CLIENT_ID`,
 * `_CLIENT_SECRET`, `_SCOPES` (space-separated), `_PKCE` (true/false). The issuer defaults to the
 * origin of the authorisation URL.
 */
export function readOAuthProviders(env: NodeJS.ProcessEnv): OAuthProviderConfigs {
  const configs: OAuthProviderConfigs = {};
  for (const [slug, d] of Object.entries(OAUTH_PROVIDER_DEFAULTS)) {
    const p = oauthEnvPrefix(slug);
    const get = (name: string) => env[p + name]?.trim();
    const authorizationUrl = get('AUTHORIZATION_URL') || d.authorizationUrl;
    const userinfo = env[`${p}USERINFO_URL`];
    configs[slug] = {
      slug,
      authorizationUrl,
      tokenUrl: get('TOKEN_URL') || d.tokenUrl,
      userinfoUrl: userinfo === undefined ? d.userinfoUrl : userinfo.trim() || null,
      issuer:
        get('ISSUER') ||
        (get('AUTHORIZATION_URL')
          ? new URL(authorizationUrl).origin
          : (d.issuer ?? new URL(authorizationUrl).origin)),
      clientId: get('CLIENT_ID') ?? '',
      clientSecret: get('CLIENT_SECRET') ?? '',
      scopes: get('SCOPES') ? get('SCOPES')!.split(/\s+/) : d.scopes,
      pkce: get('PKCE') ? get('PKCE') === 'true' : d.pkce,
      clientAuth: d.clientAuth,
      extraAuthParams: d.extraAuthParams,
    };
  }
  return configs;
}
