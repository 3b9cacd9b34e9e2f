import type { TemplateField } from '@nomen/shared';
import type { DraftRow } from '@nomen/shared/draft-room';
import { describe, expect, it } from 'vitest';
import { insertRow, removeRow, setCell } from '../../lists/grid/gridData';
import { placePaste } from '../../lists/grid/paste';
import { parseTsv } from '../../lists/grid/tsv';
import type { TableColumn } from '../table/submissionTable';
import { draftCommandsOf, draftGridData, gridRowIds, importCommand, RowHandles } from './draftGrid';

function column(key: string, options: Partial<TableColumn> = {}): TableColumn {
  return {
    key,
    field: {} as TemplateField,
    name: `Field ${key}`,
    isComputed: false,
    initial: '',
    ...options,
  };
}

const columns = [column('1'), column('2', { initial: 'web' }), column('3', { isComputed: true })];
const rows: DraftRow[] = [
  { id: 'row-aaaa', cells: { '1': 'Spring', '2': 'tv' } },
  { id: 'row-bbbb', cells: { '1': 'Summer' } },
];

function ids(): () => string {
  let n = 0;
  return () => `row-new${++n}`;
}

describe('draftGridData (the room’s rows shown in the grid)', () => {
  it('shows each row’s cells by column, computed columns empty, and knows each grid row’s row id', () => {
    const handles = new RowHandles();
    const data = draftGridData(columns, rows, handles);
    expect(data.rowCount).toBe(2);
    expect(data.columns.map((c) => c.values)).toEqual([['Spring', 'Summer'], ['tv', ''], []]);
    expect(gridRowIds(data, handles)).toEqual(['row-aaaa', 'row-bbbb']);
  });

  it('keeps a row’s id through the grid inserting and removing rows above it', () => {
    const handles = new RowHandles();
    const data = draftGridData(columns, rows, handles);
    expect(gridRowIds(insertRow(data, 0), handles)).toEqual([undefined, 'row-aaaa', 'row-bbbb']);
    expect(gridRowIds(removeRow(data, 0), handles)).toEqual(['row-bbbb']);
  });

  it('after another person’s edit of one cell, copies only that cell’s column and keeps the rest', () => {
    const handles = new RowHandles();
    const before = draftGridData(columns, rows, handles);
    const edited = [rows[0]!, { id: 'row-bbbb', cells: { '1': 'Autumn' } }];
    const data = draftGridData(columns, edited, handles, { columns, rows, data: before });
    expect(data).toEqual(draftGridData(columns, edited, new RowHandles()));
    expect(data.columns[0]!.values).not.toBe(before.columns[0]!.values);
    expect(data.columns[1]).toBe(before.columns[1]);
    expect(data.columns[2]).toBe(before.columns[2]);
    // A row written with the values it had changes nothing.
    const same = [rows[0]!, { id: 'row-bbbb', cells: { '1': 'Summer' } }];
    expect(draftGridData(columns, same, handles, { columns, rows, data: before })).toBe(before);
  });

  it('reads every row again when rows were added, removed or moved', () => {
    const handles = new RowHandles();
    const before = draftGridData(columns, rows, handles);
    const moved = [rows[1]!, rows[0]!];
    const data = draftGridData(columns, moved, handles, { columns, rows, data: before });
    expect(data.columns[0]!.values).toEqual(['Summer', 'Spring']);
    expect(gridRowIds(data, handles)).toEqual(['row-bbbb', 'row-aaaa']);
  });
});

describe('draftCommandsOf (a grid change sent to the room)', () => {
  it('sends a typed cell as cells.set of that cell only', () => {
    const handles = new RowHandles();
    const before = draftGridData(columns, rows, handles);
    const next = setCell(before, { row: 1, col: 1 }, 'radio');
    expect(draftCommandsOf(before, next, columns, handles, ids())).toEqual([
      { type: 'cells.set', cells: [{ row: 'row-bbbb', field: '2', value: 'radio' }] },
    ]);
  });

  it('sends a paste past the last row as cells.set of the rows there and one rows.insert of the new rows with their defaults', () => {
    const handles = new RowHandles();
    const before = draftGridData(columns, rows, handles);
    const pasted = placePaste(
      before,
      { row: 1, col: 0 },
      parseTsv('Autumn\tprint\nWinter\t\n"Multi\nline"\tooh'),
      {
        maxColumns: 3,
        maxRows: 100,
        isSingleColumn: false,
      },
    );
    if (!pasted.ok) throw new Error(pasted.message);
    expect(draftCommandsOf(before, pasted.data, columns, handles, ids())).toEqual([
      {
        type: 'rows.insert',
        after: 'row-bbbb',
        rows: [
          { id: 'row-new1', cells: { '1': 'Winter', '2': 'web' } },
          { id: 'row-new2', cells: { '1': 'Multi\nline', '2': 'ooh' } },
        ],
      },
      {
        type: 'cells.set',
        cells: [
          { row: 'row-bbbb', field: '1', value: 'Autumn' },
          { row: 'row-bbbb', field: '2', value: 'print' },
        ],
      },
    ]);
  });

  it('sends Insert row above as rows.insert after the row above, and Remove row as rows.remove', () => {
    const handles = new RowHandles();
    const before = draftGridData(columns, rows, handles);
    expect(draftCommandsOf(before, insertRow(before, 1), columns, handles, ids())).toEqual([
      { type: 'rows.insert', after: 'row-aaaa', rows: [{ id: 'row-new1', cells: { '2': 'web' } }] },
    ]);
    expect(draftCommandsOf(before, insertRow(before, 0), columns, handles, ids())[0]).toMatchObject({
      type: 'rows.insert',
      after: null,
    });
    expect(draftCommandsOf(before, removeRow(before, 0), columns, handles, ids())).toEqual([
      { type: 'rows.remove', rows: ['row-aaaa'] },
    ]);
  });

  it('does not write back what others changed since the grid was shown', () => {
    const handles = new RowHandles();
    const before = draftGridData(columns, rows, handles);
    const next = setCell(before, { row: 0, col: 0 }, 'Mine');
    // Another person's row and cell arrive between the grid's render and this change: only the typed cell is sent.
    const commands = draftCommandsOf(before, next, columns, handles, ids());
    expect(commands).toEqual([
      { type: 'cells.set', cells: [{ row: 'row-aaaa', field: '1', value: 'Mine' }] },
    ]);
  });

  it('sends nothing when nothing changed', () => {
    const handles = new RowHandles();
    const before = draftGridData(columns, rows, handles);
    expect(
      draftCommandsOf(before, setCell(before, { row: 0, col: 0 }, 'Spring'), columns, handles, ids()),
    ).toEqual([]);
  });
});

describe('importCommand', () => {
  it('adds the imported rows after the last row with defaults filled', () => {
    expect(importCommand(rows, [{ '1': 'X' }, { '1': 'Y', '2': 'tv' }], columns, ids())).toEqual({
      type: 'rows.insert',
      after: 'row-bbbb',
      rows: [
        { id: 'row-new1', cells: { '1': 'X', '2': 'web' } },
        { id: 'row-new2', cells: { '1': 'Y', '2': 'tv' } },
      ],
    });
    expect(importCommand([], [{ '1': 'X' }], columns, ids())).toMatchObject({ after: null });
    expect(importCommand(rows, [], columns, ids())).toBeNull();
  });
});
