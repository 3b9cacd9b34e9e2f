import { describe, expect, it } from 'vitest';
import {
  canAddIntegration,
  changeConfirmation,
  deletionConfirmation,
  integrationIssueSection,
  integrationSectionKey,
  isEmailAddress,
  outputFieldRows,
} from './assignment-editing';
import { checkIntegration } from './checks';
import { createIntegrationAssignment } from './editing';
import type { IncludedOutputField, IntegrationAssignment } from './integration-assignment';
import { integrationIssue } from './issues';
import { integrationMessageText } from './messages';
import { integrationFor } from './registry';
import { integrationSections } from './sections';
import { lockedOutputGovernanceTypes } from './snowflake';

const NOW = new Date(Date.UTC(2026, 3, 1));
function assignment(slug: string, over: Partial<IntegrationAssignment> = {}): IntegrationAssignment {
  return { ...createIntegrationAssignment(slug, { templateName: 'Spring', now: NOW }), ...over };
}

describe('changeConfirmation (spec 03 §4)', () => {
  const saved = assignment('tiktok-inbound', { id: 12, connector_id: 3, metadata: { data_type: 'ads' } });

  it('asks before changing the account or the data type of a saved integration', () => {
    expect(changeConfirmation(saved, { kind: 'connector', connectorId: 4 })).toEqual({
      messageId: 'changeAccountConfirm',
      params: { name: 'TikTok inbound' },
    });
    const dataType = changeConfirmation(saved, { kind: 'dataType', value: 'campaigns' });
    expect(dataType?.messageId).toBe('changeDataTypeConfirm');
    expect(integrationMessageText(dataType!.messageId, dataType!.params)).toBe(
      'Changing the data type of TikTok inbound resets its mappings and filters. Are you sure you want to continue?',
    );
    expect(
      changeConfirmation(saved, { kind: 'metadata', key: 'data_type', value: 'campaigns' })?.messageId,
    ).toBe('changeDataTypeConfirm');
  });

  it('asks nothing for a new integration, a first choice, the same value or other settings', () => {
    const fresh = { ...saved, id: 'TEMP_x' as const };
    expect(changeConfirmation(fresh, { kind: 'connector', connectorId: 4 })).toBeNull();
    expect(
      changeConfirmation({ ...saved, connector_id: null }, { kind: 'connector', connectorId: 4 }),
    ).toBeNull();
    expect(changeConfirmation(saved, { kind: 'connector', connectorId: 3 })).toBeNull();
    expect(changeConfirmation({ ...saved, metadata: {} }, { kind: 'dataType', value: 'ads' })).toBeNull();
    expect(changeConfirmation(saved, { kind: 'dataType', value: 'ads' })).toBeNull();
    expect(
      changeConfirmation(saved, { kind: 'metadata', key: 'pull_performance_metrics', value: 1 }),
    ).toBeNull();
    expect(changeConfirmation(saved, { kind: 'filters', filters: [] })).toBeNull();
  });

  it('asks before changing the Google Analytics custom data source, which clears the mappings', () => {
    const ga = assignment('google-analytics', { id: 5, metadata: { ga_custom_data_source_id: 'a' } });
    expect(changeConfirmation(ga, { kind: 'metadata', key: 'ga_custom_data_source_id', value: 'b' })).toEqual(
      {
        messageId: 'changeSourceConfirm',
        params: { name: 'Google Analytics', item: 'custom data source' },
      },
    );
  });
});

describe('deletionConfirmation (spec 03 §8)', () => {
  it('names the paired twin of the same type and deletes both', () => {
    const inbound = assignment('pinterest-inbound', { name: 'Pins in' });
    const outbound = assignment('pinterest-outbound', { name: 'Pins out' });
    const mail = assignment('email-output');
    const asked = deletionConfirmation(inbound, [inbound, mail, outbound]);
    expect(asked.pair).toEqual([outbound]);
    expect(integrationMessageText(asked.messageId, asked.params)).toBe(
      'Are you sure? Deleting Pins in also deletes its paired outbound integration Pins out.',
    );
    expect(deletionConfirmation(outbound, [inbound, outbound]).params.pairDirection).toBe('inbound');
  });

  it('asks the connection question of spec 03 §8 without a twin', () => {
    const inbound = assignment('pinterest-inbound', { name: '' });
    const asked = deletionConfirmation(inbound, [inbound, assignment('email-output')]);
    expect(asked.pair).toEqual([]);
    expect(integrationMessageText(asked.messageId, asked.params)).toBe(
      'You are about to delete your connection to Pinterest inbound, and will lose all mappings, filters and configuration for this integration. Are you sure you want to continue?',
    );
  });
});

describe('canAddIntegration', () => {
  it('offers a one-per-template slug only while the template has none (spec 03 §5)', () => {
    const aem = integrationFor('adobe-experience-manager-outbound');
    expect(canAddIntegration(aem, [])).toBe(true);
    expect(canAddIntegration(aem, [{ slug: aem.slug }])).toBe(false);
    const mail = integrationFor('email-output');
    expect(canAddIntegration(mail, [{ slug: 'email-output' }])).toBe(true);
  });
});

describe('outputFieldRows', () => {
  const fields = [
    { field_id: 10, field: { name: 'Brand' }, visible_on_form: true },
    { field_id: 'TEMP_link', field: { name: 'Link' }, visible_on_form: true },
    { field_id: 11, field: { name: 'ID' }, visible_on_form: false },
  ];
  const row = (id: number | string, name: string, selected: boolean, display = ''): IncludedOutputField => ({
    id,
    name,
    display,
    selected,
    isHidden: false,
    isMeta: false,
    readOnly: false,
  });

  it('starts with every field selected, in template order, hidden ones marked', () => {
    const rows = outputFieldRows(fields, []);
    expect(rows.map((r) => [r.id, r.name, r.selected, r.isHidden])).toEqual([
      [10, 'Brand', true, false],
      ['TEMP_link', 'Link', true, false],
      [11, 'ID', true, true],
    ]);
  });

  it('keeps stored choices by id, or by name once a TEMP_ id was saved, and drops removed fields', () => {
    const saved = [{ ...fields[0]! }, { field_id: 12, field: { name: 'Link' }, visible_on_form: true }];
    const rows = outputFieldRows(saved, [
      row(10, 'Brand', false),
      row('TEMP_link', 'Link', true, 'URL'),
      row(99, 'Gone', true),
    ]);
    expect(rows.map((r) => [r.id, r.selected, r.display])).toEqual([
      [10, false, ''],
      [12, true, 'URL'],
    ]);
  });

  it('leaves a field added after the selection unselected', () => {
    const rows = outputFieldRows(fields, [row(10, 'Brand', true)]);
    expect(rows.map((r) => r.selected)).toEqual([true, false, false]);
  });

  it("keeps Snowflake's identifier field selected and read-only (spec 03 §5)", () => {
    const withId = fields.map((f) => ({ ...f, governance_type: f.field_id === 11 ? 'cv_id' : 'text' }));
    const rows = outputFieldRows(
      withId,
      [row(10, 'Brand', true), row(11, 'ID', false)],
      lockedOutputGovernanceTypes('snowflake'),
    );
    expect(rows.map((r) => [r.id, r.selected, r.readOnly])).toEqual([
      [10, true, false],
      ['TEMP_link', false, false],
      [11, true, true],
    ]);
    expect(lockedOutputGovernanceTypes('email-output')).toEqual([]);
  });
});

describe('integrationIssueSection', () => {
  it('places every issue of the email and generic forms on a section of their form', () => {
    const cases: [string, Partial<IntegrationAssignment>, string][] = [
      ['email-output', { name: '' }, 'name'],
      ['email-output', { metadata: { sendToSubmitter: 0 } }, 'email'],
      ['email-output', { metadata: { sendToSubmitter: 1, to: ['nope'] } }, 'email'],
      ['email-output', { filename_pattern: '{x}' }, 'fileSettings'],
      ['email-output', { report_type: 'custom' }, 'outputFields'],
      [
        'email-output',
        {
          integration_notifications: [
            { emailTo: [], subject: '', emailOnFailure: true, emailOnSuccess: false },
          ],
        },
        'notifications',
      ],
      ['tiktok-inbound', { connector_id: 1, metadata: {} }, 'dataSelection:data_type'],
      ['tiktok-inbound', { connector_id: null, metadata: { data_type: 'ads' } }, 'account'],
      ['kochava', { connector_id: 1 }, 'dropdown:app_group_id'],
      ['google-cm360-outbound', { connector_id: 1, metadata: { data_type: 'ads' } }, 'fieldMapping'],
      ['box-push', { connector_id: 1 }, 'folder'],
    ];
    for (const [slug, over, section] of cases) {
      const a = assignment(slug, over);
      const definition = integrationFor(slug);
      const issues = checkIntegration(a, {
        templateName: 'T',
        hasLinkField: true,
        isAutoSubmitOn: false,
        templateFieldIds: [],
        featureFlags: [],
        now: NOW,
      });
      expect(issues.length, `${slug} ${JSON.stringify(over)}`).toBeGreaterThan(0);
      expect(issues.map((i) => integrationIssueSection(i, definition))).toContain(section);
      // The section is one the form shows.
      const keys = integrationSections(definition, []).map(integrationSectionKey);
      expect(keys).toContain(section);
    }
  });

  it('places a malformed optional dropdown value (the Facebook ad account) on its dropdown', () => {
    const issue = integrationIssue({ id: 'TEMP_x', name: 'Facebook Ads' }, 'metadataInvalid', {
      key: 'adAccountsLinked',
    });
    expect(integrationIssueSection(issue, integrationFor('facebook-ads'))).toBe('dropdown:adAccountsLinked');
  });

  it('keeps issues about the integration as a whole off the sections', () => {
    const branch = assignment('branch', { connector_id: 1 });
    const [issue] = checkIntegration(branch, {
      templateName: 'T',
      hasLinkField: false,
      isAutoSubmitOn: false,
      templateFieldIds: [],
      featureFlags: [],
    });
    expect(issue?.messageId).toBe('linkFieldRequired');
    expect(integrationIssueSection(issue!, integrationFor('branch'))).toBeNull();
  });
});

describe('isEmailAddress', () => {
  it('accepts addresses the recipient lists store and refuses others', () => {
    expect(isEmailAddress('ops@example.com')).toBe(true);
    expect(isEmailAddress('ops@example')).toBe(false);
    expect(isEmailAddress('ops example.com')).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(310)}@example.com`)).toBe(false);
  });
});
