import type { RoomMessage } from '@nomen/shared';
import type { RoomCommandRequest } from './ListRoomClient';
import { type ModerationQueue, moderationPayload } from './reviewQueue';
import { onlyRejections } from './threads';

/**
 * One step of saving a reviewed list (spec 02 §4): make sure this approver holds the lock, save
 * the list through REST, write the queued decisions (thread.moderate), tell the room the list
 * was saved (list.saved: collaborators refetch and the lock is released), or only release the
 * lock.
 */
export type ReviewSaveStep = 'lock' | 'list' | 'moderate' | 'announce' | 'release';

/** What a save needs to know to be planned. */
export interface ReviewSaveInput {
  queue: ModerationQueue;
  /** The list has unsaved edits (spec 02 §4 dirty flag). */
  isDirty: boolean;
  /** The list room is connected. */
  isConnected: boolean;
}

/** The steps of a save, or why it cannot run now. */
export type ReviewSavePlan = { ok: true; steps: ReviewSaveStep[] } | { ok: false; reason: string };

/** Why queued decisions cannot be saved while the room is offline. */
export const OFFLINE_DECISIONS_MESSAGE =
  'Not connected to the review: approvals and rejections can be saved once the connection is back.';

/**
 * Plans the save of a list under review (spec 02 §4):
 * - every queued decision a rejection and no edits: write only the decisions, then release the
 *   lock; the list itself is not saved;
 * - otherwise: take (or renew) the lock, save the list when it has edits, write the decisions
 *   when any are queued, and announce the save (collaborators refetch; the lock is released).
 *   A list with no edits but queued approvals is a retry after the list was saved and the
 *   decisions were not: only the decisions and the announcement remain.
 * Offline, edits alone are saved through REST (nobody can be told), while queued decisions wait
 * for the connection. Nothing to do gives no steps.
 */
export function planReviewSave({ queue, isDirty, isConnected }: ReviewSaveInput): ReviewSavePlan {
  const hasDecisions = queue.size > 0;
  if (!hasDecisions && !isDirty) return { ok: true, steps: [] };
  if (!isConnected) {
    return hasDecisions ? { ok: false, reason: OFFLINE_DECISIONS_MESSAGE } : { ok: true, steps: ['list'] };
  }
  if (onlyRejections(queue) && !isDirty) return { ok: true, steps: ['lock', 'moderate', 'release'] };
  const steps: ReviewSaveStep[] = ['lock'];
  if (isDirty) steps.push('list');
  if (hasDecisions) steps.push('moderate');
  steps.push('announce');
  return { ok: true, steps };
}

/** What running a save needs: the room's command channel and the editor's own save. */
export interface ReviewSaveDeps {
  command(command: RoomCommandRequest): Promise<RoomMessage>;
  /**
   * Saves the list through REST (the editor's save); resolves true when saved. On failure the
   * editor has already shown why (e.g. 423 while someone else reviews), so false is enough.
   */
  saveList(): Promise<boolean>;
}

/** How a save went. `error` is shown as a failure, `warning` as a notice after a save that worked. */
export interface ReviewSaveResult {
  /** The steps that worked, in order. */
  completed: ReviewSaveStep[];
  listSaved: boolean;
  /** The queued decisions were written (or there were none): the queue may be cleared. */
  decisionsSaved: boolean;
  /** A failure message; null when it worked, or when the editor already reported the failure. */
  error: string | null;
  failedStep: ReviewSaveStep | null;
  warning: string | null;
  /**
   * The success toast of a save that wrote decisions without saving the list (issue 8 item 17:
   * only rejections), or null; a save of the list shows its own "List saved".
   */
  success: string | null;
}

/**
 * The toast of a save that wrote only moderation decisions (spec 02 §4: with only rejections the
 * list itself is not saved; issue 8 item 17): "2 rejections saved. The list's values did not
 * change, so it keeps its last-saved time." `queue` holds the decisions written.
 */
export function decisionsSavedMessage(queue: ModerationQueue): string {
  const count = queue.size;
  if (onlyRejections(queue)) {
    return `${count === 1 ? 'Rejection' : `${count} rejections`} saved. The list’s values did not change, so it keeps its last-saved time.`;
  }
  return count === 1 ? 'Decision saved.' : `${count} decisions saved.`;
}

function reasonOf(answer: RoomMessage): string | null {
  return answer.type === 'refused' ? answer.reason : null;
}

/**
 * Runs a planned save step by step (spec 02 §4), stopping at the first failure with a message
 * that says what was and was not saved; the moderation queue is cleared by the caller only when
 * `decisionsSaved`. A refused announcement or release comes back as a warning: the list and the
 * decisions are saved by then. A save that wrote decisions but not the list carries the
 * `success` toast (issue 8 item 17).
 */
export async function runReviewSave(
  steps: readonly ReviewSaveStep[],
  queue: ModerationQueue,
  deps: ReviewSaveDeps,
): Promise<ReviewSaveResult> {
  const result: ReviewSaveResult = {
    completed: [],
    listSaved: false,
    decisionsSaved: queue.size === 0,
    error: null,
    failedStep: null,
    warning: null,
    success: null,
  };
  const fail = (step: ReviewSaveStep, error: string | null) => ({ ...result, failedStep: step, error });
  for (const step of steps) {
    switch (step) {
      case 'lock': {
        const reason = reasonOf(await deps.command({ type: 'lock.take' }));
        if (reason) return fail(step, `Could not save: ${reason}.`);
        break;
      }
      case 'list': {
        if (!(await deps.saveList())) return fail(step, null);
        result.listSaved = true;
        break;
      }
      case 'moderate': {
        const reason = reasonOf(
          await deps.command({ type: 'thread.moderate', decisions: moderationPayload(queue) }),
        );
        if (reason) {
          return fail(
            step,
            result.listSaved
              ? `The list was saved, but the approvals and rejections were not: ${reason}. Save again to retry.`
              : `The approvals and rejections were not saved: ${reason}.`,
          );
        }
        result.decisionsSaved = true;
        break;
      }
      case 'announce': {
        const reason = reasonOf(await deps.command({ type: 'list.saved' }));
        if (reason) {
          result.warning = `Saved, but the others in this list could not be told to reload: ${reason}.`;
          await deps.command({ type: 'lock.release' });
        }
        break;
      }
      case 'release': {
        const reason = reasonOf(await deps.command({ type: 'lock.release' }));
        if (reason) result.warning = `Saved, but the review lock could not be released: ${reason}.`;
        break;
      }
    }
    result.completed.push(step);
  }
  if (!result.listSaved && result.completed.includes('moderate'))
    result.success = decisionsSavedMessage(queue);
  return result;
}
