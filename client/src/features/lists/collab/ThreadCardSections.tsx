import { Anchor, Badge, Button, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Thread, ThreadComment } from '@nomen/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatDateTime, relativeTime } from '../../../ui/formatTimestamp';
import { CommentComposer } from './CommentComposer';
import type { ModerationQueue, QueuedModeration } from './reviewQueue';
import type { ThreadActions } from './ThreadCard';
import { effectiveStatus, STATUS_COLORS, type threadReviewActions } from './threads';

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

/** Props of ThreadCardHeader. */
export interface ThreadCardHeaderProps {
  thread: Thread;
  actions: ThreadActions;
  /** The thread's kind or status in words (threadKindLabel). */
  kind: string;
  /** The thread's decision queued until save, if any. */
  queued: QueuedModeration | undefined;
  /** "Channel, row 3" when the card shows its cell, else null. */
  cell: string | null;
  isSelected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
}

/**
 * A thread card's top line (spec 02 §3, §9): the bulk-selection checkbox, the kind or status
 * badge (outlined while the decision is queued), "Resolved", and the cell as a "Go to" link.
 */
export function ThreadCardHeader({
  thread,
  actions,
  kind,
  queued,
  cell,
  isSelected,
  onSelectedChange,
}: ThreadCardHeaderProps) {
  const { metadata } = thread;
  return (
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
      {cell ? (
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
  );
}

/** Props of ThreadCardBody. */
export interface ThreadCardBodyProps {
  thread: Thread;
  now: Date;
  /** The thread's decision queued until save, if any (hides who moderated it before). */
  queued: QueuedModeration | undefined;
}

/**
 * A thread's content (spec 02 §3): the first comment, the suggested change, who moderated it and
 * when, and the replies. Bodies render as plain text.
 */
export function ThreadCardBody({ thread, now, queued }: ThreadCardBodyProps) {
  const { metadata } = thread;
  const [first, ...replies] = thread.comments;
  return (
    <>
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
    </>
  );
}

/** Props of QueuedDecisionNote. */
export interface QueuedDecisionNoteProps {
  queued: QueuedModeration;
  onUndo: () => void;
}

/** A decision queued until the list is saved, with Undo (spec 02 §4). */
export function QueuedDecisionNote({ queued, onUndo }: QueuedDecisionNoteProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {queued.status === 'approved' ? 'Approved' : 'Rejected'}: written when you save the list.
      </Text>
      <Button size="compact-xs" variant="subtle" onClick={onUndo}>
        Undo
      </Button>
    </Group>
  );
}

/** Props of ModerationButtons. */
interface ModerationButtonsProps {
  thread: Thread;
  actions: ThreadActions;
}

/** Approve and Reject of one pending suggestion, aria-disabled with the reason when blocked. */
function ModerationButtons({ thread, actions }: ModerationButtonsProps) {
  const blocked = actions.moderationBlockedReason;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={blocked} disabled={!blocked}>
        <Button
          size="compact-xs"
          color={STATUS_COLORS.approved}
          leftSection={<IconCheck size={14} aria-hidden />}
          data-disabled={blocked ? true : undefined}
          aria-disabled={blocked ? true : undefined}
          onClick={() => {
            if (!actions.moderationBlockedReason) actions.approve([thread]);
          }}
        >
          Approve
        </Button>
      </Tooltip>
      <Tooltip label={blocked} disabled={!blocked}>
        <Button
          size="compact-xs"
          color={STATUS_COLORS.rejected}
          variant="light"
          leftSection={<IconX size={14} aria-hidden />}
          data-disabled={blocked ? true : undefined}
          aria-disabled={blocked ? true : undefined}
          onClick={() => {
            if (!actions.moderationBlockedReason) actions.reject([thread]);
          }}
        >
          Reject
        </Button>
      </Tooltip>
    </Group>
  );
}

/** Props of ThreadCardActions. */
export interface ThreadCardActionsProps {
  thread: Thread;
  actions: ThreadActions;
  /** What this user may do on the thread (threadReviewActions). */
  allowed: ReturnType<typeof threadReviewActions>;
  onReply: () => void;
  /** Asks for a confirmation, then withdraws the suggestion. */
  onWithdraw: () => void;
}

/**
 * A thread card's buttons (spec 02 §3, §4): Reply; Resolve or Reopen; Withdraw; and, for
 * approvers on a pending suggestion, Approve and Reject.
 */
export function ThreadCardActions({ thread, actions, allowed, onReply, onWithdraw }: ThreadCardActionsProps) {
  const { canResolve, canReopen, canWithdraw, canModerate } = allowed;
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Group gap={4} wrap="nowrap">
        <Button size="compact-xs" variant="subtle" onClick={onReply}>
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
          <Button size="compact-xs" variant="subtle" color="red" onClick={onWithdraw}>
            Withdraw
          </Button>
        ) : null}
      </Group>
      {canModerate ? <ModerationButtons thread={thread} actions={actions} /> : null}
    </Group>
  );
}

/** Props of ReplyComposer. */
export interface ReplyComposerProps {
  thread: Thread;
  actions: ThreadActions;
  onClose: () => void;
}

/** The reply form of a thread card; closes once the reply is sent (spec 02 §3). */
export function ReplyComposer({ thread, actions, onClose }: ReplyComposerProps) {
  return (
    <CommentComposer
      label={`Reply to ${thread.metadata.userName}`}
      isLabelHidden
      placeholder="Write a reply…"
      submitLabel="Send reply"
      minRows={1}
      autoFocus
      onCancel={onClose}
      onSubmit={async (body) => {
        const isSent = await actions.reply(thread.id, body);
        if (isSent) onClose();
        return isSent;
      }}
    />
  );
}
