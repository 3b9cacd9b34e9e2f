import { describe, expect, it } from 'vitest';
import { integrationDefaultFields } from './catalogue';
import {
  isPullingPerformanceMetrics,
  performanceMetricsOf,
  performanceMetricsRefusal,
} from './performance-metrics';

describe('performance metrics (spec 03 §3 pull_performance_metrics)', () => {
  it('reads the flag as the other 0/1 metadata flags', () => {
    expect(isPullingPerformanceMetrics({ pull_performance_metrics: 1 })).toBe(true);
    expect(isPullingPerformanceMetrics({ pull_performance_metrics: '1' })).toBe(true);
    expect(isPullingPerformanceMetrics({ pull_performance_metrics: '0' })).toBe(false);
    expect(isPullingPerformanceMetrics({})).toBe(false);
  });

  it('knows which data types report which metrics', () => {
    expect(performanceMetricsOf('tiktok-inbound', 'ads')).toEqual([
      'impressions',
      'clicks',
      'spend',
      'conversions',
    ]);
    expect(performanceMetricsOf('snapchat-marketing-inbound', 'adsquads')).toEqual([
      'impressions',
      'clicks',
      'spend',
    ]);
    expect(performanceMetricsOf('snapchat-marketing-inbound', 'media')).toBeNull();
    expect(performanceMetricsOf('google-cm360-inbound', 'campaigns')).toEqual([
      'impressions',
      'clicks',
      'spend',
      'conversions',
    ]);
    expect(performanceMetricsOf('google-dcm', 'creative_assets')).toBeNull();
    expect(performanceMetricsOf('google-dv360-inbound', 'line_items')).toHaveLength(4);
    expect(performanceMetricsOf('google-dv360-inbound', 'ad_groups')).toBeNull();
    expect(performanceMetricsOf('amazon-ads-inbound', 'sponsored_products_ads')).toHaveLength(4);
    expect(performanceMetricsOf('salesforce-marketing-cloud-inbound', 'campaigns')).toBeNull();
    expect(performanceMetricsOf('tiktok-inbound', null)).toBeNull();
  });

  it('says where metrics are read when they are not', () => {
    expect(performanceMetricsRefusal('pinterest-inbound', 'campaigns')).toBeNull();
    expect(performanceMetricsRefusal('pinterest-inbound', 'ad_accounts')).toBe(
      'Pinterest inbound reports performance metrics of campaigns, ad_groups, ads only: choose one of them as the data type, or turn off "Pull performance metrics"',
    );
    expect(performanceMetricsRefusal('google-dv360-inbound', 'line_items')).toBeNull();
    expect(performanceMetricsRefusal('google-dv360-inbound', 'ads')).toBe(
      'Display & Video 360 inbound reports performance metrics of advertisers, campaigns, insertion_orders, line_items, creatives only: choose one of them as the data type, or turn off "Pull performance metrics"',
    );
    expect(performanceMetricsRefusal('salesforce-marketing-cloud-inbound', 'campaigns')).toBe(
      'Nomen reads performance metrics in these imports only: Facebook Marketing inbound, Google Ads, TikTok inbound, Snapchat Marketing inbound, Pinterest inbound, Campaign Manager 360 inbound, Campaign Manager (legacy), Display & Video 360 inbound, Amazon Ads. Turn off "Pull performance metrics" to import the objects of Salesforce Marketing Cloud inbound',
    );
  });

  it('adds the metric columns to the default fields only with the flag on', () => {
    const names = (on: boolean) =>
      integrationDefaultFields('snapchat-marketing-inbound', 'campaigns', on).map((f) => f.fieldName);
    expect(names(false)).toEqual(['id', 'name']);
    expect(names(true)).toEqual(['id', 'name', 'impressions', 'clicks', 'spend']);
    expect(integrationDefaultFields('google-ads-inbound', 'campaigns', true).at(-1)).toEqual({
      fieldName: 'conversions',
      label: 'Conversions (last 30 days)',
      required: false,
    });
    // The asynchronous reports' data types offer them too.
    expect(
      integrationDefaultFields('google-cm360-inbound', 'placements', true)
        .map((f) => f.fieldName)
        .slice(-4),
    ).toEqual(['impressions', 'clicks', 'spend', 'conversions']);
    expect(
      integrationDefaultFields('amazon-ads-inbound', 'sponsored_brands_ads', true).map((f) => f.fieldName),
    ).toEqual(['id', 'name', 'impressions', 'clicks', 'spend', 'conversions']);
    // Where there are no metrics, the flag adds nothing (the run says why).
    expect(integrationDefaultFields('google-dcm', 'creative_assets', true)).toEqual(
      integrationDefaultFields('google-dcm', 'creative_assets'),
    );
  });
});
