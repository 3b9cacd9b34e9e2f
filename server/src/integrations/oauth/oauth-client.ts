import * as oauth from 'oauth4webapi';
import { outboundRefusalIn, STRICT_OUTBOUND } from '../../security/outbound';
import type { OAuthProviderConfig } from './providers';

/**
 * The OAuth 2.0 client side of connected accounts (issue 10 item 4), on `oauth4webapi` (a certified
 * OAuth 2.0 / OpenID Connect client library): the authorisation URL with state and PKCE S256, the
 * code exchange, the refresh, and the OpenID Connect userinfo call. Endpoints come from the
 * provider's configuration (providers.ts); plain http is accepted only for loopback hosts (a
 * provider running on this machine).
 */

/** The client credentials used with a provider: the configured ones, or an account's own. */
export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** A token set as stored (encrypted) on the account; `expires_at` in ms since the epoch. */
export interface TokenSet {
  access_token: string;
  refresh_token: string | null;
  token_type: string;
  scope: string | null;
  expires_at: number | null;
}

/** A refused exchange or refresh, with the provider's error code when it gave one. */
export class OAuthFlowError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'OAuthFlowError';
  }
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

function serverOf(provider: OAuthProviderConfig): oauth.AuthorizationServer {
  return {
    issuer: provider.issuer,
    authorization_endpoint: provider.authorizationUrl,
    token_endpoint: provider.tokenUrl,
    ...(provider.userinfoUrl ? { userinfo_endpoint: provider.userinfoUrl } : {}),
  };
}

/**
 * How an OAuth call reaches the provider: the `fetch` of the server's outbound rule (security/
 * outbound.ts; the strict rule by default) and, for a provider on this machine, plain http.
 */
export interface OAuthTransport {
  fetch?: typeof fetch | undefined;
}

function options(url: string, transport: OAuthTransport) {
  return {
    [oauth.customFetch]: transport.fetch ?? STRICT_OUTBOUND.fetch,
    ...(isLoopback(url) ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

function clientAuth(provider: OAuthProviderConfig, credentials: OAuthClientCredentials): oauth.ClientAuth {
  return provider.clientAuth === 'client_secret_basic'
    ? oauth.ClientSecretBasic(credentials.clientSecret)
    : oauth.ClientSecretPost(credentials.clientSecret);
}

/** A fresh state and, where the provider takes PKCE, a code verifier. */
export function newAuthorisationSecrets(provider: OAuthProviderConfig): {
  state: string;
  codeVerifier: string | null;
} {
  return {
    state: oauth.generateRandomState(),
    codeVerifier: provider.pkce ? oauth.generateRandomCodeVerifier() : null,
  };
}

/** The provider's authorisation URL for a code grant with `state` and the PKCE S256 challenge. */
export async function authorisationUrl(
  provider: OAuthProviderConfig,
  credentials: OAuthClientCredentials,
  request: { redirectUri: string; state: string; codeVerifier: string | null },
): Promise<string> {
  const url = new URL(provider.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', credentials.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  if (provider.scopes.length > 0) url.searchParams.set('scope', provider.scopes.join(' '));
  url.searchParams.set('state', request.state);
  if (request.codeVerifier) {
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(request.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [k, v] of Object.entries(provider.extraAuthParams)) url.searchParams.set(k, v);
  return url.toString();
}

function toTokenSet(response: oauth.TokenEndpointResponse, previous?: TokenSet): TokenSet {
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token ?? previous?.refresh_token ?? null,
    token_type: response.token_type,
    scope: response.scope ?? previous?.scope ?? null,
    expires_at: typeof response.expires_in === 'number' ? Date.now() + response.expires_in * 1000 : null,
  };
}

function flowError(error: unknown, what: string): OAuthFlowError {
  if (error instanceof oauth.AuthorizationResponseError) {
    return new OAuthFlowError(error.error_description || error.error, error.error);
  }
  if (error instanceof oauth.ResponseBodyError) {
    return new OAuthFlowError(`${what}: ${error.error_description || error.error}`, error.error);
  }
  const refused = outboundRefusalIn(error);
  if (refused) return new OAuthFlowError(`${what}: ${refused.message}`);
  return new OAuthFlowError(`${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Who signed in, from the OpenID Connect ID token of a code exchange, its claims validated by
 * oauth4webapi (issuer, audience, expiry, issued-at, no nonce; OIDC Core §3.1.3.7 — the token came
 * straight from the token endpoint): the subject and, where the token carries them, the email and
 * whether the provider verified it.
 */
export interface IdTokenIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean | null;
}

/** A code exchange's answer: the token set to store, and the ID token's identity (null: none came). */
export interface CodeExchange {
  tokens: TokenSet;
  identity: IdTokenIdentity | null;
}

/**
 * Checks the provider's answer at the callback (state, RFC 9207 issuer, error) and exchanges the
 * code for tokens; an ID token in the answer is validated and its identity answered beside them.
 * Throws OAuthFlowError with the provider's words (e.g. access_denied).
 */
export async function exchangeCode(
  provider: OAuthProviderConfig,
  credentials: OAuthClientCredentials,
  request: {
    callbackParams: URLSearchParams;
    state: string;
    redirectUri: string;
    codeVerifier: string | null;
  },
  transport: OAuthTransport = {},
): Promise<CodeExchange> {
  const as = serverOf(provider);
  const client: oauth.Client = { client_id: credentials.clientId };
  try {
    const params = oauth.validateAuthResponse(as, client, request.callbackParams, request.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth(provider, credentials),
      params,
      request.redirectUri,
      request.codeVerifier ?? oauth.nopkce,
      options(provider.tokenUrl, transport),
    );
    const answer = await oauth.processAuthorizationCodeResponse(as, client, response);
    const claims = oauth.getValidatedIdTokenClaims(answer);
    return {
      tokens: toTokenSet(answer),
      identity: claims
        ? {
            sub: claims.sub,
            email: typeof claims.email === 'string' ? claims.email : null,
            emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
          }
        : null,
    };
  } catch (error) {
    throw flowError(error, 'The provider refused the authorisation code');
  }
}

/**
 * The email of the account that signed in (spec 01 §5 googleConnectedEmail): the validated ID
 * token's `email` when it carries one, else the OpenID Connect userinfo endpoint's (its `sub` must
 * be the ID token's). An email the provider says is not verified, or none at all, is refused:
 * throws OAuthFlowError naming what is missing. Never takes an email from the browser.
 */
export async function signedInEmail(
  provider: OAuthProviderConfig,
  credentials: OAuthClientCredentials,
  exchange: CodeExchange,
  transport: OAuthTransport = {},
): Promise<string> {
  const noEmail = 'The provider did not say which email signed in: allow access to the email';
  let email = exchange.identity?.email ?? null;
  let verified = exchange.identity?.emailVerified ?? null;
  if (!email) {
    if (!provider.userinfoUrl) throw new OAuthFlowError(noEmail);
    const as = serverOf(provider);
    const client: oauth.Client = { client_id: credentials.clientId };
    try {
      const response = await oauth.userInfoRequest(
        as,
        client,
        exchange.tokens.access_token,
        options(provider.userinfoUrl, transport),
      );
      const info = await oauth.processUserInfoResponse(
        as,
        client,
        exchange.identity?.sub ?? oauth.skipSubjectCheck,
        response,
      );
      email = typeof info.email === 'string' ? info.email : null;
      verified = typeof info.email_verified === 'boolean' ? info.email_verified : null;
    } catch (error) {
      throw flowError(error, 'The provider did not say who signed in');
    }
  }
  if (!email) throw new OAuthFlowError(noEmail);
  if (verified === false) throw new OAuthFlowError(`The email ${email} is not verified at the provider`);
  return email;
}

/** Trades a refresh token for a new access token (the refresh token is kept if none comes back). */
export async function refreshTokens(
  provider: OAuthProviderConfig,
  credentials: OAuthClientCredentials,
  tokens: TokenSet,
  transport: OAuthTransport = {},
): Promise<TokenSet> {
  if (!tokens.refresh_token)
    throw new OAuthFlowError('The access token expired and there is no refresh token; sign in again');
  const as = serverOf(provider);
  const client: oauth.Client = { client_id: credentials.clientId };
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      clientAuth(provider, credentials),
      tokens.refresh_token,
      options(provider.tokenUrl, transport),
    );
    return toTokenSet(await oauth.processRefreshTokenResponse(as, client, response), tokens);
  } catch (error) {
    throw flowError(error, 'The provider refused to refresh the access token');
  }
}

/**
 * Asks the provider's OpenID Connect userinfo endpoint who the token belongs to. Resolves to a
 * description (email, name or subject); rejects with the HTTP status on 401 so callers can refresh.
 */
export async function userinfo(
  provider: OAuthProviderConfig,
  credentials: OAuthClientCredentials,
  accessToken: string,
  transport: OAuthTransport = {},
) {
  if (!provider.userinfoUrl) throw new OAuthFlowError(`${provider.slug} has no userinfo endpoint`);
  const as = serverOf(provider);
  const client: oauth.Client = { client_id: credentials.clientId };
  let response: Response;
  try {
    response = await oauth.userInfoRequest(as, client, accessToken, options(provider.userinfoUrl, transport));
  } catch (error) {
    throw flowError(error, 'The provider could not be reached');
  }
  if (response.status === 401)
    throw new OAuthFlowError('The provider refused the access token', 'invalid_token');
  try {
    const info = await oauth.processUserInfoResponse(as, client, oauth.skipSubjectCheck, response);
    return String(info.email ?? info.name ?? info.preferred_username ?? info.sub);
  } catch (error) {
    throw flowError(error, 'The provider did not say who the account is');
  }
}
