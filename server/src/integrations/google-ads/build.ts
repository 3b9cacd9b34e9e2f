import { AppError } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { oauthTokens } from '../client-builder';
import { GoogleAdsClient } from './client';

/**
 * The Google Ads client of an authorised google-ads account and its customer id (credentials
 * customer_id), with the server's developer token (GOOGLE_ADS_DEVELOPER_TOKEN). 400 when either
 * is missing.
 */
export function buildGoogleAdsClient(deps: ConnectorDeps, connector: ReadConnector) {
  const c = connector.credentials;
  const customerId = c.family === 'ad-platform' ? (c.customer_id ?? '').trim() : '';
  if (!customerId)
    throw new AppError(
      'BAD_REQUEST',
      `"${connector.name}" has no customer ID: add it in Connected accounts.`,
    );
  const { developerToken, baseUrl } = deps.config.providers.googleAds;
  if (!developerToken)
    throw new AppError(
      'BAD_REQUEST',
      'Google Ads is not set up on this server: GOOGLE_ADS_DEVELOPER_TOKEN is missing.',
    );
  const client = new GoogleAdsClient({
    fetch: deps.config.outbound.fetch,
    baseUrl,
    developerToken,
    timeoutMs: deps.config.providers.timeoutMs,
    ...oauthTokens(deps, connector),
  });
  return { client, customerId };
}
