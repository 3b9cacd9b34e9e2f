import { writeBlock } from './gridData';
import type { CellPos, GridData } from './gridTypes';

/** Limits a paste must respect (spec 02 §5, §9). */
export interface PasteLimits {
  /** Most columns the list may hold (100; 1 for a drop-down list). */
  readonly maxColumns: number;
  /** Most rows the list may hold (10,000). */
  readonly maxRows: number;
  /** A single-column list: extra pasted columns are trimmed instead of refused (spec 02 §5). */
  readonly isSingleColumn: boolean;
  /**
   * The columns are fixed (issue 11 submission table): columns pasted beyond `maxColumns` are
   * trimmed (counted in `trimmedColumns`) instead of refused.
   */
  readonly trimColumns?: boolean;
}

/** The outcome of placing a pasted block: the new data, or why nothing was pasted. */
export type PasteResult =
  | {
      readonly ok: true;
      readonly data: GridData;
      /** Size of what was written. */
      readonly rows: number;
      readonly columns: number;
      /** Columns dropped by the single-column trim. */
      readonly trimmedColumns: number;
    }
  | { readonly ok: false; readonly message: string };

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Places a pasted block with its top-left cell at `at` (spec 02 §2, §5): grows rows and columns
 * as needed in one new GridData (one undo step), trims a single-column list's extra columns,
 * and refuses, without changing anything, a block that would pass 100 columns or 10,000 rows.
 */
export function placePaste(
  data: GridData,
  at: CellPos,
  block: readonly (readonly string[])[],
  limits: PasteLimits,
): PasteResult {
  let rows = block;
  let width = 0;
  for (const row of rows) if (row.length > width) width = row.length;
  if (rows.length === 0 || width === 0)
    return { ok: false, message: 'The clipboard holds no cells to paste.' };
  let trimmedColumns = 0;
  if (limits.isSingleColumn && at.col + width > 1) {
    trimmedColumns = at.col + width - 1;
    if (at.col > 0)
      return { ok: false, message: 'This list has a single column; paste into its first column.' };
    rows = rows.map((row) => row.slice(0, 1));
    width = 1;
  }
  if (limits.trimColumns && at.col + width > limits.maxColumns && at.col < limits.maxColumns) {
    trimmedColumns = at.col + width - limits.maxColumns;
    width = limits.maxColumns - at.col;
    rows = rows.map((row) => row.slice(0, width));
  }
  if (at.col + width > limits.maxColumns) {
    return {
      ok: false,
      message: `The pasted block needs ${count(at.col + width)} columns from column ${at.col + 1}; a list holds at most ${count(limits.maxColumns)}. Nothing was pasted.`,
    };
  }
  if (at.row + rows.length > limits.maxRows) {
    return {
      ok: false,
      message: `The pasted block needs ${count(at.row + rows.length)} rows from row ${count(at.row + 1)}; a list holds at most ${count(limits.maxRows)}. Nothing was pasted.`,
    };
  }
  return {
    ok: true,
    data: writeBlock(data, at.row, at.col, rows),
    rows: rows.length,
    columns: width,
    trimmedColumns,
  };
}
