import type { DraftRow } from '@nomen/shared/draft-room';
import { describe, expect, it } from 'vitest';
import { applyDraftCommands, type DraftEditCommand } from './draftRows';
import { EMPTY_HISTORY, type OwnHistory, ownEditOf, recordEdit, redoEdit, undoEdit } from './ownHistory';

const start: DraftRow[] = [
  { id: 'row-aaaa', cells: { '1': 'A' } },
  { id: 'row-bbbb', cells: { '1': 'B' } },
  { id: 'row-cccc', cells: { '1': 'C' } },
];

/** A person's edit: recorded against the rows, then applied. */
function edit(rows: readonly DraftRow[], history: OwnHistory, commands: DraftEditCommand[]) {
  return {
    rows: applyDraftCommands(rows, commands),
    history: recordEdit(history, ownEditOf(rows, commands)),
  };
}

describe('own undo history of a shared draft', () => {
  it('undoes one’s typed cell by sending its previous value, and redoes it', () => {
    const done = edit(start, EMPTY_HISTORY, [
      { type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'A2' }] },
    ]);
    const undone = undoEdit(done.history, done.rows);
    expect(undone.commands).toEqual([
      { type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'A' }] },
    ]);
    const rows = applyDraftCommands(done.rows, undone.commands);
    expect(redoEdit(undone.history, rows).commands).toEqual([
      { type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'A2' }] },
    ]);
  });

  it('does not undo a cell someone else has written since', () => {
    const done = edit(start, EMPTY_HISTORY, [
      { type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'mine' }] },
    ]);
    const theirs = applyDraftCommands(done.rows, [
      { type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'theirs' }] },
    ]);
    const undone = undoEdit(done.history, theirs);
    expect(undone.commands).toEqual([]);
    expect(undone.history.past).toHaveLength(0);
  });

  it('undoes added rows by removing them, and redoes by adding them again with their cells', () => {
    const done = edit(start, EMPTY_HISTORY, [
      { type: 'rows.insert', after: 'row-aaaa', rows: [{ id: 'row-new1', cells: { '1': 'N' } }] },
    ]);
    const undone = undoEdit(done.history, done.rows);
    expect(undone.commands).toEqual([{ type: 'rows.remove', rows: ['row-new1'] }]);
    const rows = applyDraftCommands(done.rows, undone.commands);
    expect(redoEdit(undone.history, rows).commands).toEqual([
      { type: 'rows.insert', after: 'row-aaaa', rows: [{ id: 'row-new1', cells: { '1': 'N' } }] },
    ]);
  });

  it('undoes removed rows by adding them back with their cells after the nearest row still above them', () => {
    const done = edit(start, EMPTY_HISTORY, [{ type: 'rows.remove', rows: ['row-cccc'] }]);
    // Someone else removes the row that was just above.
    const rows = applyDraftCommands(done.rows, [{ type: 'rows.remove', rows: ['row-bbbb'] }]);
    expect(undoEdit(done.history, rows).commands).toEqual([
      { type: 'rows.insert', after: 'row-aaaa', rows: [{ id: 'row-cccc', cells: { '1': 'C' } }] },
    ]);
    const top = edit(start, EMPTY_HISTORY, [{ type: 'rows.remove', rows: ['row-aaaa'] }]);
    expect(undoEdit(top.history, top.rows).commands[0]).toMatchObject({ type: 'rows.insert', after: null });
  });

  it('takes back a whole change (rows removed and cells typed) in one undo, newest step first', () => {
    const done = edit(start, EMPTY_HISTORY, [
      { type: 'rows.remove', rows: ['row-bbbb'] },
      { type: 'cells.set', cells: [{ row: 'row-cccc', field: '1', value: 'C2' }] },
    ]);
    expect(undoEdit(done.history, done.rows).commands.map((c) => c.type)).toEqual([
      'cells.set',
      'rows.insert',
    ]);
  });

  it('forgets what could be redone once a new edit is made, and has nothing to undo at first', () => {
    expect(undoEdit(EMPTY_HISTORY, start).commands).toEqual([]);
    const done = edit(start, EMPTY_HISTORY, [
      { type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'x' }] },
    ]);
    const undone = undoEdit(done.history, done.rows);
    const again = recordEdit(undone.history, ownEditOf(start, [{ type: 'rows.remove', rows: ['row-aaaa'] }]));
    expect(again.future).toHaveLength(0);
  });
});
