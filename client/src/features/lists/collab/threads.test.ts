import type { Thread } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  cellKey,
  cellMarks,
  filterThreads,
  hasUnresolvedGeneral,
  onlyRejections,
  type QueuedDecision,
  threadReviewActions,
  undecidedSuggestions,
} from './threads';

function thread(
  id: string,
  over: Partial<Thread['metadata']> & { resolved?: boolean; updatedAt?: string } = {},
): Thread {
  const { resolved = false, updatedAt = `2026-11-21T10:00:0${id.length}Z`, ...metadata } = over;
  return {
    id,
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt,
    resolved,
    comments: [],
    metadata: {
      type: 'suggestion',
      listValueId: 1,
      columnId: 1,
      rowNumber: 0,
      status: 'pending',
      userId: 1,
      userName: 'Jordan',
      prevValue: 'A',
      currentValue: 'B',
      moderatedById: null,
      moderatedByName: null,
      moderatedAt: null,
      ...metadata,
    },
  };
}

const none = new Map<string, QueuedDecision>();

describe('cellMarks (spec 02 §2)', () => {
  it('marks cells by their unresolved threads, pending first, and hides resolved ones', () => {
    const marks = cellMarks(
      [
        thread('a', { columnId: 1, rowNumber: 0, status: 'pending' }),
        thread('b', { columnId: 1, rowNumber: 0, type: 'cell', status: null }),
        thread('c', { columnId: 2, rowNumber: 5, status: 'approved', resolved: true }),
        thread('d', { columnId: 3, rowNumber: 1, type: 'cell', status: null }),
        thread('e', { type: 'general', columnId: null, rowNumber: null, status: null }),
      ],
      none,
    );
    expect(marks).toEqual(
      new Map([
        [cellKey(1, 0), 'pending'],
        [cellKey(3, 1), 'comment'],
      ]),
    );
  });

  it('shows a queued decision as made', () => {
    const queue = new Map([['a', { threadId: 'a', status: 'approved' as const }]]);
    expect(cellMarks([thread('a')], queue).get(cellKey(1, 0))).toBe('approved');
  });
});

describe('filterThreads', () => {
  it('filters by effective status or general, newest first', () => {
    const threads = [
      thread('a', { status: 'pending', updatedAt: '2026-11-21T10:00:01Z' }),
      thread('bb', { status: 'rejected', resolved: true }),
      thread('ccc', {
        type: 'general',
        status: null,
        columnId: null,
        rowNumber: null,
        updatedAt: '2026-11-21T11:00:00Z',
      }),
    ];
    const queue = new Map([['a', { threadId: 'a', status: 'approved' as const }]]);
    expect(filterThreads(threads, 'all', none).map((t) => t.id)).toEqual(['ccc', 'bb', 'a']);
    expect(filterThreads(threads, 'pending', none).map((t) => t.id)).toEqual(['a']);
    expect(filterThreads(threads, 'pending', queue)).toEqual([]);
    expect(filterThreads(threads, 'approved', queue).map((t) => t.id)).toEqual(['a']);
    expect(filterThreads(threads, 'rejected', none).map((t) => t.id)).toEqual(['bb']);
    expect(filterThreads(threads, 'general', none).map((t) => t.id)).toEqual(['ccc']);
  });
});

describe('save rules (spec 02 §4, §5)', () => {
  it('blocks save while a pending suggestion has no decision', () => {
    const threads = [thread('a'), thread('b', { status: 'approved', resolved: true })];
    expect(undecidedSuggestions(threads, none).map((t) => t.id)).toEqual(['a']);
    expect(
      undecidedSuggestions(threads, new Map([['a', { threadId: 'a', status: 'rejected' as const }]])),
    ).toEqual([]);
  });

  it('knows when every queued decision is a rejection', () => {
    expect(onlyRejections(new Map())).toBe(false);
    expect(onlyRejections(new Map([['a', { threadId: 'a', status: 'rejected' as const }]]))).toBe(true);
    expect(
      onlyRejections(
        new Map([
          ['a', { threadId: 'a', status: 'rejected' as const }],
          ['b', { threadId: 'b', status: 'approved' as const }],
        ]),
      ),
    ).toBe(false);
  });

  it('sees unresolved general comments', () => {
    expect(hasUnresolvedGeneral([thread('g', { type: 'general', resolved: false })])).toBe(true);
    expect(hasUnresolvedGeneral([thread('g', { type: 'general', resolved: true })])).toBe(false);
  });
});

describe('threadReviewActions (issue 8 item 16: how a suggestion ends)', () => {
  const author = { userId: 1, isApprover: false };
  const other = { userId: 2, isApprover: false };
  const approver = { userId: 3, isApprover: true };

  it('offers nobody "Resolve" on a pending suggestion: its author withdraws it, approvers decide', () => {
    const pending = thread('p');
    expect(threadReviewActions(pending, author, false)).toEqual({
      canResolve: false,
      canReopen: false,
      canWithdraw: true,
      canModerate: false,
    });
    expect(threadReviewActions(pending, other, false)).toEqual({
      canResolve: false,
      canReopen: false,
      canWithdraw: false,
      canModerate: false,
    });
    expect(threadReviewActions(pending, approver, false)).toEqual({
      canResolve: false,
      canReopen: false,
      canWithdraw: false,
      canModerate: true,
    });
  });

  it('takes Approve/Reject and Withdraw away while a decision on it waits for the save', () => {
    expect(threadReviewActions(thread('p'), approver, true).canModerate).toBe(false);
    expect(threadReviewActions(thread('p'), author, true).canWithdraw).toBe(false);
  });

  it('offers "Reopen" on a moderated suggestion to approvers only (it becomes pending again)', () => {
    for (const status of ['approved', 'rejected'] as const) {
      const moderated = thread('m', { status, resolved: true, moderatedById: 3, moderatedByName: 'Priya' });
      expect(threadReviewActions(moderated, approver, false)).toMatchObject({
        canReopen: true,
        canResolve: false,
      });
      expect(threadReviewActions(moderated, author, false)).toEqual({
        canResolve: false,
        canReopen: false,
        canWithdraw: false,
        canModerate: false,
      });
    }
  });

  it('lets an approver reopen a pending suggestion that was resolved under the old rule', () => {
    const skipped = thread('s', { resolved: true });
    expect(threadReviewActions(skipped, approver, false)).toMatchObject({
      canReopen: true,
      canModerate: false,
    });
    expect(threadReviewActions(skipped, author, false).canReopen).toBe(false);
  });

  it('keeps resolve and reopen of comment threads for their author and approvers', () => {
    for (const type of ['cell', 'general'] as const) {
      const open = thread('c', { type, status: null });
      const closed = thread('c', { type, status: null, resolved: true });
      expect(threadReviewActions(open, author, false)).toMatchObject({
        canResolve: true,
        canWithdraw: false,
      });
      expect(threadReviewActions(open, approver, false).canResolve).toBe(true);
      expect(threadReviewActions(open, other, false).canResolve).toBe(false);
      expect(threadReviewActions(closed, author, false).canReopen).toBe(true);
      expect(threadReviewActions(closed, other, false).canReopen).toBe(false);
    }
  });
});
