import type { ReactNode } from 'react';

/** Width of a data column in px (spec 02 §9). */
export const COLUMN_WIDTH = 250;
/** Height of a row, the header row included, in px (spec 02 §9). */
export const ROW_HEIGHT = 40;
/** Width of the row-number column in px. */
export const ROW_HEADER_WIDTH = 64;
/** Empty rows shown beyond the data (spec 02 §9). */
export const SPARE_ROWS = 10;
/** Empty columns shown beyond the data (spec 02 §9). */
export const SPARE_COLUMNS = 1;

/**
 * One column of the grid (spec 02 §3 list column), column-major: one string per row, never an
 * object per cell. `values` and `ids` may be shorter than the grid's row count; missing entries
 * read as '' and 0. Columns are immutable: an edit copies the arrays of the columns it touches.
 */
export interface GridColumn {
  /** Stable client key (React identity); survives the temporary id being replaced on save. */
  readonly key: string;
  /** The saved list column id, or a temporary one ("lc…") until the first save (spec 02 §3). */
  readonly id: number | string;
  readonly name: string;
  /** Cell texts by row number. */
  readonly values: readonly string[];
  /** Saved list value ids by row number; 0 where the cell has no saved value. */
  readonly ids: readonly number[];
}

/** The grid's content: columns in order and the number of data rows (spare rows not included). */
export interface GridData {
  readonly columns: readonly GridColumn[];
  readonly rowCount: number;
}

/** A cell position, 0-based, in data coordinates. */
export interface CellPos {
  readonly row: number;
  readonly col: number;
}

/** An inclusive rectangle of cells. */
export interface CellRange {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/** The active cell and the anchor of a range selection (shift-click, shift-arrows). */
export interface GridSelection {
  readonly active: CellPos;
  readonly anchor: CellPos;
}

/** A cell as the grid reports it to its owner (the active cell, issue 4). */
export interface CellRef {
  readonly row: number;
  readonly col: number;
  /** The list column's saved or temporary id; undefined in the spare column. */
  readonly columnId: number | string | undefined;
  /** The saved list value id, or 0 when the cell has none. */
  readonly valueId: number;
}

/**
 * Extra presentation for one cell, supplied by the grid's owner (issue 4: review marks, presence
 * outlines). Return the same object for the same state: cells are memoised on it.
 */
export interface CellDecoration {
  /** Extra class names for the cell element. */
  readonly className?: string;
  /** An inset outline, e.g. a collaborator's presence colour. */
  readonly outlineColor?: string;
  /** A small mark drawn at the cell's right edge (e.g. a review icon). */
  readonly badge?: ReactNode;
  /** Extra description for assistive technology and the tooltip (aria-description, title). */
  readonly description?: string;
}

/**
 * Supplies a cell's decoration (issue 4). Called for each rendered cell with its position and
 * column (undefined in the spare column; the cell's saved value id is `column.ids[row]`), with
 * no object allocated per call. Change the function (useCallback) when the decorations change:
 * it is called again for the cells in view, and a cell (and its row) re-renders only when its
 * decoration is another object, so return the same object for the same look.
 */
export type CellDecorator = (
  row: number,
  col: number,
  column: GridColumn | undefined,
) => CellDecoration | undefined;

/**
 * An action the grid's owner adds to the cell context menu (issue 4: "Comment", "Suggest a
 * value"). Offered on cells even while the grid is read-only (spec 02 §6: non-approvers comment
 * and suggest on a read-only grid), above the grid's own actions.
 */
export interface GridCellAction {
  readonly key: string;
  readonly label: string;
  readonly icon?: ReactNode;
  /** The keyboard shortcut shown beside the label, e.g. "Ctrl+Alt+M". */
  readonly shortcut?: string;
  /** Why the action is unavailable (its tooltip), or null. */
  readonly disabledReason?: string | null;
  /** Runs the action on the cell the menu was opened on. */
  onSelect(pos: CellPos): void;
}
