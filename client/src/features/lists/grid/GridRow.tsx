import { memo, type ReactNode } from 'react';
import { GridCell } from './GridCell';
import type { CellDecoration } from './gridTypes';
import { COLUMN_WIDTH, ROW_HEADER_WIDTH } from './gridTypes';
import classes from './SpreadsheetGrid.module.css';

/**
 * What one row's rendered cells show, from column `firstCol` on: their texts and decorations.
 * The grid keeps the same object while they stay the same, so the row re-renders only when one
 * of its own cells changes (not when another row's does).
 */
export interface RowCells {
  readonly firstCol: number;
  readonly texts: readonly string[];
  readonly decorations: readonly (CellDecoration | undefined)[];
}

/** Props of GridRow. */
export interface GridRowProps {
  gridId: string;
  row: number;
  /** Offset from the top of the grid content in px (header included). */
  top: number;
  width: number;
  /** How many data columns the grid has (cells beyond them are the spare column). */
  columnCount: number;
  /** First and last visible column indexes (inclusive); -1 when none. */
  firstCol: number;
  lastCol: number;
  /** The visible cells' texts and decorations (see RowCells). */
  cells: RowCells;
  /** Selected columns of this row (inclusive), or -1/-2 when the row is outside the selection. */
  selectedLeft: number;
  selectedRight: number;
  /** The active cell's column when it is in this row, else -1. */
  activeCol: number;
  isSpareRow: boolean;
  /** Tests a cell's text against the find query (issue 8 item 18), while the find bar searches. */
  isFindMatch?: (text: string) => boolean;
  /** The current find match's column when it is in this row, else -1. */
  findCurrentCol?: number;
}

/** The DOM id of a cell, for aria-activedescendant. */
export function cellDomId(gridId: string, row: number, col: number): string {
  return `${gridId}-r${row}c${col}`;
}

/**
 * One row of the grid (WAI-ARIA row with aria-rowindex): a sticky row number (rowheader) and
 * the visible cells after a spacer (no transforms, so the row number stays sticky). Memoised on
 * the visible window, its cells' texts and decorations and the row's share of the selection.
 */
export const GridRow = memo(function GridRow({
  gridId,
  row,
  top,
  width,
  columnCount,
  firstCol,
  lastCol,
  cells: shown,
  selectedLeft,
  selectedRight,
  activeCol,
  isSpareRow,
  isFindMatch,
  findCurrentCol = -1,
}: GridRowProps) {
  const cells: ReactNode[] = [];
  for (let col = firstCol; col <= lastCol && col >= 0; col++) {
    const text = shown.texts[col - shown.firstCol] ?? '';
    cells.push(
      <GridCell
        key={col}
        id={col === activeCol ? cellDomId(gridId, row, col) : undefined}
        col={col}
        text={text}
        find={col === findCurrentCol ? 'current' : isFindMatch?.(text) ? 'match' : undefined}
        isSelected={col >= selectedLeft && col <= selectedRight}
        isActive={col === activeCol}
        isSpare={isSpareRow || col >= columnCount}
        decoration={shown.decorations[col - shown.firstCol]}
      />,
    );
  }
  return (
    // biome-ignore lint/a11y: WAI-ARIA grid pattern; cells are reached through the grid's aria-activedescendant, not as tab stops
    <div role="row" aria-rowindex={row + 2} className={classes.row} style={{ top, width }}>
      {/* biome-ignore lint/a11y: WAI-ARIA grid pattern; cells are reached through the grid's aria-activedescendant, not as tab stops */}
      <div
        role="rowheader"
        aria-colindex={1}
        className={classes.rowHeader}
        data-selected={selectedRight >= selectedLeft || undefined}
      >
        {row + 1}
      </div>
      {firstCol > 0 ? <div style={{ width: firstCol * COLUMN_WIDTH, flex: 'none' }} aria-hidden /> : null}
      {cells}
    </div>
  );
});

/** Props of GridHeaderRow. */
export interface GridHeaderRowProps {
  width: number;
  /** The data columns' names (kept as the same array while they do not change). */
  names: readonly string[];
  firstCol: number;
  lastCol: number;
  /** Selected columns (inclusive); -1/-2 for none. */
  selectedLeft: number;
  selectedRight: number;
}

/**
 * The column header row (WAI-ARIA columnheader per column, aria-rowindex 1): the corner over the
 * row numbers, then the visible column names; the spare column reads "New column".
 */
export const GridHeaderRow = memo(function GridHeaderRow({
  width,
  names,
  firstCol,
  lastCol,
  selectedLeft,
  selectedRight,
}: GridHeaderRowProps) {
  const headers: ReactNode[] = [];
  for (let col = firstCol; col <= lastCol && col >= 0; col++) {
    const name = names[col];
    headers.push(
      // biome-ignore lint/a11y: WAI-ARIA grid pattern; cells are reached through the grid's aria-activedescendant, not as tab stops
      <div
        key={col}
        role="columnheader"
        aria-colindex={col + 2}
        className={
          name !== undefined ? classes.columnHeader : `${classes.columnHeader} ${classes.spareHeader}`
        }
        data-selected={(col >= selectedLeft && col <= selectedRight) || undefined}
        title={name}
      >
        {name ?? 'New column'}
      </div>,
    );
  }
  return (
    // biome-ignore lint/a11y: WAI-ARIA grid pattern; cells are reached through the grid's aria-activedescendant, not as tab stops
    <div role="row" aria-rowindex={1} className={classes.headRow} style={{ width }}>
      {/* biome-ignore lint/a11y: WAI-ARIA grid pattern; cells are reached through the grid's aria-activedescendant, not as tab stops */}
      <div
        role="columnheader"
        aria-colindex={1}
        aria-label="Row number"
        className={classes.corner}
        style={{ width: ROW_HEADER_WIDTH }}
      >
        #
      </div>
      {firstCol > 0 ? <div style={{ width: firstCol * COLUMN_WIDTH, flex: 'none' }} aria-hidden /> : null}
      {headers}
    </div>
  );
});
