import { AppError } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { MarketingCloudClient } from './client';

/**
 * The Marketing Cloud client of a salesforce-marketing-cloud account: its subdomain's auth host
 * (or SFMC_AUTH_URL), the REST host its token names (or SFMC_REST_URL), client id and secret, and
 * account id (MID). 400 when the subdomain or credentials are missing.
 */
export function buildMarketingCloudClient(deps: ConnectorDeps, connector: ReadConnector) {
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
