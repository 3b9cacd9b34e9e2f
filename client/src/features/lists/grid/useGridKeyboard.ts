import { type KeyboardEvent, useCallback, useRef } from 'react';
import type { GridSelection } from './gridTypes';
import { keyToCommand, moveCell, type NavBounds, navigate } from './navigation';

/** What the grid's keyboard handling can do. */
export interface GridKeyboardContext {
  readonly isReadOnly: boolean;
  readonly selection: GridSelection;
  bounds(): NavBounds;
  select(selection: GridSelection, reveal: boolean): void;
  /** Starts editing the active cell with `text`, or with its own text when null. */
  startEditing(text: string | null): void;
  clearSelection(): void;
  selectAll(): void;
  undo(): void;
  redo(): void;
  openMenuAtActive(): void;
  /** Opens the find bar (Ctrl/Cmd+F; issue 8 item 18). */
  openFind(): void;
}

/**
 * The grid's key handling in navigation mode (WAI-ARIA APG grid keys; spec 02 §2; issue 3 §5):
 * arrows, Home/End, Ctrl+Home/End, PageUp/PageDown and Ctrl+arrows move (Shift extends);
 * Enter or F2 edits the active cell; a printable character starts editing with it (as does an
 * IME key press, keyCode 229); Delete/Backspace clears the selection; Ctrl+A selects all;
 * Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo; Ctrl/Cmd+F opens the find bar (issue 8 item 18);
 * the Menu key and Shift+F10 open the context menu;
 * Escape collapses the selection. In an editable grid, Tab and Shift+Tab move right and left,
 * wrapping to the next or previous row as in Sheets and Excel, so what is typed next lands in
 * the grid; past the last cell (or before the first) the key is left to the browser and the focus
 * leaves the grid. A read-only grid stays one tab stop (APG grid pattern): Tab leaves it.
 */
export function handleGridKey(event: KeyboardEvent<HTMLElement>, ctx: GridKeyboardContext): void {
  // Keys typed in the cell editor or a menu inside the grid are theirs.
  if (event.target !== event.currentTarget) return;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key;
  const move = keyToCommand(event);
  if (move) {
    event.preventDefault();
    ctx.select(navigate(ctx.selection, move.command, ctx.bounds(), move.extend), true);
    return;
  }
  if (ctrl && !event.altKey) {
    const lower = key.toLowerCase();
    if (lower === 'z' || lower === 'y') {
      event.preventDefault();
      if (ctx.isReadOnly) return;
      if (lower === 'y' || event.shiftKey) ctx.redo();
      else ctx.undo();
    } else if (lower === 'a') {
      event.preventDefault();
      ctx.selectAll();
    } else if (lower === 'f') {
      event.preventDefault();
      ctx.openFind();
    }
    return;
  }
  if (key === 'Tab' && !ctrl && !event.altKey && !ctx.isReadOnly) {
    const { active } = ctx.selection;
    const next = moveCell(active, event.shiftKey ? 'previous' : 'next', ctx.bounds());
    // At the grid's last (first) cell the browser moves the focus on: the only way out by Tab.
    if (next.row === active.row && next.col === active.col) return;
    event.preventDefault();
    ctx.select({ active: next, anchor: next }, true);
    return;
  }
  if (key === 'ContextMenu' || (key === 'F10' && event.shiftKey)) {
    event.preventDefault();
    ctx.openMenuAtActive();
    return;
  }
  if (key === 'Escape') {
    const { active } = ctx.selection;
    ctx.select({ active, anchor: active }, false);
    return;
  }
  if (ctx.isReadOnly) return;
  if (key === 'Enter' || key === 'F2') {
    event.preventDefault();
    ctx.startEditing(null);
  } else if (key === 'Delete' || key === 'Backspace') {
    event.preventDefault();
    ctx.clearSelection();
  } else if (event.nativeEvent.isComposing || event.keyCode === 229 || key === 'Process') {
    ctx.startEditing('');
  } else if (key.length === 1 && !event.altKey) {
    event.preventDefault();
    ctx.startEditing(key);
  }
}

/** A stable keydown handler over the latest context (see handleGridKey). */
export function useGridKeyboard(ctx: GridKeyboardContext): (event: KeyboardEvent<HTMLElement>) => void {
  const latest = useRef(ctx);
  latest.current = ctx;
  return useCallback((event: KeyboardEvent<HTMLElement>) => handleGridKey(event, latest.current), []);
}
