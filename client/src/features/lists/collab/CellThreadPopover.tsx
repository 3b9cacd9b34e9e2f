import {
  ActionIcon,
  Button,
  FocusTrap,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { COMMENT_MAX_LENGTH, type Thread } from '@nomen/shared';
import { IconX } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { CommentComposer } from './CommentComposer';
import { type AnchorRect, POPOVER_GAP as GAP, popoverPosition } from './popoverPosition';
import { type ThreadActions, ThreadCard } from './ThreadCard';
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
   * message, issue 8 item 25), so that it is placed again.
   */
  layoutKey?: string;
}

/** Marks an element the cell popover leaves readable (issue 8 item 25: the lock overlay's message). */
export const POPOVER_AVOID_ATTRIBUTE = 'data-popover-avoid';

function rectsToAvoid(): AnchorRect[] {
  return [...document.querySelectorAll(`[${POPOVER_AVOID_ATTRIBUTE}]`)].map((element) => {
    const { top, left, right, bottom } = element.getBoundingClientRect();
    return { top, left, right, bottom };
  });
}

/**
 * The cell comment popover (spec 02 §2, §9: 400 px, next to the cell): the cell's threads with
 * replies, resolve/reopen and, for approvers, Approve/Reject; a comment composer; and for
 * non-approvers a "Suggest a value" form (the suggested value, prefilled with the cell's text,
 * and an optional reason). A non-modal dialog named "Comments on <cell>"; focus stays inside
 * while it is open, Escape or a click outside closes it. It never covers its cell nor an element
 * marked POPOVER_AVOID_ATTRIBUTE, such as the lock overlay's message (issue 8 item 25).
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
  const [value, setValue] = useState(cellValue);
  const [reason, setReason] = useState('');
  const [isSending, setIsSending] = useState(false);
  const paperRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const outsideRef = useClickOutside<HTMLDivElement>(onClose, ['mousedown', 'touchstart']);

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

  const isUnchanged = value === cellValue;
  const suggest = async () => {
    if (isUnchanged || isSending) return;
    setIsSending(true);
    try {
      if (await onSuggest(cell, cellValue, value, reason.trim())) {
        setReason('');
        setMode('comment');
      }
    } finally {
      setIsSending(false);
    }
  };

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
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {cellLabel}
            </Text>
            <Tooltip label="Close" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Close comments on this cell"
                onClick={onClose}
              >
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>

          {threads.length > 0 ? (
            <ScrollArea.Autosize mah="40vh" type="auto">
              <Stack gap="xs">
                {threads.map((thread) => (
                  <ThreadCard key={thread.id} thread={thread} actions={actions} now={now} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          ) : (
            <Text size="sm" c="dimmed">
              No comments on this cell yet.
            </Text>
          )}

          {canSuggest ? (
            <SegmentedControl
              size="xs"
              fullWidth
              value={mode}
              onChange={(next) => setMode(next as CellPopoverMode)}
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
              onSubmit={(body) => onComment(cell, body)}
            />
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void suggest();
              }}
            >
              <Stack gap="xs">
                <TextInput
                  label="Suggested value"
                  value={value}
                  onChange={(event) => setValue(event.currentTarget.value)}
                  maxLength={COMMENT_MAX_LENGTH}
                  description={cellValue === '' ? 'The cell is empty now' : `Now: ${cellValue}`}
                  data-autofocus
                />
                <Textarea
                  label="Why (optional)"
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  maxLength={COMMENT_MAX_LENGTH}
                  autosize
                  minRows={1}
                  maxRows={5}
                />
                <Group justify="flex-end">
                  <Tooltip label="Change the value first" disabled={!isUnchanged}>
                    <Button
                      size="xs"
                      type="submit"
                      loading={isSending}
                      data-disabled={isUnchanged || undefined}
                      aria-disabled={isUnchanged || undefined}
                    >
                      Suggest
                    </Button>
                  </Tooltip>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </FocusTrap>
    </Paper>
  );
}
