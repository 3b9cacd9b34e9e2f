import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Thread, ThreadComment } from '@nomen/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../ui/confirmAction';
import { formatDateTime, relativeTime } from '../../../ui/formatTimestamp';
import { CommentComposer } from './CommentComposer';
import type { ModerationQueue } from './reviewQueue';
import { effectiveStatus, STATUS_COLORS, threadReviewActions } from './threads';

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
  /** Removes the author's own pending suggestion (thread.withdraw; issue 8 item 16). */
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

function badgeColor(thread: Thread, queue: ModerationQueue): string {
  if (thread.metadata.type !== 'suggestion') return STATUS_COLORS.other;
  return STATUS_COLORS[effectiveStatus(thread, queue) ?? 'pending'];
}

function When({ iso, now }: { iso: string; now: Date }) {
  return (
    <Text component="time" dateTime={iso} title={formatDateTime(iso)} size="xs" c="dimmed">
      {relativeTime(iso, now)}
    </Text>
  );
}

function CommentBody({
  comment,
  now,
  isBodyHidden = false,
}: {
  comment: ThreadComment;
  now: Date;
  isBodyHidden?: boolean;
}) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {comment.userName}
        </Text>
        <When iso={comment.createdAt} now={now} />
      </Group>
      {/* Plain text only: bodies are never parsed as HTML. */}
      {isBodyHidden ? null : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.body}
        </Text>
      )}
    </Stack>
  );
}

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
 * threadReviewActions (issue 8 item 16): Resolve/Reopen of comments for their author and
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
  const kind = threadKindLabel(thread, actions.queue);
  const cell = metadata.type === 'general' ? null : actions.describeCell(thread);
  const { canResolve, canReopen, canWithdraw, canModerate } = threadReviewActions(
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
  const [first, ...replies] = thread.comments;

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
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {onSelectedChange ? (
              <Checkbox
                size="xs"
                checked={isSelected ?? false}
                onChange={(event) => onSelectedChange(event.currentTarget.checked)}
                aria-label={`Select the suggestion by ${metadata.userName}`}
              />
            ) : null}
            <Badge size="sm" variant={queued ? 'outline' : 'light'} color={badgeColor(thread, actions.queue)}>
              {kind}
            </Badge>
            {thread.resolved && metadata.type !== 'suggestion' ? (
              <Badge size="sm" variant="light" color="gray">
                Resolved
              </Badge>
            ) : null}
          </Group>
          {showsCell && cell ? (
            actions.goToCell ? (
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => actions.goToCell?.(thread)}
                aria-label={`Go to ${cell}`}
                style={{ whiteSpace: 'nowrap' }}
              >
                {cell}
              </Anchor>
            ) : (
              <Text size="xs" c="dimmed">
                {cell}
              </Text>
            )
          ) : null}
        </Group>

        {first ? (
          <CommentBody
            comment={first}
            now={now}
            // The server writes "Suggested “X”" when a suggestion comes without a reason; the
            // change itself is shown below, so that body is not repeated.
            isBodyHidden={
              metadata.type === 'suggestion' && first.body === `Suggested “${metadata.currentValue ?? ''}”`
            }
          />
        ) : null}

        {metadata.type === 'suggestion' ? (
          <Text size="sm">
            From <q>{metadata.prevValue ?? ''}</q> to{' '}
            <q style={{ fontWeight: 600 }}>{metadata.currentValue ?? ''}</q>
          </Text>
        ) : null}

        {metadata.moderatedByName && metadata.moderatedAt && !queued ? (
          <Text size="xs" c="dimmed">
            {metadata.status === 'approved' ? 'Approved' : 'Rejected'} by {metadata.moderatedByName} ·{' '}
            <When iso={metadata.moderatedAt} now={now} />
          </Text>
        ) : null}

        {replies.length > 0 ? (
          <Stack gap="xs" pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
            {replies.map((reply) => (
              <CommentBody key={reply.id} comment={reply} now={now} />
            ))}
          </Stack>
        ) : null}

        {queued ? (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {queued.status === 'approved' ? 'Approved' : 'Rejected'}: written when you save the list.
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => actions.undoDecision(thread.id)}>
              Undo
            </Button>
          </Group>
        ) : null}

        {isReplying ? (
          <CommentComposer
            label={`Reply to ${metadata.userName}`}
            isLabelHidden
            placeholder="Write a reply…"
            submitLabel="Send reply"
            minRows={1}
            autoFocus
            onCancel={() => setIsReplying(false)}
            onSubmit={async (body) => {
              const isSent = await actions.reply(thread.id, body);
              if (isSent) setIsReplying(false);
              return isSent;
            }}
          />
        ) : (
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="subtle" onClick={() => setIsReplying(true)}>
                Reply
              </Button>
              {canResolve || canReopen ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  onClick={() => void actions.resolve(thread.id, !canReopen)}
                >
                  {canReopen ? 'Reopen' : 'Resolve'}
                </Button>
              ) : null}
              {canWithdraw ? (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => void withdraw()}>
                  Withdraw
                </Button>
              ) : null}
            </Group>
            {canModerate ? (
              <Group gap={4} wrap="nowrap">
                <Tooltip label={actions.moderationBlockedReason} disabled={!actions.moderationBlockedReason}>
                  <Button
                    size="compact-xs"
                    color={STATUS_COLORS.approved}
                    leftSection={<IconCheck size={14} aria-hidden />}
                    data-disabled={actions.moderationBlockedReason ? true : undefined}
                    aria-disabled={actions.moderationBlockedReason ? true : undefined}
                    onClick={() => {
                      if (!actions.moderationBlockedReason) actions.approve([thread]);
                    }}
                  >
                    Approve
                  </Button>
                </Tooltip>
                <Tooltip label={actions.moderationBlockedReason} disabled={!actions.moderationBlockedReason}>
                  <Button
                    size="compact-xs"
                    color={STATUS_COLORS.rejected}
                    variant="light"
                    leftSection={<IconX size={14} aria-hidden />}
                    data-disabled={actions.moderationBlockedReason ? true : undefined}
                    aria-disabled={actions.moderationBlockedReason ? true : undefined}
                    onClick={() => {
                      if (!actions.moderationBlockedReason) actions.reject([thread]);
                    }}
                  >
                    Reject
                  </Button>
                </Tooltip>
              </Group>
            ) : null}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
