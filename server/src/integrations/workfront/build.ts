import { AppError } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { oauthTokens, originOf } from '../client-builder';
import { WorkfrontClient } from './client';

/**
 * The Workfront client of a workfront account already read: its API root is the account's
 * api_domain (or WORKFRONT_API_URL); an OAuth token goes as `sessionID`, else its API key as
 * `apiKey`. 400 when the domain or the key is missing.
 */
export function buildWorkfrontClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  const domain = c.family === 'simple-key' ? (c.api_domain ?? '').trim() : '';
  const apiKey = c.family === 'simple-key' ? (c.api_key ?? '') : '';
  const { providers } = deps.config;
  if (!domain && !connector.tokens)
    throw new AppError('BAD_REQUEST', `"${connector.name}" has no API domain: add it in Connected accounts.`);
  const baseUrl = providers.workfront.baseUrlFor(originOf(domain));
  if (connector.tokens)
    return new WorkfrontClient({
      fetch: deps.config.outbound.fetch,
      baseUrl,
      timeoutMs: providers.timeoutMs,
      ...oauthTokens(deps, connector),
    });
  if (!apiKey)
    throw new AppError('BAD_REQUEST', `"${connector.name}" has no API key: add it in Connected accounts.`);
  return new WorkfrontClient({
    fetch: deps.config.outbound.fetch,
    baseUrl,
    timeoutMs: providers.timeoutMs,
    credential: 'apiKey',
    getAccessToken: async () => apiKey,
  });
}
