import { describe, expect, it } from 'vitest';
import { checkCommonIntegrationRules, checkIntegrations, hasBlockingIntegrationIssues } from './checks';
import { createIntegrationAssignment, validateQrConfig } from './editing';
import type { IntegrationAssignment, MappingField } from './integration-assignment';
import type { IntegrationCheckContext, IntegrationIssue } from './issues';
import { integrationMessageText } from './messages';
import { QR_METADATA_KEYS } from './qr-code';
import { INTEGRATION_SLUGS, integrationFor } from './registry';

const NOW = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
const context: IntegrationCheckContext = {
  templateName: 'Spring Launch',
  hasLinkField: true,
  isAutoSubmitOn: false,
  templateFieldIds: [1, 2, 3],
  featureFlags: [],
  now: NOW,
};

/** A new assignment of a slug with every choice the checks ask for made. */
function complete(slug: string, id: IntegrationAssignment['id'] = 'TEMP_a'): IntegrationAssignment {
  const a = { ...createIntegrationAssignment(slug, { templateName: context.templateName, now: NOW }), id };
  const row = integrationFor(slug);
  const metadata = { ...a.metadata };
  if (row.dataTypeKey && row.dataTypes[0]) metadata[row.dataTypeKey] = row.dataTypes[0].value;
  for (const { key } of row.requiredMetadata) metadata[key] = '42';
  const mapping_fields: MappingField[] = a.mapping_fields.map((m) => ({ ...m, cvFieldId: 1 }));
  if (row.needsMappings && mapping_fields.length === 0)
    mapping_fields.push({
      fieldName: 'campaign',
      cvFieldId: 2,
      required: false,
      type: 'integration_field',
      source_type: 'field',
    });
  return {
    ...a,
    connector_id: row.credentialFamily === 'none' ? null : 7,
    metadata,
    mapping_fields,
    folder: '/exports',
  };
}

const check = (
  a: IntegrationAssignment,
  ctx: Partial<IntegrationCheckContext> = {},
  others: IntegrationAssignment[] = [],
) => checkIntegrations([a, ...others], { ...context, ...ctx });
const ids = (issues: IntegrationIssue[]) => issues.map((i) => i.messageId);
const texts = (issues: IntegrationIssue[]) =>
  issues.map((i) => integrationMessageText(i.messageId, i.params));
const withMeta = (a: IntegrationAssignment, patch: Record<string, unknown>): IntegrationAssignment => ({
  ...a,
  metadata: { ...a.metadata, ...(patch as IntegrationAssignment['metadata']) },
});

describe('checkIntegrations (spec 03 §5 "Per-integration checks")', () => {
  it.each(INTEGRATION_SLUGS)('a completed %s assignment has no issues', (slug) => {
    expect(check(complete(slug))).toEqual([]);
  });

  it('gives issues on the connect step with the assignment id and its name', () => {
    const a = { ...complete('box-push', 41), name: 'Weekly Box', folder: '' };
    expect(check(a)).toEqual([
      {
        type: 'ERROR',
        messageId: 'folderRequired',
        params: { name: 'Weekly Box' },
        step: 'connect',
        integrationId: 41,
      },
    ]);
  });

  it("says 'Name is required' for a blank name, naming the integration type instead", () => {
    const issues = check({ ...complete('s3-push'), name: '  ' });
    expect(texts(issues)).toEqual(['Name is required']);
    expect(issues[0]?.params.name).toBe('Amazon S3');
  });

  it("says 'Account is required' without an account, except for the email output", () => {
    expect(texts(check({ ...complete('tiktok-inbound'), connector_id: null }))).toEqual([
      'Account is required',
    ]);
    expect(check({ ...complete('email-output'), connector_id: null })).toEqual([]);
  });

  it('needs a link field in the template for QR code, branch, kochava and the link shortener', () => {
    for (const slug of ['qr-code-monkey', 'branch', 'kochava', 'bitly'])
      expect(ids(check(complete(slug), { hasLinkField: false }))).toEqual(['linkFieldRequired']);
    expect(check(complete('box-push'), { hasLinkField: false })).toEqual([]);
  });

  it('needs group, organization and branded short domain for the link shortener', () => {
    const a = withMeta(complete('bitly'), { bitly_group_id: '', bitly_org_id: null, shortened_url: ' ' });
    expect(texts(check(a))).toEqual([
      'Bitly: Organization is required',
      'Bitly: Group is required',
      'Bitly: Branded short domain is required',
    ]);
  });

  it('needs a data type that the integration offers', () => {
    expect(texts(check(withMeta(complete('pinterest-inbound'), { data_type: '' })))).toEqual([
      'Pinterest inbound: Data type is required',
    ]);
    expect(ids(check(withMeta(complete('pinterest-inbound'), { data_type: 'media' })))).toEqual([
      'dataTypeInvalid',
    ]);
  });

  it('needs each required ads mapping filled (Facebook legacy, CM360 output, the other ad server)', () => {
    const unfilled = (slug: string, name: string) => {
      const a = complete(slug);
      return check({
        ...a,
        mapping_fields: a.mapping_fields.map((m) => (m.fieldName === name ? { ...m, cvFieldId: null } : m)),
      });
    };
    expect(texts(unfilled('facebook-ads', 'generated_link'))).toEqual([
      'Facebook Ads: map Generated link to a template field',
    ]);
    expect(ids(unfilled('google-dcm-output', 'campaign'))).toEqual(['mappingRequired']);
    expect(ids(unfilled('google-cm360-outbound', 'placementId'))).toEqual(['mappingRequired']);
    expect(ids(check({ ...complete('facebook-ads'), mapping_fields: [] }))).toEqual([
      'mappingRequired',
      'mappingRequired',
      'mappingRequired',
    ]);
  });

  it('needs every other ads mapping row filled too', () => {
    const a = complete('facebook-marketing-outbound');
    const [first, ...rest] = a.mapping_fields;
    const issues = check({ ...a, mapping_fields: [{ ...first!, cvFieldId: null }, ...rest] });
    expect(texts(issues)).toEqual(['Facebook Marketing outbound: choose a template field for Campaign ID']);
  });

  it('needs ads inbound filter values that are not blank', () => {
    const a = complete('tiktok-inbound');
    expect(check({ ...a, filters: [{ integrationFilterId: 'campaign_ids', values: ['123', 456] }] })).toEqual(
      [],
    );
    expect(
      ids(check({ ...a, filters: [{ integrationFilterId: 'campaign_ids', values: ['123', '  '] }] })),
    ).toEqual(['filterValuesBlank']);
    expect(ids(check({ ...a, filters: [{ integrationFilterId: 'campaign_ids', values: [] }] }))).toEqual([
      'filterValuesBlank',
    ]);
  });

  it('limits the CM360 and DV360 date filters to two years of history (spec 03 §9)', () => {
    for (const slug of ['google-cm360-inbound', 'google-dv360-inbound']) {
      const a = complete(slug);
      expect(
        check({ ...a, filters: [{ integrationFilterId: 'updated_after', values: ['2025-01-01'] }] }),
      ).toEqual([]);
      const issues = check({
        ...a,
        filters: [{ integrationFilterId: 'updated_after', values: ['2024-11-22'] }],
      });
      expect(ids(issues)).toEqual(['dateFilterTooOld']);
      expect(issues[0]?.params.years).toBe(2);
      const notADate = check({
        ...a,
        filters: [{ integrationFilterId: 'updated_after', values: ['last week'] }],
      });
      expect(ids(notADate)).toEqual(['dateFilterInvalid']);
    }
  });

  it('needs a content-management folder filter that starts with /', () => {
    const a = complete('adobe-experience-manager-inbound');
    expect(check(withMeta(a, { folderFilter: '/content/dam' }))).toEqual([]);
    expect(texts(check(withMeta(a, { folderFilter: 'content/dam' })))).toEqual(['Folder must start with /']);
    expect(ids(check(withMeta(a, { folderFilter: '' })))).toEqual(['valueRequired']);
  });

  it('allows only one content-management outbound per template, flagging the later ones', () => {
    const first = complete('adobe-experience-manager-outbound', 1);
    const second = complete('adobe-experience-manager-outbound', 'TEMP_b');
    const issues = checkIntegrations([first, second], context);
    expect(issues.map((i) => [i.messageId, i.integrationId])).toEqual([['onlyOneAssignment', 'TEMP_b']]);
    const inbound = [
      complete('adobe-experience-manager-inbound', 1),
      complete('adobe-experience-manager-inbound', 2),
    ];
    expect(checkIntegrations(inbound, context)).toEqual([]);
  });

  it('needs account, property, data set type, custom data source and mappings for Google Analytics', () => {
    const a = complete('google-analytics');
    const issues = check({
      ...withMeta(a, {
        ga_account_id: '',
        ga_property_id: '',
        ga_data_set_type: '',
        ga_custom_data_source_id: '',
      }),
      mapping_fields: [],
    });
    expect(texts(issues)).toEqual([
      'Google Analytics: Data set type is required',
      'Google Analytics: Google Analytics account is required',
      'Google Analytics: Property is required',
      'Google Analytics: Custom data source is required',
      'Google Analytics: map at least one field',
    ]);
  });

  it('needs a recipient for storage and database notifications that are on', () => {
    const on = { emailTo: [], subject: '', emailOnFailure: true, emailOnSuccess: false };
    for (const slug of ['box-push', 'snowflake-push']) {
      expect(ids(check({ ...complete(slug), integration_notifications: [on] }))).toEqual([
        'notificationRecipientRequired',
      ]);
      expect(
        check({ ...complete(slug), integration_notifications: [{ ...on, emailTo: ['ops@example.com'] }] }),
      ).toEqual([]);
      expect(
        check({ ...complete(slug), integration_notifications: [{ ...on, emailOnFailure: false }] }),
      ).toEqual([]);
    }
  });

  it('needs a folder path for storage pushes and file pulls', () => {
    for (const slug of [
      's3-push',
      'azure-blob-push',
      'sftp-push',
      'google-cloud',
      'sftp-pull',
      'aws-s3-inbound',
    ])
      expect(ids(check({ ...complete(slug), folder: ' ' }))).toEqual(['folderRequired']);
    expect(
      check({
        ...complete('sftp-pull'),
        folder: '',
        metadata: { ...complete('sftp-pull').metadata, folder: '/in' },
      }),
    ).toEqual([]);
  });

  it('needs identifier fields of the template for file pulls when auto-submit is on', () => {
    const a = complete('sftp-pull');
    expect(ids(check(a, { isAutoSubmitOn: true }))).toEqual(['identifierFieldsRequired']);
    expect(check(withMeta(a, { identifier_field_ids: '1,3' }), { isAutoSubmitOn: true })).toEqual([]);
    expect(ids(check(withMeta(a, { identifier_field_ids: '1,9' }), { isAutoSubmitOn: true }))).toEqual([
      'identifierFieldNotInTemplate',
    ]);
    expect(check(a, { isAutoSubmitOn: false })).toEqual([]);
  });

  it('warns, without blocking, about a per-target report with no targets', () => {
    const a = { ...complete('email-output'), report_type: 'perTarget' as const };
    const issues = check(a);
    expect(issues.map((i) => [i.type, i.messageId])).toEqual([['WARNING', 'perTargetWithoutTargets']]);
    expect(hasBlockingIntegrationIssues(issues)).toBe(false);
    expect(check(withMeta(a, { target_id: 5 }))).toEqual([]);
  });

  it('checks the Snowflake table name', () => {
    expect(texts(check(withMeta(complete('snowflake-push'), { tableName: 'drop' })))).toEqual([
      'Cannot be a reserved SQL keyword.',
    ]);
    expect(texts(check(withMeta(complete('snowflake-push'), { tableName: '' })))).toEqual([
      'Table Name cannot be empty.',
    ]);
  });

  it('needs a QR size of at least 300 and names each empty QR value', () => {
    const a = complete('qr-code-monkey');
    expect(ids(check(withMeta(a, { [QR_METADATA_KEYS.size]: 299 })))).toEqual(['qrSizeTooSmall']);
    expect(check(withMeta(a, { [QR_METADATA_KEYS.size]: '300' }))).toEqual([]);
    const empty = withMeta(a, {
      [QR_METADATA_KEYS.type]: '',
      [QR_METADATA_KEYS.size]: '',
      [QR_METADATA_KEYS.fileType]: null,
    });
    expect(texts(check(empty))).toEqual([
      'QR Code Monkey: QR code type is required',
      'QR Code Monkey: QR code size is required',
      'QR Code Monkey: QR code file type is required',
    ]);
    const optionalEmpty = withMeta(a, {
      [QR_METADATA_KEYS.useShortened]: '',
      [QR_METADATA_KEYS.background]: '',
      [QR_METADATA_KEYS.xOffset]: '',
      [QR_METADATA_KEYS.yOffset]: '',
    });
    expect(check(optionalEmpty)).toEqual([]);
  });

  it('checks that the QR config parses, has allowed keys only and was validated', () => {
    const a = complete('qr-code-monkey');
    const config = (text: string) => withMeta(a, { [QR_METADATA_KEYS.config]: text });
    expect(check(config('{"body":"square"}'))).toEqual([]);
    expect(ids(check(config('{"body":')))).toEqual(['qrConfigInvalidJson']);
    const unknown = check(config('{"body":"square","size":3}'));
    expect(texts(unknown)).toEqual(['QR Code Monkey: the QR code config key size is not allowed']);
    const edited = withMeta(config('{"body":"square"}'), { [QR_METADATA_KEYS.configValidated]: 0 });
    expect(ids(check(edited))).toEqual(['qrConfigNotValidated']);
    expect(check(validateQrConfig(edited))).toEqual([]);
  });

  it('needs the kochava app group, the Workfront template and task, and the Adobe report suite and report', () => {
    expect(texts(check(withMeta(complete('kochava'), { app_group_id: '' })))).toEqual([
      'Kochava: App group is required',
    ]);
    expect(
      ids(check(withMeta(complete('workfront-project-pull-task-trigger'), { workfrontTemplateTaskId: '' }))),
    ).toEqual(['valueRequired']);
    expect(texts(check(withMeta(complete('adobe-inbound'), { realmLinked: '', reportLinked: '' })))).toEqual([
      'Adobe Analytics: Report suite is required',
      'Adobe Analytics: Report is required',
    ]);
  });

  it('refuses an integration whose gating flag is off', () => {
    const gated = { ...integrationFor('branch'), featureFlags: ['row-properties-outbound' as const] };
    const a = complete('branch');
    expect(ids(checkCommonIntegrationRules(a, gated, context))).toEqual(['integrationNotAvailable']);
    expect(
      checkCommonIntegrationRules(a, gated, { ...context, featureFlags: ['row-properties-outbound'] }),
    ).toEqual([]);
  });

  it('names each known metadata key of the wrong shape, and lets unknown keys pass', () => {
    const issues = check(
      withMeta(complete('s3-push'), { use_acl: 'public-read', use_sse: 'yes', custom_note: 'x' }),
    );
    expect(issues.map((i) => [i.messageId, i.params.key])).toEqual([
      ['metadataInvalid', 'use_acl'],
      ['metadataInvalid', 'use_sse'],
    ]);
  });

  it('checks an unknown slug as the email output', () => {
    expect(check({ ...complete('email-output'), slug: 'legacy-fax' })).toEqual([]);
    expect(ids(check({ ...complete('email-output'), slug: 'legacy-fax', name: '' }))).toEqual([
      'nameRequired',
    ]);
  });
});
