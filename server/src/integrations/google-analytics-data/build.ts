import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { GaDataClient } from './client';

/** The GA Data API client of an authorised `ga` account (GOOGLE_ANALYTICS_DATA_API_URL). Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet. */
export function buildGaDataClient(deps: ConnectorDeps, connector: ReadConnector) {
  return new GaDataClient({
    ...clientBase(deps),
    baseUrl: deps.config.providers.googleAnalyticsData.baseUrl,
    ...oauthTokens(deps, connector),
  });
}
