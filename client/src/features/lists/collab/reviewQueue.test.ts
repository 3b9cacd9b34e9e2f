import type { Thread } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUEUE,
  moderationPayload,
  type QueuedModeration,
  queueReducer,
  reviewSaveState,
  saveBlockedMessage,
} from './reviewQueue';

function suggestion(id: string, status: 'pending' | 'approved' | 'rejected' = 'pending'): Thread {
  return {
    id,
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
    resolved: status !== 'pending',
    comments: [],
    metadata: {
      type: 'suggestion',
      listValueId: 1,
      columnId: 1,
      rowNumber: 0,
      status,
      userId: 2,
      userName: 'Jordan Lee',
      prevValue: 'Facebook',
      currentValue: 'Meta',
      moderatedById: null,
      moderatedByName: null,
      moderatedAt: null,
    },
  };
}

const approve = (threadId: string): QueuedModeration => ({
  threadId,
  status: 'approved',
  prevValue: 'Facebook',
  currentValue: 'Meta',
});
const reject = (threadId: string): QueuedModeration => ({
  threadId,
  status: 'rejected',
  prevValue: null,
  currentValue: null,
});

describe('queueReducer (spec 02 §4: decisions are queued locally until save)', () => {
  it('queues one or many decisions, a later decision replacing an earlier one for the same thread', () => {
    let queue = queueReducer(EMPTY_QUEUE, { type: 'queue', decisions: [approve('a')] });
    queue = queueReducer(queue, { type: 'queue', decisions: [reject('b'), reject('a')] });
    expect([...queue.values()]).toEqual([reject('b'), reject('a')]);
  });

  it('unqueues and clears, returning the same map when nothing changes', () => {
    const queue = queueReducer(EMPTY_QUEUE, { type: 'queue', decisions: [approve('a'), reject('b')] });
    expect(queueReducer(queue, { type: 'unqueue', threadIds: ['x'] })).toBe(queue);
    expect([...queueReducer(queue, { type: 'unqueue', threadIds: ['a'] }).keys()]).toEqual(['b']);
    expect(queueReducer(queue, { type: 'clear' }).size).toBe(0);
    expect(queueReducer(EMPTY_QUEUE, { type: 'clear' })).toBe(EMPTY_QUEUE);
    expect(queueReducer(queue, { type: 'queue', decisions: [] })).toBe(queue);
  });

  it('prunes decisions whose thread was moderated elsewhere or is gone', () => {
    const queue = queueReducer(EMPTY_QUEUE, {
      type: 'queue',
      decisions: [approve('a'), reject('b'), approve('gone')],
    });
    const pruned = queueReducer(queue, {
      type: 'prune',
      threads: [suggestion('a'), suggestion('b', 'rejected')],
    });
    expect([...pruned.keys()]).toEqual(['a']);
    const same = queueReducer(pruned, { type: 'prune', threads: [suggestion('a')] });
    expect(same).toBe(pruned);
  });

  it('sends each decision with its recorded values', () => {
    const queue = queueReducer(EMPTY_QUEUE, { type: 'queue', decisions: [approve('a'), reject('b')] });
    expect(moderationPayload(queue)).toEqual([
      { threadId: 'a', status: 'approved', prevValue: 'Facebook', currentValue: 'Meta' },
      { threadId: 'b', status: 'rejected', prevValue: null, currentValue: null },
    ]);
  });
});

describe('reviewSaveState (spec 02 §5: save disabled while pending suggestions are unresolved)', () => {
  it('blocks saving with a reason until every pending suggestion has a decision', () => {
    const threads = [suggestion('a'), suggestion('b'), suggestion('c', 'approved')];
    expect(reviewSaveState(threads, EMPTY_QUEUE)).toEqual({ canSave: false, reason: saveBlockedMessage(2) });
    const one = queueReducer(EMPTY_QUEUE, { type: 'queue', decisions: [approve('a')] });
    expect(reviewSaveState(threads, one)).toEqual({
      canSave: false,
      reason: 'Approve or reject the pending suggestion before saving',
    });
    const both = queueReducer(one, { type: 'queue', decisions: [reject('b')] });
    expect(reviewSaveState(threads, both)).toEqual({ canSave: true, reason: null });
  });
});
