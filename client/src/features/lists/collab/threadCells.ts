import type { Thread } from '@nomen/shared';
import type { CellPos, GridData } from '../grid/gridTypes';
import { cellKey } from './threads';

/**
 * Places threads on the cells they are about now (spec 02 §2 review marks): a thread names its
 * cell by saved list value id, column and row; when rows moved since (an inserted or removed row
 * was saved), the value id, found in the same column, wins over the stored row number. Threads
 * whose value is gone keep their stored row. Returns the same array when nothing moved; only
 * columns with a moved thread are indexed (one pass over that column's ids).
 */
export function relocateThreads(threads: readonly Thread[], data: GridData): readonly Thread[] {
  const columns = new Map(data.columns.map((c) => [c.id, c]));
  const indexes = new Map<number, Map<number, number>>();
  let moved: Thread[] | null = null;
  threads.forEach((thread, i) => {
    const { columnId, rowNumber, listValueId } = thread.metadata;
    if (columnId === null || rowNumber === null || listValueId === null) return;
    const column = columns.get(columnId);
    if (!column || column.ids[rowNumber] === listValueId) return;
    let index = indexes.get(columnId);
    if (!index) {
      index = new Map();
      column.ids.forEach((id, row) => {
        if (id !== 0) index!.set(id, row);
      });
      indexes.set(columnId, index);
    }
    const row = index.get(listValueId);
    if (row === undefined || row === rowNumber) return;
    moved ??= [...threads];
    moved[i] = { ...thread, metadata: { ...thread.metadata, rowNumber: row } };
  });
  return moved ?? threads;
}

/** Threads grouped by cell (cellKey(columnId, rowNumber)), oldest first; general comments left out. */
export function threadsByCell(threads: readonly Thread[]): Map<string, Thread[]> {
  const byCell = new Map<string, Thread[]>();
  for (const thread of threads) {
    const { columnId, rowNumber } = thread.metadata;
    if (columnId === null || rowNumber === null) continue;
    const key = cellKey(columnId, rowNumber);
    const list = byCell.get(key);
    if (list) list.push(thread);
    else byCell.set(key, [thread]);
  }
  for (const list of byCell.values()) list.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return byCell;
}

/** A cell that threads can be about: a saved column (numeric id) and a row. */
export interface ThreadCell {
  columnId: number;
  rowNumber: number;
  /** The saved list value id, or null when the cell has no saved value yet. */
  listValueId: number | null;
}

/**
 * The thread cell of a grid position (contract: cell {listValueId, columnId, rowNumber}), or null
 * when the column is not saved yet (temporary id) or the position is outside the data.
 */
export function threadCellAt(data: GridData, row: number, col: number): ThreadCell | null {
  const column = data.columns[col];
  if (!column || typeof column.id !== 'number' || row < 0 || row > 9999) return null;
  const valueId = column.ids[row] ?? 0;
  return { columnId: column.id, rowNumber: row, listValueId: valueId === 0 ? null : valueId };
}

/** The grid position of a thread's cell now, or null when its column is gone. */
export function gridPositionOf(thread: Thread, data: GridData): { row: number; col: number } | null {
  const { columnId, rowNumber } = thread.metadata;
  if (columnId === null || rowNumber === null) return null;
  const col = data.columns.findIndex((c) => c.id === columnId);
  return col === -1 ? null : { row: rowNumber, col };
}

/** A cell in words for labels and the panel: "Channel, row 3" (rows counted from 1, as the grid shows them). */
export function describeCellAt(data: GridData, pos: CellPos): string {
  const name = data.columns[pos.col]?.name ?? `Column ${pos.col + 1}`;
  return `${name}, row ${pos.row + 1}`;
}
