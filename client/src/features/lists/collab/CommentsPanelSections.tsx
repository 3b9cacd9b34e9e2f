import {
  ActionIcon,
  Button,
  type ButtonProps,
  Checkbox,
  Group,
  Indicator,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { Thread } from '@nomen/shared';
import { IconArrowDown, IconMessageChatbot, IconX } from '@tabler/icons-react';
import type { CSSProperties, ReactNode, RefObject } from 'react';
import type { OutboxEntry } from './CommandOutbox';
import { type ThreadActions, ThreadCard } from './ThreadCard';
import { THREAD_FILTER_LABELS, THREAD_FILTERS, type ThreadFilter } from './threads';

/** Width of the comments side panel in px (spec 02 §9). */
export const COMMENTS_PANEL_WIDTH = 390;

const FILTER_OPTIONS = THREAD_FILTERS.map((value) => ({ value, label: THREAD_FILTER_LABELS[value] }));

/** What a held command says while it waits for the connection. */
function outboxText(entry: OutboxEntry): string {
  const { command } = entry;
  switch (command.type) {
    case 'comment.add':
    case 'comment.reply':
      return command.body;
    case 'suggestion.add':
      return `Suggest “${command.value}”`;
    case 'thread.resolve':
      return command.resolved ? 'Resolve a thread' : 'Reopen a thread';
    case 'thread.withdraw':
      return 'Withdraw a suggestion';
    default:
      return command.type;
  }
}

/** Props of CommentsPanelFrame. */
export interface CommentsPanelFrameProps {
  /** The slide-in transition's styles. */
  styles: CSSProperties;
  panelRef: RefObject<HTMLElement | null>;
  onActivity?: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The comments panel's box (spec 02 §9): a focusable complementary landmark named "Comments",
 * fixed to the right under the header, 390 px wide; Escape closes it and pointer or key activity
 * is reported (spec 02 §4: an approver takes the lock).
 */
export function CommentsPanelFrame({
  styles,
  panelRef,
  onActivity,
  onClose,
  children,
}: CommentsPanelFrameProps) {
  return (
    <Paper
      component="aside"
      ref={panelRef}
      tabIndex={-1}
      aria-label="Comments"
      shadow="xl"
      withBorder
      radius={0}
      onPointerMove={onActivity}
      onKeyDown={(event) => {
        onActivity?.();
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.stopPropagation();
          onClose();
        }
      }}
      style={{
        ...styles,
        position: 'fixed',
        top: 'var(--app-shell-header-offset, 56px)',
        right: 0,
        bottom: 0,
        width: COMMENTS_PANEL_WIDTH,
        maxWidth: '100vw',
        zIndex: 150,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {children}
    </Paper>
  );
}

/** Props of CommentsPanelTitleBar. */
export interface CommentsPanelTitleBarProps {
  onFeedback: () => void;
  onClose: () => void;
}

/** The comments panel's title with its "Send feedback" and "Close comments" buttons (spec 02 §9). */
export function CommentsPanelTitleBar({ onFeedback, onClose }: CommentsPanelTitleBarProps) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Title order={2} size="h4">
        Comments
      </Title>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Send feedback" withArrow>
          <ActionIcon variant="subtle" aria-label="Send feedback" onClick={onFeedback}>
            <IconMessageChatbot size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Close comments" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label="Close comments" onClick={onClose}>
            <IconX size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** Props of CommentsPanelFilterBar. */
export interface CommentsPanelFilterBarProps {
  filter: ThreadFilter;
  onFilterChange: (filter: ThreadFilter | null) => void;
  /** Unresolved general comments exist: a red dot on "Go to composer". */
  hasGeneralDot: boolean;
  onGoToComposer: () => void;
}

/**
 * The comments panel's "Show" filter (All types, Pending, Approved, Rejected, General) and its
 * "Go to composer" button, with a red dot while unresolved general comments exist (spec 02 §9).
 */
export function CommentsPanelFilterBar({
  filter,
  onFilterChange,
  hasGeneralDot,
  onGoToComposer,
}: CommentsPanelFilterBarProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Select
        label="Show"
        size="xs"
        data={FILTER_OPTIONS}
        value={filter}
        onChange={(value) => onFilterChange(value as ThreadFilter | null)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true, zIndex: 300 }}
        style={{ flex: 1 }}
      />
      <Indicator color="red" size={9} offset={3} disabled={!hasGeneralDot} zIndex={2}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={onGoToComposer}
          aria-description={hasGeneralDot ? 'There are unresolved general comments' : undefined}
          data-unresolved-general={hasGeneralDot || undefined}
        >
          Go to composer
        </Button>
      </Indicator>
    </Group>
  );
}

/** Props of BulkDecisionButton. */
interface BulkDecisionButtonProps {
  label: string;
  color: string;
  variant?: ButtonProps['variant'];
  selectedCount: number;
  moderationBlockedReason: string | null;
  onClick: () => void;
}

/** "Approve selected" or "Reject selected": aria-disabled with a tooltip saying why. */
function BulkDecisionButton({
  label,
  color,
  variant,
  selectedCount,
  moderationBlockedReason,
  onClick,
}: BulkDecisionButtonProps) {
  const isBlocked = selectedCount === 0 || moderationBlockedReason ? true : undefined;
  return (
    <Tooltip
      label={moderationBlockedReason ?? 'Select pending suggestions first'}
      disabled={!moderationBlockedReason && selectedCount > 0}
    >
      <Button
        size="compact-xs"
        color={color}
        variant={variant}
        data-disabled={isBlocked}
        aria-disabled={isBlocked}
        onClick={onClick}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** Props of BulkModerationBar. */
export interface BulkModerationBarProps {
  selectedCount: number;
  allVisibleSelected: boolean;
  someVisibleSelected: boolean;
  /** Undecided suggestions among the threads shown. */
  visibleUndecidedCount: number;
  onToggleAll: () => void;
  moderationBlockedReason: string | null;
  onDecide: (status: 'approved' | 'rejected') => void;
}

/**
 * For approvers: "Select all" over the pending suggestions shown, and "Approve selected" /
 * "Reject selected" (spec 02 §4: bulk accept).
 */
export function BulkModerationBar(props: BulkModerationBarProps) {
  const { selectedCount, allVisibleSelected, someVisibleSelected, moderationBlockedReason, onDecide } = props;
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Checkbox
        size="xs"
        label={selectedCount > 0 ? `${selectedCount} selected` : 'Select all'}
        checked={allVisibleSelected}
        indeterminate={someVisibleSelected && !allVisibleSelected}
        disabled={props.visibleUndecidedCount === 0}
        onChange={props.onToggleAll}
        aria-label="Select all pending suggestions shown"
      />
      <Group gap={4} wrap="nowrap">
        <BulkDecisionButton
          label="Approve selected"
          color="green"
          selectedCount={selectedCount}
          moderationBlockedReason={moderationBlockedReason}
          onClick={() => onDecide('approved')}
        />
        <BulkDecisionButton
          label="Reject selected"
          color="red"
          variant="light"
          selectedCount={selectedCount}
          moderationBlockedReason={moderationBlockedReason}
          onClick={() => onDecide('rejected')}
        />
      </Group>
    </Group>
  );
}

/** Props of OutboxNotice. */
export interface OutboxNoticeProps {
  outbox: readonly OutboxEntry[];
}

/** The commands written offline and not sent yet, as a "Not sent yet" status (spec 02 §4). */
export function OutboxNotice({ outbox }: OutboxNoticeProps) {
  if (outbox.length === 0) return null;
  return (
    <Stack gap={4} role="status" aria-label="Not sent yet">
      {outbox.map((entry) => (
        <Paper key={entry.key} withBorder radius="md" p="xs" bg="yellow.0">
          <Text size="xs" c="dimmed">
            Waiting for the connection to send:
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {outboxText(entry)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** Props of ThreadFeed. */
export interface ThreadFeedProps {
  /** The threads that pass the filter, newest first. */
  visible: readonly Thread[];
  /** How many of them are rendered. */
  shown: number;
  /** The list has threads at all (else "No comments yet."). */
  hasThreads: boolean;
  actions: ThreadActions;
  /** The current time (relative times). */
  now: Date;
  selected: ReadonlySet<string>;
  /** Ids of the suggestions that can still be decided (selectable by approvers). */
  undecidedIds: ReadonlySet<string>;
  onSelectedChange: (id: string, isOn: boolean) => void;
}

/** The panel's threads as a feed named "Threads", or a line saying there is nothing to show. */
export function ThreadFeed({
  visible,
  shown,
  hasThreads,
  actions,
  now,
  selected,
  undecidedIds,
  onSelectedChange,
}: ThreadFeedProps) {
  if (visible.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {hasThreads ? 'Nothing matches this filter.' : 'No comments yet.'}
      </Text>
    );
  }
  return (
    <Stack gap="sm" role="feed" aria-label="Threads">
      {visible.slice(0, shown).map((thread) => (
        <ThreadCard
          key={thread.id}
          thread={thread}
          actions={actions}
          now={now}
          showsCell
          isSelected={selected.has(thread.id)}
          onSelectedChange={
            actions.isApprover && undecidedIds.has(thread.id)
              ? (isOn) => onSelectedChange(thread.id, isOn)
              : undefined
          }
        />
      ))}
    </Stack>
  );
}
