import { withoutMetrics } from '../../jobs/inbound/ad-readers/metrics';
import { integrationProvider } from '../provider';
import { buildMarketingCloudClient } from './build';
import { marketingCloudDeliverer } from './deliverer';
import { readSfmcObjects } from './reader';

/**
 * The manifest of Salesforce Marketing Cloud (REST API): salesforce-marketing-cloud-outbound and
 * -inbound (spec 03 §3) and the Marketing Cloud client. Marketing Cloud delivers no ads, so its
 * reader refuses pull_performance_metrics (`withoutMetrics`).
 */
export const marketingCloudProvider = integrationProvider({
  name: 'marketing-cloud',
  deliverers: { 'salesforce-marketing-cloud-outbound': marketingCloudDeliverer },
  readers: {
    'salesforce-marketing-cloud-inbound': withoutMetrics(
      'salesforce-marketing-cloud-inbound',
      readSfmcObjects,
    ),
  },
  clients: { 'marketing-cloud': buildMarketingCloudClient },
});
