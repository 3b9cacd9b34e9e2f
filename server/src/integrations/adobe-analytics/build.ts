import { createHash } from 'node:crypto';
import { AppError } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { AdobeAnalyticsClient } from './client';
import { requestImsToken } from './ims';

/** IMS tokens by connected account and credential, reused until a minute before they expire. */
const imsTokens = new Map<string, { accessToken: string; expiresAt: number }>();

/** The Adobe Analytics client of an Adobe account already read (see adobeClientFor). */
export function buildAdobeAnalyticsClient(deps: ConnectorDeps, connector: ReadConnector) {
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
