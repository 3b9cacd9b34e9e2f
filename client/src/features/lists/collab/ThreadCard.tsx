import { Paper, Stack } from '@mantine/core';
import type { Thread } from '@nomen/shared';
import { useState } from 'react';
import { confirmAction } from '../../../ui/confirmAction';
import type { ModerationQueue } from './reviewQueue';
import {
  QueuedDecisionNote,
  ReplyComposer,
  ThreadCardActions,
  ThreadCardBody,
  ThreadCardHeader,
} from './ThreadCardSections';
import { effectiveStatus, threadReviewActions } from './threads';

/**
 * What thread views can do (spec 02 §2 panel and popover, §3 thread, §4 moderation), supplied by
 * the editor: replies, resolving and withdrawing go to the room; approving and rejecting queue a
 * decision (an approval also writes the suggested value into the grid); decisions can be taken back.
 */
export interface ThreadActions {
  userId: number;
  /** Holds approve_suggestions (or live collaboration is off): spec 02 §6. */
  isApprover: boolean;
  /** Why an approver cannot approve or reject now (someone else reviews, offline), or null. */
  moderationBlockedReason: string | null;
  queue: ModerationQueue;
  reply(threadId: string, body: string): Promise<boolean>;
  resolve(threadId: string, resolved: boolean): Promise<boolean>;
  /** Removes the author's own pending suggestion (thread.withdraw; spec 02 §4). */
  withdraw(threadId: string): Promise<boolean>;
  approve(threads: readonly Thread[]): void;
  reject(threads: readonly Thread[]): void;
  undoDecision(threadId: string): void;
  /** "Channel, row 3" for a cell thread, or null when its cell is gone. */
  describeCell(thread: Thread): string | null;
  /** Selects the thread's cell in the grid. */
  goToCell?(thread: Thread): void;
}

/** The kind of a thread in words (the badge and the card's name). */
export function threadKindLabel(thread: Thread, queue: ModerationQueue): string {
  if (thread.metadata.type === 'general') return 'General';
  if (thread.metadata.type === 'cell') return 'Comment';
  const status = effectiveStatus(thread, queue);
  const label = status === 'approved' ? 'Approved' : status === 'rejected' ? 'Rejected' : 'Pending';
  return queue.has(thread.id) ? `${label} (not saved yet)` : label;
}

/** How a thread's article is named, by type ("Suggestion by Jordan Lee"). */
const ARTICLE_NAMES: Record<Thread['metadata']['type'], string> = {
  suggestion: 'Suggestion',
  cell: 'Comment',
  general: 'General comment',
};

/** Props of ThreadCard. */
export interface ThreadCardProps {
  thread: Thread;
  actions: ThreadActions;
  now: Date;
  /** Shows the cell the thread is about as a link (the panel; the popover already is at the cell). */
  showsCell?: boolean;
  /** Bulk selection (approvers, pending suggestions): the checkbox's state and change. */
  isSelected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
}

/**
 * One thread (spec 02 §3): its kind or status badge (pending blue, approved green, rejected red,
 * others grey, §9), the cell it is about, the comments with author names and relative times,
 * the suggested change, who moderated it and when, a reply composer, and the review actions of
 * threadReviewActions (spec 02 §4): Resolve/Reopen of comments for their author and
 * approvers; on a pending suggestion no Resolve, Withdraw (after a confirmation) for its author
 * and Approve/Reject for approvers (queued until save, with Undo); Reopen of a moderated
 * suggestion for approvers, which makes it pending again. An article named "Suggestion by <author>" (or "Comment", "General comment"). Bodies render as plain text.
 */
export function ThreadCard({
  thread,
  actions,
  now,
  showsCell = false,
  isSelected,
  onSelectedChange,
}: ThreadCardProps) {
  const [isReplying, setIsReplying] = useState(false);
  const { metadata } = thread;
  const queued = actions.queue.get(thread.id);
  const cell = metadata.type === 'general' ? null : actions.describeCell(thread);
  const allowed = threadReviewActions(
    thread,
    { userId: actions.userId, isApprover: actions.isApprover },
    queued !== undefined,
  );
  const withdraw = async () => {
    const isConfirmed = await confirmAction({
      title: 'Withdraw your suggestion?',
      message: `Your suggestion “${metadata.currentValue ?? ''}” and its replies are removed for everyone; approvers will no longer see it.`,
      confirmLabel: 'Withdraw',
    });
    if (isConfirmed) await actions.withdraw(thread.id);
  };

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      aria-label={`${ARTICLE_NAMES[metadata.type]} by ${metadata.userName}`}
      data-thread-id={thread.id}
      style={thread.resolved && !queued ? { opacity: 0.75 } : undefined}
    >
      <Stack gap="xs">
        <ThreadCardHeader
          thread={thread}
          actions={actions}
          kind={threadKindLabel(thread, actions.queue)}
          queued={queued}
          cell={showsCell ? cell : null}
          isSelected={isSelected}
          onSelectedChange={onSelectedChange}
        />
        <ThreadCardBody thread={thread} now={now} queued={queued} />
        {queued ? (
          <QueuedDecisionNote queued={queued} onUndo={() => actions.undoDecision(thread.id)} />
        ) : null}
        {isReplying ? (
          <ReplyComposer thread={thread} actions={actions} onClose={() => setIsReplying(false)} />
        ) : (
          <ThreadCardActions
            thread={thread}
            actions={actions}
            allowed={allowed}
            onReply={() => setIsReplying(true)}
            onWithdraw={() => void withdraw()}
          />
        )}
      </Stack>
    </Paper>
  );
}
