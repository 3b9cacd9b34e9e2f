import { integrationProvider } from '../provider';
import { buildAdobeAnalyticsClient } from './build';
import { testAdobeAnalytics } from './connection-test';
import { readAdobeDimension } from './reader';

/**
 * The manifest of Adobe Analytics (Analytics 2.0 API through IMS): the adobe-inbound reader (spec
 * 03 §3), "Test connection" of adobe-analytics accounts, the classification upload slug of Adobe
 * targets (connector type 1) and the Analytics client.
 */
export const adobeAnalyticsProvider = integrationProvider({
  name: 'adobe-analytics',
  readers: { 'adobe-inbound': readAdobeDimension },
  connectionTests: { 'adobe-analytics': testAdobeAnalytics },
  targetUploads: { 1: 'adobe-analytics-classifications' },
  clients: { 'adobe-analytics': buildAdobeAnalyticsClient },
});
