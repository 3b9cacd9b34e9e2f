import { cellText } from '../grid/gridData';
import type { GridData } from '../grid/gridTypes';
import { CellThreadPopover } from './CellThreadPopover';
import { CommentsPanel } from './CommentsPanel';
import { describeCellAt } from './threadCells';
import type { ListCollaboration } from './useListCollaboration';

/** Props of CollaborationLayer. */
export interface CollaborationLayerProps {
  collab: ListCollaboration;
  data: GridData;
  listId: number | null;
}

/**
 * The floating parts of live collaboration in the list editor (spec 02 §2): the comments side
 * panel and the cell comment popover, both fed by useListCollaboration. Renders nothing while
 * live collaboration is off.
 */
export function CollaborationLayer({ collab, data, listId }: CollaborationLayerProps) {
  if (!collab.isLive) return null;
  const { popover } = collab;
  return (
    <>
      <CommentsPanel
        opened={collab.panelOpened}
        onClose={() => collab.setPanelOpened(false)}
        threads={collab.snapshot.threads}
        outbox={collab.session.outbox}
        actions={collab.actions}
        onAddGeneral={(body) => collab.comment(null, body)}
        listId={listId}
        onActivity={collab.session.onActivity}
      />
      {popover ? (
        <CellThreadPopover
          key={`${popover.pos.row}:${popover.pos.col}:${popover.mode}`}
          anchor={popover.anchor}
          cellLabel={describeCellAt(data, popover.pos)}
          cell={popover.cell}
          cellValue={cellText(data, popover.pos.row, popover.pos.col)}
          threads={collab.threadsOfCell(popover.cell)}
          initialMode={popover.mode}
          canSuggest={!collab.isApprover}
          actions={collab.actions}
          onComment={collab.comment}
          onSuggest={collab.suggest}
          onClose={collab.closePopover}
          onActivity={collab.session.onActivity}
          // The lock overlay's message comes and goes with the lock: place the popover again.
          layoutKey={collab.session.lockHolder}
        />
      ) : null}
    </>
  );
}
