import type { Thread } from '@nomen/shared';
import { type QueuedDecision, undecidedSuggestions } from './threads';

/**
 * A moderation decision held locally until save (spec 02 §4): the thread, approved or rejected,
 * and the values recorded with it. For an approval, `prevValue` is the cell's text before the
 * suggested value was written into it and `currentValue` the text written; for a rejection both
 * are null (the thread keeps the values it was suggested with).
 */
export interface QueuedModeration extends QueuedDecision {
  prevValue: string | null;
  currentValue: string | null;
}

/** The moderation queue: one decision per thread id, in the order they were made. */
export type ModerationQueue = ReadonlyMap<string, QueuedModeration>;

/** An empty moderation queue. */
export const EMPTY_QUEUE: ModerationQueue = new Map();

/** Changes of the moderation queue (spec 02 §4: approve/reject, one by one or in bulk). */
export type QueueAction =
  | { type: 'queue'; decisions: readonly QueuedModeration[] }
  | { type: 'unqueue'; threadIds: readonly string[] }
  | { type: 'clear' }
  /** Drops decisions whose thread is gone or no longer pending (moderated elsewhere). */
  | { type: 'prune'; threads: readonly Thread[] };

/**
 * The moderation queue's reducer (spec 02 §4): queuing replaces an earlier decision for the same
 * thread, unqueuing forgets it, clearing empties the queue after a successful save, and pruning
 * forgets decisions that can no longer be written because their thread was resolved or
 * moderated by someone else. Returns the same map when nothing changed (no re-render).
 */
export function queueReducer(queue: ModerationQueue, action: QueueAction): ModerationQueue {
  switch (action.type) {
    case 'queue': {
      if (action.decisions.length === 0) return queue;
      const next = new Map(queue);
      for (const decision of action.decisions) {
        next.delete(decision.threadId);
        next.set(decision.threadId, decision);
      }
      return next;
    }
    case 'unqueue': {
      if (!action.threadIds.some((id) => queue.has(id))) return queue;
      const next = new Map(queue);
      for (const id of action.threadIds) next.delete(id);
      return next;
    }
    case 'clear':
      return queue.size === 0 ? queue : EMPTY_QUEUE;
    case 'prune': {
      if (queue.size === 0) return queue;
      const pending = new Set(
        action.threads
          .filter((t) => t.metadata.type === 'suggestion' && t.metadata.status === 'pending' && !t.resolved)
          .map((t) => t.id),
      );
      const stale = [...queue.keys()].filter((id) => !pending.has(id));
      return stale.length === 0 ? queue : queueReducer(queue, { type: 'unqueue', threadIds: stale });
    }
  }
}

/** The decisions as thread.moderate sends them (contract: threadId, status, prevValue, currentValue). */
export function moderationPayload(queue: ModerationQueue): QueuedModeration[] {
  return [...queue.values()].map(({ threadId, status, prevValue, currentValue }) => ({
    threadId,
    status,
    prevValue,
    currentValue,
  }));
}

/** The tooltip of a Save button blocked by undecided suggestions (spec 02 §5). */
export function saveBlockedMessage(undecided: number): string {
  return undecided === 1
    ? 'Approve or reject the pending suggestion before saving'
    : `Approve or reject the ${undecided} pending suggestions before saving`;
}

/**
 * Whether the review lets the list be saved (spec 02 §5: save is disabled while pending
 * suggestions are unresolved, with a tooltip saying so). Queued decisions count as decided.
 */
export function reviewSaveState(
  threads: readonly Thread[],
  queue: ModerationQueue,
): { canSave: boolean; reason: string | null } {
  const undecided = undecidedSuggestions(threads, queue).length;
  return undecided === 0
    ? { canSave: true, reason: null }
    : { canSave: false, reason: saveBlockedMessage(undecided) };
}
