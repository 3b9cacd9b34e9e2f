import type { CellPos, GridData } from './gridTypes';

/** How long typing in the find bar waits before searching (ms; issue 8 item 18). */
export const FIND_DEBOUNCE_MS = 150;

/** Tests one cell's text against a find query. */
export type FindMatcher = (text: string) => boolean;

/**
 * The matches of a find query (spec 02 §2 toolbar search; issue 8 item 18), in reading order
 * (row by row, left to right): each match is `row * columnCount + col` in `cells[0..count)`,
 * sorted ascending, so a million matches take 4 MB and no object per cell.
 */
export interface FindMatches {
  readonly query: string;
  readonly cells: Uint32Array;
  readonly count: number;
  /** The grid's column count when searched: decodes `cells`. */
  readonly columnCount: number;
}

/** No matches. */
export const NO_MATCHES: FindMatches = { query: '', cells: new Uint32Array(0), count: 0, columnCount: 0 };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The matcher of a find query: a case-insensitive substring test (what spreadsheets' find does
 * by default), or null for an empty query. One precompiled expression tests every cell, so
 * searching allocates nothing per cell (no lower-cased copies).
 */
export function findMatcher(query: string): FindMatcher | null {
  if (query === '') return null;
  const expression = new RegExp(escapeRegExp(query), 'i');
  return (text) => text !== '' && expression.test(text);
}

/**
 * Searches the grid's column arrays for `query` (issue 8 item 18): every data cell, one column
 * array after the other (reading each array in order is several times faster than hopping between
 * a hundred arrays row by row), writing `row * columnCount + col` of each match into a growing
 * typed array, which is then sorted into reading order. Nothing is allocated per cell. Figures
 * for 1,000,000 cells: bench/find.bench.ts. An empty query finds nothing.
 */
export function findMatches(data: GridData, query: string): FindMatches {
  const matches = findMatcher(query);
  const columnCount = data.columns.length;
  const { rowCount } = data;
  if (!matches || columnCount === 0 || rowCount === 0) return { ...NO_MATCHES, query, columnCount };
  let cells = new Uint32Array(Math.min(1024, rowCount * columnCount));
  let count = 0;
  for (let col = 0; col < columnCount; col++) {
    const values = data.columns[col]!.values;
    const end = Math.min(rowCount, values.length);
    for (let row = 0; row < end; row++) {
      if (!matches(values[row]!)) continue;
      if (count === cells.length) {
        const grown = new Uint32Array(cells.length * 2);
        grown.set(cells);
        cells = grown;
      }
      cells[count++] = row * columnCount + col;
    }
  }
  // Typed arrays sort numerically, in place: reading order (row by row, left to right).
  if (columnCount > 1) cells.subarray(0, count).sort();
  return { query, cells, count, columnCount };
}

/** The cell of match `index` (0-based, < count). */
export function matchPosition(matches: FindMatches, index: number): CellPos {
  const cell = matches.cells[index] ?? 0;
  const row = Math.floor(cell / matches.columnCount);
  return { row, col: cell - row * matches.columnCount };
}

/**
 * The index of the first match at or after `from` in reading order, wrapping to the first
 * match past the end (a find starts where the user is); -1 when there is none. Binary search.
 */
export function firstMatchFrom(matches: FindMatches, from: CellPos): number {
  if (matches.count === 0) return -1;
  const col = Math.min(from.col, matches.columnCount);
  const key = from.row * matches.columnCount + col;
  let low = 0;
  let high = matches.count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (matches.cells[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low === matches.count ? 0 : low;
}

/** The next (+1) or previous (-1) match index, wrapping around; -1 when there are none. */
export function stepMatch(index: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (index < 0) return direction === 1 ? 0 : count - 1;
  return (index + direction + count) % count;
}

/** The find bar's count: "3 of 120", "No matches", or '' before anything is searched. */
export function matchCountLabel(matches: FindMatches, index: number): string {
  if (matches.query === '') return '';
  if (matches.count === 0) return 'No matches';
  const of = matches.count.toLocaleString('en-US');
  return index < 0 ? `${of} matches` : `${(index + 1).toLocaleString('en-US')} of ${of}`;
}
