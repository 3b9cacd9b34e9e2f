import type { Thread } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  cellKey,
  cellMarks,
  filterThreads,
  hasUnresolvedGeneral,
  onlyRejections,
  type QueuedDecision,
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
