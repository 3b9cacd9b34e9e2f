import { describe, expect, it } from 'vitest';
import { checkIntegrations } from './checks';
import {
  applyIntegrationChange,
  createIntegrationAssignment,
  fieldGovernanceTypesRemovedWith,
  pairedAssignmentsOf,
  parseIntegrationMetadata,
  validateQrConfig,
} from './editing';
import { CUSTOM_BITLINK_MAPPING } from './families';
import { DEFAULT_FILENAME_PATTERN } from './file-settings';
import {
  type IntegrationAssignment,
  integrationAssignmentSchema,
  isTempAssignmentId,
} from './integration-assignment';
import { QR_METADATA_KEYS } from './qr-code';
import { INTEGRATION_DEFINITIONS, INTEGRATION_SLUGS } from './registry';

const NOW = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
const create = (slug: string, awsRegions?: string[]) =>
  createIntegrationAssignment(slug, { templateName: 'Spring Launch 2026', now: NOW, awsRegions });
const saved = (a: IntegrationAssignment): IntegrationAssignment => ({ ...a, id: 77 });
const mapped = (a: IntegrationAssignment): IntegrationAssignment => ({
  ...a,
  mapping_fields: a.mapping_fields.map((m) => ({ ...m, cvFieldId: 3 })),
});

describe('createIntegrationAssignment (spec 03 §4, §9 defaults)', () => {
  it.each(INTEGRATION_SLUGS)('a new %s assignment parses, with metadata its family accepts', (slug) => {
    const a = create(slug);
    expect(isTempAssignmentId(a.id)).toBe(true);
    expect(a.slug).toBe(slug);
    expect(integrationAssignmentSchema.parse(a)).toEqual(a);
    expect(parseIntegrationMetadata(slug, a.metadata).success).toBe(true);
  });

  it('gives the email output id 13 and the default file settings', () => {
    const a = create('email-output');
    expect(a).toMatchObject({
      integration_id: 13,
      integration_type: 'OUTPUT',
      delimiter: 'comma',
      file_type: ['csv'],
      filename_pattern: DEFAULT_FILENAME_PATTERN,
    });
    expect(DEFAULT_FILENAME_PATTERN).toContain('{template_name}');
    expect(DEFAULT_FILENAME_PATTERN).toContain('{submitted_at}');
  });

  it('gives AWS storage the first configured region, ACLs disabled and encryption on', () => {
    expect(create('s3-push', ['eu-west-1', 'us-east-1']).metadata).toMatchObject({
      awsRegion: 'eu-west-1',
      use_acl: '0',
      use_sse: 1,
    });
    expect(create('aws-s3-inbound', ['ca-central-1']).metadata.awsRegion).toBe('ca-central-1');
    expect(create('s3-push').metadata.awsRegion).toBe('');
    expect(create('azure-blob-push', ['eu-west-1']).metadata.awsRegion).toBeUndefined();
  });

  it('gives QR codes size 300, type classic and a validated empty config', () => {
    expect(create('qr-code-monkey').metadata).toMatchObject({
      [QR_METADATA_KEYS.size]: 300,
      [QR_METADATA_KEYS.type]: 'classic',
      [QR_METADATA_KEYS.configValidated]: 1,
    });
  });

  it('starts CM360 and DV360 imports with an update-time filter from one year ago', () => {
    for (const slug of ['google-cm360-inbound', 'google-dv360-inbound'])
      expect(create(slug).filters).toEqual([
        { integrationFilterId: 'updated_after', values: ['2025-11-23'] },
      ]);
    expect(create('google-dcm').filters).toEqual([
      { integrationFilterId: 'start_date', values: ['2025-11-23'] },
    ]);
    expect(create('tiktok-inbound').filters).toEqual([]);
  });

  it('syncs inbound integrations every 8 hours, except the Workfront trigger', () => {
    for (const row of INTEGRATION_DEFINITIONS) {
      const expected = row.direction === 'INPUT' && row.slug !== 'workfront-project-pull-task-trigger';
      expect(create(row.slug).metadata.sync_schedule === 'every_8_hours').toBe(expected);
    }
  });

  it('starts Facebook marketing outbound with its default mappings and CM360 output with required ones', () => {
    expect(
      create('facebook-marketing-outbound').mapping_fields.map((m) => [m.label, m.fieldName, m.required]),
    ).toEqual([
      ['Campaign ID', 'id', false],
      ['Name', 'name', false],
      ['Ad Set ID', 'adset_id', false],
      ['Ads ID', 'ad_id', false],
      ['Ad Creative ID', 'creative_id', false],
    ]);
    const cm360 = create('google-cm360-outbound').mapping_fields;
    expect(cm360.map((m) => m.fieldName)).toEqual(['adId', 'campaign', 'campaignId', 'placementId']);
    expect(cm360.every((m) => m.required && m.cvFieldId === null)).toBe(true);
  });

  it('forces Snowflake to csv, comma, "output" and the sanitised template name', () => {
    expect(create('snowflake-push')).toMatchObject({
      delimiter: 'comma',
      file_type: ['csv'],
      filename_pattern: 'output',
      metadata: { tableName: 'Spring_Launch_2026' },
    });
  });

  it('gives an unknown slug the email defaults but keeps its slug', () => {
    const a = create('legacy-fax');
    expect(a.slug).toBe('legacy-fax');
    expect(a.integration_id).toBe(13);
    expect(a.filename_pattern).toBe(DEFAULT_FILENAME_PATTERN);
  });
});

describe('applyIntegrationChange (spec 03 §4 resets)', () => {
  it('resets filters and mappings when the data type changes, and flags a data reset once saved', () => {
    const a = saved(
      mapped({
        ...create('google-cm360-inbound'),
        filters: [{ integrationFilterId: 'ad_ids', values: ['9'] }],
      }),
    );
    const next = applyIntegrationChange(
      { ...a, metadata: { ...a.metadata, data_type: 'ads' } },
      { kind: 'dataType', value: 'creatives' },
      NOW,
    );
    expect(next.metadata.data_type).toBe('creatives');
    expect(next.filters).toEqual([{ integrationFilterId: 'updated_after', values: ['2025-11-23'] }]);
    expect(next.integration_data_reset).toBe(true);
    const out = saved(mapped(create('google-cm360-outbound')));
    const outNext = applyIntegrationChange(out, { kind: 'dataType', value: 'ads' }, NOW);
    expect(outNext.mapping_fields.every((m) => m.cvFieldId === null)).toBe(true);
  });

  it('changes nothing when the same data type is chosen again', () => {
    const a = { ...mapped(create('tiktok-inbound')), metadata: { data_type: 'ads' } };
    expect(applyIntegrationChange(a, { kind: 'dataType', value: 'ads' }, NOW)).toBe(a);
  });

  it('treats a metadata change of the data-type key as a data type change', () => {
    const a = mapped(create('google-cm360-outbound'));
    const next = applyIntegrationChange(a, { kind: 'metadata', key: 'data_type', value: 'ads' }, NOW);
    expect(next.mapping_fields.every((m) => m.cvFieldId === null)).toBe(true);
  });

  it('resets mappings, filters and account-bound metadata when the account changes', () => {
    const a: IntegrationAssignment = {
      ...mapped(create('google-analytics')),
      connector_id: 1,
      metadata: {
        ga_account_id: 'A',
        ga_property_id: 'P',
        ga_custom_data_source_id: 'C',
        ga_data_set_type: 'user_data',
      },
      mapping_fields: [
        {
          fieldName: 'campaign',
          cvFieldId: 3,
          required: false,
          type: 'integration_field',
          source_type: 'field',
        },
      ],
    };
    const next = applyIntegrationChange(a, { kind: 'connector', connectorId: 2, connectorTypeId: 2 }, NOW);
    expect(next.connector_id).toBe(2);
    expect(next.connector_type_id).toBe(2);
    expect(next.metadata).toEqual({ ga_data_set_type: 'user_data' });
    expect(next.mapping_fields).toEqual([]);
    expect(applyIntegrationChange(next, { kind: 'connector', connectorId: 2 }, NOW)).toBe(next);
  });

  it('clears Google Analytics mappings and schema when the custom data source changes', () => {
    const a: IntegrationAssignment = {
      ...create('google-analytics'),
      metadata: { ga_account_id: 'A', ga_custom_data_source_id: 'C', ga_custom_data_source_schema: '[]' },
      mapping_fields: [
        {
          fieldName: 'campaign',
          cvFieldId: 3,
          required: false,
          type: 'integration_field',
          source_type: 'field',
        },
      ],
    };
    const next = applyIntegrationChange(a, { kind: 'metadata', key: 'ga_custom_data_source_id', value: 'D' });
    expect(next.metadata).toEqual({ ga_account_id: 'A', ga_custom_data_source_id: 'D' });
    expect(next.mapping_fields).toEqual([]);
  });

  it("turns a chosen custom data source's schema into the mapping rows, keeping mapped columns", () => {
    const a: IntegrationAssignment = {
      ...create('google-analytics'),
      mapping_fields: [
        {
          fieldName: 'ga:source',
          cvFieldId: 3,
          required: false,
          type: 'integration_field',
          source_type: 'field',
        },
      ],
    };
    const next = applyIntegrationChange(a, {
      kind: 'metadata',
      key: 'ga_custom_data_source_schema',
      value: ['ga:source', 'ga:medium'],
    });
    expect(next.mapping_fields.map((m) => [m.fieldName, m.cvFieldId])).toEqual([
      ['ga:source', 3],
      ['ga:medium', null],
    ]);
  });

  it('clears the Adobe report when the report suite changes, and the Facebook pixel with the ad account', () => {
    const adobe = { ...create('adobe-inbound'), metadata: { realmLinked: 'rs1', reportLinked: 'r1' } };
    expect(
      applyIntegrationChange(adobe, { kind: 'metadata', key: 'realmLinked', value: 'rs2' }).metadata,
    ).toEqual({
      realmLinked: 'rs2',
    });
    const fb = { ...create('facebook-ads'), metadata: { adAccountsLinked: 'act_1', fb_pixel_id: 'px' } };
    expect(
      applyIntegrationChange(fb, { kind: 'metadata', key: 'adAccountsLinked', value: 'act_2' }).metadata,
    ).toEqual({
      adAccountsLinked: 'act_2',
    });
  });

  it('clears the Workfront template and task on an account change, and the task on a template change', () => {
    const a: IntegrationAssignment = {
      ...create('workfront-project-pull-task-trigger'),
      connector_id: 4,
      metadata: { workfrontTemplateId: 'T1', workfrontTemplateTaskId: 'K1' },
    };
    const byTemplate = applyIntegrationChange(a, {
      kind: 'metadata',
      key: 'workfrontTemplateId',
      value: 'T2',
    });
    expect(byTemplate.metadata).toEqual({ workfrontTemplateId: 'T2' });
    const byAccount = applyIntegrationChange(a, { kind: 'connector', connectorId: 5 });
    expect(byAccount.metadata).toEqual({});
    const byTask = applyIntegrationChange(a, {
      kind: 'metadata',
      key: 'workfrontTemplateTaskId',
      value: 'K2',
    });
    expect(byTask.metadata).toEqual({ workfrontTemplateId: 'T1', workfrontTemplateTaskId: 'K2' });
  });

  it('adds a required custom_bitlink mapping row when the toggle is on and removes it when off', () => {
    const a = create('bitly');
    const on = applyIntegrationChange(a, { kind: 'metadata', key: 'custom_bitlink_enabled', value: 1 });
    expect(on.mapping_fields).toEqual([
      expect.objectContaining({ fieldName: CUSTOM_BITLINK_MAPPING, required: true, cvFieldId: null }),
    ]);
    const context = {
      templateName: 'x',
      hasLinkField: true,
      isAutoSubmitOn: false,
      templateFieldIds: [],
      featureFlags: [],
    };
    expect(checkIntegrations([on], context).map((i) => i.messageId)).toContain('mappingRequired');
    const off = applyIntegrationChange(on, { kind: 'metadata', key: 'custom_bitlink_enabled', value: 0 });
    expect(off.mapping_fields).toEqual([]);
  });

  it('clears the bitly group and domain when the organization changes', () => {
    const a = {
      ...create('bitly'),
      metadata: { bitly_org_id: 'o1', bitly_group_id: 'g1', shortened_url: 'go.example' },
    };
    expect(
      applyIntegrationChange(a, { kind: 'metadata', key: 'bitly_org_id', value: 'o2' }).metadata,
    ).toEqual({ bitly_org_id: 'o2' });
  });

  it('sets integration_data_reset on a filter change of a saved assignment only', () => {
    const filters = [{ integrationFilterId: 'campaign_ids', values: ['1'] }];
    const a = create('tiktok-inbound');
    expect(applyIntegrationChange(a, { kind: 'filters', filters }).integration_data_reset).toBe(false);
    expect(applyIntegrationChange(saved(a), { kind: 'filters', filters }).integration_data_reset).toBe(true);
    expect(applyIntegrationChange(saved(a), { kind: 'filters', filters: [] }).integration_data_reset).toBe(
      false,
    );
  });

  it('marks the QR config unvalidated after an edit and validated once it parses with allowed keys', () => {
    const a = create('qr-code-monkey');
    const edited = applyIntegrationChange(a, {
      kind: 'metadata',
      key: QR_METADATA_KEYS.config,
      value: '{"body":"dot"}',
    });
    expect(edited.metadata[QR_METADATA_KEYS.configValidated]).toBe(0);
    expect(validateQrConfig(edited).metadata[QR_METADATA_KEYS.configValidated]).toBe(1);
    const bad = applyIntegrationChange(a, {
      kind: 'metadata',
      key: QR_METADATA_KEYS.config,
      value: '{"size":1}',
    });
    expect(validateQrConfig(bad).metadata[QR_METADATA_KEYS.configValidated]).toBe(0);
  });

  it('never changes the assignment it is given', () => {
    const a = mapped(create('google-cm360-outbound'));
    const before = structuredClone(a);
    applyIntegrationChange(a, { kind: 'connector', connectorId: 9 }, NOW);
    applyIntegrationChange(a, { kind: 'dataType', value: 'ads' }, NOW);
    expect(a).toEqual(before);
  });
});

describe('parseIntegrationMetadata', () => {
  it("checks a family's known keys and lets other keys through", () => {
    expect(
      parseIntegrationMetadata('s3-push', { use_acl: 'bucket-owner-full-control', extra: 1 }).success,
    ).toBe(true);
    expect(parseIntegrationMetadata('s3-push', { use_acl: 'public-read' }).success).toBe(false);
    expect(parseIntegrationMetadata('qr-code-monkey', { qr_code_monkey_file_type: 'gif' }).success).toBe(
      false,
    );
    expect(parseIntegrationMetadata('email-output', { to: ['a@example.com'] }).success).toBe(true);
    expect(parseIntegrationMetadata('email-output', { to: ['nobody'] }).success).toBe(false);
  });
});

describe('deleting an assignment (spec 03 §4)', () => {
  it('also deletes its paired inbound or outbound twin, and nothing for an unpaired one', () => {
    const inbound = { ...create('tiktok-inbound'), id: 1 };
    const outbound = { ...create('tiktok-outbound'), id: 2 };
    const other = { ...create('pinterest-outbound'), id: 3 };
    const all = [inbound, outbound, other];
    expect(pairedAssignmentsOf(inbound, all)).toEqual([outbound]);
    expect(pairedAssignmentsOf(outbound, all)).toEqual([inbound]);
    expect(pairedAssignmentsOf(other, all)).toEqual([]);
    expect(pairedAssignmentsOf({ ...create('bitly'), id: 4 }, all)).toEqual([]);
  });

  it('removes deep-link or smart-link fields with the last branch or kochava assignment', () => {
    const branch = create('branch');
    expect(fieldGovernanceTypesRemovedWith(branch, [])).toEqual(['deep-link']);
    expect(fieldGovernanceTypesRemovedWith(branch, [create('branch')])).toEqual([]);
    expect(fieldGovernanceTypesRemovedWith(create('kochava'), [branch])).toEqual(['smart-link']);
    expect(fieldGovernanceTypesRemovedWith(create('bitly'), [])).toEqual([]);
  });
});
