import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { SnapchatClient } from './client';

/** The Snapchat Marketing API client of a snapchat account, from its OAuth token (SNAPCHAT_API_URL). Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet. */
export function buildSnapchatClient(deps: ConnectorDeps, connector: ReadConnector) {
  return new SnapchatClient({
    ...clientBase(deps),
    baseUrl: deps.config.providers.snapchat.baseUrl,
    ...oauthTokens(deps, connector),
  });
}
