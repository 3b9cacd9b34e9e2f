import type { Thread, ThreadStatus } from '@nomen/shared';

/** Filters of the comments side panel (spec 02 §2). */
export const THREAD_FILTERS = ['all', 'pending', 'approved', 'rejected', 'general'] as const;
export type ThreadFilter = (typeof THREAD_FILTERS)[number];

/** Labels of the panel's filters (spec 02 §2). */
export const THREAD_FILTER_LABELS: Record<ThreadFilter, string> = {
  all: 'All types',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  general: 'General',
};

/** Status colours (spec 02 §9): pending blue, approved green, rejected red, other grey. */
export const STATUS_COLORS: Record<ThreadStatus | 'other', string> = {
  pending: 'blue',
  approved: 'green',
  rejected: 'red',
  other: 'gray',
};

/** A queued moderation decision, written on save (spec 02 §4). */
export interface QueuedDecision {
  threadId: string;
  status: 'approved' | 'rejected';
}

/**
 * The status a thread shows, counting a queued decision as made (spec 02 §4: decisions queue
 * locally and are written on save).
 */
export function effectiveStatus(
  thread: Thread,
  queue: ReadonlyMap<string, QueuedDecision>,
): ThreadStatus | null {
  return queue.get(thread.id)?.status ?? thread.metadata.status;
}

/** The threads a panel filter shows, newest activity first (spec 02 §2). */
export function filterThreads(
  threads: readonly Thread[],
  filter: ThreadFilter,
  queue: ReadonlyMap<string, QueuedDecision>,
): Thread[] {
  const shown = threads.filter((t) => {
    if (filter === 'all') return true;
    if (filter === 'general') return t.metadata.type === 'general';
    return t.metadata.type === 'suggestion' && effectiveStatus(t, queue) === filter;
  });
  return shown.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** A review mark of a cell (spec 02 §2): pending info icon, approved tick, rejected cross, or a plain comment. */
export type CellMark = 'pending' | 'approved' | 'rejected' | 'comment';

/** The key of a cell in maps of marks: `<column id>:<row number>`. */
export function cellKey(columnId: number, rowNumber: number): string {
  return `${columnId}:${rowNumber}`;
}

/**
 * The mark each cell shows, from its unresolved threads (spec 02 §2: a resolved thread hides its
 * mark; queued decisions show as made). A pending suggestion outranks a decision, which
 * outranks a plain comment.
 */
export function cellMarks(
  threads: readonly Thread[],
  queue: ReadonlyMap<string, QueuedDecision>,
): Map<string, CellMark> {
  const rank: Record<CellMark, number> = { pending: 3, rejected: 2, approved: 2, comment: 1 };
  const marks = new Map<string, CellMark>();
  for (const t of threads) {
    const { columnId, rowNumber } = t.metadata;
    if (columnId === null || rowNumber === null) continue;
    const queued = queue.get(t.id);
    if (t.resolved && !queued) continue;
    const status = effectiveStatus(t, queue);
    const mark: CellMark = t.metadata.type === 'suggestion' && status ? status : 'comment';
    const key = cellKey(columnId, rowNumber);
    const current = marks.get(key);
    if (!current || rank[mark] > rank[current]) marks.set(key, mark);
  }
  return marks;
}

/** What one user may do with one thread in the panel or popover (issue 8 item 16). */
export interface ThreadReviewActions {
  /** "Resolve": close a comment thread, or a suggestion left open that is not pending. */
  canResolve: boolean;
  /** "Reopen": a resolved comment (author or approver), or a moderated suggestion (approvers only). */
  canReopen: boolean;
  /** "Withdraw": the author removes their own pending suggestion (it disappears for everyone). */
  canWithdraw: boolean;
  /** "Approve" and "Reject": approvers, on a pending suggestion with no queued decision. */
  canModerate: boolean;
}

/**
 * The review rules of a thread for one user (spec 02 §4, §6; issue 8 item 16): a pending
 * suggestion ends only by approval or rejection (approvers) or by its author withdrawing it, so
 * nobody resolves it; reopening a moderated suggestion makes it pending again, so only approvers
 * are offered it (they then approve or reject it again); comment threads are resolved and
 * reopened by their author or an approver. `isQueued`: a decision on it waits for the save.
 */
export function threadReviewActions(
  thread: Thread,
  user: { userId: number; isApprover: boolean },
  isQueued: boolean,
): ThreadReviewActions {
  const isAuthor = thread.metadata.userId === user.userId;
  if (thread.metadata.type === 'suggestion') {
    const isPending = thread.metadata.status === 'pending' && !thread.resolved;
    if (isPending) {
      return {
        canResolve: false,
        canReopen: false,
        canWithdraw: isAuthor && !isQueued,
        canModerate: user.isApprover && !isQueued,
      };
    }
    return {
      canResolve: !thread.resolved && user.isApprover,
      canReopen: thread.resolved && user.isApprover,
      canWithdraw: false,
      canModerate: false,
    };
  }
  const mayClose = isAuthor || user.isApprover;
  return {
    canResolve: !thread.resolved && mayClose,
    canReopen: thread.resolved && mayClose,
    canWithdraw: false,
    canModerate: false,
  };
}

/** Whether unresolved general comments exist (the red dot on the composer button, spec 02 §2). */
export function hasUnresolvedGeneral(threads: readonly Thread[]): boolean {
  return threads.some((t) => t.metadata.type === 'general' && !t.resolved);
}

/**
 * Pending suggestions without a queued decision: while any exist, save is disabled with a
 * tooltip (spec 02 §5).
 */
export function undecidedSuggestions(
  threads: readonly Thread[],
  queue: ReadonlyMap<string, QueuedDecision>,
): Thread[] {
  return threads.filter(
    (t) =>
      t.metadata.type === 'suggestion' && t.metadata.status === 'pending' && !t.resolved && !queue.has(t.id),
  );
}

/** Whether every queued decision is a rejection, so save writes only the decisions (spec 02 §4). */
export function onlyRejections(queue: ReadonlyMap<string, QueuedDecision>): boolean {
  return queue.size > 0 && [...queue.values()].every((d) => d.status === 'rejected');
}

/** Stable presence colour for a user id (outlines and avatars). */
export function presenceColor(userId: number): string {
  const palette = ['#e8590c', '#2f9e44', '#1971c2', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#5f3dc4'];
  return palette[Math.abs(userId) % palette.length]!;
}
