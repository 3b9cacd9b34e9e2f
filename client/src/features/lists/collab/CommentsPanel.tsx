import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  Indicator,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  Transition,
} from '@mantine/core';
import type { Thread } from '@nomen/shared';
import { IconArrowDown, IconMessageChatbot, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OutboxEntry } from './CommandOutbox';
import { CommentComposer } from './CommentComposer';
import { FeedbackModal } from './FeedbackModal';
import { type ThreadActions, ThreadCard } from './ThreadCard';
import {
  filterThreads,
  hasUnresolvedGeneral,
  THREAD_FILTER_LABELS,
  THREAD_FILTERS,
  type ThreadFilter,
  undecidedSuggestions,
} from './threads';
import { useNow } from './useNow';

/** Width of the comments side panel in px (spec 02 §9). */
export const COMMENTS_PANEL_WIDTH = 390;
/** Threads shown at first and added by "Show more" (long reviews stay quick to render). */
const PAGE = 100;

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

/** Props of CommentsPanel. */
export interface CommentsPanelProps {
  opened: boolean;
  onClose: () => void;
  /** Every thread of the list (the panel filters and sorts them). */
  threads: readonly Thread[];
  /** Commands written offline, not sent yet. */
  outbox: readonly OutboxEntry[];
  actions: ThreadActions;
  /** Posts a general comment (comment.add without a cell); resolves true once acknowledged. */
  onAddGeneral: (body: string) => Promise<boolean>;
  /** The list, for the feedback modal. */
  listId: number | null;
  /** Pointer or keyboard activity over the panel (spec 02 §4: an approver takes the lock). */
  onActivity?: () => void;
}

/**
 * The list editor's comments side panel (spec 02 §2, §9: 390 px, sliding in from the right): a
 * filter (All types, Pending, Approved, Rejected, General); threads newest first with author
 * names, relative times, replies, a reply composer and resolve/reopen; for approvers Approve and
 * Reject on each pending suggestion plus checkboxes with "Approve selected" / "Reject selected";
 * an assistant/feedback button opening the feedback modal; the general-comment composer; and a
 * "Go to composer" button with a red dot while unresolved general comments exist. A
 * complementary landmark named "Comments" that takes the focus when it opens and gives it back
 * when it closes; Escape closes it.
 */
export function CommentsPanel({
  opened,
  onClose,
  threads,
  outbox,
  actions,
  onAddGeneral,
  listId,
  onActivity,
}: CommentsPanelProps) {
  const now = useNow();
  const [filter, setFilter] = useState<ThreadFilter>('all');
  const [shown, setShown] = useState(PAGE);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isFeedbackOpen, setIsFeedbackOpen] = useState(false);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  // Keyboard users land in the panel when it opens and go back where they were when it closes.
  useEffect(() => {
    if (opened) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const frame = requestAnimationFrame(() => panelRef.current?.focus({ preventScroll: true }));
      return () => cancelAnimationFrame(frame);
    }
    const active = document.activeElement;
    if (
      returnFocusTo.current &&
      (!active || active === document.body || panelRef.current?.contains(active))
    ) {
      returnFocusTo.current.focus({ preventScroll: true });
    }
    returnFocusTo.current = null;
    return undefined;
  }, [opened]);

  const visible = useMemo(
    () => filterThreads(threads, filter, actions.queue),
    [threads, filter, actions.queue],
  );
  const undecided = useMemo(() => undecidedSuggestions(threads, actions.queue), [threads, actions.queue]);
  const undecidedIds = useMemo(() => new Set(undecided.map((t) => t.id)), [undecided]);
  const selectedThreads = undecided.filter((t) => selected.has(t.id));
  const visibleUndecided = visible.filter((t) => undecidedIds.has(t.id));
  const allVisibleSelected = visibleUndecided.length > 0 && visibleUndecided.every((t) => selected.has(t.id));
  const someVisibleSelected = visibleUndecided.some((t) => selected.has(t.id));
  const hasGeneralDot = hasUnresolvedGeneral(threads);
  const canBulk = actions.isApprover && undecided.length > 0;

  const setOne = (id: string, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });

  const decideSelected = (status: 'approved' | 'rejected') => {
    if (selectedThreads.length === 0 || actions.moderationBlockedReason) return;
    if (status === 'approved') actions.approve(selectedThreads);
    else actions.reject(selectedThreads);
    setSelected(new Set());
  };

  const goToComposer = () => {
    composerRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    composerRef.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <Transition mounted={opened} transition="slide-left" duration={200} timingFunction="ease">
        {(styles) => (
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
            <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Group justify="space-between" wrap="nowrap">
                <Title order={2} size="h4">
                  Comments
                </Title>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Send feedback" withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label="Send feedback"
                      onClick={() => setIsFeedbackOpen(true)}
                    >
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
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <Select
                  label="Show"
                  size="xs"
                  data={FILTER_OPTIONS}
                  value={filter}
                  onChange={(value) => {
                    if (value) setFilter(value as ThreadFilter);
                    setShown(PAGE);
                  }}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true, zIndex: 300 }}
                  style={{ flex: 1 }}
                />
                <Indicator color="red" size={9} offset={3} disabled={!hasGeneralDot} zIndex={2}>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconArrowDown size={14} aria-hidden />}
                    onClick={goToComposer}
                    aria-description={hasGeneralDot ? 'There are unresolved general comments' : undefined}
                    data-unresolved-general={hasGeneralDot || undefined}
                  >
                    Go to composer
                  </Button>
                </Indicator>
              </Group>
              {canBulk ? (
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Checkbox
                    size="xs"
                    label={selectedThreads.length > 0 ? `${selectedThreads.length} selected` : 'Select all'}
                    checked={allVisibleSelected}
                    indeterminate={someVisibleSelected && !allVisibleSelected}
                    disabled={visibleUndecided.length === 0}
                    onChange={() =>
                      setSelected(allVisibleSelected ? new Set() : new Set(visibleUndecided.map((t) => t.id)))
                    }
                    aria-label="Select all pending suggestions shown"
                  />
                  <Group gap={4} wrap="nowrap">
                    <Tooltip
                      label={actions.moderationBlockedReason ?? 'Select pending suggestions first'}
                      disabled={!actions.moderationBlockedReason && selectedThreads.length > 0}
                    >
                      <Button
                        size="compact-xs"
                        color="green"
                        data-disabled={
                          selectedThreads.length === 0 || actions.moderationBlockedReason ? true : undefined
                        }
                        aria-disabled={
                          selectedThreads.length === 0 || actions.moderationBlockedReason ? true : undefined
                        }
                        onClick={() => decideSelected('approved')}
                      >
                        Approve selected
                      </Button>
                    </Tooltip>
                    <Tooltip
                      label={actions.moderationBlockedReason ?? 'Select pending suggestions first'}
                      disabled={!actions.moderationBlockedReason && selectedThreads.length > 0}
                    >
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="light"
                        data-disabled={
                          selectedThreads.length === 0 || actions.moderationBlockedReason ? true : undefined
                        }
                        aria-disabled={
                          selectedThreads.length === 0 || actions.moderationBlockedReason ? true : undefined
                        }
                        onClick={() => decideSelected('rejected')}
                      >
                        Reject selected
                      </Button>
                    </Tooltip>
                  </Group>
                </Group>
              ) : null}
            </Stack>

            <ScrollArea style={{ flex: 1 }} viewportRef={viewportRef} type="auto">
              <Stack gap="sm" p="sm">
                {outbox.length > 0 ? (
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
                ) : null}

                {visible.length === 0 ? (
                  <Text size="sm" c="dimmed" ta="center" py="lg">
                    {threads.length === 0 ? 'No comments yet.' : 'Nothing matches this filter.'}
                  </Text>
                ) : (
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
                            ? (isOn) => setOne(thread.id, isOn)
                            : undefined
                        }
                      />
                    ))}
                  </Stack>
                )}
                {visible.length > shown ? (
                  <Button variant="subtle" size="xs" onClick={() => setShown((n) => n + PAGE)}>
                    Show more ({visible.length - shown} left)
                  </Button>
                ) : null}

                <Box pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
                  <CommentComposer
                    label="General comment"
                    placeholder="A note about the whole list…"
                    submitLabel="Post comment"
                    textareaRef={composerRef}
                    onSubmit={onAddGeneral}
                  />
                </Box>
              </Stack>
            </ScrollArea>
          </Paper>
        )}
      </Transition>
      <FeedbackModal opened={isFeedbackOpen} onClose={() => setIsFeedbackOpen(false)} listId={listId} />
    </>
  );
}
