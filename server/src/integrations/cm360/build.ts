import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { Cm360Client } from './client';

/** The Campaign Manager 360 client of a google-dcm or google-cm360 account, from its OAuth token (CM360_API_URL), with the report polling settings. Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet. */
export function buildCm360Client(deps: ConnectorDeps, connector: ReadConnector) {
  return new Cm360Client({
    ...clientBase(deps),
    baseUrl: deps.config.providers.cm360.baseUrl,
    reportPolling: deps.config.providers.reports,
    ...oauthTokens(deps, connector),
  });
}
