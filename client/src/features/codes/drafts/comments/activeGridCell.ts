import type { AnchorRect } from '../../../lists/collab/popoverPosition';

/** The data-testid of the submission grid (SubmissionTable). */
export const SUBMISSION_GRID_TEST_ID = 'submission-grid';

/** The grid's active cell: its 0-based data row and column and where it is on screen. */
export interface ActiveGridCell {
  row: number;
  col: number;
  rect: AnchorRect;
}

/**
 * The active cell of the submission grid on the page, read from the WAI-ARIA grid pattern the
 * grid keeps (aria-activedescendant names the active cell; its row's aria-rowindex and its
 * aria-colindex count the header row and the row-number column): so the comments can open on
 * the selected cell without reaching into the grid's state. Null when no cell is active or the
 * grid is not on the page.
 */
export function activeGridCell(root: ParentNode = document): ActiveGridCell | null {
  const grid = root.querySelector(`[data-testid="${SUBMISSION_GRID_TEST_ID}"]`);
  const id = grid?.getAttribute('aria-activedescendant');
  const cell = id ? document.getElementById(id) : null;
  const rowIndex = Number(cell?.closest('[role="row"]')?.getAttribute('aria-rowindex'));
  const colIndex = Number(cell?.getAttribute('aria-colindex'));
  if (!cell || !Number.isInteger(rowIndex) || !Number.isInteger(colIndex)) return null;
  const { top, left, right, bottom } = cell.getBoundingClientRect();
  return { row: rowIndex - 2, col: colIndex - 2, rect: { top, left, right, bottom } };
}

/**
 * Selects a rendered cell of the submission grid as a press on it would (0-based data row and column),
 * scrolling it into view first; answers false when the cell is not rendered (scrolled far away).
 */
export function selectGridCell(row: number, col: number, root: ParentNode = document): boolean {
  const grid = root.querySelector(`[data-testid="${SUBMISSION_GRID_TEST_ID}"]`);
  const cell = grid?.querySelector<HTMLElement>(
    `[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`,
  );
  if (!cell) return false;
  cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  // The grid selects on mousedown (useGridPointer) and stops a drag on the window's mouseup.
  cell.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0, buttons: 1 }));
  cell.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, cancelable: true, button: 0 }));
  (grid as HTMLElement | null)?.focus({ preventScroll: true });
  return true;
}
