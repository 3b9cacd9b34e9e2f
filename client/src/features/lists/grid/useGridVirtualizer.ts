import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { COLUMN_WIDTH, ROW_HEADER_WIDTH, ROW_HEIGHT } from './gridTypes';

/** Rows rendered beyond each edge of the viewport (generous, against blank flashes: FIELD-NOTES). */
export const ROW_OVERSCAN = 5;
/** Columns rendered beyond each edge of the viewport. */
export const COLUMN_OVERSCAN = 1;

const INITIAL_RECT = { width: 1200, height: 640 };

type ObserveOffsetCallBack = (offset: number, isScrolling: boolean) => void;

/**
 * One scroll listener for both virtualisers of a grid. The default gives each virtualiser its own
 * listener that re-renders synchronously, so a diagonal scroll rendered the grid twice per event
 * and the second listener's read of scrollLeft forced a layout of the first render. Here both
 * offsets are read first, then both virtualisers are told inside one flushSync: one render per
 * scroll event, before the frame paints. The offsets are always reported as "scrolling": with
 * fixed sizes and no programmatic scrollToIndex nothing depends on the end of a scroll, and
 * reporting it (scrollend follows every programmatic scroll) would cost a render per frame.
 */
class GridScrollHub {
  private readonly observers = new Set<{ horizontal: boolean; callback: ObserveOffsetCallBack }>();
  private element: HTMLElement | null = null;

  readonly observe = (instance: Virtualizer<HTMLDivElement, Element>, callback: ObserveOffsetCallBack) => {
    const element = instance.scrollElement;
    if (!element) return undefined;
    const observer = { horizontal: instance.options.horizontal, callback };
    this.observers.add(observer);
    if (this.element !== element) {
      this.detach();
      this.element = element;
      element.addEventListener('scroll', this.onScroll, { passive: true });
    }
    return () => {
      this.observers.delete(observer);
      if (this.observers.size === 0) this.detach();
    };
  };

  private detach(): void {
    this.element?.removeEventListener('scroll', this.onScroll);
    this.element = null;
  }

  private readonly onScroll = () => {
    const element = this.element;
    if (!element) return;
    const top = element.scrollTop;
    const left = element.scrollLeft;
    flushSync(() => {
      for (const { horizontal, callback } of this.observers) callback(horizontal ? left : top, true);
    });
  };
}

/** The visible window of the grid on both axes. */
export interface GridWindow {
  /** First and last rendered row and column (inclusive); -1 when there are none. */
  readonly firstRow: number;
  readonly lastRow: number;
  readonly firstCol: number;
  readonly lastCol: number;
  /** Size of the whole grid content in px, header row and row numbers included. */
  readonly totalHeight: number;
  readonly totalWidth: number;
}

/**
 * Virtualises the grid on both axes with @tanstack/react-virtual (issue 3 performance): fixed
 * 40 px rows after the 40 px header row and 250 px columns after the 64 px row numbers, so the
 * DOM holds only the cells of the visible window plus overscan, whatever the list's size.
 */
export function useGridVirtualizer(
  scrollRef: RefObject<HTMLDivElement | null>,
  rowCount: number,
  columnCount: number,
): GridWindow {
  const getScrollElement = useCallback(() => scrollRef.current, [scrollRef]);
  const [hub] = useState(() => new GridScrollHub());
  const rowSize = useCallback(() => ROW_HEIGHT, []);
  const columnSize = useCallback(() => COLUMN_WIDTH, []);
  const rows = useVirtualizer({
    count: rowCount,
    getScrollElement,
    estimateSize: rowSize,
    overscan: ROW_OVERSCAN,
    paddingStart: ROW_HEIGHT,
    initialRect: INITIAL_RECT,
    observeElementOffset: hub.observe,
    useFlushSync: false,
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: columnCount,
    getScrollElement,
    estimateSize: columnSize,
    overscan: COLUMN_OVERSCAN,
    paddingStart: ROW_HEADER_WIDTH,
    initialRect: INITIAL_RECT,
    observeElementOffset: hub.observe,
    useFlushSync: false,
  });
  const rowItems = rows.getVirtualItems();
  const columnItems = columns.getVirtualItems();
  return {
    firstRow: rowItems[0]?.index ?? -1,
    lastRow: rowItems[rowItems.length - 1]?.index ?? -1,
    firstCol: columnItems[0]?.index ?? -1,
    lastCol: columnItems[columnItems.length - 1]?.index ?? -1,
    totalHeight: rows.getTotalSize(),
    totalWidth: columns.getTotalSize(),
  };
}

/**
 * Scrolls the grid so that a cell is fully visible below the sticky header row and right of the
 * sticky row numbers (keyboard moves, scrollToCell).
 */
export function revealCell(scroller: HTMLElement | null, row: number, col: number): void {
  if (!scroller) return;
  const top = ROW_HEIGHT + row * ROW_HEIGHT;
  const left = ROW_HEADER_WIDTH + col * COLUMN_WIDTH;
  if (top - ROW_HEIGHT < scroller.scrollTop) scroller.scrollTop = top - ROW_HEIGHT;
  else if (top + ROW_HEIGHT > scroller.scrollTop + scroller.clientHeight) {
    scroller.scrollTop = top + ROW_HEIGHT - scroller.clientHeight;
  }
  if (left - ROW_HEADER_WIDTH < scroller.scrollLeft) scroller.scrollLeft = left - ROW_HEADER_WIDTH;
  else if (left + COLUMN_WIDTH > scroller.scrollLeft + scroller.clientWidth) {
    scroller.scrollLeft = left + COLUMN_WIDTH - scroller.clientWidth;
  }
}

/** Rows that fit below the header row (the PageUp/PageDown step). */
export function rowsPerPage(scroller: HTMLElement | null): number {
  if (!scroller) return 10;
  return Math.max(1, Math.floor((scroller.clientHeight - ROW_HEIGHT) / ROW_HEIGHT));
}
