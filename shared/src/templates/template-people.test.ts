import { describe, expect, it } from 'vitest';
import { approverRefusal, mayApproveTemplates } from './template-people';

describe('mayApproveTemplates (spec 01 §5)', () => {
  it('lets owners approve, with or without manager-approvals', () => {
    expect(mayApproveTemplates('ADMIN', [])).toBe(true);
    expect(mayApproveTemplates('ADMIN', ['manager-approvals'])).toBe(true);
  });

  it('lets managers approve only with manager-approvals', () => {
    expect(mayApproveTemplates('MANAGER', [])).toBe(false);
    expect(mayApproveTemplates('MANAGER', ['approval'])).toBe(false);
    expect(mayApproveTemplates('MANAGER', ['manager-approvals'])).toBe(true);
  });

  it('never lets users approve', () => {
    expect(mayApproveTemplates('USER', ['manager-approvals', 'approval'])).toBe(false);
  });
});

describe('approverRefusal (spec 01 §5)', () => {
  it('names who may not approve and who may', () => {
    expect(approverRefusal({ name: 'Olive', role: 'ADMIN' }, [])).toBeNull();
    expect(approverRefusal({ name: 'Max', role: 'MANAGER' }, [])).toBe(
      'Max cannot approve templates: approvers must be owners',
    );
    expect(approverRefusal({ name: 'Max', role: 'MANAGER' }, ['manager-approvals'])).toBeNull();
    expect(approverRefusal({ name: 'Uma', role: 'USER' }, ['manager-approvals'])).toBe(
      'Uma cannot approve templates: approvers must be owners or managers',
    );
  });
});
