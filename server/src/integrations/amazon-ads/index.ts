import { integrationProvider } from '../provider';
import { buildAmazonAdsClient } from './build';
import { readAmazonAdsObjects } from './reader';

/**
 * The manifest of Amazon Ads (Sponsored Products, Brands, Display; Reporting v3): the amazon-ads-
 * inbound reader (spec 03 §3) and the Amazon Ads client.
 */
export const amazonAdsProvider = integrationProvider({
  name: 'amazon-ads',
  readers: { 'amazon-ads-inbound': readAmazonAdsObjects },
  clients: { 'amazon-ads': buildAmazonAdsClient },
});
