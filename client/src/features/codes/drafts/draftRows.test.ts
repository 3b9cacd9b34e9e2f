import type { DraftRow } from '@nomen/shared/draft-room';
import { describe, expect, it } from 'vitest';
import { applyDraftCommand, applyDraftCommands, heldRows, rowOrderOf } from './draftRows';

const rows: DraftRow[] = [
  { id: 'row-aaaa', cells: { '1': 'A' } },
  { id: 'row-bbbb', cells: { '1': 'B', '2': 'b' } },
];

describe('applyDraftCommand (an edit shown before the server acknowledges it)', () => {
  it('writes cells of rows still there, clearing a cell set to empty, and leaves other rows as they were', () => {
    const next = applyDraftCommand(rows, {
      type: 'cells.set',
      cells: [
        { row: 'row-bbbb', field: '2', value: '' },
        { row: 'row-bbbb', field: '1', value: 'B2' },
        { row: 'row-gone', field: '1', value: 'x' },
      ],
    });
    expect(next).toEqual([rows[0], { id: 'row-bbbb', cells: { '1': 'B2' } }]);
    expect(next[0]).toBe(rows[0]);
  });

  it('inserts new rows after a row, on top with null, at the end after an unknown row, skipping ids already there', () => {
    const add = (after: string | null) =>
      applyDraftCommand(rows, {
        type: 'rows.insert',
        after,
        rows: [
          { id: 'row-new1', cells: { '1': 'N' } },
          { id: 'row-aaaa', cells: { '1': 'dup' } },
        ],
      }).map((r) => r.id);
    expect(add('row-aaaa')).toEqual(['row-aaaa', 'row-new1', 'row-bbbb']);
    expect(add(null)).toEqual(['row-new1', 'row-aaaa', 'row-bbbb']);
    expect(add('row-gone')).toEqual(['row-aaaa', 'row-bbbb', 'row-new1']);
  });

  it('removes rows still there and answers the same rows when none was', () => {
    expect(applyDraftCommand(rows, { type: 'rows.remove', rows: ['row-aaaa'] })).toEqual([rows[1]]);
    expect(applyDraftCommand(rows, { type: 'rows.remove', rows: ['row-gone'] })).toBe(rows);
  });

  it('applies several commands in order', () => {
    const next = applyDraftCommands(rows, [
      { type: 'rows.insert', after: null, rows: [{ id: 'row-new1', cells: {} }] },
      { type: 'cells.set', cells: [{ row: 'row-new1', field: '1', value: 'typed' }] },
    ]);
    expect(next[0]).toEqual({ id: 'row-new1', cells: { '1': 'typed' } });
  });
});

describe('heldRows (rows held still while a cell editor is open)', () => {
  it('keeps the order shown, with the latest cells; rows added by others wait, rows removed stay', () => {
    const latest: DraftRow[] = [
      { id: 'row-new1', cells: { '1': 'theirs' } },
      { id: 'row-bbbb', cells: { '1': 'B2' } },
    ];
    expect(heldRows(rows, latest)).toEqual([rows[0], { id: 'row-bbbb', cells: { '1': 'B2' } }]);
    expect(heldRows(rows, [...rows])).toBe(rows);
  });
});

describe('rowOrderOf (what depends only on where rows are)', () => {
  it('keeps the order while only cells change, and takes the rows when one is added, removed or moved', () => {
    const edited = applyDraftCommand(rows, {
      type: 'cells.set',
      cells: [{ row: 'row-aaaa', field: '1', value: 'A2' }],
    });
    expect(rowOrderOf(rows, edited)).toBe(rows);
    const moved = [rows[1]!, rows[0]!];
    expect(rowOrderOf(rows, moved)).toBe(moved);
    const fewer = [rows[0]!];
    expect(rowOrderOf(rows, fewer)).toBe(fewer);
  });
});
