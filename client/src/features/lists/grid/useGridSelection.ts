import { type RefObject, useCallback, useMemo, useState } from 'react';
import { cellSelection, clampPosition, selectionRange } from './gridData';
import type { CellRange, GridSelection } from './gridTypes';
import { revealCell } from './useGridVirtualizer';

/** The grid's selection state (spec 02 §2; issue 3 §5 range selection). */
export interface GridSelectionState {
  /** The active cell and anchor, kept inside the grid as it shrinks. */
  readonly selection: GridSelection;
  /** The rectangle between them. */
  readonly range: CellRange;
  /** Selects; with `reveal`, scrolls the active cell into view (keyboard moves). */
  select(next: GridSelection, reveal: boolean): void;
}

/**
 * The active cell and the anchor of the range selection (shift-click, shift-arrows, dragging),
 * starting at the top-left cell. A selection left outside the grid by a removed row or column is
 * clamped to the grid's last row and column.
 */
export function useGridSelection(
  scrollRef: RefObject<HTMLElement | null>,
  rows: number,
  cols: number,
): GridSelectionState {
  const [raw, setRaw] = useState<GridSelection>(() => cellSelection({ row: 0, col: 0 }));
  const selection = useMemo(
    () => ({ active: clampPosition(raw.active, rows, cols), anchor: clampPosition(raw.anchor, rows, cols) }),
    [raw, rows, cols],
  );
  const range = useMemo(() => selectionRange(selection), [selection]);
  const select = useCallback(
    (next: GridSelection, reveal: boolean) => {
      setRaw(next);
      if (reveal) revealCell(scrollRef.current, next.active.row, next.active.col);
    },
    [scrollRef],
  );
  return { selection, range, select };
}
