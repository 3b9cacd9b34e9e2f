import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { PinterestClient } from './client';

/** The Pinterest API client of a pinterest account, from its OAuth token (PINTEREST_API_URL). Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet. */
export function buildPinterestClient(deps: ConnectorDeps, connector: ReadConnector) {
  return new PinterestClient({
    ...clientBase(deps),
    baseUrl: deps.config.providers.pinterest.baseUrl,
    ...oauthTokens(deps, connector),
  });
}
