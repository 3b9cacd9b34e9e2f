import type { TemplateIssue, TemplatePerson, TemplateSettings } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  approverOptions,
  recipientOptions,
  recipientsFor,
  setupIssueTexts,
  showsApprovalSwitch,
  showsAutoSubmitSwitch,
} from './setupChoices';

const person = (id: number, name: string, canApprove: boolean, role: TemplatePerson['role'] = 'ADMIN') => ({
  id,
  name,
  email: `${name.toLowerCase()}@acme.test`,
  role,
  can_approve: canApprove,
});
const settings = (over: Partial<TemplateSettings> = {}): TemplateSettings => ({
  require_identifier: 0,
  require_approval: 0,
  enable_auto_submit: 0,
  ...over,
});

describe('setupIssueTexts (spec 03 §5)', () => {
  it('gives each setup input the catalogue text of its issue and ignores other steps', () => {
    const issues: TemplateIssue[] = [
      { type: 'ERROR', messageId: 'templateNameRequired', params: {}, step: 'setup' },
      { type: 'ERROR', messageId: 'approversRequired', params: {}, step: 'setup' },
      { type: 'ERROR', messageId: 'listRequired', params: { field: 'Country' }, step: 'govern', fieldId: 3 },
    ];
    expect(setupIssueTexts(issues)).toEqual({
      templateNameRequired: 'Template name is required',
      approversRequired: 'Choose at least one approver, since approval is required',
    });
    expect(setupIssueTexts([])).toEqual({});
  });
});

describe('showsApprovalSwitch (spec 03 §2, §6)', () => {
  it('needs both the allow_approval setting and the approval flag', () => {
    expect(showsApprovalSwitch({ allow_approval: true }, ['approval'], settings())).toBe(true);
    expect(showsApprovalSwitch({ allow_approval: false }, ['approval'], settings())).toBe(false);
    expect(showsApprovalSwitch({ allow_approval: true }, [], settings())).toBe(false);
  });

  it('stays while the template still requires approval, so it can be turned off', () => {
    expect(showsApprovalSwitch({ allow_approval: false }, [], settings({ require_approval: 1 }))).toBe(true);
  });
});

describe('showsAutoSubmitSwitch (spec 03 §2)', () => {
  it('needs the auto-submit flag, or the template having it on', () => {
    expect(showsAutoSubmitSwitch(['auto-submit'], settings())).toBe(true);
    expect(showsAutoSubmitSwitch([], settings())).toBe(false);
    expect(showsAutoSubmitSwitch([], settings({ enable_auto_submit: 1 }))).toBe(true);
  });
});

describe('approverOptions (spec 01 §5)', () => {
  const people = [person(1, 'Zoe', true), person(2, 'Max', false, 'MANAGER'), person(3, 'Ann', true)];

  it('offers only the people who may approve, by name', () => {
    expect(approverOptions(people, [], [])).toEqual([
      { value: 3, label: 'Ann (ann@acme.test)' },
      { value: 1, label: 'Zoe (zoe@acme.test)' },
    ]);
  });

  it('keeps chosen approvers who may no longer approve, named, so they can be removed', () => {
    const current = [{ id: 2, name: 'Max', email: 'max@acme.test' }];
    expect(approverOptions(people, current, [2, 9]).slice(2)).toEqual([
      { value: 2, label: 'Max (max@acme.test), may no longer approve' },
      { value: 9, label: 'User 9' },
    ]);
    // Once removed, they are no longer offered.
    expect(approverOptions(people, current, []).map((o) => o.value)).toEqual([3, 1]);
  });
});

describe('recipients (spec 03 §3 submissionStatusRecipients)', () => {
  const people = [person(1, 'Zoe', true), person(2, 'Max', false, 'USER')];

  it('offers every enabled user and keeps chosen ones the list no longer holds', () => {
    expect(recipientOptions(people, [{ userId: 7, email: 'gone@acme.test' }]).map((o) => o.label)).toEqual([
      'Zoe (zoe@acme.test)',
      'Max (max@acme.test)',
      'gone@acme.test',
    ]);
  });

  it('maps chosen ids to {userId, email} with current emails, in the order chosen', () => {
    const current = [{ userId: 7, email: 'gone@acme.test' }];
    expect(recipientsFor([2, 7, 1], people, current)).toEqual([
      { userId: 2, email: 'max@acme.test' },
      { userId: 7, email: 'gone@acme.test' },
      { userId: 1, email: 'zoe@acme.test' },
    ]);
    expect(recipientsFor([42], people, current)).toEqual([]);
  });
});
