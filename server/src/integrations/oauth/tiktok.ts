import { z } from 'zod';
import { outboundRefusalIn, STRICT_OUTBOUND } from '../../security/outbound';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from '../provider-http';
import { type OAuthClientCredentials, OAuthFlowError, type TokenSet } from './oauth-client';
import type { OAuthProviderConfig } from './providers';

/**
 * TikTok for Business sign-in, which is not standard OAuth 2.0 and so not done by oauth-client.ts
 * (issue 10 item 4). Follows TikTok's Marketing API authorization reference (read, not copied):
 * https://business-api.tiktok.com/portal/docs?id=1738373164380162 ("Authorization") and
 * https://business-api.tiktok.com/portal/docs?id=1739965703387137 ("Obtain a long-term access token"):
 *
 * - the advertiser authorisation page takes `app_id`, `state` and `redirect_uri` (no
 *   response_type, no scope: the app's scopes are set in the developer portal);
 * - TikTok returns to the redirect URI with `auth_code` (also sent as `code`) and `state`;
 * - the code is traded by `POST /open_api/v1.3/oauth2/access_token/` with a JSON body of
 *   `app_id`, `secret` and `auth_code`, and TikTok answers HTTP 200 with its own envelope
 *   `{ code, message, request_id, data }`: `code` 0 on success, with `data.access_token`,
 *   `data.advertiser_ids` and `data.scope`; any other `code` is a refusal in `message`;
 * - the access token is long-term: it has no expiry and no refresh token.
 */

/** The authorisation URL of TikTok's advertiser authorisation page. */
export function tiktokAuthorisationUrl(
  provider: OAuthProviderConfig,
  credentials: OAuthClientCredentials,
  request: { redirectUri: string; state: string },
): string {
  const url = new URL(provider.authorizationUrl);
  url.searchParams.set('app_id', credentials.clientId);
  url.searchParams.set('state', request.state);
  url.searchParams.set('redirect_uri', request.redirectUri);
  return url.toString();
}

const answerSchema = z.object({
  code: z.number(),
  message: z.string().default(''),
  data: z
    .object({
      access_token: z.string().min(1).optional(),
      scope: z.array(z.union([z.number(), z.string()])).optional(),
      advertiser_ids: z.array(z.union([z.string(), z.number()])).optional(),
    })
    .nullish(),
});

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/**
 * Trades TikTok's `auth_code` for a long-term access token (see the module comment). Throws
 * OAuthFlowError with TikTok's words when it refuses (its `code` as the error code), when it
 * cannot be reached in time, or when the answer is not TikTok's envelope. The secret is never in
 * a message.
 */
export async function exchangeTikTokCode(
  provider: OAuthProviderConfig,
  credentials: OAuthClientCredentials,
  authCode: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<TokenSet> {
  const url = new URL(provider.tokenUrl);
  if (url.protocol !== 'https:' && !isLoopback(url))
    throw new OAuthFlowError('The TikTok token endpoint must be an https address');
  let text: string;
  try {
    const res = await (options.fetch ?? STRICT_OUTBOUND.fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        app_id: credentials.clientId,
        secret: credentials.clientSecret,
        auth_code: authCode,
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS),
    });
    text = await res.text();
  } catch (error) {
    throw new OAuthFlowError(
      `TikTok could not be reached: ${outboundRefusalIn(error)?.message ?? (error instanceof Error ? error.message : String(error))}`,
    );
  }
  let parsed: z.output<typeof answerSchema>;
  try {
    parsed = answerSchema.parse(JSON.parse(text));
  } catch {
    throw new OAuthFlowError('TikTok answered the code exchange with something other than its envelope');
  }
  const redact = (s: string) =>
    credentials.clientSecret.length >= 6 ? s.split(credentials.clientSecret).join('[redacted]') : s;
  if (parsed.code !== 0)
    throw new OAuthFlowError(
      `TikTok refused the authorisation code: ${redact(parsed.message) || `code ${parsed.code}`}`,
      String(parsed.code),
    );
  const accessToken = parsed.data?.access_token;
  if (!accessToken) throw new OAuthFlowError('TikTok answered the code exchange without an access token');
  return {
    access_token: accessToken,
    refresh_token: null,
    token_type: 'Bearer',
    scope: parsed.data?.scope?.length ? parsed.data.scope.join(' ') : null,
    expires_at: null,
  };
}
