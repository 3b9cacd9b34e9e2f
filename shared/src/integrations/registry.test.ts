import { describe, expect, it } from 'vitest';
import { INTEGRATION_FAMILIES } from './families';
import {
  EMAIL_INTEGRATION_ID,
  EMAIL_OUTPUT_SLUG,
  INTEGRATION_DEFINITIONS,
  INTEGRATION_FAMILY_IDS,
  INTEGRATION_SLUGS,
  type IntegrationDefinition,
  integrationFor,
  integrationListOf,
  integrationsForList,
  isIntegrationOffered,
  isKnownIntegrationSlug,
} from './registry';

/** The slugs spec 03 §2 lists, written out from the spec's sentence. */
const SPEC_SLUGS = [
  'box-push',
  'box-push-general',
  'box-push-v2',
  's3-push',
  'azure-blob-push',
  'sftp-push',
  'sftp-pull',
  'google-cloud',
  'facebook-ads',
  'facebook-ads-update',
  'google-dcm',
  'google-dcm-output',
  'bitly',
  'email-output',
  'workfront-project-pull-task-trigger',
  'aws-s3-inbound',
  'qr-code-monkey',
  'adobe-inbound',
  'adobe-experience-manager-inbound',
  'adobe-experience-manager-outbound',
  'branch',
  'google-analytics',
  'google-ads-inbound',
  'amazon-ads-inbound',
  'snapchat-marketing-inbound',
  'snapchat-marketing-outbound',
  'pinterest-inbound',
  'pinterest-outbound',
  'facebook-marketing-inbound',
  'facebook-marketing-outbound',
  'google-cm360-inbound',
  'google-cm360-outbound',
  'tiktok-inbound',
  'tiktok-outbound',
  'snowflake-push',
  'google-dv360-inbound',
  'google-dv360-outbound',
  'salesforce-marketing-cloud-inbound',
  'salesforce-marketing-cloud-outbound',
  'kochava',
];

const values = (slug: string) => integrationFor(slug).dataTypes.map((t) => t.value);
const mappingNames = (slug: string) => integrationFor(slug).requiredMappings.map((m) => m.fieldName);

describe('integration registry', () => {
  it('has exactly one row for every slug of spec 03 §2, and no other', () => {
    expect([...INTEGRATION_SLUGS].sort()).toEqual([...SPEC_SLUGS].sort());
    expect(new Set(INTEGRATION_SLUGS).size).toBe(INTEGRATION_SLUGS.length);
  });

  it.each(SPEC_SLUGS)('%s has a label, a family with a schema, and a known direction', (slug) => {
    const row = integrationFor(slug);
    expect(row.slug).toBe(slug);
    expect(row.label.trim()).not.toBe('');
    expect(INTEGRATION_FAMILY_IDS).toContain(row.family);
    expect(INTEGRATION_FAMILIES[row.family].id).toBe(row.family);
    expect(['INPUT', 'OUTPUT', 'SUPPLEMENTAL']).toContain(row.direction);
    if (row.credentialFamily !== 'none') expect(row.connectorTypeSlug).toMatch(/^[a-z0-9-]+$/);
  });

  it('pairs are mutual, exist, and join an inbound with an outbound', () => {
    for (const row of INTEGRATION_DEFINITIONS) {
      if (row.pairedSlug === null) continue;
      const twin = integrationFor(row.pairedSlug);
      expect(isKnownIntegrationSlug(row.pairedSlug)).toBe(true);
      expect(twin.pairedSlug).toBe(row.slug);
      expect([row.direction, twin.direction].sort()).toEqual(['INPUT', 'OUTPUT']);
    }
    expect(integrationFor('tiktok-inbound').pairedSlug).toBe('tiktok-outbound');
    expect(integrationFor('bitly').pairedSlug).toBeNull();
  });

  it('falls back to the email output for unknown slugs, and the email integration is id 13', () => {
    expect(isKnownIntegrationSlug('no-such-thing')).toBe(false);
    expect(integrationFor('no-such-thing').slug).toBe(EMAIL_OUTPUT_SLUG);
    expect(integrationFor('bitly').slug).toBe('bitly');
    expect(integrationFor(EMAIL_OUTPUT_SLUG).integrationId).toBe(EMAIL_INTEGRATION_ID);
    expect(EMAIL_INTEGRATION_ID).toBe(13);
  });

  it('holds the data types of spec 03 §3 "Data types per connector"', () => {
    expect(values('facebook-marketing-inbound')).toEqual(['campaigns', 'ad_sets', 'ads', 'ad_creatives']);
    expect(values('google-ads-inbound')).toEqual(['campaigns', 'ad_groups', 'ad_group_ads']);
    expect(values('google-dcm')).toEqual(['campaigns', 'placements', 'ads', 'creatives', 'creative_assets']);
    expect(integrationFor('google-dcm').dataTypes.every((t) => t.label.endsWith('(legacy)'))).toBe(true);
    expect(values('google-cm360-inbound')).toEqual([
      'campaigns',
      'placements',
      'ads',
      'creatives',
      'click_through_url',
    ]);
    expect(values('amazon-ads-inbound')).toHaveLength(8);
    expect(values('adobe-experience-manager-inbound')).toEqual(['file_assets', 'pages']);
    expect(values('google-dv360-inbound')).toEqual([
      'advertisers',
      'campaigns',
      'insertion_orders',
      'line_items',
      'creatives',
      'ad_groups',
      'ads',
    ]);
    expect(values('google-dv360-outbound')).toEqual([
      'campaigns',
      'creatives',
      'advertisers',
      'line_items',
      'insertion_orders',
    ]);
    expect(values('pinterest-inbound')).toEqual(['ad_accounts', 'ad_groups', 'ads', 'campaigns']);
    expect(values('pinterest-outbound')).toEqual(['ads', 'ad_groups', 'campaigns']);
    expect(values('salesforce-marketing-cloud-inbound')).toEqual(['campaigns', 'assets', 'journeys']);
    expect(values('salesforce-marketing-cloud-outbound')).toEqual(['assets', 'campaigns', 'journeys']);
    expect(values('snapchat-marketing-inbound')).toEqual([
      'adaccounts',
      'ads',
      'adsquads',
      'campaigns',
      'creatives',
      'media',
      'organizations',
    ]);
    expect(values('snapchat-marketing-outbound')).toEqual([
      'adaccounts',
      'ads',
      'adsquads',
      'campaigns',
      'creatives',
    ]);
    expect(values('tiktok-inbound')).toEqual(['campaigns', 'ad_groups', 'ads']);
    expect(integrationFor('google-analytics').dataTypes.map((t) => t.label)).toEqual([
      'Custom Data',
      'Campaign Data',
      'User Data',
      'Geography Data',
      'Content Data',
      'Product Data',
    ]);
    for (const row of INTEGRATION_DEFINITIONS)
      expect(row.dataTypes.length > 0).toBe(row.dataTypeKey !== null);
  });

  it('holds the required mappings of spec 03 §5', () => {
    expect(mappingNames('facebook-ads')).toEqual(['ad_id', 'creative_id', 'generated_link']);
    expect(mappingNames('google-dcm-output')).toEqual(['adId', 'campaignId', 'placementId', 'campaign']);
    expect(mappingNames('google-cm360-outbound')).toEqual(['adId', 'campaign', 'campaignId', 'placementId']);
    expect(mappingNames('email-output')).toEqual([]);
  });

  it('marks the link-based types as needing a link field (spec 03 §5)', () => {
    const linkBased = INTEGRATION_DEFINITIONS.filter((d) => d.needsLinkField).map((d) => d.slug);
    expect(linkBased.sort()).toEqual(['bitly', 'branch', 'kochava', 'qr-code-monkey']);
  });

  it('puts INPUT in the inbound list and OUTPUT and SUPPLEMENTAL in the outbound list', () => {
    expect(integrationListOf(integrationFor('sftp-pull'))).toBe('inbound');
    expect(integrationListOf(integrationFor('sftp-push'))).toBe('outbound');
    expect(integrationListOf(integrationFor('bitly'))).toBe('outbound');
    const inbound = integrationsForList('inbound', []).map((d) => d.slug);
    expect(inbound).toContain('google-analytics');
    expect(inbound).not.toContain('email-output');
    expect(integrationsForList('outbound', []).map((d) => d.slug)).toContain('email-output');
  });

  it('offers a row only when all its gating flags are on', () => {
    const gated: IntegrationDefinition = {
      ...integrationFor('bitly'),
      featureFlags: ['text-selection-outbound'],
    };
    expect(isIntegrationOffered(gated, [])).toBe(false);
    expect(isIntegrationOffered(gated, ['text-selection-outbound'])).toBe(true);
    expect(isIntegrationOffered(integrationFor('bitly'), [])).toBe(true);
  });
});
