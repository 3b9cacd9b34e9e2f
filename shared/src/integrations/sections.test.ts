import { describe, expect, it } from 'vitest';
import { INTEGRATION_DEFINITIONS, integrationFor } from './registry';
import { builderSectionSchema, integrationSections, isBuilderSection } from './sections';

const kinds = (slug: string, flags: Parameters<typeof integrationSections>[1] = []) =>
  integrationSections(integrationFor(slug), flags).map((s) => s.kind);

describe('integration form sections', () => {
  it.each(INTEGRATION_DEFINITIONS.map((d) => d.slug))(
    '%s composes a form whose builders are valid',
    (slug) => {
      const sections = integrationSections(integrationFor(slug), ['integration-notifications']);
      expect(sections[0]).toEqual({ kind: 'name' });
      for (const section of sections.filter(isBuilderSection))
        expect(builderSectionSchema.safeParse(section).error).toBeUndefined();
    },
  );

  it('asks for an account except on the email output', () => {
    expect(kinds('email-output')).not.toContain('account');
    expect(kinds('box-push')).toContain('account');
  });

  it('shows storage notifications only with the integration-notifications flag', () => {
    expect(kinds('box-push')).not.toContain('notifications');
    expect(kinds('box-push', ['integration-notifications'])).toContain('notifications');
    expect(kinds('snowflake-push')).not.toContain('notifications');
  });

  it('gives the email output its whole form, notifications included, without any flag', () => {
    expect(kinds('email-output')).toEqual([
      'name',
      'email',
      'fileSettings',
      'transforms',
      'reportType',
      'outputFields',
      'notifications',
    ]);
    expect(kinds('legacy-fax')).toEqual(kinds('email-output'));
  });

  it('shows AWS settings only on rows that keep an AWS region', () => {
    expect(kinds('s3-push')).toContain('awsStorage');
    expect(kinds('azure-blob-push')).not.toContain('awsStorage');
  });

  it('chains the Google Analytics dropdowns account → property → custom data source', () => {
    const dropdowns = integrationSections(integrationFor('google-analytics'), []).filter(
      (s) => s.kind === 'dropdown',
    );
    expect(dropdowns.map((d) => [d.metadataKey, d.dependsOn?.metadataKey ?? null])).toEqual([
      ['ga_account_id', null],
      ['ga_property_id', 'ga_account_id'],
      ['ga_custom_data_source_id', 'ga_property_id'],
    ]);
  });

  it('names the provider source of each dropdown, and marks optional ones', () => {
    const dropdowns = (slug: string) =>
      integrationSections(integrationFor(slug), []).flatMap((s) =>
        s.kind === 'dropdown' ? [[s.metadataKey, s.source, s.isRequired]] : [],
      );
    expect(dropdowns('bitly')).toEqual([
      ['bitly_org_id', 'bitly-organizations', true],
      ['bitly_group_id', 'bitly-groups', true],
      ['shortened_url', 'bitly-domains', true],
    ]);
    expect(dropdowns('facebook-ads')).toEqual([
      ['adAccountsLinked', 'facebook-ad-accounts', false],
      ['fb_pixel_id', 'facebook-pixels', false],
    ]);
    expect(dropdowns('kochava')).toEqual([['app_group_id', 'kochava-app-groups', true]]);
    expect(dropdowns('adobe-inbound')).toEqual([
      ['realmLinked', 'adobe-realms', true],
      ['reportLinked', 'adobe-reports', true],
    ]);
  });

  it('gives the field-mapping builder the required mappings and the direction as mapping type', () => {
    const mapping = integrationSections(integrationFor('google-cm360-outbound'), []).find(
      (s) => s.kind === 'fieldMapping',
    );
    expect(mapping).toMatchObject({
      mappingType: 'outbound',
      integrationTitle: 'Campaign Manager 360 outbound',
    });
    expect(
      mapping && 'requiredFields' in mapping ? mapping.requiredFields.map((f) => f.fieldName) : [],
    ).toEqual(['adId', 'campaign', 'campaignId', 'placementId']);
  });
});

describe('builderSectionSchema (spec 03 §5 builders)', () => {
  const dropdown = {
    kind: 'dropdown',
    metadataKey: 'bitly_group_id',
    integrationTitle: 'Bitly',
    mappingType: 'supplemental',
    title: 'Group',
    dependsOn: { metadataKey: 'bitly_org_id', title: 'Organization' },
  };

  it('accepts a complete builder', () => {
    expect(builderSectionSchema.safeParse(dropdown).success).toBe(true);
    expect(builderSectionSchema.safeParse({ ...dropdown, dependsOn: null }).success).toBe(true);
  });

  it('needs metadataKey, integrationTitle and title', () => {
    for (const key of ['metadataKey', 'integrationTitle', 'title'])
      expect(builderSectionSchema.safeParse({ ...dropdown, [key]: ' ' }).success).toBe(false);
  });

  it('needs a mapping type of inbound, outbound or supplemental', () => {
    const result = builderSectionSchema.safeParse({ ...dropdown, mappingType: 'sideways' });
    expect(result.error?.issues[0]?.message).toBe('Mapping type must be inbound, outbound or supplemental');
  });

  it('needs a dependency title on a dropdown that waits on a dependency', () => {
    const result = builderSectionSchema.safeParse({
      ...dropdown,
      dependsOn: { metadataKey: 'bitly_org_id', title: '' },
    });
    expect(result.error?.issues[0]?.message).toBe('Dependency title is required');
  });
});
