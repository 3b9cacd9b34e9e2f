import {
  compileSubmissionForm,
  type SubmissionForm,
  type SubmissionRow,
  utcCalendarDate,
} from '@nomen/shared';
import type { DraftRow } from '@nomen/shared/draft-room';
import { useCallback, useMemo, useRef, useState } from 'react';
import { notifyError } from '../../../ui/notify';
import type { GridData } from '../../lists/grid/gridTypes';
import { filledRows, tableColumns } from '../table/submissionTable';
import {
  type ServerProblem,
  type SubmissionTableState,
  type UniquenessAnswers,
  useGovernedTable,
  useUniquenessQuestions,
  type ValuesByKey,
} from '../table/useSubmissionTable';
import type { DraftRoomClient, DraftRoomSnapshot } from './DraftRoomClient';
import { type DraftGridSource, draftCommandsOf, draftGridData, importCommand, RowHandles } from './draftGrid';
import type { DraftEditCommand } from './draftRows';
import { EMPTY_HISTORY, type OwnHistory, ownEditOf, recordEdit, redoEdit, undoEdit } from './ownHistory';

const NO_VALUES: ValuesByKey = new Map();

/** A fresh row id (DRAFT_ROW_ID: a UUID). */
function newRowId(): string {
  return crypto.randomUUID();
}

/**
 * Sends edit commands to the room, in order; a refused one (already taken back from the grid by
 * the room client) is told with the server's reason.
 */
function sendEdits(client: DraftRoomClient, commands: readonly DraftEditCommand[]): void {
  for (const command of commands)
    client.send(command).catch((error: unknown) => {
      notifyError(`Your change was not kept: ${error instanceof Error ? error.message : String(error)}`);
    });
}

/**
 * Undo and redo of one's own edits (ownHistory): answers the history (for canUndo/canRedo), a
 * function that records and sends an edit, and undo and redo, which send what takes back or does
 * again one's last edit against the draft's rows at that moment.
 */
function useOwnHistory(client: DraftRoomClient) {
  const [history, setHistory] = useState<OwnHistory>(EMPTY_HISTORY);
  // The latest history, so quick Ctrl+Z presses each take the next edit back.
  const ref = useRef(history);
  const commit = useCallback((next: OwnHistory) => {
    ref.current = next;
    setHistory(next);
  }, []);
  const edit = useCallback(
    (commands: DraftEditCommand[]) => {
      if (commands.length === 0) return;
      commit(recordEdit(ref.current, ownEditOf(client.getSnapshot().rows, commands)));
      sendEdits(client, commands);
    },
    [client, commit],
  );
  const step = useCallback(
    (how: typeof undoEdit) => {
      const { history: next, commands } = how(ref.current, client.getSnapshot().rows);
      commit(next);
      sendEdits(client, commands);
    },
    [client, commit],
  );
  const undo = useCallback(() => step(undoEdit), [step]);
  const redo = useCallback(() => step(redoEdit), [step]);
  return { history, edit, undo, redo };
}

/**
 * The submission table bound to a shared draft's room (ARCHITECTURE.md, Live collaboration): the
 * grid shows the room's rows (this person's unacknowledged edits on top); a typed, pasted or
 * cleared cell is sent as `cells.set`, rows added (typing or pasting past the last row, Insert row,
 * an import) as `rows.insert` with fresh ids, Remove row as `rows.remove`; undo and redo take back
 * and redo this person's own edits only. The same shared rules govern the room's rows for
 * everyone (with must_be_unique asked of the server, as alone). Same shape as useSubmissionTable,
 * so the submission table and the editor's Submit work unchanged. `isDirty` while edits wait for
 * the server. `rows` are the rows to show (the snapshot's, or held still while a cell is edited:
 * `heldRows`).
 */
export function useDraftTable(
  form: SubmissionForm,
  client: DraftRoomClient,
  snapshot: DraftRoomSnapshot,
  rows: readonly DraftRow[] = snapshot.rows,
): SubmissionTableState {
  const validator = useMemo(() => compileSubmissionForm(form), [form]);
  const columns = useMemo(() => tableColumns(form), [form]);
  const [handles] = useState(() => new RowHandles());
  // The grid made last, so an edit of one cell copies one column and governs one row again.
  const last = useRef<DraftGridSource | undefined>(undefined);
  const data = useMemo(() => draftGridData(columns, rows, handles, last.current), [columns, rows, handles]);
  last.current = { columns, rows, data };
  const [initialData] = useState(data);
  const [answers, setAnswers] = useState<UniquenessAnswers>(() => ({ asked: new Map(), taken: new Map() }));
  const [serverProblems, setServerProblems] = useState<readonly ServerProblem[]>([]);
  const today = useMemo(() => utcCalendarDate(new Date()), []);
  const validation = useGovernedTable({
    validator,
    columns,
    present: data,
    today,
    taken: answers.taken,
    ownValues: NO_VALUES,
    serverProblems,
    editsStoredRows: false,
  });
  useUniquenessQuestions(validator, validation, form.template_id, answers.asked, setAnswers);
  const own = useOwnHistory(client);

  const onChange = useCallback(
    (next: GridData) => {
      setServerProblems([]);
      own.edit(draftCommandsOf(data, next, columns, handles, newRowId));
    },
    [data, columns, handles, own.edit],
  );
  const appendRows = useCallback(
    (rows: readonly SubmissionRow[]) => {
      const now = client.getSnapshot().rows;
      const command = importCommand(now, rows, columns, newRowId);
      if (command) own.edit([command]);
      return { first: now.length, count: rows.length };
    },
    [client, columns, own.edit],
  );

  return {
    form,
    columns,
    editsStoredRows: false,
    initialData,
    data,
    validation,
    canUndo: own.history.past.length > 0,
    canRedo: own.history.future.length > 0,
    isDirty: snapshot.pending > 0,
    onChange,
    appendRows,
    undo: own.undo,
    redo: own.redo,
    rowsToSend: () => filledRows(data, columns),
    setServerProblems,
  };
}
