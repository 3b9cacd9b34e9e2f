import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { TikTokClient } from './client';

/** The TikTok Marketing API client of a tiktok account, from its OAuth token (TIKTOK_API_URL). Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet. */
export function buildTikTokClient(deps: ConnectorDeps, connector: ReadConnector) {
  return new TikTokClient({
    ...clientBase(deps),
    baseUrl: deps.config.providers.tiktok.baseUrl,
    ...oauthTokens(deps, connector),
  });
}
