/** What the review makes of the list editor's controls (spec 02 §4, §6). */
export interface ReviewRestrictions {
  /** The grid is read-only because of the review: a non-approver, or someone else holds the lock. */
  isReviewReadOnly: boolean;
  /** Why the review makes the list read-only (the disabled controls' tooltip), or null. */
  readOnlyReason: string | null;
  /** Why saving is not possible because of the review, or null (the Save button's tooltip). */
  saveBlockedReason: string | null;
}

/** What `reviewRestrictions` reads. */
export interface ReviewRestrictionsInput {
  /** The room is joined (live collaboration is on and the list is saved). */
  isLive: boolean;
  /** The user has approve_suggestions (or the flag is off). */
  isApprover: boolean;
  /** Who holds the review lock. */
  lockHolder: 'none' | 'me' | 'other';
  /** The lock holder's display name, when known. */
  lockedByName: string | null;
  /** Why the review session's save sequence cannot save now, or null. */
  sessionSaveBlockedReason: string | null;
  /** The note shown to a user without approve_suggestions. */
  approveRightNeededMessage: string;
}

/**
 * Whether and why the review makes the list read-only or blocks saving (spec 02 §4: the review
 * lock; spec 02 §6: only approvers edit and save a saved list under live collaboration). Off
 * the room, nothing is restricted. Pure.
 */
export function reviewRestrictions(input: ReviewRestrictionsInput): ReviewRestrictions {
  const { isLive, isApprover, lockHolder, lockedByName, sessionSaveBlockedReason } = input;
  if (!isLive) return { isReviewReadOnly: false, readOnlyReason: null, saveBlockedReason: null };
  if (!isApprover) {
    return {
      isReviewReadOnly: true,
      readOnlyReason: input.approveRightNeededMessage,
      saveBlockedReason: input.approveRightNeededMessage,
    };
  }
  if (lockHolder === 'other') {
    const name = lockedByName ?? 'Someone';
    return {
      isReviewReadOnly: true,
      readOnlyReason: `${name} is reviewing this list; it is read-only until they save or leave`,
      saveBlockedReason: `${name} is reviewing this list; save when they finish`,
    };
  }
  return { isReviewReadOnly: false, readOnlyReason: null, saveBlockedReason: sessionSaveBlockedReason };
}
