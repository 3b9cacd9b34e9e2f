import { Button, Group } from '@mantine/core';
import type { DraftCell, SubmissionForm, Thread } from '@nomen/shared';
import { IconMessagePlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { notifyInfo } from '../../../../ui/notify';
import { CellThreadPopover } from '../../../lists/collab/CellThreadPopover';
import { CommentsPanel } from '../../../lists/collab/CommentsPanel';
import { CommentsToggle } from '../../../lists/collab/CommentsToggle';
import type { AnchorRect } from '../../../lists/collab/popoverPosition';
import { tableColumns } from '../../table/submissionTable';
import type { DraftRoomClient } from '../DraftRoomClient';
import type { DraftRowOrder } from '../draftRows';
import { activeGridCell, selectGridCell } from './activeGridCell';
import {
  type DraftCellIndex,
  describeDraftCell,
  draftCellAt,
  draftCellIndex,
  openThreadCount,
  threadsOfCell,
} from './draftThreads';
import { sendComment, useDraftThreadActions } from './useDraftThreadActions';

/** Props of {@link DraftComments}. */
export interface DraftCommentsProps {
  client: DraftRoomClient;
  /** The room's threads (DraftRoomSnapshot.threads). */
  threads: readonly Thread[];
  /** The order of the rows the grid shows (useSharedDraftTable's `order`). */
  order: DraftRowOrder;
  form: SubmissionForm;
  userId: number;
  /** The grid's selected cell, when the table says it (else read from the grid on the page). */
  selectedCell?: DraftCell | null;
  /** Selects a cell in the grid (else a rendered cell is selected on the page). */
  onGoToCell?: (cell: DraftCell) => void;
}

/** The cell whose comments are open and where its popover is anchored. */
interface OpenCell {
  cell: DraftCell;
  anchor: AnchorRect;
}

/** Where the selected cell is: the table's own word, else the grid's active cell on the page. */
function selectedDraftCell(
  props: Pick<DraftCommentsProps, 'selectedCell' | 'order'>,
  columns: ReturnType<typeof tableColumns>,
): { cell: DraftCell; rect: AnchorRect | null } | null {
  const active = activeGridCell();
  if (props.selectedCell) return { cell: props.selectedCell, rect: active?.rect ?? null };
  const cell = active ? draftCellAt(props.order, columns, active) : null;
  return cell && active ? { cell, rect: active.rect } : null;
}

/**
 * The room's value of `cell` ('' when none, or no cell), kept up to date: only a change of that
 * value re-renders (not an edit of another cell).
 */
function useDraftCellValue(client: DraftRoomClient, cell: DraftCell | null): string {
  return useSyncExternalStore(client.subscribe, () =>
    cell ? (client.getSnapshot().rows.find((r) => r.id === cell.row)?.cells[cell.field] ?? '') : '',
  );
}

/** Selects a draft cell on the page's grid by its row id and field (when rendered). */
function useGoToCell(
  index: DraftCellIndex,
  columns: ReturnType<typeof tableColumns>,
  onGoToCell?: (cell: DraftCell) => void,
) {
  return useCallback(
    (cell: DraftCell) => {
      if (onGoToCell) return onGoToCell(cell);
      const row = index.rowIndex.get(cell.row);
      const col = columns.findIndex((c) => c.key === cell.field);
      if (row === undefined || col < 0 || !selectGridCell(row, col))
        notifyInfo('Scroll to that row to see its cell: it is not shown now.');
    },
    [index, columns, onGoToCell],
  );
}

/**
 * Comments on a shared draft (reusing the list review's threads): "Comment on cell" opens the
 * cell comment popover on the grid's selected cell (its threads, replies, resolve and reopen, and
 * a composer sending `comment.add` with the cell), and the comments toggle opens the side panel
 * with every thread of the draft (cell threads name their column and row and select the cell)
 * and the general-comment composer. Threads come live from the draft room; anyone in the draft
 * may resolve or reopen them.
 */
export function DraftComments(props: DraftCommentsProps) {
  const { client, threads, order, form, userId } = props;
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [open, setOpen] = useState<OpenCell | null>(null);
  const columns = useMemo(() => tableColumns(form), [form]);
  const index = useMemo(() => draftCellIndex(order, columns), [order, columns]);
  const cellValue = useDraftCellValue(client, open?.cell ?? null);
  const goToCell = useGoToCell(index, columns, props.onGoToCell);
  const actions = useDraftThreadActions({ client, userId, index, onGoToCell: goToCell });

  const openSelectedCell = (button: HTMLElement) => {
    const selected = selectedDraftCell(props, columns);
    if (!selected) {
      notifyInfo('Select a cell of the draft first, then comment on it.');
      return;
    }
    const { top, left, right, bottom } = button.getBoundingClientRect();
    setOpen({ cell: selected.cell, anchor: selected.rect ?? { top, left, right, bottom } });
  };
  const openLabel = open ? describeDraftCell(open.cell, index) : null;

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconMessagePlus size={16} aria-hidden />}
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => openSelectedCell(event.currentTarget)}
        >
          Comment on cell
        </Button>
        <CommentsToggle
          opened={isPanelOpen}
          onToggle={() => setIsPanelOpen((o) => !o)}
          count={openThreadCount(threads)}
        />
      </Group>
      <CommentsPanel
        opened={isPanelOpen}
        onClose={() => setIsPanelOpen(false)}
        threads={threads}
        outbox={[]}
        actions={actions}
        onAddGeneral={(body) => sendComment(client, { type: 'comment.add', cell: null, body })}
        listId={null}
        generalPlaceholder="A note about the whole draft…"
      />
      {open && openLabel ? (
        <CellThreadPopover
          anchor={open.anchor}
          cellLabel={openLabel}
          cell={{
            columnId: Number(open.cell.field),
            rowNumber: index.rowIndex.get(open.cell.row) ?? 0,
            listValueId: null,
          }}
          cellValue={cellValue}
          threads={threadsOfCell(threads, open.cell)}
          initialMode="comment"
          canSuggest={false}
          actions={actions}
          onComment={(_, body) => sendComment(client, { type: 'comment.add', cell: open.cell, body })}
          onSuggest={async () => false}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
