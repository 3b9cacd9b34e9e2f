import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { GoogleAnalyticsAdminClient } from './client';

/**
 * The GA Admin client of an authorised `ga` account, with the Management API and userinfo URLs
 * (GOOGLE_ANALYTICS_ADMIN_API_URL, GOOGLE_ANALYTICS_MANAGEMENT_API_URL, GOOGLE_USERINFO_URL).
 * Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet.
 */
export function buildGaAdminClient(deps: ConnectorDeps, connector: ReadConnector) {
  const ga = deps.config.providers.googleAnalyticsAdmin;
  return new GoogleAnalyticsAdminClient({
    ...clientBase(deps),
    baseUrl: ga.baseUrl,
    managementBaseUrl: ga.managementBaseUrl,
    userInfoUrl: ga.userInfoUrl,
    ...oauthTokens(deps, connector),
  });
}
