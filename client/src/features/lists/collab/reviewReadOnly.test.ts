import { describe, expect, it } from 'vitest';
import { reviewRestrictions } from './reviewReadOnly';

const base = {
  isLive: true,
  isApprover: true,
  lockHolder: 'none' as const,
  lockedByName: null,
  sessionSaveBlockedReason: null,
  approveRightNeededMessage: 'Need the right',
};

describe('reviewRestrictions', () => {
  it('restricts nothing off the room', () => {
    expect(reviewRestrictions({ ...base, isLive: false, isApprover: false })).toEqual({
      isReviewReadOnly: false,
      readOnlyReason: null,
      saveBlockedReason: null,
    });
  });

  it('makes the list read-only for a non-approver, with the right-needed note', () => {
    expect(reviewRestrictions({ ...base, isApprover: false, lockHolder: 'other' })).toEqual({
      isReviewReadOnly: true,
      readOnlyReason: 'Need the right',
      saveBlockedReason: 'Need the right',
    });
  });

  it('names the reviewer holding the lock, or says someone', () => {
    const named = reviewRestrictions({ ...base, lockHolder: 'other', lockedByName: 'Ada' });
    expect(named.isReviewReadOnly).toBe(true);
    expect(named.readOnlyReason).toBe('Ada is reviewing this list; it is read-only until they save or leave');
    expect(named.saveBlockedReason).toBe('Ada is reviewing this list; save when they finish');
    expect(reviewRestrictions({ ...base, lockHolder: 'other' }).saveBlockedReason).toBe(
      'Someone is reviewing this list; save when they finish',
    );
  });

  it("passes the session's save reason to an approver who may edit", () => {
    expect(reviewRestrictions({ ...base, lockHolder: 'me', sessionSaveBlockedReason: 'Offline' })).toEqual({
      isReviewReadOnly: false,
      readOnlyReason: null,
      saveBlockedReason: 'Offline',
    });
  });
});
