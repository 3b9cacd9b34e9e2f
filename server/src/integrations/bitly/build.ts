import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { BitlyClient } from './client';

/** The Bitly client of a bitly account, from its OAuth token (BITLY_API_URL). Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet. */
export function buildBitlyClient(deps: ConnectorDeps, connector: ReadConnector) {
  return new BitlyClient({
    ...clientBase(deps),
    baseUrl: deps.config.providers.bitly.baseUrl,
    ...oauthTokens(deps, connector),
  });
}
