import { AppError } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { oauthTokens } from '../client-builder';
import { AmazonAdsClient } from './client';

/**
 * The Amazon Ads client of an authorised amazon-ads account: the Login with Amazon app's client id
 * (OAUTH_AMAZON_ADS_CLIENT_ID) goes in every call. 400 when it is not configured.
 */
export function buildAmazonAdsClient(deps: ConnectorDeps, connector: ReadConnector) {
  const clientId = deps.config.oauthProviders['amazon-ads']?.clientId ?? '';
  if (!clientId)
    throw new AppError(
      'BAD_REQUEST',
      'Amazon Ads is not set up on this server: OAUTH_AMAZON_ADS_CLIENT_ID is missing.',
    );
  return new AmazonAdsClient({
    fetch: deps.config.outbound.fetch,
    baseUrl: deps.config.providers.amazonAds.baseUrl,
    timeoutMs: deps.config.providers.timeoutMs,
    reportPolling: deps.config.providers.reports,
    clientId,
    ...oauthTokens(deps, connector),
  });
}
