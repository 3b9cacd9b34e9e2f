import type { TemplateIssue } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { popoverIssues, saveBlockedReason, stepOfIssue } from './TemplateEditorHeader';

const issue = (over: Partial<TemplateIssue>): TemplateIssue => ({
  type: 'ERROR',
  messageId: 'templateNameRequired',
  params: {},
  step: 'setup',
  ...over,
});

describe('saveBlockedReason (spec 03 §2: Save disabled, a tooltip for each reason)', () => {
  it('lets a template with warnings only be saved', () => {
    expect(
      saveBlockedReason([issue({ type: 'WARNING', messageId: 'patternUpdated', step: 'govern' })], false),
    ).toBeNull();
  });

  it('counts the errors', () => {
    expect(saveBlockedReason([issue({})], false)).toBe('Fix 1 error before saving');
    expect(saveBlockedReason([issue({}), issue({ messageId: 'templateFolderRequired' })], false)).toBe(
      'Fix 2 errors before saving',
    );
  });

  it('names missing approvers when approval is required, and a running save above all', () => {
    const approvers = [issue({ messageId: 'approversRequired' }), issue({})];
    expect(saveBlockedReason(approvers, false)).toBe('Approval is required: choose at least one approver');
    expect(saveBlockedReason(approvers, true)).toBe('The template is being saved');
  });
});

describe('stepOfIssue', () => {
  it('jumps to the govern step for the creative rules, which live there', () => {
    expect(stepOfIssue(issue({ step: 'creative' }))).toBe('govern');
    expect(stepOfIssue(issue({ step: 'connect' }))).toBe('connect');
  });
});

describe('popoverIssues ("Not ready" integrations)', () => {
  it('lists a parked integration once, by its "Not ready" issue, not by each missing setting', () => {
    const account = issue({
      type: 'WARNING',
      messageId: 'accountRequired',
      params: { name: 'Bucket drop' },
      step: 'connect',
      integrationId: 'TEMP_a',
    });
    const notReady = issue({
      type: 'WARNING',
      messageId: 'integrationNotReady',
      params: { name: 'Bucket drop', missing: 'choose a connected account' },
      step: 'connect',
      integrationId: 'TEMP_a',
    });
    const reserved = issue({
      messageId: 'snowflakeTableNameReserved',
      params: { name: 'Nightly load' },
      step: 'connect',
      integrationId: 'TEMP_b',
    });
    expect(popoverIssues([account, notReady, reserved])).toEqual([notReady, reserved]);
    expect(saveBlockedReason([account, notReady], false)).toBeNull();
  });
});
