import type { DraftStanding } from './draft-room.repository';

/** Why a person may not act in a draft room, and whether their connection must close. */
export interface DraftRefusal {
  reason: string;
  /** Their access or their place in the draft went: the connection is closed (4403). */
  accessGone: boolean;
}

/** What a closed draft's refusals say: who submitted it. */
export function submittedBy(name: string | null): string {
  return `This draft was submitted by ${name || 'someone'}`;
}

/**
 * Why a person may not join a draft room or send it a command, or null when they may
 * (ARCHITECTURE.md, Live collaboration): their access went (session, user, access version), the
 * draft is gone, it is no longer a Draft (a submit closed it: "This draft was submitted by …",
 * naming `closedByName` when the room knows it, else the submission's submitter), or they are no
 * longer in it (unshared, uninvited, or no longer able to use its template).
 */
export function draftRefusal(standing: DraftStanding, closedByName: string | null): DraftRefusal | null {
  if (standing.accessRefusal) return { reason: standing.accessRefusal, accessGone: true };
  if (!standing.submission) return { reason: 'This draft no longer exists', accessGone: true };
  if (standing.submission.status !== 'Draft') {
    return { reason: submittedBy(closedByName ?? standing.submission.submitterName), accessGone: false };
  }
  if (!standing.isMember) return { reason: 'You are not in this draft', accessGone: true };
  return null;
}

/**
 * Why an open connection must leave a draft room after its draft's sharing or status changed
 * (a `{"submission"}` notice), or null when it stays: it stays while the draft is closed by a
 * submit (everyone keeps seeing "Submitted by …"); it leaves when its access went, the draft is
 * deleted, or the person is no longer in it.
 */
export function evictionReason(standing: DraftStanding): string | null {
  if (standing.accessRefusal) return standing.accessRefusal;
  if (!standing.submission) return 'This draft has been deleted';
  if (standing.submission.status !== 'Draft') return null;
  if (!standing.isMember) return 'You are no longer in this draft';
  return null;
}
