import type { DraftRoomMessage, SubmissionDetail, SubmissionForm } from '@nomen/shared';
import type { DraftRow } from '@nomen/shared/draft-room';
import { useCallback, useMemo, useRef, useState } from 'react';
import { notifyInfo } from '../../../ui/notify';
import type { LiveTableLayer } from '../table/SubmissionTable';
import { type TableColumn, tableColumns } from '../table/submissionTable';
import type { SubmissionTableState } from '../table/useSubmissionTable';
import type { DraftRoomClient, DraftRoomSnapshot } from './DraftRoomClient';
import { type DraftRowOrder, heldRows, rowOrderOf } from './draftRows';
import { overwrittenText } from './livePresence';
import { useDraftPresence } from './useDraftPresence';
import { useDraftRoom } from './useDraftRoom';
import { useDraftTable } from './useDraftTable';

/**
 * Whether the draft being edited is shared, so edited in its room (the submission's `shared`):
 * false for a new submission or one that is not a Draft. A change of sharing refreshes the
 * submission, and the editor follows.
 */
export function isDraftShared(draft: SubmissionDetail | undefined): boolean {
  return draft?.status === 'Draft' && draft.shared;
}

/**
 * Joins shared draft `submissionId`'s room (useDraftRoom): answers its room client and snapshot
 * (null until the client exists). An `overwritten` message shows a toast naming who replaced which
 * of this person's values, by column (of `form`) and row.
 */
export function useSharedDraftRoom(submissionId: number, form: SubmissionForm) {
  const latest = useRef<{ rows: readonly DraftRow[]; columns: readonly TableColumn[] }>({
    rows: [],
    columns: [],
  });
  const onMessage = useCallback((message: DraftRoomMessage) => {
    if (message.type !== 'overwritten') return;
    notifyInfo(overwrittenText(message, latest.current.rows, latest.current.columns));
  }, []);
  const room = useDraftRoom(submissionId, onMessage);
  const columns = useMemo(() => tableColumns(form), [form]);
  latest.current = { rows: room.snapshot?.rows ?? [], columns };
  return room;
}

/**
 * The rows the grid shows: the room's, held still (order and rows) while this person has a cell
 * editor open (`heldRows`), so a commit lands in the row it was typed in.
 */
function useHeldRows(rows: readonly DraftRow[], isHolding: boolean): readonly DraftRow[] {
  const last = useRef(rows);
  const shown = isHolding ? heldRows(last.current, rows) : rows;
  last.current = shown;
  return shown;
}

/** The order of `rows`: the same value while their ids and places stay the same (rowOrderOf). */
function useRowOrder(rows: readonly DraftRow[]): DraftRowOrder {
  const last = useRef<DraftRowOrder>(rows);
  last.current = rowOrderOf(last.current, rows);
  return last.current;
}

/**
 * The table (bound to the room) and the table's live layer of a shared draft whose room client
 * exists, and the order of the rows it shows (for what depends only on where rows are).
 */
export function useSharedDraftTable(
  form: SubmissionForm,
  client: DraftRoomClient,
  snapshot: DraftRoomSnapshot,
): { table: SubmissionTableState; live: LiveTableLayer; order: DraftRowOrder } {
  const [isEditing, setIsEditing] = useState(false);
  const rows = useHeldRows(snapshot.rows, isEditing);
  const order = useRowOrder(rows);
  const table = useDraftTable(form, client, snapshot, rows);
  const live = useDraftPresence(client, snapshot, table.columns, { rows: order, onEditing: setIsEditing });
  return { table, live, order };
}
