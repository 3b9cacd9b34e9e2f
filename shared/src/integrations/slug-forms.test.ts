import { describe, expect, it } from 'vitest';
import { checkIntegrations } from './checks';
import { applyIntegrationChange, createIntegrationAssignment } from './editing';
import { AWS_REGIONS, defaultFilters, familyOf, initialMappings } from './families';
import { DEFAULT_FILENAME_PATTERN } from './file-settings';
import type { IntegrationAssignment } from './integration-assignment';
import type { IntegrationCheckContext } from './issues';
import { INTEGRATION_SLUGS, integrationFor } from './registry';
import { integrationSections } from './sections';

/**
 * Each slug's form, defaults and resets (issue 12 items 1-2; spec 03 §2 slugs, §3 metadata and data
 * types, §4 resets, §9 defaults): one expectation per slug, written out, so that a change to a row
 * shows here.
 */

const NOW = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
const ONE_YEAR_AGO = '2025-11-23';
const create = (slug: string) =>
  createIntegrationAssignment(slug, { templateName: 'Spring Launch', now: NOW, awsRegions: AWS_REGIONS });

/** The section keys of a slug's form, with every flag that adds sections on. */
function form(slug: string): string[] {
  return integrationSections(integrationFor(slug), ['integration-notifications']).map((s) =>
    s.kind === 'dropdown' || s.kind === 'dataSelection' ? `${s.kind}:${s.metadataKey}` : s.kind,
  );
}

const STORAGE_PUSH = [
  'name',
  'account',
  'folder',
  'fileSettings',
  'transforms',
  'reportType',
  'outputFields',
  'notifications',
];
const ADS_IN = (extra: string[] = []) => [
  'name',
  'account',
  'dataSelection:data_type',
  ...extra,
  'filters',
  'importFilters',
  'fieldMapping',
  'syncSchedule',
];
const ADS_OUT = (extra: string[] = []) => [
  'name',
  'account',
  'dataSelection:data_type',
  ...extra,
  'fieldMapping',
];

/** Every slug of spec 03 §2: its list (direction) and its form's sections, in order. */
const FORMS: Record<string, [string, string[]]> = {
  'box-push': ['OUTPUT', STORAGE_PUSH],
  'box-push-general': ['OUTPUT', STORAGE_PUSH],
  'box-push-v2': ['OUTPUT', STORAGE_PUSH],
  's3-push': ['OUTPUT', ['name', 'account', 'awsStorage', ...STORAGE_PUSH.slice(2)]],
  'azure-blob-push': ['OUTPUT', STORAGE_PUSH],
  'sftp-push': ['OUTPUT', STORAGE_PUSH],
  'sftp-pull': ['INPUT', ['name', 'account', 'folder', 'identifierFields', 'syncSchedule']],
  'google-cloud': ['OUTPUT', STORAGE_PUSH],
  'facebook-ads': [
    'OUTPUT',
    ['name', 'account', 'dropdown:adAccountsLinked', 'dropdown:fb_pixel_id', 'fieldMapping'],
  ],
  'facebook-ads-update': [
    'OUTPUT',
    ['name', 'account', 'dropdown:adAccountsLinked', 'dropdown:fb_pixel_id', 'fieldMapping'],
  ],
  'google-dcm': ['INPUT', ADS_IN()],
  'google-dcm-output': ['OUTPUT', ['name', 'account', 'fieldMapping']],
  bitly: [
    'SUPPLEMENTAL',
    [
      'name',
      'account',
      'dropdown:bitly_org_id',
      'dropdown:bitly_group_id',
      'dropdown:shortened_url',
      'customBitlink',
      'fieldMapping',
    ],
  ],
  'email-output': [
    'OUTPUT',
    ['name', 'email', 'fileSettings', 'transforms', 'reportType', 'outputFields', 'notifications'],
  ],
  'workfront-project-pull-task-trigger': [
    'INPUT',
    [
      'name',
      'account',
      'dropdown:workfrontTemplateId',
      'dropdown:workfrontTemplateTaskId',
      'workfrontParameters',
    ],
  ],
  'aws-s3-inbound': [
    'INPUT',
    ['name', 'account', 'awsStorage', 'folder', 'identifierFields', 'syncSchedule'],
  ],
  'qr-code-monkey': ['SUPPLEMENTAL', ['name', 'account', 'qrCode']],
  'adobe-inbound': [
    'INPUT',
    ['name', 'account', 'dropdown:realmLinked', 'dropdown:reportLinked', 'fieldMapping', 'syncSchedule'],
  ],
  'adobe-experience-manager-inbound': [
    'INPUT',
    ['name', 'account', 'dataSelection:aem_data_type', 'folderFilter', 'syncSchedule'],
  ],
  'adobe-experience-manager-outbound': [
    'OUTPUT',
    ['name', 'account', 'dataSelection:aem_data_type', 'folderFilter'],
  ],
  branch: ['SUPPLEMENTAL', ['name', 'account']],
  'google-analytics': [
    'INPUT',
    [
      'name',
      'account',
      'dataSelection:ga_data_set_type',
      'dropdown:ga_account_id',
      'dropdown:ga_property_id',
      'dropdown:ga_custom_data_source_id',
      'fieldMapping',
      'syncSchedule',
    ],
  ],
  'google-ads-inbound': ['INPUT', ADS_IN()],
  'amazon-ads-inbound': ['INPUT', ADS_IN(['dropdown:adAccountsLinked'])],
  'snapchat-marketing-inbound': ['INPUT', ADS_IN(['dropdown:adAccountsLinked', 'dropdown:organization_id'])],
  'snapchat-marketing-outbound': ['OUTPUT', ADS_OUT()],
  'pinterest-inbound': ['INPUT', ADS_IN(['dropdown:adAccountsLinked'])],
  'pinterest-outbound': ['OUTPUT', ADS_OUT()],
  'facebook-marketing-inbound': ['INPUT', ADS_IN(['dropdown:adAccountsLinked'])],
  'facebook-marketing-outbound': ['OUTPUT', ADS_OUT(['dropdown:adAccountsLinked'])],
  'google-cm360-inbound': ['INPUT', ADS_IN()],
  'google-cm360-outbound': ['OUTPUT', ADS_OUT()],
  'tiktok-inbound': ['INPUT', ADS_IN(['dropdown:adAccountsLinked'])],
  'tiktok-outbound': ['OUTPUT', ADS_OUT()],
  'snowflake-push': ['OUTPUT', ['name', 'account', 'snowflakeTable', 'outputFields', 'notifications']],
  'google-dv360-inbound': ['INPUT', ADS_IN()],
  'google-dv360-outbound': ['OUTPUT', ADS_OUT()],
  'salesforce-marketing-cloud-inbound': ['INPUT', ADS_IN(['dropdown:data_extension_key'])],
  'salesforce-marketing-cloud-outbound': ['OUTPUT', ADS_OUT(['dropdown:data_extension_key'])],
  kochava: ['SUPPLEMENTAL', ['name', 'account', 'dropdown:app_group_id']],
};

/** What a new assignment of each slug starts with besides its name, account and empty lists (spec 03 §9). */
const DEFAULTS: Record<
  string,
  { metadata?: Record<string, unknown>; mappings?: string[]; filters?: [string, string][]; file?: boolean }
> = {
  's3-push': { metadata: { awsRegion: 'us-east-1', use_acl: '0', use_sse: 1 }, file: true },
  'aws-s3-inbound': {
    metadata: {
      sync_schedule: 'every_8_hours',
      awsRegion: 'us-east-1',
      use_acl: '0',
      use_sse: 1,
      identifier_field_ids: '',
    },
  },
  'sftp-pull': { metadata: { sync_schedule: 'every_8_hours', identifier_field_ids: '' } },
  'facebook-ads': { mappings: ['ad_id*', 'creative_id*', 'generated_link*'] },
  'facebook-ads-update': { mappings: ['ad_id*', 'creative_id*', 'generated_link*'] },
  'google-dcm': { metadata: { sync_schedule: 'every_8_hours' }, filters: [['start_date', ONE_YEAR_AGO]] },
  'google-dcm-output': { mappings: ['adId*', 'campaignId*', 'placementId*', 'campaign*'] },
  bitly: { metadata: { custom_bitlink_enabled: 0 } },
  'email-output': { metadata: { to: [], cc: [], bcc: [], subject: '', sendToSubmitter: 1 }, file: true },
  'workfront-project-pull-task-trigger': { metadata: { campaignDataMappedFields: [] } },
  'qr-code-monkey': {
    metadata: {
      qr_code_monkey_type: 'classic',
      qr_code_monkey_use_shortened: 0,
      qr_code_monkey_dont_regenerate: 0,
      qr_code_monkey_size: 300,
      qr_code_monkey_file_type: 'png',
      qr_code_monkey_config: '',
      qr_code_monkey_config_validated: 1,
    },
  },
  'adobe-experience-manager-inbound': { metadata: { sync_schedule: 'every_8_hours', folderFilter: '/' } },
  'adobe-experience-manager-outbound': { metadata: { folderFilter: '/' } },
  'facebook-marketing-outbound': { mappings: ['id', 'name', 'adset_id', 'ad_id', 'creative_id'] },
  'google-cm360-inbound': {
    metadata: { sync_schedule: 'every_8_hours' },
    filters: [['updated_after', ONE_YEAR_AGO]],
  },
  'google-cm360-outbound': { mappings: ['adId*', 'campaign*', 'campaignId*', 'placementId*'] },
  'google-dv360-inbound': {
    metadata: { sync_schedule: 'every_8_hours' },
    filters: [['updated_after', ONE_YEAR_AGO]],
  },
  'snowflake-push': { metadata: { tableName: 'Spring_Launch' } },
};
const STORAGE = [
  'box-push',
  'box-push-general',
  'box-push-v2',
  'azure-blob-push',
  'sftp-push',
  'google-cloud',
];
for (const slug of STORAGE) DEFAULTS[slug] = { metadata: {}, file: true };

describe('every slug of spec 03 §2 has its form', () => {
  it('lists every slug, and only those, in the table below', () => {
    expect(Object.keys(FORMS).sort()).toEqual([...INTEGRATION_SLUGS].sort());
  });

  it.each(Object.entries(FORMS))('%s: its list and its sections', (slug, [direction, sections]) => {
    expect(integrationFor(slug).direction).toBe(direction);
    expect(form(slug)).toEqual(sections);
  });

  it('falls back to the email output form for an unknown slug', () => {
    expect(form('legacy-fax')).toEqual(form('email-output'));
  });
});

describe('each slug starts with the defaults of spec 03 §9', () => {
  it.each(INTEGRATION_SLUGS)('%s', (slug) => {
    const a = create(slug);
    const row = integrationFor(slug);
    const expected = DEFAULTS[slug] ?? {};
    const inbound =
      row.direction === 'INPUT' && row.hasSyncSchedule ? { sync_schedule: 'every_8_hours' } : {};
    expect(a.metadata).toEqual(expected.metadata ?? inbound);
    expect(a.mapping_fields.map((m) => m.fieldName + (m.required ? '*' : ''))).toEqual(
      expected.mappings ?? [],
    );
    expect(a.filters.map((f) => [f.integrationFilterId, f.values[0]])).toEqual(expected.filters ?? []);
    if (expected.file) {
      expect([a.file_type, a.delimiter, a.filename_pattern]).toEqual([
        ['csv'],
        'comma',
        DEFAULT_FILENAME_PATTERN,
      ]);
    } else if (slug === 'snowflake-push') {
      expect([a.file_type, a.delimiter, a.filename_pattern, a.report_type]).toEqual([
        ['csv'],
        'comma',
        'output',
        'custom',
      ]);
    } else {
      expect([a.file_type, a.delimiter, a.filename_pattern]).toEqual([[], null, '']);
    }
    expect(a.integration_type).toBe(row.direction);
    expect(a.connector_id).toBeNull();
    expect(a.name).toBe(row.label);
  });
});

/** An assignment of `slug` with every choice made, saved (numeric id), mapped. */
function chosen(slug: string): IntegrationAssignment {
  const a = create(slug);
  const row = integrationFor(slug);
  const metadata = { ...a.metadata };
  if (row.dataTypeKey && row.dataTypes[0]) metadata[row.dataTypeKey] = row.dataTypes[0].value;
  for (const { key } of [...row.requiredMetadata, ...row.optionalMetadata]) metadata[key] = '42';
  return {
    ...a,
    id: 77,
    connector_id: 5,
    metadata,
    mapping_fields: [
      ...a.mapping_fields.map((m) => ({ ...m, cvFieldId: 3 })),
      { fieldName: 'extra', cvFieldId: 4, required: false, type: 'integration_field', source_type: 'field' },
    ],
    filters: [...a.filters, { integrationFilterId: 'campaign_ids', values: ['9'] }],
  };
}

describe('each slug resets what depends on a change (spec 03 §4)', () => {
  it.each(INTEGRATION_SLUGS.filter((s) => integrationFor(s).credentialFamily !== 'none'))(
    '%s: an account change clears account-bound choices, mappings and filters',
    (slug) => {
      const row = integrationFor(slug);
      const before = chosen(slug);
      const after = applyIntegrationChange(before, { kind: 'connector', connectorId: 6 }, NOW);
      expect(after.connector_id).toBe(6);
      for (const key of familyOf(row).clearsOnChange.connector_id ?? [])
        expect(after.metadata[key]).toBeUndefined();
      expect(after.mapping_fields).toEqual(initialMappings(row));
      expect(after.filters).toEqual(defaultFilters(row, NOW));
      // A saved assignment whose filters change is flagged for a data reset.
      expect(after.integration_data_reset).toBe(true);
    },
  );

  it.each(INTEGRATION_SLUGS.filter((s) => integrationFor(s).dataTypes.length > 1))(
    '%s: a data type change resets filters and mapping, keeps the account',
    (slug) => {
      const row = integrationFor(slug);
      const before = chosen(slug);
      const next = row.dataTypes[1]!.value;
      const after = applyIntegrationChange(before, { kind: 'dataType', value: next }, NOW);
      expect(after.metadata[row.dataTypeKey!]).toBe(next);
      expect(after.connector_id).toBe(5);
      expect(after.mapping_fields).toEqual(initialMappings(row));
      expect(after.filters).toEqual(defaultFilters(row, NOW));
    },
  );

  it.each(
    INTEGRATION_SLUGS.flatMap((slug) =>
      [...integrationFor(slug).requiredMetadata, ...integrationFor(slug).optionalMetadata]
        .filter((m) => m.dependsOn)
        .map((m) => [slug, m.dependsOn!, m.key] as const),
    ),
  )('%s: changing %s clears %s', (slug, parent, child) => {
    const after = applyIntegrationChange(chosen(slug), { kind: 'metadata', key: parent, value: '43' }, NOW);
    expect(after.metadata[parent]).toBe('43');
    expect(after.metadata[child]).toBeUndefined();
  });
});

describe('the checks of a slug follow its form', () => {
  const context: IntegrationCheckContext = {
    templateName: 'Spring Launch',
    hasLinkField: true,
    isAutoSubmitOn: false,
    templateFieldIds: [3, 4],
    featureFlags: [],
    now: NOW,
  };

  it.each(INTEGRATION_SLUGS.filter((s) => integrationFor(s).requiredMetadata.length > 0))(
    '%s: each required dropdown left empty is named',
    (slug) => {
      const row = integrationFor(slug);
      const a = { ...chosen(slug), folder: '/exports' };
      const empty = {
        ...a,
        metadata: { ...a.metadata, ...Object.fromEntries(row.requiredMetadata.map((m) => [m.key, ''])) },
      };
      const issues = checkIntegrations([empty], context).filter((i) => i.messageId === 'valueRequired');
      expect(issues.map((i) => i.params.item)).toEqual(row.requiredMetadata.map((m) => m.item));
    },
  );

  it('leaves optional dropdowns (Facebook ad account and pixel) free', () => {
    const a = chosen('facebook-ads');
    const empty = { ...a, metadata: { ...a.metadata, adAccountsLinked: '', fb_pixel_id: '' } };
    expect(checkIntegrations([empty], context)).toEqual([]);
  });
});
