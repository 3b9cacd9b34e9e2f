import { type MouseEvent, useEffect, useRef } from 'react';
import { cellSelection, lineSelection } from './gridData';
import type { CellRange, GridSelection } from './gridTypes';
import type { GridMenuState } from './useGridMenu';

/** What useGridPointer needs from the grid. */
export interface GridPointerContext {
  selection: GridSelection;
  range: CellRange;
  rows: number;
  cols: number;
  select: (selection: GridSelection, reveal: boolean) => void;
  startEditing: (text: string | null) => void;
  menu: GridMenuState;
  focusGrid: () => void;
  /** Double-clicking a column header renames it (not in a read-only grid or one with fixed columns). */
  canRenameColumns: boolean;
}

/**
 * The grid's mouse handlers (spec 02 §2), for the scroller element: press selects a
 * cell (shift extends the range) or a whole row or column; dragging extends the range; a double
 * click edits a cell or renames a column; the context menu selects what it opens on when that is
 * outside the selection. Hits come from the ARIA indexes the grid renders (hitTest).
 */
export function useGridPointer(ctx: GridPointerContext) {
  const { selection, range, rows, cols, select } = ctx;
  const isDragging = useRef(false);

  useEffect(() => {
    const stopDragging = () => {
      isDragging.current = false;
    };
    window.addEventListener('mouseup', stopDragging);
    return () => window.removeEventListener('mouseup', stopDragging);
  }, []);

  const cellAt = (event: MouseEvent) => hitTest(event.target as Element);

  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const hit = cellAt(event);
    if (!hit) return;
    if (hit.kind === 'cell') {
      const pos = { row: hit.row, col: hit.col };
      select(event.shiftKey ? { active: pos, anchor: selection.anchor } : cellSelection(pos), false);
      isDragging.current = true;
    } else {
      // Shift-click extends the selection to whole rows (columns) from the anchor's, as on cells.
      const index = hit.kind === 'column' ? hit.col : hit.row;
      select(lineSelection(hit.kind, index, rows, cols, event.shiftKey ? selection : undefined), false);
    }
  };

  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    if (!isDragging.current || event.buttons !== 1) return;
    const hit = cellAt(event);
    const { active } = selection;
    if (hit?.kind !== 'cell' || (hit.row === active.row && hit.col === active.col)) return;
    select({ active: { row: hit.row, col: hit.col }, anchor: selection.anchor }, false);
  };

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const hit = cellAt(event);
    if (hit?.kind === 'cell') ctx.startEditing(null);
    else if (hit?.kind === 'column' && ctx.canRenameColumns) ctx.menu.openRename(hit.col);
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const hit = cellAt(event);
    if (!hit || !ctx.menu.canOpenOn(hit.kind)) return;
    event.preventDefault();
    const pos = { row: hit.row, col: hit.col };
    const isInside =
      pos.row >= range.top && pos.row <= range.bottom && pos.col >= range.left && pos.col <= range.right;
    if (hit.kind === 'cell' && !isInside) select(cellSelection(pos), false);
    // A row number (column header) outside the selection selects its line, as in spreadsheets.
    if (hit.kind === 'row' && (pos.row < range.top || pos.row > range.bottom))
      select(lineSelection('row', pos.row, rows, cols), false);
    if (hit.kind === 'column' && (pos.col < range.left || pos.col > range.right))
      select(lineSelection('column', pos.col, rows, cols), false);
    ctx.focusGrid();
    ctx.menu.openMenu({ ...hit, x: event.clientX, y: event.clientY });
  };

  return { onMouseDown, onMouseMove, onDoubleClick, onContextMenu };
}

/**
 * The cell, column header or row number under a pointer event, from the ARIA indexes the grid
 * renders anyway (no per-cell data attributes or handlers).
 */
function hitTest(target: Element): { kind: 'cell' | 'column' | 'row'; row: number; col: number } | null {
  const element = target.closest('[role="gridcell"],[role="columnheader"],[role="rowheader"]');
  if (!element) return null;
  const col = Number(element.getAttribute('aria-colindex')) - 2;
  const row = Number(element.closest('[role="row"]')?.getAttribute('aria-rowindex')) - 2;
  const role = element.getAttribute('role');
  if (role === 'gridcell') return Number.isNaN(row) || col < 0 ? null : { kind: 'cell', row, col };
  if (role === 'columnheader') return col < 0 ? null : { kind: 'column', row: 0, col };
  return Number.isNaN(row) || row < 0 ? null : { kind: 'row', row, col: 0 };
}
