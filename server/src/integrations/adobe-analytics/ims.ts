import { z } from 'zod';
import { outboundRefusalIn, STRICT_OUTBOUND } from '../../security/outbound';
import { ProviderError } from '../provider-error';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from '../provider-http';

/**
 * Adobe IMS access tokens for the Adobe Analytics 2.0 API by the OAuth Server-to-Server
 * credential (client credentials grant): `POST {imsUrl}/ims/token/v3` with a form body of
 * grant_type=client_credentials, client_id, client_secret and scope; the answer carries
 * access_token and expires_in (seconds). Reference (read, not copied):
 * https://developer.adobe.com/developer-console/docs/guides/authentication/ServerToServerAuthentication/implementation/
 * Errors answer `{ error, error_description }`.
 */

/** The scopes Adobe names for the Analytics API when an account sets none. */
export const ADOBE_ANALYTICS_DEFAULT_SCOPES = 'openid,AdobeID,additional_info.projectedProductContext';

/** What a token request needs. */
export interface ImsTokenRequest {
  /** The IMS origin (ADOBE_IMS_URL, default https://ims-na1.adobelogin.com). */
  imsUrl: string;
  clientId: string;
  clientSecret: string;
  /** Comma- or space-separated scopes; the Analytics defaults when blank. */
  scopes?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive().optional(),
});

/** An IMS access token and when it expires (epoch milliseconds). */
export interface ImsToken {
  accessToken: string;
  expiresAt: number;
}

/**
 * Asks IMS for an access token. Throws ProviderError (`adobe-analytics`): UNAUTHORIZED when IMS
 * refuses the client id or secret, TIMEOUT, NETWORK or MALFORMED otherwise. The secret never
 * appears in a message.
 */
export async function requestImsToken(request: ImsTokenRequest): Promise<ImsToken> {
  const operation = 'POST /ims/token/v3';
  const scopes = (request.scopes ?? '').trim() || ADOBE_ANALYTICS_DEFAULT_SCOPES;
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: request.clientId,
    client_secret: request.clientSecret,
    scope: scopes
      .split(/[\s,]+/)
      .filter(Boolean)
      .join(','),
  });
  const signal = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS);
  let status: number;
  let text: string;
  try {
    const res = await (request.fetch ?? STRICT_OUTBOUND.fetch)(
      `${request.imsUrl.replace(/\/+$/, '')}/ims/token/v3`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal,
      },
    );
    status = res.status;
    text = await res.text();
  } catch (cause) {
    const isTimeout = signal.aborted;
    throw new ProviderError({
      provider: 'adobe-analytics',
      code: isTimeout ? 'TIMEOUT' : 'NETWORK',
      status: null,
      providerMessage: isTimeout
        ? 'no answer in time'
        : (outboundRefusalIn(cause)?.message ?? 'Adobe IMS could not be reached'),
      operation,
      cause,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (status >= 200 && status < 300) {
    const parsed = tokenSchema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError({
        provider: 'adobe-analytics',
        code: 'MALFORMED',
        status,
        providerMessage: 'the IMS token answer has no access_token',
        operation,
      });
    }
    return {
      accessToken: parsed.data.access_token,
      expiresAt: Date.now() + (parsed.data.expires_in ?? 3600) * 1000,
    };
  }
  const envelope = (json ?? {}) as { error?: unknown; error_description?: unknown };
  const described = typeof envelope.error_description === 'string' ? envelope.error_description : '';
  const raw = described || `HTTP ${status}`;
  const message = request.clientSecret.length >= 6 ? raw.split(request.clientSecret).join('[redacted]') : raw;
  throw new ProviderError({
    provider: 'adobe-analytics',
    code: status === 400 || status === 401 ? 'UNAUTHORIZED' : 'HTTP',
    status,
    providerMessage: message,
    providerCode: typeof envelope.error === 'string' ? envelope.error : undefined,
    operation,
  });
}
