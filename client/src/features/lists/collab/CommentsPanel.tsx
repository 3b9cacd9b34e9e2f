import { Box, Button, ScrollArea, Stack, Transition } from '@mantine/core';
import type { Thread } from '@nomen/shared';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { OutboxEntry } from './CommandOutbox';
import { CommentComposer } from './CommentComposer';
import {
  BulkModerationBar,
  CommentsPanelFilterBar,
  CommentsPanelFrame,
  CommentsPanelTitleBar,
  OutboxNotice,
  ThreadFeed,
} from './CommentsPanelSections';
import { FeedbackModal } from './FeedbackModal';
import type { ThreadActions } from './ThreadCard';
import { filterThreads, hasUnresolvedGeneral, type ThreadFilter, undecidedSuggestions } from './threads';
import { useNow } from './useNow';

export { COMMENTS_PANEL_WIDTH } from './CommentsPanelSections';

/** Threads shown at first and added by "Show more" (long reviews stay quick to render). */
const PAGE = 100;

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
  /** The general-comment field's placeholder (a shared draft's panel names the draft). */
  generalPlaceholder?: string;
}

/**
 * Keyboard users land in the panel when it opens and go back where they were when it closes
 * (spec 02 §9), unless the focus has moved elsewhere meanwhile.
 */
function usePanelFocus(opened: boolean, panelRef: RefObject<HTMLElement | null>) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
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
  }, [opened, panelRef]);
}

/**
 * The approver's selection of pending suggestions and its bulk decisions (spec 02 §4): which
 * undecided suggestions are selected, "Select all" over those shown, and approving or rejecting
 * the selected ones at once.
 */
function useSuggestionSelection(
  threads: readonly Thread[],
  visible: readonly Thread[],
  actions: ThreadActions,
) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const undecided = useMemo(() => undecidedSuggestions(threads, actions.queue), [threads, actions.queue]);
  const undecidedIds = useMemo(() => new Set(undecided.map((t) => t.id)), [undecided]);
  const selectedThreads = undecided.filter((t) => selected.has(t.id));
  const visibleUndecided = visible.filter((t) => undecidedIds.has(t.id));
  const allVisibleSelected = visibleUndecided.length > 0 && visibleUndecided.every((t) => selected.has(t.id));
  const someVisibleSelected = visibleUndecided.some((t) => selected.has(t.id));

  const setOne = (id: string, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggleAll = () =>
    setSelected(allVisibleSelected ? new Set() : new Set(visibleUndecided.map((t) => t.id)));

  const decideSelected = (status: 'approved' | 'rejected') => {
    if (selectedThreads.length === 0 || actions.moderationBlockedReason) return;
    if (status === 'approved') actions.approve(selectedThreads);
    else actions.reject(selectedThreads);
    setSelected(new Set());
  };

  return {
    selected,
    undecidedIds,
    canBulk: actions.isApprover && undecided.length > 0,
    selectedCount: selectedThreads.length,
    visibleUndecidedCount: visibleUndecided.length,
    allVisibleSelected,
    someVisibleSelected,
    setOne,
    toggleAll,
    decideSelected,
  };
}

/** Props of CommentsPanelHeader. */
interface CommentsPanelHeaderProps {
  filter: ThreadFilter;
  onFilterChange: (filter: ThreadFilter | null) => void;
  threads: readonly Thread[];
  selection: ReturnType<typeof useSuggestionSelection>;
  actions: ThreadActions;
  onFeedback: () => void;
  onClose: () => void;
  onGoToComposer: () => void;
}

/**
 * The panel's fixed top (spec 02 §9): title with feedback and close, the filter with "Go to
 * composer", and for approvers the bulk moderation bar.
 */
function CommentsPanelHeader(props: CommentsPanelHeaderProps) {
  const { selection, actions } = props;
  return (
    <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <CommentsPanelTitleBar onFeedback={props.onFeedback} onClose={props.onClose} />
      <CommentsPanelFilterBar
        filter={props.filter}
        onFilterChange={props.onFilterChange}
        hasGeneralDot={hasUnresolvedGeneral(props.threads)}
        onGoToComposer={props.onGoToComposer}
      />
      {selection.canBulk ? (
        <BulkModerationBar
          selectedCount={selection.selectedCount}
          allVisibleSelected={selection.allVisibleSelected}
          someVisibleSelected={selection.someVisibleSelected}
          visibleUndecidedCount={selection.visibleUndecidedCount}
          onToggleAll={selection.toggleAll}
          moderationBlockedReason={actions.moderationBlockedReason}
          onDecide={selection.decideSelected}
        />
      ) : null}
    </Stack>
  );
}

/** The general-comment composer at the end of the panel (spec 02 §2: a note about the whole list). */
function GeneralCommentComposer({
  composerRef,
  onAddGeneral,
  placeholder = 'A note about the whole list…',
}: {
  composerRef: RefObject<HTMLTextAreaElement | null>;
  onAddGeneral: (body: string) => Promise<boolean>;
  placeholder?: string;
}) {
  return (
    <Box pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <CommentComposer
        label="General comment"
        placeholder={placeholder}
        submitLabel="Post comment"
        textareaRef={composerRef}
        onSubmit={onAddGeneral}
      />
    </Box>
  );
}

/** "Show more (N left)" under the feed while threads are left to show; nothing otherwise. */
function ShowMore({ left, onShowMore }: { left: number; onShowMore: () => void }) {
  if (left <= 0) return null;
  return (
    <Button variant="subtle" size="xs" onClick={onShowMore}>
      Show more ({left} left)
    </Button>
  );
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
  generalPlaceholder,
}: CommentsPanelProps) {
  const now = useNow();
  const [filter, setFilter] = useState<ThreadFilter>('all');
  const [shown, setShown] = useState(PAGE);
  const [isFeedbackOpen, setIsFeedbackOpen] = useState(false);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  usePanelFocus(opened, panelRef);

  const visible = useMemo(
    () => filterThreads(threads, filter, actions.queue),
    [threads, filter, actions.queue],
  );
  const selection = useSuggestionSelection(threads, visible, actions);

  const goToComposer = () => {
    composerRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    composerRef.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <Transition mounted={opened} transition="slide-left" duration={200} timingFunction="ease">
        {(styles) => (
          <CommentsPanelFrame styles={styles} panelRef={panelRef} onActivity={onActivity} onClose={onClose}>
            <CommentsPanelHeader
              filter={filter}
              onFilterChange={(value) => {
                if (value) setFilter(value);
                setShown(PAGE);
              }}
              threads={threads}
              selection={selection}
              actions={actions}
              onFeedback={() => setIsFeedbackOpen(true)}
              onClose={onClose}
              onGoToComposer={goToComposer}
            />

            <ScrollArea style={{ flex: 1 }} viewportRef={viewportRef} type="auto">
              <Stack gap="sm" p="sm">
                <OutboxNotice outbox={outbox} />
                <ThreadFeed
                  visible={visible}
                  shown={shown}
                  hasThreads={threads.length > 0}
                  actions={actions}
                  now={now}
                  selected={selection.selected}
                  undecidedIds={selection.undecidedIds}
                  onSelectedChange={selection.setOne}
                />
                <ShowMore left={visible.length - shown} onShowMore={() => setShown((n) => n + PAGE)} />

                <GeneralCommentComposer
                  composerRef={composerRef}
                  onAddGeneral={onAddGeneral}
                  placeholder={generalPlaceholder}
                />
              </Stack>
            </ScrollArea>
          </CommentsPanelFrame>
        )}
      </Transition>
      <FeedbackModal opened={isFeedbackOpen} onClose={() => setIsFeedbackOpen(false)} listId={listId} />
    </>
  );
}
