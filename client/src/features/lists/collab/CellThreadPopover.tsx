import { FocusTrap, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import type { Thread } from '@nomen/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { CellPopoverHeader, CellThreadList, SuggestValueForm } from './CellThreadPopoverSections';
import { CommentComposer } from './CommentComposer';
import { type AnchorRect, POPOVER_GAP as GAP, popoverPosition } from './popoverPosition';
import type { ThreadActions } from './ThreadCard';
import type { ThreadCell } from './threadCells';
import { useNow } from './useNow';

/** Width of the cell comment popover in px (spec 02 §9). */
export const CELL_POPOVER_WIDTH = 400;
/** What the popover opens on. */
export type CellPopoverMode = 'comment' | 'suggest';

/** Props of CellThreadPopover. */
export interface CellThreadPopoverProps {
  anchor: AnchorRect;
  /** "Channel, row 3". */
  cellLabel: string;
  cell: ThreadCell;
  /** The cell's text now (the suggestion's previous value and the field's start). */
  cellValue: string;
  /** This cell's threads, oldest first. */
  threads: readonly Thread[];
  initialMode: CellPopoverMode;
  /** Non-approvers suggest values (spec 02 §6); approvers edit the cell instead. */
  canSuggest: boolean;
  actions: ThreadActions;
  onComment: (cell: ThreadCell, body: string) => Promise<boolean>;
  onSuggest: (cell: ThreadCell, prevValue: string, value: string, body: string) => Promise<boolean>;
  onClose: () => void;
  /** Pointer or keyboard activity inside (spec 02 §4 lock for approvers). */
  onActivity?: () => void;
  /**
   * Changes when something the popover must not cover appears or goes (the lock overlay's
   * message, spec 02 §9), so that it is placed again.
   */
  layoutKey?: string;
}

/** Marks an element the cell popover leaves readable (spec 02 §9: the lock overlay's message). */
export const POPOVER_AVOID_ATTRIBUTE = 'data-popover-avoid';

function rectsToAvoid(): AnchorRect[] {
  return [...document.querySelectorAll(`[${POPOVER_AVOID_ATTRIBUTE}]`)].map((element) => {
    const { top, left, right, bottom } = element.getBoundingClientRect();
    return { top, left, right, bottom };
  });
}

/**
 * Places the popover next to its anchor (spec 02 §9), never over it nor over an element marked
 * POPOVER_AVOID_ATTRIBUTE, again whenever its size, the anchor or `layoutKey` changes. Returns
 * the ref for the popover's element and its fixed position in px (null until measured).
 */
function usePopoverPlacement(anchor: AnchorRect, layoutKey: string | undefined) {
  const paperRef = useRef<HTMLDivElement | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const element = paperRef.current;
    if (!element) return;
    const place = () =>
      setPosition(
        popoverPosition(
          anchor,
          { width: CELL_POPOVER_WIDTH, height: element.offsetHeight },
          { width: window.innerWidth, height: window.innerHeight },
          rectsToAvoid(),
        ),
      );
    void layoutKey;
    place();
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => observer.disconnect();
  }, [anchor, layoutKey]);
  return { paperRef, position };
}

/**
 * The draft of a suggested value (spec 02 §6): the value (starting at the cell's text), the
 * reason, and sending it once changed; after it is sent the reason is cleared and `onSent` runs.
 */
function useSuggestionDraft(
  cell: ThreadCell,
  cellValue: string,
  onSuggest: CellThreadPopoverProps['onSuggest'],
  onSent: () => void,
) {
  const [value, setValue] = useState(cellValue);
  const [reason, setReason] = useState('');
  const [isSending, setIsSending] = useState(false);
  const suggest = async () => {
    if (value === cellValue || isSending) return;
    setIsSending(true);
    try {
      if (await onSuggest(cell, cellValue, value, reason.trim())) {
        setReason('');
        onSent();
      }
    } finally {
      setIsSending(false);
    }
  };
  return { value, setValue, reason, setReason, isSending, suggest };
}

/** Props of CommentOrSuggest. */
interface CommentOrSuggestProps {
  mode: CellPopoverMode;
  onModeChange: (mode: CellPopoverMode) => void;
  /** Non-approvers may switch to "Suggest a value" (spec 02 §6). */
  canSuggest: boolean;
  draft: ReturnType<typeof useSuggestionDraft>;
  /** The cell's text now. */
  cellValue: string;
  onComment: (body: string) => Promise<boolean>;
}

/**
 * The popover's form (spec 02 §2, §6): the "Comment or suggest a value" switch for non-approvers,
 * then the comment composer or the suggest-a-value form.
 */
function CommentOrSuggest({
  mode,
  onModeChange,
  canSuggest,
  draft,
  cellValue,
  onComment,
}: CommentOrSuggestProps) {
  return (
    <>
      {canSuggest ? (
        <SegmentedControl
          size="xs"
          fullWidth
          value={mode}
          onChange={(next) => onModeChange(next as CellPopoverMode)}
          data={[
            { value: 'comment', label: 'Comment' },
            { value: 'suggest', label: 'Suggest a value' },
          ]}
          aria-label="Comment or suggest a value"
        />
      ) : null}
      {mode === 'comment' ? (
        <CommentComposer
          label="Comment"
          isLabelHidden
          placeholder="Comment on this cell…"
          submitLabel="Add comment"
          autoFocus
          onSubmit={onComment}
        />
      ) : (
        <SuggestValueForm
          cellValue={cellValue}
          value={draft.value}
          onValueChange={draft.setValue}
          reason={draft.reason}
          onReasonChange={draft.setReason}
          isSending={draft.isSending}
          onSubmit={() => void draft.suggest()}
        />
      )}
    </>
  );
}

/**
 * The cell comment popover (spec 02 §2, §9: 400 px, next to the cell): the cell's threads with
 * replies, resolve/reopen and, for approvers, Approve/Reject; a comment composer; and for
 * non-approvers a "Suggest a value" form (the suggested value, prefilled with the cell's text,
 * and an optional reason). A non-modal dialog named "Comments on <cell>"; focus stays inside
 * while it is open, Escape or a click outside closes it. It never covers its cell nor an element
 * marked POPOVER_AVOID_ATTRIBUTE, such as the lock overlay's message (spec 02 §9).
 */
export function CellThreadPopover({
  anchor,
  cellLabel,
  cell,
  cellValue,
  threads,
  initialMode,
  canSuggest,
  actions,
  onComment,
  onSuggest,
  onClose,
  onActivity,
  layoutKey,
}: CellThreadPopoverProps) {
  const now = useNow();
  const [mode, setMode] = useState<CellPopoverMode>(canSuggest ? initialMode : 'comment');
  const draft = useSuggestionDraft(cell, cellValue, onSuggest, () => setMode('comment'));
  const { paperRef, position } = usePopoverPlacement(anchor, layoutKey);
  const outsideRef = useClickOutside<HTMLDivElement>(onClose, ['mousedown', 'touchstart']);

  return (
    <Paper
      ref={(element: HTMLDivElement | null) => {
        paperRef.current = element;
        outsideRef.current = element;
      }}
      role="dialog"
      aria-label={`Comments on ${cellLabel}`}
      shadow="lg"
      withBorder
      radius="md"
      p="sm"
      onPointerMove={onActivity}
      onKeyDown={(event) => {
        onActivity?.();
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      style={{
        position: 'fixed',
        top: position?.top ?? anchor.top,
        left: position?.left ?? anchor.right + GAP,
        width: CELL_POPOVER_WIDTH,
        maxWidth: `calc(100vw - ${2 * GAP}px)`,
        zIndex: 160,
        visibility: position ? 'visible' : 'hidden',
      }}
    >
      <FocusTrap active>
        <Stack gap="sm">
          <CellPopoverHeader cellLabel={cellLabel} onClose={onClose} />
          <CellThreadList threads={threads} actions={actions} now={now} />
          <CommentOrSuggest
            mode={mode}
            onModeChange={setMode}
            canSuggest={canSuggest}
            draft={draft}
            cellValue={cellValue}
            onComment={(body) => onComment(cell, body)}
          />
        </Stack>
      </FocusTrap>
    </Paper>
  );
}
