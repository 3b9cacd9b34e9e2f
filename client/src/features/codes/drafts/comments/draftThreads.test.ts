import type { Thread } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  describeDraftCell,
  draftCellAt,
  draftCellIndex,
  draftCellOf,
  openThreadCells,
  openThreadCount,
  threadsOfCell,
} from './draftThreads';

const rows = [
  { id: 'row-aaaaaaaa', cells: { '11': 'Spring' } },
  { id: 'row-bbbbbbbb', cells: { '11': 'Summer' } },
];
const columns = [
  { key: '11', name: 'Campaign' },
  { key: '12', name: 'Channel' },
];

function thread(
  id: string,
  cell: { row: string; field: number } | null,
  resolved = false,
  createdAt = '2026-01-01T00:00:00Z',
): Thread {
  return {
    id,
    resolved,
    createdAt,
    comments: [],
    metadata: {
      type: cell ? 'cell' : 'general',
      userId: 1,
      userName: 'Jordan Lee',
      columnId: cell ? cell.field : null,
      rowNumber: null,
      rowId: cell ? cell.row : null,
    },
  } as unknown as Thread;
}

describe('draft cells of threads', () => {
  it('names a cell thread by its column and the row where it is now', () => {
    const index = draftCellIndex(rows, columns);
    const t = thread('t1', { row: 'row-bbbbbbbb', field: 11 });
    expect(draftCellOf(t)).toEqual({ row: 'row-bbbbbbbb', field: '11' });
    expect(describeDraftCell(draftCellOf(t)!, index)).toBe('Campaign, row 2');
  });

  it('says nothing of a cell whose row was removed, and a general thread has no cell', () => {
    const index = draftCellIndex(rows, columns);
    expect(describeDraftCell({ row: 'row-gone0000', field: '11' }, index)).toBeNull();
    expect(draftCellOf(thread('g', null))).toBeNull();
  });

  it('lists one cell’s threads oldest first', () => {
    const cell = { row: 'row-aaaaaaaa', field: 11 };
    const threads = [
      thread('late', cell, false, '2026-01-02T00:00:00Z'),
      thread('other', { row: 'row-bbbbbbbb', field: 11 }),
      thread('early', cell, false, '2026-01-01T00:00:00Z'),
    ];
    expect(threadsOfCell(threads, { row: 'row-aaaaaaaa', field: '11' }).map((t) => t.id)).toEqual([
      'early',
      'late',
    ]);
  });

  it('counts open threads and places the open cell threads on the grid', () => {
    const threads = [
      thread('a', { row: 'row-bbbbbbbb', field: 12 }),
      thread('b', { row: 'row-aaaaaaaa', field: 11 }, true),
      thread('g', null),
    ];
    expect(openThreadCount(threads)).toBe(2);
    expect([...openThreadCells(threads, rows, columns)]).toEqual(['1:1']);
  });

  it('finds the draft cell of a grid position, none below the rows', () => {
    expect(draftCellAt(rows, columns, { row: 1, col: 0 })).toEqual({ row: 'row-bbbbbbbb', field: '11' });
    expect(draftCellAt(rows, columns, { row: 2, col: 0 })).toBeNull();
  });
});
