import { type IntegrationMetadata, isMetadataFlagOn } from './integration-assignment';
import { integrationFor, isKnownIntegrationSlug } from './registry';
import type { InboundIntegrationSlug } from './slugs';

/**
 * Delivery metrics of ad-platform imports (spec 03 §3 metadata `pull_performance_metrics`, issue 12
 * items 2 and 5): with the flag on, every object row an inbound run reads also carries its
 * impressions, clicks, spend and, where the platform reports it, conversions over the last
 * {@link PERFORMANCE_METRICS_DAYS} days. This table says which inbounds and data types report them;
 * the mapping form's default fields (catalogue.ts) and the readers
 * (server/src/jobs/inbound/ad-readers/metrics.ts) both read it.
 */

/** The metadata key of the flag (0/1). */
export const PERFORMANCE_METRICS_KEY = 'pull_performance_metrics';

/** How many whole days, ending yesterday, the metrics cover. */
export const PERFORMANCE_METRICS_DAYS = 30;

/**
 * The metric columns an import adds, in this order: `impressions` and `clicks` (whole numbers),
 * `spend` (in the ad account's currency, a decimal string such as "1234.5"), `conversions` (a
 * decimal string: some platforms count fractional conversions).
 */
export const PERFORMANCE_METRIC_COLUMNS = ['impressions', 'clicks', 'spend', 'conversions'] as const;
/** One metric column. */
export type PerformanceMetric = (typeof PERFORMANCE_METRIC_COLUMNS)[number];

/** How the mapping form names each metric column. */
export const PERFORMANCE_METRIC_LABELS: Readonly<Record<PerformanceMetric, string>> = {
  impressions: 'Impressions (last 30 days)',
  clicks: 'Clicks (last 30 days)',
  spend: 'Spend (last 30 days)',
  conversions: 'Conversions (last 30 days)',
};

const ALL: readonly PerformanceMetric[] = PERFORMANCE_METRIC_COLUMNS;
const WITHOUT_CONVERSIONS: readonly PerformanceMetric[] = ['impressions', 'clicks', 'spend'];

/** CM360's STANDARD report: impressions, clicks, media cost and total conversions per object id. */
const CM360_METRICS = { campaigns: ALL, placements: ALL, ads: ALL, creatives: ALL } as const;

/**
 * Per inbound slug, the data types whose rows carry metrics and which metrics each reports. Data
 * types not listed (accounts, organisations, media, creative assets, YouTube ad groups) have no
 * delivery report of their own; slugs not listed have none (Salesforce Marketing Cloud sends
 * e-mail, it delivers no ads). CM360, DV360 and Amazon Ads report through asynchronous report
 * files, read within the run (server/src/integrations/async-report.ts).
 */
export const PERFORMANCE_METRICS: Readonly<
  Record<string, Readonly<Record<string, readonly PerformanceMetric[]>>>
> = {
  'facebook-marketing-inbound': { campaigns: ALL, ad_sets: ALL, ads: ALL },
  'google-ads-inbound': { campaigns: ALL, ad_groups: ALL, ad_group_ads: ALL },
  'tiktok-inbound': { campaigns: ALL, ad_groups: ALL, ads: ALL },
  // Snapchat's stats carry no single conversions figure (only per-event ones).
  'snapchat-marketing-inbound': {
    campaigns: WITHOUT_CONVERSIONS,
    adsquads: WITHOUT_CONVERSIONS,
    ads: WITHOUT_CONVERSIONS,
  },
  'pinterest-inbound': { campaigns: ALL, ad_groups: ALL, ads: ALL },
  // Campaign Manager 360 reports by campaign, placement, ad and creative id; click-through URL rows are ads.
  'google-cm360-inbound': { ...CM360_METRICS, click_through_url: ALL },
  'google-dcm': CM360_METRICS,
  // Bid Manager reports by advertiser, campaign (media plan), insertion order, line item and creative.
  'google-dv360-inbound': {
    advertisers: ALL,
    campaigns: ALL,
    insertion_orders: ALL,
    line_items: ALL,
    creatives: ALL,
  },
  // Amazon Ads Reporting v3: every retail ads data type has its report (conversions are purchases).
  'amazon-ads-inbound': {
    sponsored_brands_campaigns: ALL,
    sponsored_brands_ad_groups: ALL,
    sponsored_brands_ads: ALL,
    sponsored_display_campaigns: ALL,
    sponsored_display_ad_groups: ALL,
    sponsored_products_campaigns: ALL,
    sponsored_products_ad_groups: ALL,
    sponsored_products_ads: ALL,
  },
} satisfies Partial<Record<InboundIntegrationSlug, Readonly<Record<string, readonly PerformanceMetric[]>>>>;

/** Whether an assignment's metadata asks for delivery metrics. */
export function isPullingPerformanceMetrics(metadata: IntegrationMetadata): boolean {
  return isMetadataFlagOn(metadata, PERFORMANCE_METRICS_KEY);
}

/** The metrics `slug` reports for `dataType`, or null where it reports none. */
export function performanceMetricsOf(
  slug: string,
  dataType: string | null,
): readonly PerformanceMetric[] | null {
  if (dataType === null || !Object.hasOwn(PERFORMANCE_METRICS, slug)) return null;
  const byType = PERFORMANCE_METRICS[slug]!;
  return Object.hasOwn(byType, dataType) ? byType[dataType]! : null;
}

/**
 * Why an assignment cannot carry metrics, or null when it can (the flag off, or a slug and data
 * type that report them). Names where metrics are read, so the user knows what to choose instead.
 */
export function performanceMetricsRefusal(slug: string, dataType: string | null): string | null {
  if (performanceMetricsOf(slug, dataType) !== null) return null;
  const labelOf = (s: string) => (isKnownIntegrationSlug(s) ? integrationFor(s).label : s);
  if (Object.hasOwn(PERFORMANCE_METRICS, slug)) {
    const types = Object.keys(PERFORMANCE_METRICS[slug]!).join(', ');
    return `${labelOf(slug)} reports performance metrics of ${types} only: choose one of them as the data type, or turn off "Pull performance metrics"`;
  }
  const where = Object.keys(PERFORMANCE_METRICS).map(labelOf).join(', ');
  return `Nomen reads performance metrics in these imports only: ${where}. Turn off "Pull performance metrics" to import the objects of ${labelOf(slug)}`;
}
