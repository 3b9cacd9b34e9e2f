import { notifications } from '@mantine/notifications';
import { type Me, savedListChangeRefusal, type Thread } from '@nomen/shared';
import { IconMessagePlus, IconPencilQuestion } from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { notifyError, TOAST_MS } from '../../../ui/notify';
import { cellText, setCell } from '../grid/gridData';
import type { CellDecorator, CellPos, CellRef, GridCellAction, GridData } from '../grid/gridTypes';
import type { SpreadsheetGridHandle } from '../grid/SpreadsheetGrid';
import type { CellPopoverMode } from './CellThreadPopover';
import type { RoomSnapshot } from './ListRoomClient';
import type { AnchorRect } from './popoverPosition';
import { RefetchNotice } from './RefetchNotice';
import type { QueuedModeration } from './reviewQueue';
import { reviewRestrictions } from './reviewReadOnly';
import type { ThreadActions } from './ThreadCard';
import {
  describeCellAt,
  gridPositionOf,
  relocateThreads,
  type ThreadCell,
  threadCellAt,
  threadsByCell,
} from './threadCells';
import { cellKey } from './threads';
import { useCellDecorator } from './useCellDecorator';
import { useListRoom } from './useListRoom';
import { type ReviewSession, useReviewSession } from './useReviewSession';

/** The feature flag of live collaboration (spec 02 §6: enable-liveblocks; ours: live-collaboration). */
export const LIVE_COLLABORATION_FLAG = 'live-collaboration';

/** Why a cell of a column that was never saved cannot be commented on. */
export const UNSAVED_COLUMN_MESSAGE =
  'Save the list first: cells of new columns can be commented on once saved.';

/**
 * Why a user without approve_suggestions cannot edit or save a list under live collaboration
 * (spec 02 §6): the note above the grid and the tooltip of the disabled Save.
 */
export const APPROVE_RIGHT_NEEDED_MESSAGE =
  'You can comment on cells and suggest values; editing and saving this list need the approve suggestions right.';

const REFETCH_NOTICE_ID = 'list-refetch';

/** Opens the cell popover to comment (Google Sheets' comment shortcut). */
export const COMMENT_SHORTCUT = 'Ctrl+Alt+M';
/** Opens the cell popover to suggest a value (non-approvers; approvers get the comment form). */
export const SUGGEST_SHORTCUT = 'Ctrl+Alt+S';

/** What the list editor gives live collaboration. */
export interface ListCollaborationOptions {
  me: Me;
  /** The saved list's id; null for a new list (no room until the first save). */
  listId: number | null;
  /** The grid's content as shown. */
  data: GridData;
  /** Records a grid change as a normal local edit (one undo step; the list becomes dirty). */
  changeGrid: (next: GridData) => void;
  isDirty: boolean;
  /** Reads the list again from the server, keeping the page (after someone else saved it). */
  refetchList: () => void;
  gridRef: RefObject<SpreadsheetGridHandle | null>;
  /** An element around the grid, to find a cell's rectangle for the popover. */
  gridContainerRef: RefObject<HTMLElement | null>;
}

/** The open cell popover. */
export interface CellPopoverState {
  pos: CellPos;
  cell: ThreadCell;
  mode: CellPopoverMode;
  anchor: AnchorRect;
}

/** Live collaboration as the list editor uses it (spec 02 §2, §4, §5, §6). */
export interface ListCollaboration {
  /** The flag is on and the list is saved: the room is joined. */
  isLive: boolean;
  /** Approver mode (spec 02 §6): the flag off, or approve_suggestions. */
  isApprover: boolean;
  snapshot: RoomSnapshot;
  session: ReviewSession;
  /** The grid is read-only because of the review: a non-approver, or someone else holds the lock. */
  isReviewReadOnly: boolean;
  /** Why the review makes the list read-only (the disabled controls' tooltip), or null. */
  readOnlyReason: string | null;
  /** Why saving is not possible because of the review, or null (the Save button's tooltip). */
  saveBlockedReason: string | null;
  getCellDecoration: CellDecorator | undefined;
  onActiveCellChange: (cell: CellRef) => void;
  /** Opens the popover on a cell (the active one by default). */
  openCellThreads: (mode: CellPopoverMode, pos?: CellPos) => void;
  popover: CellPopoverState | null;
  closePopover: () => void;
  /** Ctrl+Alt+M / Ctrl+Alt+S over the grid. */
  onGridKeyDown: (event: KeyboardEvent) => void;
  /** The grid's extra cell menu items: "Comment", and "Suggest a value" for non-approvers. */
  cellActions: readonly GridCellAction[] | undefined;
  /** The cell's threads, oldest first. */
  threadsOfCell: (cell: ThreadCell) => Thread[];
  actions: ThreadActions;
  panelOpened: boolean;
  setPanelOpened: (opened: boolean) => void;
  /** Unresolved threads (the comments toggle's count). */
  unresolvedCount: number;
  comment: (cell: ThreadCell | null, body: string) => Promise<boolean>;
  suggest: (cell: ThreadCell, prevValue: string, value: string, body: string) => Promise<boolean>;
  /**
   * Saves through the review's save sequence (spec 02 §4); `saveList` is the editor's own save,
   * resolving true when the list was saved.
   */
  save: (saveList: () => Promise<boolean>) => Promise<void>;
}

/** The editor's state as last rendered, read by callbacks that must not change identity. */
interface LatestEditorState {
  isDirty: boolean;
  refetchList: () => void;
  data: GridData;
}

/**
 * The room's `refetch` handler (spec 02 §4: after a save the list is refetched for
 * collaborators): ignores our own save (`isSavingRef` true), reloads the list when it has no
 * unsaved edits and says who saved it, or else shows a lasting notice offering to reload.
 * Returns a stable callback taking the saver's display name.
 */
function useRefetchHandler(
  isSavingRef: RefObject<boolean>,
  latest: RefObject<LatestEditorState>,
): (by: string) => void {
  return useCallback(
    (by: string) => {
      // Our own save is announced to us too; the editor already holds what it saved.
      if (isSavingRef.current) return;
      if (!latest.current.isDirty) {
        latest.current.refetchList();
        notifications.show({
          color: 'blue',
          message: `${by} saved this list; it now shows their version.`,
          autoClose: TOAST_MS,
        });
        return;
      }
      notifications.show({
        id: REFETCH_NOTICE_ID,
        color: 'orange',
        autoClose: false,
        title: `${by} saved this list`,
        message: (
          <RefetchNotice
            onReload={() => {
              notifications.hide(REFETCH_NOTICE_ID);
              latest.current.refetchList();
            }}
          />
        ),
      });
    },
    // Both are refs: the handler keeps one identity for the room's lifetime.
    [isSavingRef, latest],
  );
}

/** What `useCellPopover` reads. */
interface CellPopoverOptions {
  isLive: boolean;
  room: ReturnType<typeof useListRoom>['room'];
  latest: RefObject<LatestEditorState>;
  gridRef: RefObject<SpreadsheetGridHandle | null>;
  gridContainerRef: RefObject<HTMLElement | null>;
}

/** The measured rectangle of the grid cell at `at` (or of the grid), in viewport pixels. */
function cellAnchor(container: HTMLElement | null, at: CellPos): AnchorRect {
  const element = container?.querySelector(
    `[role="row"][aria-rowindex="${at.row + 2}"] [role="gridcell"][aria-colindex="${at.col + 2}"]`,
  );
  const rect = (element ?? container)?.getBoundingClientRect();
  return rect
    ? { top: rect.top, left: rect.left, right: rect.right, bottom: rect.bottom }
    : { top: 120, left: 120, right: 120, bottom: 160 };
}

/**
 * The cell popover's state (spec 02 §5): tracks the active cell (and shares it as presence),
 * opens the popover on a cell after scrolling it into view, and closes it back to the grid.
 */
function useCellPopover({ isLive, room, latest, gridRef, gridContainerRef }: CellPopoverOptions) {
  const activeCell = useRef<CellPos>({ row: 0, col: 0 });
  const onActiveCellChange = useCallback(
    (cell: CellRef) => {
      activeCell.current = { row: cell.row, col: cell.col };
      room?.setSelectedCell(
        typeof cell.columnId === 'number' ? { columnId: cell.columnId, rowNumber: cell.row } : null,
      );
    },
    [room],
  );

  const [popover, setPopover] = useState<CellPopoverState | null>(null);
  const closePopover = useCallback(() => {
    setPopover(null);
    gridRef.current?.focus();
  }, [gridRef]);

  const openCellThreads = useCallback(
    (mode: CellPopoverMode, pos?: CellPos) => {
      if (!isLive) return;
      const at = pos ?? activeCell.current;
      const cell = threadCellAt(latest.current.data, at.row, at.col);
      if (!cell) {
        notifyError(UNSAVED_COLUMN_MESSAGE);
        return;
      }
      gridRef.current?.scrollToCell(at);
      // The cell is rendered (virtualised grid) once the scroll settles: measure on the next frames.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          setPopover({ pos: at, cell, mode, anchor: cellAnchor(gridContainerRef.current, at) });
        }),
      );
    },
    [isLive, gridRef, gridContainerRef, latest],
  );

  return { onActiveCellChange, popover, closePopover, openCellThreads };
}

/**
 * The grid's ways into the cell popover (spec 02 §5): the Ctrl+Alt+M / Ctrl+Alt+S shortcuts and
 * the cell menu's "Comment" (and, for non-approvers, "Suggest a value") items. Nothing off the room.
 */
function useCellShortcuts(
  isLive: boolean,
  isApprover: boolean,
  openCellThreads: (mode: CellPopoverMode, pos?: CellPos) => void,
) {
  const onGridKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (!isLive || !(event.ctrlKey || event.metaKey) || !event.altKey || event.shiftKey) return;
      if (event.getModifierState?.('AltGraph')) return;
      const key = event.code === 'KeyM' ? 'comment' : event.code === 'KeyS' ? 'suggest' : null;
      if (!key) return;
      event.preventDefault();
      event.stopPropagation();
      openCellThreads(key === 'suggest' && !isApprover ? 'suggest' : 'comment');
    },
    [isLive, isApprover, openCellThreads],
  );

  const cellActions = useMemo<readonly GridCellAction[] | undefined>(() => {
    if (!isLive) return undefined;
    const comment: GridCellAction = {
      key: 'comment',
      label: 'Comment',
      icon: <IconMessagePlus size={16} aria-hidden />,
      shortcut: COMMENT_SHORTCUT,
      onSelect: (pos) => openCellThreads('comment', pos),
    };
    if (isApprover) return [comment];
    return [
      comment,
      {
        key: 'suggest',
        label: 'Suggest a value',
        icon: <IconPencilQuestion size={16} aria-hidden />,
        shortcut: SUGGEST_SHORTCUT,
        onSelect: (pos) => openCellThreads('suggest', pos),
      },
    ];
  }, [isLive, isApprover, openCellThreads]);

  return { onGridKeyDown, cellActions };
}

/** What `useModeration` reads. */
interface ModerationOptions {
  session: ReviewSession;
  changeGrid: (next: GridData) => void;
  latest: RefObject<LatestEditorState>;
  /** The room's threads moved onto the grid's current rows and columns. */
  locatedRef: RefObject<readonly Thread[]>;
}

/**
 * Approving, rejecting and undoing decisions on suggestions (spec 02 §4): approving writes the
 * suggested value into the grid as one normal edit and queues the decision with the values
 * before and after; undoing an approval writes the previous value back while the cell still
 * holds the approved one.
 */
function useModeration({ session, changeGrid, latest, locatedRef }: ModerationOptions) {
  const { queueDecisions, unqueue } = session;
  const queueRef = useRef(session.queue);
  queueRef.current = session.queue;

  const approve = useCallback(
    (threads: readonly Thread[]) => {
      let next = latest.current.data;
      const decisions: QueuedModeration[] = [];
      let missing = 0;
      for (const thread of threads) {
        const current = locatedRef.current.find((t) => t.id === thread.id) ?? thread;
        const pos = gridPositionOf(current, next);
        if (!pos) {
          missing += 1;
          continue;
        }
        const prevValue = cellText(next, pos.row, pos.col);
        const value = current.metadata.currentValue ?? '';
        next = setCell(next, pos, value);
        decisions.push({ threadId: thread.id, status: 'approved', prevValue, currentValue: value });
      }
      if (next !== latest.current.data) changeGrid(next);
      queueDecisions(decisions);
      if (missing > 0) {
        notifyError(
          missing === 1
            ? 'The cell of this suggestion is gone (its column was removed); reject it instead.'
            : `The cells of ${missing} suggestions are gone (their column was removed); reject them instead.`,
        );
      }
    },
    [changeGrid, queueDecisions, latest, locatedRef],
  );

  const reject = useCallback(
    (threads: readonly Thread[]) =>
      queueDecisions(
        threads.map((t) => ({ threadId: t.id, status: 'rejected', prevValue: null, currentValue: null })),
      ),
    [queueDecisions],
  );

  const undoDecision = useCallback(
    (threadId: string) => {
      const decision = queueRef.current.get(threadId);
      if (!decision) return;
      if (decision.status === 'approved') {
        const thread = locatedRef.current.find((t) => t.id === threadId);
        const data = latest.current.data;
        const pos = thread ? gridPositionOf(thread, data) : null;
        // Only when the cell still holds the approved value: a later edit is the user's own.
        if (pos && cellText(data, pos.row, pos.col) === (decision.currentValue ?? '')) {
          changeGrid(setCell(data, pos, decision.prevValue ?? ''));
        }
      }
      unqueue([threadId]);
    },
    [changeGrid, unqueue, latest, locatedRef],
  );

  return { approve, reject, undoDecision };
}

/**
 * Where a thread's cell is now (spec 02 §5): its description for the thread card, and moving the
 * grid's focus onto it.
 */
function useThreadCellNavigation(
  latest: RefObject<LatestEditorState>,
  locatedRef: RefObject<readonly Thread[]>,
  gridRef: RefObject<SpreadsheetGridHandle | null>,
) {
  const positionOf = useCallback(
    (thread: Thread) => {
      const current = locatedRef.current.find((t) => t.id === thread.id) ?? thread;
      return gridPositionOf(current, latest.current.data);
    },
    [latest, locatedRef],
  );

  const describeCell = useCallback(
    (thread: Thread) => {
      const pos = positionOf(thread);
      return pos ? describeCellAt(latest.current.data, pos) : null;
    },
    [positionOf, latest],
  );

  const goToCell = useCallback(
    (thread: Thread) => {
      const pos = positionOf(thread);
      if (!pos) return;
      gridRef.current?.scrollToCell(pos);
      gridRef.current?.focus();
    },
    [positionOf, gridRef],
  );

  return { describeCell, goToCell };
}

/** The room commands a user sends on threads (spec 02 §5), each resolving true once accepted. */
function useThreadCommands(send: ReviewSession['send']) {
  const reply = useCallback(
    (threadId: string, body: string) => send({ type: 'comment.reply', threadId, body }),
    [send],
  );
  const resolve = useCallback(
    (threadId: string, resolved: boolean) => send({ type: 'thread.resolve', threadId, resolved }),
    [send],
  );
  const withdraw = useCallback((threadId: string) => send({ type: 'thread.withdraw', threadId }), [send]);
  const comment = useCallback(
    (cell: ThreadCell | null, body: string) => send({ type: 'comment.add', cell, body }),
    [send],
  );
  const suggest = useCallback(
    (cell: ThreadCell, prevValue: string, value: string, body: string) =>
      send({ type: 'suggestion.add', cell, prevValue, value, body }),
    [send],
  );
  return { reply, resolve, withdraw, comment, suggest };
}

/** What `useThreadActions` reads. */
interface ThreadActionsOptions extends ModerationOptions {
  userId: number;
  isApprover: boolean;
  gridRef: RefObject<SpreadsheetGridHandle | null>;
}

/**
 * Everything a thread card can do (spec 02 §4, §5), as one memoised `ThreadActions`, and the
 * commands that start a thread (`comment`, `suggest`).
 */
function useThreadActions(options: ThreadActionsOptions) {
  const { userId, isApprover, session, latest, locatedRef, gridRef } = options;
  const { approve, reject, undoDecision } = useModeration(options);
  const { describeCell, goToCell } = useThreadCellNavigation(latest, locatedRef, gridRef);
  const { reply, resolve, withdraw, comment, suggest } = useThreadCommands(session.send);

  const actions = useMemo<ThreadActions>(
    () => ({
      userId,
      isApprover,
      moderationBlockedReason: session.moderationBlockedReason,
      queue: session.queue,
      reply,
      resolve,
      withdraw,
      approve,
      reject,
      undoDecision,
      describeCell,
      goToCell,
    }),
    [
      userId,
      isApprover,
      session.moderationBlockedReason,
      session.queue,
      reply,
      resolve,
      withdraw,
      approve,
      reject,
      undoDecision,
      describeCell,
      goToCell,
    ],
  );
  return { actions, comment, suggest };
}

/**
 * Saving under live collaboration (spec 02 §4): through the review session's save sequence when
 * live (marking the save as ours, so its `refetch` is ignored), else the editor's own save.
 */
function useReviewSave(
  isLive: boolean,
  session: ReviewSession,
  isSavingRef: RefObject<boolean>,
  latest: RefObject<LatestEditorState>,
) {
  const { save: sessionSave } = session;
  return useCallback(
    async (saveList: () => Promise<boolean>) => {
      if (!isLive) {
        await saveList();
        return;
      }
      isSavingRef.current = true;
      try {
        await sessionSave({ isDirty: latest.current.isDirty, saveList });
      } finally {
        isSavingRef.current = false;
      }
    },
    [isLive, sessionSave, isSavingRef, latest],
  );
}

/**
 * The room's threads placed on the grid as it is now (spec 02 §5: threads follow their cells
 * through row and column moves): a ref to the relocated threads for callbacks, and a cell's
 * threads, oldest first.
 */
function useThreadIndex(threads: readonly Thread[], data: GridData) {
  const located = useMemo(() => relocateThreads(threads, data), [threads, data]);
  const byCell = useMemo(() => threadsByCell(located), [located]);
  const locatedRef = useRef(located);
  locatedRef.current = located;
  const threadsOfCell = useCallback(
    (cell: ThreadCell) => byCell.get(cellKey(cell.columnId, cell.rowNumber)) ?? [],
    [byCell],
  );
  return { locatedRef, threadsOfCell };
}

/**
 * Wires live collaboration into the list editor (spec 02 §2, §4, §5, §6): joins the
 * list's room when the flag is on and the list is saved; approver mode from approve_suggestions;
 * the review session (queue, lock, save sequence, outbox); cell decorations (review marks and
 * presence outlines); the cell popover's state and shortcuts; approving writes the suggested value
 * into the grid as a normal edit and queues the decision with the values before and after;
 * undoing an approval writes the previous value back; a `refetch` from someone else's save
 * reloads the list, or, with unsaved edits, says so and offers to reload.
 */
export function useListCollaboration(options: ListCollaborationOptions): ListCollaboration {
  const { me, listId, data, changeGrid, isDirty, refetchList, gridRef, gridContainerRef } = options;
  const isFlagOn = me.features.includes(LIVE_COLLABORATION_FLAG);
  // One rule with the server's: saving a saved list under live collaboration needs approve_suggestions.
  const isApprover = savedListChangeRefusal(me, 'save') === null;
  const isSavingRef = useRef(false);
  const latest = useRef<LatestEditorState>({ isDirty, refetchList, data });
  latest.current = { isDirty, refetchList, data };

  const onRefetch = useRefetchHandler(isSavingRef, latest);
  const user = useMemo(() => ({ id: me.user.id, name: me.user.name }), [me.user.id, me.user.name]);
  const { room, snapshot } = useListRoom(listId, isFlagOn && listId !== null, user, onRefetch);
  const session = useReviewSession({ room, snapshot, userId: me.user.id, isApprover });
  const isLive = room !== null;

  const { locatedRef, threadsOfCell } = useThreadIndex(snapshot.threads, data);

  const getCellDecoration = useCellDecorator(
    isLive
      ? {
          data,
          threads: snapshot.threads,
          queue: session.queue,
          presence: snapshot.presence,
          userId: me.user.id,
        }
      : null,
  );

  const cellPopover = useCellPopover({ isLive, room, latest, gridRef, gridContainerRef });
  const { onGridKeyDown, cellActions } = useCellShortcuts(isLive, isApprover, cellPopover.openCellThreads);

  const { actions, comment, suggest } = useThreadActions({
    userId: me.user.id,
    isApprover,
    session,
    changeGrid,
    latest,
    locatedRef,
    gridRef,
  });

  const [panelOpened, setPanelOpened] = useState(false);
  const unresolvedCount = useMemo(
    () => snapshot.threads.filter((t) => !t.resolved).length,
    [snapshot.threads],
  );

  const restrictions = reviewRestrictions({
    isLive,
    isApprover,
    lockHolder: session.lockHolder,
    lockedByName: snapshot.lock.lockedByName,
    sessionSaveBlockedReason: session.saveBlockedReason,
    approveRightNeededMessage: APPROVE_RIGHT_NEEDED_MESSAGE,
  });
  const save = useReviewSave(isLive, session, isSavingRef, latest);

  return {
    isLive,
    isApprover,
    snapshot,
    session,
    ...restrictions,
    getCellDecoration,
    ...cellPopover,
    onGridKeyDown,
    cellActions,
    threadsOfCell,
    actions,
    panelOpened,
    setPanelOpened,
    unresolvedCount,
    comment,
    suggest,
    save,
  };
}
