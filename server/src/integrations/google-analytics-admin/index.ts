import { integrationProvider } from '../provider';
import { buildGaAdminClient } from './build';

/**
 * The manifest of Google Analytics Admin and Management APIs: the Data Import upload slug of Google
 * Analytics targets (connector type 2) and the GA Admin client.
 */
export const googleAnalyticsAdminProvider = integrationProvider({
  name: 'google-analytics-admin',
  targetUploads: { 2: 'google-analytics-data-import' },
  clients: { 'ga-admin': buildGaAdminClient },
});
