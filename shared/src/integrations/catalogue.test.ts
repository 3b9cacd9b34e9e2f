import { describe, expect, it } from 'vitest';
import {
  AEM_ROOT_PATH,
  aemDataTypeOf,
  aemFolderLevels,
  aemFolderTreeRoot,
  folderPathLevels,
  GA_CUSTOM_DIMENSION_SCOPES,
  GA_MAX_REPORT_DIMENSIONS,
  gaCustomDimensionFields,
  integrationDefaultFields,
  integrationFilterDefinition,
  integrationFilters,
  missingDefaultMappings,
} from './catalogue';
import { INTEGRATION_SLUGS, integrationFor } from './registry';

const names = (slug: string, dataType: string | null = null) =>
  integrationDefaultFields(slug, dataType).map((f) => f.fieldName);

describe('integrationFilters (spec 03 §3 filters, §7, §9)', () => {
  it('offers the date filter of CM360, DV360 and the campaign manager first', () => {
    expect(integrationFilters('google-cm360-inbound')[0]).toMatchObject({
      id: 'updated_after',
      kind: 'date',
    });
    expect(integrationFilters('google-dv360-inbound')[0]).toMatchObject({
      id: 'updated_after',
      kind: 'date',
    });
    expect(integrationFilters('google-dcm')[0]).toMatchObject({ id: 'start_date', label: 'Start date' });
    expect(integrationFilters('tiktok-inbound').map((f) => f.id)).toEqual([
      'campaign_ids',
      'name_contains',
      'status',
    ]);
  });

  it('offers filters to ad imports only; status has fixed choices', () => {
    for (const slug of INTEGRATION_SLUGS) {
      const isAdsImport = integrationFor(slug).family === 'ads-inbound';
      expect(integrationFilters(slug).length > 0).toBe(isAdsImport);
    }
    expect(integrationFilterDefinition('pinterest-inbound', 'status')?.options.map((o) => o.value)).toEqual([
      'ACTIVE',
      'PAUSED',
      'ARCHIVED',
    ]);
    expect(integrationFilters('fax-output')).toEqual([]);
  });
});

describe('integrationDefaultFields (spec 03 §7 default-fields)', () => {
  it('lists required mappings first, marked required, then the default ones', () => {
    expect(
      integrationDefaultFields('google-cm360-outbound')
        .slice(0, 4)
        .every((f) => f.required),
    ).toBe(true);
    expect(names('facebook-marketing-outbound')).toEqual(['id', 'name', 'adset_id', 'ad_id', 'creative_id']);
  });

  it("gives facebook-ads Facebook's URL parameters after its legacy mappings", () => {
    expect(names('facebook-ads')).toEqual([
      'ad_id',
      'creative_id',
      'generated_link',
      'campaign.id',
      'campaign.name',
      'adset.id',
      'adset.name',
      'ad.id',
      'ad.name',
      'placement',
      'site_source_name',
    ]);
  });

  it('gives Google Analytics the import fields of each data set type, none of its own for custom and user data', () => {
    expect(names('google-analytics', 'product_data')).toEqual([
      'item_id',
      'item_name',
      'item_brand',
      'item_category',
      'item_variant',
    ]);
    expect(names('google-analytics', 'custom_data')).toEqual([]);
    expect(names('google-analytics', 'user_data')).toEqual([]);
    for (const t of integrationFor('google-analytics').dataTypes)
      expect(Array.isArray(integrationDefaultFields('google-analytics', t.value))).toBe(true);
  });

  it("offers a property's custom dimensions by parameter name, the first 9 the import reads", () => {
    const dimensions = Array.from({ length: 11 }, (_, i) => ({
      parameterName: `param_${i}`,
      displayName: i === 0 ? '' : `Param ${i}`,
    }));
    const offered = gaCustomDimensionFields(dimensions);
    expect(offered).toHaveLength(GA_MAX_REPORT_DIMENSIONS);
    expect(offered[0]).toEqual({ fieldName: 'param_0', label: 'param_0', required: false });
    expect(offered[8]).toEqual({ fieldName: 'param_8', label: 'Param 8', required: false });
    expect(GA_CUSTOM_DIMENSION_SCOPES).toEqual({ custom_data: 'EVENT', user_data: 'USER' });
  });

  it("gives the campaign manager its data type's fields and its output every field once", () => {
    expect(names('google-dcm', 'ads')).toEqual(['adId', 'ad', 'campaignId', 'placementId']);
    const output = names('google-dcm-output');
    expect(output.slice(0, 4)).toEqual(['adId', 'campaignId', 'placementId', 'campaign']);
    expect(new Set(output).size).toBe(output.length);
  });

  it('gives other data types their id and name, and nothing for an unknown slug or data type', () => {
    expect(integrationDefaultFields('snapchat-marketing-inbound', 'adsquads')).toEqual([
      { fieldName: 'id', label: 'Adsquad ID', required: false },
      { fieldName: 'name', label: 'Adsquad name', required: false },
    ]);
    expect(names('tiktok-inbound', 'keywords')).toEqual([]);
    expect(names('fax-output')).toEqual([]);
  });

  it('adds only the default fields a mapping does not hold yet', () => {
    const rows = missingDefaultMappings(
      [{ fieldName: 'ad_id' }],
      integrationDefaultFields('facebook-ads').slice(0, 3),
    );
    expect(rows.map((r) => [r.fieldName, r.required, r.cvFieldId])).toEqual([
      ['creative_id', true, null],
      ['generated_link', true, null],
    ]);
  });
});

describe('AEM inbound default fields', () => {
  it("offer each data type's columns after the path id and name", () => {
    expect(names('adobe-experience-manager-inbound', 'pages')).toEqual([
      'id',
      'name',
      'title',
      'path',
      'template',
      'tags',
      'lastModified',
    ]);
    expect(names('adobe-experience-manager-inbound', 'file_assets')).toContain('format');
  });
});

describe('folderPathLevels (spec 03 §4 tree folder picker)', () => {
  it('walks from the root / down to the folder', () => {
    expect(folderPathLevels('/content/dam/brand')).toEqual([
      '/',
      '/content',
      '/content/dam',
      '/content/dam/brand',
    ]);
    expect(folderPathLevels('')).toEqual([AEM_ROOT_PATH]);
    expect(folderPathLevels('content//dam/')).toEqual(['/', '/content', '/content/dam']);
  });
});

describe('DV360 outbound default fields', () => {
  it('offer the advertiser id for objects under an advertiser, not for advertisers', () => {
    const names = (dataType: string) =>
      integrationDefaultFields('google-dv360-outbound', dataType).map((f) => f.fieldName);
    expect(names('line_items')).toEqual(['id', 'name', 'advertiserId']);
    expect(names('advertisers')).toEqual(['id', 'name']);
  });
});

describe('the AEM folder tree per data type (spec 03 §4 tree folder picker)', () => {
  it('starts at / (the DAM) for file assets and at /content for pages', () => {
    expect(aemFolderTreeRoot('file_assets')).toBe('/');
    expect(aemFolderTreeRoot('pages')).toBe('/content');
    expect(aemFolderTreeRoot(aemDataTypeOf(''))).toBe('/');
    expect(aemFolderTreeRoot(aemDataTypeOf(' pages '))).toBe('/content');
    expect(aemFolderTreeRoot(aemDataTypeOf('something else'))).toBe('/');
  });

  it('walks file assets from / through the DAM folders, full or short paths alike', () => {
    const levels = ['/', '/content/dam/campaigns', '/content/dam/campaigns/spring'];
    expect(aemFolderLevels('file_assets', '/content/dam/campaigns/spring')).toEqual(levels);
    expect(aemFolderLevels('file_assets', '/campaigns/spring/')).toEqual(levels);
    expect(aemFolderLevels('file_assets', '/')).toEqual(['/']);
    expect(aemFolderLevels('file_assets', '/content/dam')).toEqual(['/']);
  });

  it('walks pages from /content through the content folders', () => {
    const levels = ['/content', '/content/acme', '/content/acme/en'];
    expect(aemFolderLevels('pages', '/content/acme/en')).toEqual(levels);
    expect(aemFolderLevels('pages', 'acme//en')).toEqual(levels);
    expect(aemFolderLevels('pages', '/')).toEqual(['/content']);
    expect(aemFolderLevels('pages', '')).toEqual(['/content']);
    expect(aemFolderLevels('pages', '/content')).toEqual(['/content']);
  });
});
