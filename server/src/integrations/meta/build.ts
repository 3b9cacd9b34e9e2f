import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { MetaClient } from './client';

/** The Graph API client of a facebook or facebook-marketing account, from its OAuth token (META_GRAPH_API_URL). Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet. */
export function buildMetaClient(deps: ConnectorDeps, connector: ReadConnector) {
  return new MetaClient({
    ...clientBase(deps),
    baseUrl: deps.config.providers.meta.baseUrl,
    ...oauthTokens(deps, connector),
  });
}
