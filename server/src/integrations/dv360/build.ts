import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { clientBase, oauthTokens } from '../client-builder';
import { Dv360Client } from './client';

/** The Display & Video 360 client of a google-dv360 account, from its OAuth token (DV360_API_URL), with the Bid Manager root its delivery reports are asked of. Throws AppError PROVIDER_CREDENTIALS when the account is not authorised yet. */
export function buildDv360Client(deps: ConnectorDeps, connector: ReadConnector) {
  return new Dv360Client({
    ...clientBase(deps),
    baseUrl: deps.config.providers.dv360.baseUrl,
    bidManagerUrl: deps.config.providers.dv360.bidManagerUrl,
    reportPolling: deps.config.providers.reports,
    ...oauthTokens(deps, connector),
  });
}
