import type { TemplateField } from '@nomen/shared';
import type { DraftRow } from '@nomen/shared/draft-room';
import { describe, expect, it } from 'vitest';
import type { GridData } from '../../lists/grid/gridTypes';
import type { TableColumn } from '../table/submissionTable';
import type { DraftOther } from './DraftRoomClient';
import { displayWithTyping, draftCellAt, overwrittenText, presenceOnGrid } from './livePresence';

const columns: TableColumn[] = [
  { key: '1', field: {} as TemplateField, name: 'Campaign', isComputed: false, initial: '' },
  { key: '2', field: {} as TemplateField, name: 'Channel', isComputed: false, initial: '' },
];
const rows: DraftRow[] = [
  { id: 'row-aaaa', cells: { '1': 'Spring' } },
  { id: 'row-bbbb', cells: { '1': 'Summer' } },
];

function other(
  clientId: number,
  name: string,
  cell: DraftOther['cell'],
  typing: string | null = null,
): DraftOther {
  return { clientId, user: { id: clientId, name, color: `#00000${clientId}` }, cell, typing };
}

describe('presenceOnGrid (the others on the grid)', () => {
  it('places each person on their selected cell with their colour, name and typing; people on the same cell share it', () => {
    const map = presenceOnGrid(
      [
        other(1, 'Priya', { row: 'row-bbbb', field: '2' }, 'ema'),
        other(2, 'Tom', { row: 'row-bbbb', field: '2' }),
        other(3, 'Ana', { row: 'row-gone', field: '1' }),
        other(4, 'Lee', null),
      ],
      rows,
      columns,
    );
    expect([...map.entries()]).toEqual([
      ['1:1', { color: '#000001', names: ['Priya', 'Tom'], typing: 'ema' }],
    ]);
  });
});

describe('displayWithTyping (what others type shows in their cell)', () => {
  const display: GridData = {
    rowCount: 2,
    columns: [
      { key: '1', id: '1', name: 'Campaign', values: ['Spring', 'Summer'], ids: [] },
      { key: '2', id: '2', name: 'Channel', values: [], ids: [] },
    ],
  };

  it('shows the typed text in the cell and copies only that column', () => {
    const shown = displayWithTyping(
      display,
      new Map([['1:1', { color: 'red', names: ['Priya'], typing: 'ema' }]]),
    );
    expect(shown.columns[1]!.values).toEqual(['', 'ema']);
    expect(shown.columns[0]).toBe(display.columns[0]);
  });

  it('answers the display itself when nobody types', () => {
    const map = new Map([['0:0', { color: 'red', names: ['Priya'], typing: null }]]);
    expect(displayWithTyping(display, map)).toBe(display);
  });
});

describe('draftCellAt', () => {
  it('names a grid cell by row id and field id, null in a spare row', () => {
    expect(draftCellAt(rows, columns, 1, 0)).toEqual({ row: 'row-bbbb', field: '1' });
    expect(draftCellAt(rows, columns, 5, 0)).toBeNull();
  });
});

describe('overwrittenText (the toast when someone replaced one’s value)', () => {
  it('names who replaced which cells by column and row', () => {
    expect(
      overwrittenText(
        { type: 'overwritten', by: 'Priya Shah', cells: [{ row: 'row-bbbb', field: '2' }] },
        rows,
        columns,
      ),
    ).toBe('Priya Shah replaced your value in Channel, row 2.');
    const many = Array.from({ length: 5 }, () => ({ row: 'row-aaaa', field: '1' }));
    expect(overwrittenText({ type: 'overwritten', by: 'Tom', cells: many }, rows, columns)).toBe(
      'Tom replaced your values in Campaign, row 1; Campaign, row 1; Campaign, row 1 and 2 more.',
    );
  });
});
