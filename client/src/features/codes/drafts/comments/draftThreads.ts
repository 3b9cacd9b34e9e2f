import type { DraftCell, Thread } from '@nomen/shared';
import type { DraftRowOrder } from '../draftRows';

/** A column of the draft's table as the comments name it: its row key and header. */
export interface DraftThreadColumn {
  /** The template field id as text (a row's key). */
  key: string;
  name: string;
}

/** Where the cells of a draft are now: each row id's place and each column's name. */
export interface DraftCellIndex {
  rowIndex: ReadonlyMap<string, number>;
  columnNames: ReadonlyMap<string, string>;
}

/** Indexes the draft's rows (by id, 0-based place) and columns (key → header). */
export function draftCellIndex(rows: DraftRowOrder, columns: readonly DraftThreadColumn[]): DraftCellIndex {
  return {
    rowIndex: new Map(rows.map((row, i) => [row.id, i])),
    columnNames: new Map(columns.map((c) => [c.key, c.name])),
  };
}

/** The draft cell a cell thread is about (its row id and template field id), or null for a general one. */
export function draftCellOf(thread: Thread): DraftCell | null {
  const { rowId, columnId } = thread.metadata;
  if (!rowId || columnId === null) return null;
  return { row: rowId, field: String(columnId) };
}

/**
 * A draft cell in words, as the grid shows it: "Campaign, row 3" (rows counted from 1), or null
 * when its row is no longer in the draft.
 */
export function describeDraftCell(cell: DraftCell, index: DraftCellIndex): string | null {
  const row = index.rowIndex.get(cell.row);
  if (row === undefined) return null;
  const name = index.columnNames.get(cell.field) ?? `Field ${cell.field}`;
  return `${name}, row ${row + 1}`;
}

/** The threads about one cell, oldest first. */
export function threadsOfCell(threads: readonly Thread[], cell: DraftCell): Thread[] {
  return threads
    .filter((t) => t.metadata.rowId === cell.row && String(t.metadata.columnId) === cell.field)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** How many threads are open (unresolved): the comments toggle's count. */
export function openThreadCount(threads: readonly Thread[]): number {
  return threads.reduce((n, t) => (t.resolved ? n : n + 1), 0);
}

/**
 * The cells with an open thread, by grid position `${row}:${col}` (0-based, columns in the
 * table's order): for a grid that marks commented cells. Threads of removed rows or hidden
 * columns are left out.
 */
export function openThreadCells(
  threads: readonly Thread[],
  rows: DraftRowOrder,
  columns: readonly DraftThreadColumn[],
): Set<string> {
  const index = draftCellIndex(rows, columns);
  const colIndex = new Map(columns.map((c, i) => [c.key, i]));
  const cells = new Set<string>();
  for (const thread of threads) {
    const cell = thread.resolved ? null : draftCellOf(thread);
    if (!cell) continue;
    const row = index.rowIndex.get(cell.row);
    const col = colIndex.get(cell.field);
    if (row !== undefined && col !== undefined) cells.add(`${row}:${col}`);
  }
  return cells;
}

/**
 * The draft cell at a grid position (0-based row and column in the table's order), or null
 * outside the draft's rows (e.g. the blank row below them, which has no row id yet).
 */
export function draftCellAt(
  rows: DraftRowOrder,
  columns: readonly DraftThreadColumn[],
  pos: { row: number; col: number },
): DraftCell | null {
  const row = rows[pos.row];
  const column = columns[pos.col];
  return row && column ? { row: row.id, field: column.key } : null;
}
