import { AppError } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { requestImsToken } from '../adobe-analytics/ims';
import { originOf } from '../client-builder';
import { AemClient } from './client';

/**
 * The AEM client of an aem account already read: its author host (proxy_url, else url, or
 * AEM_API_URL). Self-hosted AEM (host_type self) signs in with the username and password; AEM as
 * a Cloud Service with a bearer token from the account's IMS (ims_url) by the OAuth
 * Server-to-Server client credentials grant (client_id, client_secret, meta_scopes), asked
 * again when AEM refuses it. 400 when the host or credentials are missing.
 */
export function buildAemClient(deps: ConnectorDeps, connector: ReadConnector) {
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
