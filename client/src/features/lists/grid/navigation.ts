import type { CellPos, GridSelection } from './gridTypes';

/** A movement of the active cell (WAI-ARIA grid pattern keys; spec 02 §2 cell editing). */
export type NavCommand =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'rowStart'
  | 'rowEnd'
  | 'columnStart'
  | 'columnEnd'
  | 'gridStart'
  | 'gridEnd'
  | 'pageUp'
  | 'pageDown'
  | 'next'
  | 'previous';

/** The space the active cell moves in. */
export interface NavBounds {
  /** Rows shown (data and spare rows). */
  readonly rows: number;
  /** Columns shown (data and spare column). */
  readonly cols: number;
  /** Rows that fit in the viewport (PageUp/PageDown step). */
  readonly pageRows: number;
  /** Last cell holding data, the target of Ctrl+End. */
  readonly lastDataCell: CellPos;
}

/** The subset of a keyboard event the key mapping reads. */
export interface KeyLike {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Where `command` moves the active cell. `next`/`previous` (Tab and Shift+Tab after an edit)
 * wrap to the next or previous row; the other moves stop at the edges.
 */
export function moveCell(pos: CellPos, command: NavCommand, bounds: NavBounds): CellPos {
  const lastRow = Math.max(0, bounds.rows - 1);
  const lastCol = Math.max(0, bounds.cols - 1);
  const { row, col } = pos;
  switch (command) {
    case 'up':
      return { row: clamp(row - 1, 0, lastRow), col };
    case 'down':
      return { row: clamp(row + 1, 0, lastRow), col };
    case 'left':
      return { row, col: clamp(col - 1, 0, lastCol) };
    case 'right':
      return { row, col: clamp(col + 1, 0, lastCol) };
    case 'rowStart':
      return { row, col: 0 };
    case 'rowEnd':
      return { row, col: lastCol };
    case 'columnStart':
      return { row: 0, col };
    case 'columnEnd':
      return { row: lastRow, col };
    case 'gridStart':
      return { row: 0, col: 0 };
    case 'gridEnd':
      return {
        row: clamp(bounds.lastDataCell.row, 0, lastRow),
        col: clamp(bounds.lastDataCell.col, 0, lastCol),
      };
    case 'pageUp':
      return { row: clamp(row - Math.max(1, bounds.pageRows), 0, lastRow), col };
    case 'pageDown':
      return { row: clamp(row + Math.max(1, bounds.pageRows), 0, lastRow), col };
    case 'next':
      if (col < lastCol) return { row, col: col + 1 };
      return row < lastRow ? { row: row + 1, col: 0 } : pos;
    case 'previous':
      if (col > 0) return { row, col: col - 1 };
      return row > 0 ? { row: row - 1, col: lastCol } : pos;
  }
}

/**
 * The keyboard navigation reducer: applies `command` to a selection. With `extend` (Shift) the
 * anchor stays and the range grows; otherwise the selection collapses onto the new cell.
 */
export function navigate(
  selection: GridSelection,
  command: NavCommand,
  bounds: NavBounds,
  extend: boolean,
): GridSelection {
  const active = moveCell(selection.active, command, bounds);
  return { active, anchor: extend ? selection.anchor : active };
}

/**
 * Maps a key press in navigation mode to a command (WAI-ARIA APG grid keys): arrows, Home/End
 * (row), Ctrl+Home/End (grid), PageUp/PageDown, Ctrl+arrows (to the edge). Shift extends the
 * range. Returns null for keys that do not move.
 */
export function keyToCommand(event: KeyLike): { command: NavCommand; extend: boolean } | null {
  if (event.altKey) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  const extend = event.shiftKey;
  switch (event.key) {
    case 'ArrowUp':
      return { command: ctrl ? 'columnStart' : 'up', extend };
    case 'ArrowDown':
      return { command: ctrl ? 'columnEnd' : 'down', extend };
    case 'ArrowLeft':
      return { command: ctrl ? 'rowStart' : 'left', extend };
    case 'ArrowRight':
      return { command: ctrl ? 'rowEnd' : 'right', extend };
    case 'Home':
      return { command: ctrl ? 'gridStart' : 'rowStart', extend };
    case 'End':
      return { command: ctrl ? 'gridEnd' : 'rowEnd', extend };
    case 'PageUp':
      return { command: 'pageUp', extend };
    case 'PageDown':
      return { command: 'pageDown', extend };
    default:
      return null;
  }
}
