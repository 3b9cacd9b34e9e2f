import { describe, expect, it } from 'vitest';
import { buildTemplate } from '../templates/templates.fixtures';
import {
  hasBlockingTemplateIssues,
  templateIssueText,
  validateTemplate,
} from '../templates/validate-template';
import { checkIntegrations } from './checks';
import { createIntegrationAssignment } from './editing';
import type { IntegrationAssignment } from './integration-assignment';
import { isMissingSettingIssue, missingSettingsByIntegration, notReadyText, readinessOf } from './readiness';

const NOW = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));

function assignment(slug: string, extra: Partial<IntegrationAssignment> = {}): IntegrationAssignment {
  return { ...createIntegrationAssignment(slug, { templateName: 'Spring', now: NOW }), ...extra };
}

const context = {
  templateName: 'Spring',
  hasLinkField: false,
  isAutoSubmitOn: false,
  templateFieldIds: [],
  featureFlags: [],
  now: NOW,
};

describe('integration readiness ("Connecting never loses work")', () => {
  it('counts a missing connected account as a missing setting, worded as what to do', () => {
    const box = assignment('sftp-push', { id: 'TEMP_box', name: 'Box push', folder: '/out' });
    const issues = checkIntegrations([box], context);
    const account = issues.find((i) => i.messageId === 'accountRequired');
    expect(account && isMissingSettingIssue(account)).toBe(true);
    expect(missingSettingsByIntegration(issues).get('TEMP_box')).toContain('choose a connected account');
  });

  it('keeps a value of the wrong kind a blocking error, not a missing setting', () => {
    const snowflake = assignment('snowflake-push', {
      id: 'TEMP_s',
      name: 'Nightly load',
      connector_id: 3,
      metadata: { ...assignment('snowflake-push').metadata, tableName: 'select' },
    });
    const issues = checkIntegrations([snowflake], context);
    const reserved = issues.find((i) => i.messageId === 'snowflakeTableNameReserved');
    expect(reserved && isMissingSettingIssue(reserved)).toBe(false);
    expect(missingSettingsByIntegration(issues).has('TEMP_s')).toBe(false);
  });

  it('lets a template whose integration lacks an account be saved, with a "Not ready" warning naming it', () => {
    const template = buildTemplate({
      integrations: [assignment('sftp-push', { id: 'TEMP_box', name: 'Box push', folder: '/out' })],
    });
    const issues = validateTemplate(template, { featureFlags: [], now: NOW });
    expect(hasBlockingTemplateIssues(issues)).toBe(false);
    const notReady = issues.find((i) => i.messageId === 'integrationNotReady');
    expect(notReady).toMatchObject({ type: 'WARNING', step: 'connect', integrationId: 'TEMP_box' });
    expect(templateIssueText(notReady!)).toBe('Box push: Not ready: choose a connected account');
    // The account section still shows what is missing, as a warning.
    expect(issues.find((i) => i.messageId === 'accountRequired')).toMatchObject({ type: 'WARNING' });
  });

  it('still blocks the save for a genuinely invalid setting beside a missing one', () => {
    const template = buildTemplate({
      integrations: [
        assignment('snowflake-push', {
          id: 'TEMP_s',
          name: 'Nightly load',
          metadata: { ...assignment('snowflake-push').metadata, tableName: 'select' },
        }),
      ],
    });
    const issues = validateTemplate(template, { featureFlags: [], now: NOW });
    expect(hasBlockingTemplateIssues(issues)).toBe(true);
    expect(issues.filter((i) => i.type === 'ERROR').map((i) => i.messageId)).toEqual([
      'snowflakeTableNameReserved',
    ]);
  });

  it('has no "Not ready" once the account is chosen', () => {
    const template = buildTemplate({
      integrations: [
        assignment('sftp-push', { id: 'TEMP_box', name: 'Box push', folder: '/out', connector_id: 9 }),
      ],
    });
    const issues = validateTemplate(template, { featureFlags: [], now: NOW });
    expect(issues.map((i) => i.messageId)).not.toContain('integrationNotReady');
    expect(missingSettingsByIntegration(issues).size).toBe(0);
  });

  it('words the readiness of a stored assignment', () => {
    expect(readinessOf([])).toEqual({ is_ready: true, missing: [] });
    expect(readinessOf(['choose a connected account', 'choose a folder'])).toEqual({
      is_ready: false,
      missing: ['choose a connected account', 'choose a folder'],
    });
    expect(notReadyText(['choose a connected account', 'choose a folder'])).toBe(
      'Not ready: choose a connected account; choose a folder',
    );
  });
});
