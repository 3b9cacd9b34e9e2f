import { integrationProvider } from '../provider';
import { buildGaDataClient } from './build';
import { readGoogleAnalytics } from './reader';

/**
 * The manifest of Google Analytics Data API: the google-analytics reader (spec 03 §3 "Google
 * Analytics data set types") and the GA Data client.
 */
export const googleAnalyticsDataProvider = integrationProvider({
  name: 'google-analytics-data',
  readers: { 'google-analytics': readGoogleAnalytics },
  clients: { 'ga-data': buildGaDataClient },
});
