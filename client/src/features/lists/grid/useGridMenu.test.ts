import { describe, expect, it } from 'vitest';
import { insertRow, removeRow } from './gridData';
import type { GridData } from './gridTypes';
import { rowShift } from './useGridMenu';

const data: GridData = {
  rowCount: 3,
  columns: [{ key: 'a', id: 1, name: 'A', values: ['x', 'y', 'z'], ids: [11, 12, 13] }],
};

describe('rowShift (a row action follows its row when others move it under the open menu)', () => {
  it('follows a row that moved, by the id in the first column', () => {
    expect(rowShift(data, insertRow(data, 0), 1)).toBe(1);
    expect(rowShift(data, removeRow(data, 0), 2)).toBe(-1);
  });

  it('answers 0 for the same data, a row in place or a row without an id, and null for a row gone', () => {
    expect(rowShift(data, data, 1)).toBe(0);
    expect(rowShift(data, insertRow(data, 2), 1)).toBe(0);
    const unsaved = { ...data, columns: [{ ...data.columns[0]!, ids: [] }] };
    expect(rowShift(unsaved, insertRow(unsaved, 0), 1)).toBe(0);
    expect(rowShift(data, removeRow(data, 1), 1)).toBeNull();
  });
});
