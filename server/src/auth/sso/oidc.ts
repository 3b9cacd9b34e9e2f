import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { AppDeps } from '../../http/context';
import { type SsoIdentity, SsoRefusal } from './sso.types';

/**
 * The OpenID Connect side of single sign-on, on `openid-client` (certified; v6's functions):
 * discovery from the issuer, the authorization URL with state, nonce and PKCE (S256) always, and
 * the callback's checks — the authorization response (state, `iss` where the provider declares
 * it), the code grant with the PKCE verifier, and the ID token (signature, issuer, audience,
 * nonce, expiry) — all by the library. Every request goes through the outbound rule's fetch
 * (server/src/security/outbound.ts). What this module answers is protocol-free (`SsoIdentity`).
 */

/** A provider's OpenID Connect settings, the client secret decrypted. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

/** How long a discovered configuration is reused before the issuer is asked again. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const discovered = new Map<string, { config: client.Configuration; at: number }>();

/** The library's configuration of a provider: its discovery document (cached) and the client. */
async function configurationOf(deps: AppDeps, settings: OidcSettings): Promise<client.Configuration> {
  const key = createHash('sha256')
    .update(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]))
    .digest('hex');
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const outbound = deps.config.outbound.fetch;
  const config = await client.discovery(
    new URL(settings.issuer),
    settings.clientId,
    settings.clientSecret,
    undefined,
    {
      [client.customFetch]: (url, options) => outbound(url, options as RequestInit),
      // Plain http issuers are refused on save in production (sso.service.ts); tests and local
      // Keycloaks use them elsewhere.
      execute: settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
      timeout: 15,
    },
  );
  discovered.set(key, { config, at: Date.now() });
  return config;
}

/** Words for an error of discovery or of the provider's answer. */
function describe(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) {
    return `The identity provider refused the sign-in: ${error.error_description ?? error.error}`;
  }
  if (error instanceof client.ResponseBodyError) {
    return `The identity provider refused the code: ${error.error_description ?? error.error}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `The identity provider's answer failed a check: ${message}`;
}

/**
 * Starts a sign-in: the authorization URL for `state` with a fresh nonce and PKCE verifier, which
 * the caller stores with the state. Throws SsoRefusal when the issuer cannot be discovered.
 */
export async function startOidc(
  deps: AppDeps,
  settings: OidcSettings,
  state: string,
  redirectUri: string,
): Promise<{ url: string; nonce: string; codeVerifier: string }> {
  let config: client.Configuration;
  try {
    config = await configurationOf(deps, settings);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SsoRefusal(`The identity provider could not be reached (${settings.issuer}): ${message}`);
  }
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: scopesOf(settings.scopes),
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, nonce, codeVerifier };
}

/** The scopes asked for: the admin's, with `openid` first when left out. */
export function scopesOf(scopes: string): string {
  const list = scopes.split(/\s+/).filter(Boolean);
  return [...new Set(['openid', ...list])].join(' ');
}

/**
 * Finishes a sign-in at the callback: `currentUrl` is the callback URL as registered (APP_URL's)
 * with the query the provider sent. The library checks the response and the ID token; the claims
 * are the ID token's, completed by the userinfo endpoint's (same subject) where the provider has
 * one. Throws SsoRefusal with the reason on any failure.
 */
export async function finishOidc(
  deps: AppDeps,
  settings: OidcSettings,
  currentUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<SsoIdentity> {
  try {
    const config = await configurationOf(deps, settings);
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new SsoRefusal('The identity provider sent no ID token');
    let userinfo: Record<string, unknown> = {};
    if (config.serverMetadata().userinfo_endpoint) {
      try {
        userinfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      } catch (error) {
        // The ID token may be enough; without an email in it the refusal below says so.
        if (typeof idClaims.email !== 'string') throw error;
      }
    }
    const claims: Record<string, unknown> = { ...userinfo, ...idClaims };
    return {
      subject: idClaims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
      claims,
      expiresAt: new Date(idClaims.exp * 1000),
    };
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    throw new SsoRefusal(describe(error));
  }
}
