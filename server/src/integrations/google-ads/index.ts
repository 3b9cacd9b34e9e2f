import { integrationProvider } from '../provider';
import { buildGoogleAdsClient } from './build';
import { readGoogleAdsObjects } from './reader';

/**
 * The manifest of Google Ads (searchStream, GAQL): the google-ads-inbound reader (spec 03 §3) and
 * the Google Ads client.
 */
export const googleAdsProvider = integrationProvider({
  name: 'google-ads',
  readers: { 'google-ads-inbound': readGoogleAdsObjects },
  clients: { 'google-ads': buildGoogleAdsClient },
});
