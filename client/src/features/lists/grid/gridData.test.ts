import { describe, expect, it } from 'vitest';
import {
  cellText,
  clampPosition,
  clearRange,
  defaultColumnName,
  displayColumnCount,
  displayRowCount,
  emptyGrid,
  insertColumn,
  insertRow,
  insertRows,
  keepFirstColumns,
  lineSelection,
  moveColumnToStart,
  readRange,
  removeColumn,
  removeRow,
  removeRows,
  renameColumn,
  replaceContent,
  setCell,
  writeBlock,
} from './gridData';
import type { GridData } from './gridTypes';

function saved(): GridData {
  return {
    columns: [
      { key: 'c1', id: 1, name: 'Region', values: ['Europe', 'Asia'], ids: [11, 12] },
      { key: 'c2', id: 2, name: 'Country', values: ['France', 'Japan'], ids: [21, 22] },
    ],
    rowCount: 2,
  };
}

const texts = (data: GridData) => data.columns.map((c) => [...c.values]);

describe('grid data', () => {
  it('starts a new list with one column and ten empty rows', () => {
    const data = emptyGrid(1, 10);
    expect(data.columns.map((c) => c.name)).toEqual(['Column 1']);
    expect(data.rowCount).toBe(10);
    expect(typeof data.columns[0]!.id).toBe('string');
    expect(String(data.columns[0]!.id)).toMatch(/^lc/);
  });

  it('shows 10 spare rows and 1 spare column within the limits', () => {
    const data = saved();
    expect(displayRowCount(data, 10_000)).toBe(12);
    expect(displayColumnCount(data, 100)).toBe(3);
    expect(displayRowCount({ ...data, rowCount: 9_995 }, 10_000)).toBe(10_000);
    expect(displayColumnCount(data, 1)).toBe(2);
    expect(displayColumnCount(emptyGrid(1, 0), 1)).toBe(1);
  });

  it('sets a cell by copying only its column, and grows rows and columns for the spare area', () => {
    const data = saved();
    const next = setCell(data, { row: 0, col: 1 }, 'Spain');
    expect(next.columns[0]).toBe(data.columns[0]);
    expect(next.columns[1]!.ids).toBe(data.columns[1]!.ids);
    expect(cellText(next, 0, 1)).toBe('Spain');
    expect(setCell(data, { row: 0, col: 1 }, 'France')).toBe(data);

    const grown = setCell(data, { row: 4, col: 2 }, 'new');
    expect(grown.rowCount).toBe(5);
    expect(grown.columns[2]!.name).toBe('Column 3');
    expect(grown.columns[2]!.values).toEqual(['', '', '', '', 'new']);
  });

  it('writes a block and clears a range', () => {
    const data = writeBlock(saved(), 1, 0, [['x', 'y'], ['z']]);
    expect(texts(data)).toEqual([
      ['Europe', 'x', 'z'],
      ['France', 'y', ''],
    ]);
    const cleared = clearRange(data, { top: 0, left: 0, bottom: 1, right: 5 });
    expect(texts(cleared)).toEqual([
      ['', '', 'z'],
      ['', '', ''],
    ]);
    expect(clearRange(cleared, { top: 0, left: 0, bottom: 0, right: 1 })).toBe(cleared);
  });

  it('reads a range for copying, with empty text beyond the data', () => {
    expect(readRange(saved(), { top: 1, left: 0, bottom: 2, right: 2 })).toEqual([
      ['Asia', 'Japan', ''],
      ['', '', ''],
    ]);
  });

  it('selects whole columns and rows, and keeps a selection inside a shrunk grid', () => {
    expect(lineSelection('column', 2, 20, 4)).toEqual({
      active: { row: 0, col: 2 },
      anchor: { row: 19, col: 2 },
    });
    expect(lineSelection('row', 5, 20, 4)).toEqual({
      active: { row: 5, col: 0 },
      anchor: { row: 5, col: 3 },
    });
    const inside = { row: 1, col: 1 };
    expect(clampPosition(inside, 20, 4)).toBe(inside);
    expect(clampPosition({ row: 30, col: 9 }, 20, 4)).toEqual({ row: 19, col: 3 });
  });

  it('inserts and removes rows, moving cells with their ids', () => {
    const inserted = insertRow(saved(), 0);
    expect(inserted.rowCount).toBe(3);
    expect(inserted.columns[0]!.values).toEqual(['', 'Europe', 'Asia']);
    expect(inserted.columns[0]!.ids).toEqual([0, 11, 12]);
    const removed = removeRow(inserted, 1);
    expect(removed.columns[1]!.values).toEqual(['', 'Japan']);
    expect(removed.columns[1]!.ids).toEqual([0, 22]);
    expect(insertRow(saved(), 7)).toEqual(saved());
  });

  it('removes and inserts every selected row at once (rows beyond the data ignored)', () => {
    const four = insertRows(saved(), 1, 3);
    expect(four.rowCount).toBe(5);
    expect(four.columns[0]!.values).toEqual(['Europe', '', '', '', 'Asia']);
    expect(four.columns[0]!.ids).toEqual([11, 0, 0, 0, 12]);
    const removed = removeRows(four, 0, 3);
    expect(removed.rowCount).toBe(1);
    expect(texts(removed)).toEqual([['Asia'], ['Japan']]);
    expect(removed.columns[1]!.ids).toEqual([22]);
    expect(removeRows(saved(), 1, 9).rowCount).toBe(1);
    const data = saved();
    expect(removeRows(data, 5, 9)).toBe(data);
  });

  it('extends a row or column selection from the anchor on shift-click of a row number or header', () => {
    const rowsFrom = lineSelection('row', 1, 20, 4);
    expect(lineSelection('row', 4, 20, 4, rowsFrom)).toEqual({
      active: { row: 4, col: 0 },
      anchor: { row: 1, col: 3 },
    });
    expect(
      lineSelection('column', 0, 20, 4, { active: { row: 3, col: 2 }, anchor: { row: 3, col: 2 } }),
    ).toEqual({
      active: { row: 0, col: 0 },
      anchor: { row: 19, col: 2 },
    });
  });

  it('inserts, removes, renames and moves columns', () => {
    const data = saved();
    const inserted = insertColumn(data, 1, defaultColumnName(data.columns));
    expect(inserted.columns.map((c) => c.name)).toEqual(['Region', 'Column 3', 'Country']);
    expect(moveColumnToStart(inserted, 2).columns.map((c) => c.name)).toEqual([
      'Country',
      'Region',
      'Column 3',
    ]);
    expect(removeColumn(inserted, 0).columns.map((c) => c.name)).toEqual(['Column 3', 'Country']);
    expect(renameColumn(data, 0, 'Continent').columns[0]!.name).toBe('Continent');
    expect(renameColumn(data, 2, 'Third').columns.map((c) => c.name)).toEqual(['Region', 'Country', 'Third']);
    expect(keepFirstColumns(data, 1).columns.map((c) => c.name)).toEqual(['Region']);
  });

  it('numbers default column names after the ones in use', () => {
    expect(defaultColumnName([])).toBe('Column 1');
    expect(defaultColumnName(emptyGrid(2, 0).columns)).toBe('Column 3');
    const data = renameColumn(emptyGrid(2, 0), 0, 'Column 3');
    expect(defaultColumnName(data.columns)).toBe('Column 4');
  });

  it('replaces the content keeping column ids by position', () => {
    const next = replaceContent(saved(), ['A'], [['1'], ['2'], ['3']]);
    expect(next.rowCount).toBe(3);
    expect(next.columns).toHaveLength(1);
    expect(next.columns[0]).toMatchObject({ id: 1, name: 'A', values: ['1', '2', '3'], ids: [11, 12] });
  });
});
