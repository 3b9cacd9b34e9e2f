/**
 * Who decides on a Pending submission (spec 03 §4 approval; self-approval is ours, see
 * server/src/entities/submissions/README.md): the server's check and the page's words share it.
 */

/** What the rule reads: the person, the template's approvers, the submitter and the account setting. */
export interface DecisionParties {
  /** The person who would decide. */
  userId: number;
  /** The template's approvers. */
  approverIds: readonly (number | null)[];
  /** Who submitted it (null when that user was deleted). */
  submitterId: number | null;
  /** The account setting allow_self_approval. */
  allowSelfApproval: boolean;
}

/**
 * Whether `userId` may approve or reject the submission: an approver of its template who is not
 * its submitter, or is and the account allows self-approval.
 */
export function mayDecide(parties: DecisionParties): boolean {
  if (!parties.approverIds.includes(parties.userId)) return false;
  return parties.allowSelfApproval || parties.submitterId !== parties.userId;
}

/** Whether the submitter is held back only by the self-approval setting (an approver deciding on their own). */
export function isOwnApprovalBlocked(parties: DecisionParties): boolean {
  return (
    parties.approverIds.includes(parties.userId) &&
    parties.submitterId === parties.userId &&
    !parties.allowSelfApproval
  );
}
