import { AppError } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { KochavaClient } from './client';

/** The Kochava client of a kochava account already read; 400 without an API key. */
export function buildKochavaClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  const apiKey = c.family === 'simple-key' ? (c.api_key ?? '') : '';
  if (!apiKey)
    throw new AppError('BAD_REQUEST', `"${connector.name}" has no API key: add it in Connected accounts.`);
  return new KochavaClient({
    fetch: deps.config.outbound.fetch,
    baseUrl: deps.config.providers.kochava.baseUrl,
    timeoutMs: deps.config.providers.timeoutMs,
    getAccessToken: async () => apiKey,
  });
}
