import { type DraftCommand, draftCommandSchema } from '@nomen/shared';
import { DraftDoc } from '@nomen/shared/draft-room';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { RefusedError } from '../list-room/room-context';
import type { DraftUser } from './draft-context';
import { handleDraftCommand } from './draft-handlers';
import { LastWriters } from './last-writers';

const person = (id: number, name: string): DraftUser => ({
  kind: 'draft',
  id,
  name,
  isApprover: false,
  accountId: 1,
  accountUuid: '00000000-0000-0000-0000-000000000000',
  submissionId: 1,
  sessionId: 's',
  accessVersion: 0,
});
const ana = person(1, 'Ana');
const ben = person(2, 'Ben');

function room() {
  const doc = new Y.Doc();
  const draft = new DraftDoc(doc);
  doc.transact(() =>
    draft.insertRows(null, [
      { id: 'row-aaaaaaaa', cells: { '1': 'a' } },
      { id: 'row-bbbbbbbb', cells: {} },
    ]),
  );
  const writers = new LastWriters();
  const run = (user: DraftUser, input: Record<string, unknown>) => {
    const journal: (() => void)[] = [];
    const command = draftCommandSchema.parse({ id: 'c', ...input }) as DraftCommand;
    const result = handleDraftCommand(
      { draft, user, writers, journal, change: (fn) => doc.transact(fn) },
      command,
    );
    return { result, journal };
  };
  return { draft, writers, run };
}

describe('draft handlers', () => {
  it('tell the last writer of a cell when someone else replaces it, not when they replace their own', () => {
    const { draft, run } = room();
    const cell = { row: 'row-aaaaaaaa', field: '1' };
    expect(run(ana, { type: 'cells.set', cells: [{ ...cell, value: 'x' }] }).result.overwritten?.size).toBe(
      0,
    );
    expect(run(ana, { type: 'cells.set', cells: [{ ...cell, value: 'y' }] }).result.overwritten?.size).toBe(
      0,
    );
    const { result } = run(ben, { type: 'cells.set', cells: [{ ...cell, value: 'z' }] });
    expect([...result.overwritten!]).toEqual([[ana.id, [cell]]]);
    expect(draft.cell(cell.row, cell.field)).toBe('z');
    // Writing the value a cell already holds writes nothing and tells nobody.
    expect(run(ana, { type: 'cells.set', cells: [{ ...cell, value: 'z' }] }).result.overwritten?.size).toBe(
      0,
    );
  });

  it('take the last writers back when the command is not stored', () => {
    const { writers, run } = room();
    const cell = { row: 'row-aaaaaaaa', field: '1' };
    run(ana, { type: 'cells.set', cells: [{ ...cell, value: 'x' }] });
    const { journal } = run(ben, { type: 'cells.set', cells: [{ ...cell, value: 'y' }] });
    expect(writers.of(cell)?.name).toBe('Ben');
    for (const step of journal.reverse()) step();
    expect(writers.of(cell)?.name).toBe('Ana');
  });

  it('refuse a row id given twice or already in the draft, and skip removed ids', () => {
    const { draft, run } = room();
    const twice = () =>
      run(ana, {
        type: 'rows.insert',
        after: null,
        rows: [
          { id: 'row-cccccccc', cells: {} },
          { id: 'row-cccccccc', cells: {} },
        ],
      });
    expect(twice).toThrow(RefusedError);
    expect(() =>
      run(ana, { type: 'rows.insert', after: null, rows: [{ id: 'row-aaaaaaaa', cells: {} }] }),
    ).toThrow('already in this draft');
    run(ana, { type: 'rows.remove', rows: ['row-aaaaaaaa', 'row-gone0000'] });
    run(ben, { type: 'rows.remove', rows: ['row-aaaaaaaa'] });
    expect(draft.order.toArray()).toEqual(['row-bbbbbbbb']);
  });

  it('refuse a comment on a cell that is not in the draft', () => {
    const { run } = room();
    expect(() =>
      run(ana, { type: 'comment.add', cell: { row: 'row-gone0000', field: '1' }, body: 'Hm' }),
    ).toThrow('That cell is not in this draft');
    expect(() =>
      run(ana, { type: 'comment.add', cell: { row: 'row-aaaaaaaa', field: 'TEMP_x' }, body: 'Hm' }),
    ).toThrow('That cell is not in this draft');
  });
});
