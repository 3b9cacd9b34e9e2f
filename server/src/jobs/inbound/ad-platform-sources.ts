import type { InboundIntegrationSlug } from '@nomen/shared';
import { readAmazonAdsObjects } from './ad-readers/amazon-ads';
import type { AdReader } from './ad-readers/common';
import { readFacebookObjects } from './ad-readers/facebook';
import { readGoogleAdsObjects } from './ad-readers/google-ads';
import { withoutMetrics } from './ad-readers/metrics';
import { readPinterestObjects } from './ad-readers/pinterest';
import { readSfmcObjects } from './ad-readers/salesforce-marketing-cloud';
import { readSnapchatObjects } from './ad-readers/snapchat';
import { readTikTokObjects } from './ad-readers/tiktok';

/**
 * Ad-platform and marketing-cloud inbound pulls (issue 12 item 5; spec 03 §3 "Data types per
 * connector", filters): one reader per slug (ad-readers/<provider>.ts), each reading the chosen
 * data type of the linked account through its provider's client with the assignment's filters,
 * as a table whose columns are the object's fields, plus each object's key and a version that
 * changes when the object does, so an unchanged object is not imported again. With
 * pull_performance_metrics, the readers that report delivery metrics add them (ad-readers/metrics.ts;
 * Amazon Ads through an asynchronous Reporting v3 report waited for within the run); Marketing
 * Cloud, which delivers no ads, fails saying where metrics are read.
 */

export type { AdObjectsRead, AdReader } from './ad-readers/common';
export { facebookFiltering, readFacebookObjects } from './ad-readers/facebook';

/**
 * The reader of each ad-platform inbound slug; part of PROVIDER_READERS (provider-readers.ts),
 * which checks that every inbound slug has its reader.
 */
export const AD_PLATFORM_READERS = {
  'facebook-marketing-inbound': readFacebookObjects,
  'tiktok-inbound': readTikTokObjects,
  'snapchat-marketing-inbound': readSnapchatObjects,
  'pinterest-inbound': readPinterestObjects,
  'amazon-ads-inbound': readAmazonAdsObjects,
  'google-ads-inbound': readGoogleAdsObjects,
  'salesforce-marketing-cloud-inbound': withoutMetrics('salesforce-marketing-cloud-inbound', readSfmcObjects),
} as const satisfies Partial<Record<InboundIntegrationSlug, AdReader>>;
