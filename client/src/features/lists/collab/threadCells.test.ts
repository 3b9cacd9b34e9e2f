import type { Thread } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import type { GridData } from '../grid/gridTypes';
import { describeCellAt, gridPositionOf, relocateThreads, threadCellAt, threadsByCell } from './threadCells';
import { cellKey } from './threads';

function cellThread(
  id: string,
  columnId: number | null,
  rowNumber: number | null,
  listValueId: number | null,
): Thread {
  return {
    id,
    createdAt: `2026-11-21T10:00:0${id.length}Z`,
    updatedAt: '2026-11-21T10:00:00Z',
    resolved: false,
    comments: [],
    metadata: {
      type: columnId === null ? 'general' : 'cell',
      listValueId,
      columnId,
      rowNumber,
      status: null,
      userId: 2,
      userName: 'Jordan Lee',
      prevValue: null,
      currentValue: null,
      moderatedById: null,
      moderatedByName: null,
      moderatedAt: null,
    },
  };
}

const data: GridData = {
  rowCount: 3,
  columns: [
    { key: 'c7', id: 7, name: 'Channel', values: ['New row', 'Facebook', 'Google'], ids: [0, 41, 42] },
    { key: 'lc1', id: 'lc1', name: 'Draft', values: ['x'], ids: [0] },
  ],
};

describe('relocateThreads', () => {
  it('follows a saved value to its new row and leaves the others alone', () => {
    const threads = [
      cellThread('a', 7, 0, 41),
      cellThread('bb', 7, 2, 42),
      cellThread('ccc', 7, 1, 99),
      cellThread('dddd', null, null, null),
    ];
    const moved = relocateThreads(threads, data);
    expect(moved.map((t) => t.metadata.rowNumber)).toEqual([1, 2, 1, null]);
    expect(moved[1]).toBe(threads[1]);
  });

  it('returns the same array when nothing moved', () => {
    const threads = [cellThread('a', 7, 1, 41), cellThread('b', 7, 0, null)];
    expect(relocateThreads(threads, data)).toBe(threads);
  });
});

describe('threadsByCell', () => {
  it('groups cell threads by cell, oldest first', () => {
    const byCell = threadsByCell([
      cellThread('bb', 7, 1, 41),
      cellThread('a', 7, 1, 41),
      cellThread('g', null, null, null),
    ]);
    expect([...byCell.keys()]).toEqual([cellKey(7, 1)]);
    expect(byCell.get(cellKey(7, 1))!.map((t) => t.id)).toEqual(['a', 'bb']);
  });
});

describe('threadCellAt and gridPositionOf', () => {
  it('names saved cells by column, row and value id, and refuses unsaved columns', () => {
    expect(threadCellAt(data, 1, 0)).toEqual({ columnId: 7, rowNumber: 1, listValueId: 41 });
    expect(threadCellAt(data, 5, 0)).toEqual({ columnId: 7, rowNumber: 5, listValueId: null });
    expect(threadCellAt(data, 0, 1)).toBeNull();
    expect(threadCellAt(data, 0, 4)).toBeNull();
    expect(gridPositionOf(cellThread('a', 7, 2, 42), data)).toEqual({ row: 2, col: 0 });
    expect(gridPositionOf(cellThread('a', 8, 2, 42), data)).toBeNull();
  });
});

describe('describeCellAt', () => {
  it('names a cell by its column and its row counted from 1', () => {
    expect(describeCellAt(data, { row: 2, col: 0 })).toBe('Channel, row 3');
    expect(describeCellAt(data, { row: 0, col: 3 })).toBe('Column 4, row 1');
  });
});
