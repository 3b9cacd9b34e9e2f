import type { DraftCell, DraftRoomMessage } from '@nomen/shared';
import type { DraftRow } from '@nomen/shared/draft-room';
import type { GridData } from '../../lists/grid/gridTypes';
import type { TableColumn } from '../table/submissionTable';
import type { DraftOther } from './DraftRoomClient';
import type { DraftRowOrder } from './draftRows';

/**
 * The others in a shared draft, placed on the grid (ARCHITECTURE.md, Live collaboration: "each
 * person's selected cell outlined in their colour with their name; a person's live typing
 * appears for the others"). Pure, no React.
 */

/** The others on one cell: the first one's colour, everyone's names, and what one of them is typing. */
export interface CellPresence {
  color: string;
  names: string[];
  /** What is being typed into the cell (not committed yet), or null. */
  typing: string | null;
}

/** The key of a grid cell in `presenceOnGrid`'s map. */
export function presenceKey(row: number, col: number): string {
  return `${row}:${col}`;
}

/**
 * Where the others are on the grid of `rows` and `columns`, keyed by presenceKey(row, col):
 * their cells (by row id and template field id) found among the rows shown; people on a row or
 * field not shown (a removed row, a hidden field) are left out; one name per person.
 */
export function presenceOnGrid(
  others: readonly DraftOther[],
  rows: DraftRowOrder,
  columns: readonly TableColumn[],
): Map<string, CellPresence> {
  const out = new Map<string, CellPresence>();
  if (others.length === 0) return out;
  const rowAt = new Map(rows.map((r, i) => [r.id, i]));
  const colAt = new Map(columns.map((c, i) => [c.key, i]));
  for (const other of others) {
    if (!other.cell) continue;
    const row = rowAt.get(other.cell.row);
    const col = colAt.get(other.cell.field);
    if (row === undefined || col === undefined) continue;
    const key = presenceKey(row, col);
    const known = out.get(key);
    if (!known) out.set(key, { color: other.user.color, names: [other.user.name], typing: other.typing });
    else {
      if (!known.names.includes(other.user.name)) known.names.push(other.user.name);
      if (known.typing === null) known.typing = other.typing;
    }
  }
  return out;
}

/**
 * What the grid shows with the others' typing in their cells (instead of the cells' values until
 * they commit): `display` itself when nobody types; otherwise only the columns typed in are copied.
 */
export function displayWithTyping(display: GridData, presence: ReadonlyMap<string, CellPresence>): GridData {
  let columns: GridData['columns'][number][] | null = null;
  for (const [key, cell] of presence) {
    if (cell.typing === null) continue;
    const [row, col] = key.split(':').map(Number) as [number, number];
    const column = (columns ?? display.columns)[col];
    if (!column) continue;
    columns ??= display.columns.slice();
    const values = column.values.slice();
    for (let i = values.length; i < row; i++) values.push('');
    values[row] = cell.typing;
    columns[col] = { ...column, values };
  }
  return columns ? { ...display, columns } : display;
}

/** The draft cell of grid cell `row`/`col` (null beyond the rows, in a spare row). */
export function draftCellAt(
  rows: DraftRowOrder,
  columns: readonly TableColumn[],
  row: number,
  col: number,
): DraftCell | null {
  const id = rows[row]?.id;
  const key = columns[col]?.key;
  return id && key ? { row: id, field: key } : null;
}

/**
 * The toast of an `overwritten` message: who replaced which of this person's values, named by
 * column and row ("Priya Shah replaced your value in Channel, row 3"); at most three cells named.
 */
export function overwrittenText(
  message: Extract<DraftRoomMessage, { type: 'overwritten' }>,
  rows: readonly DraftRow[],
  columns: readonly TableColumn[],
): string {
  const rowAt = new Map(rows.map((r, i) => [r.id, i]));
  const names = message.cells.map((cell) => {
    const column = columns.find((c) => c.key === cell.field)?.name ?? 'a field';
    const row = rowAt.get(cell.row);
    return row === undefined ? `${column} of a removed row` : `${column}, row ${row + 1}`;
  });
  const shown = names.slice(0, 3).join('; ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  const what = names.length === 1 ? 'your value in' : 'your values in';
  return `${message.by} replaced ${what} ${shown}${more}.`;
}
