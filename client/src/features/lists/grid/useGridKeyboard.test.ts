import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GridKeyboardContext } from './useGridKeyboard';
import { handleGridKey } from './useGridKeyboard';

function press(
  key: string,
  mods: Partial<{
    shiftKey: boolean;
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
    keyCode: number;
  }> = {},
  options: {
    isReadOnly?: boolean;
    isComposing?: boolean;
    fromEditor?: boolean;
    active?: { row: number; col: number };
  } = {},
) {
  const grid = {};
  const event = {
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    keyCode: 0,
    ...mods,
    target: options.fromEditor ? {} : grid,
    currentTarget: grid,
    nativeEvent: { isComposing: options.isComposing ?? false },
    preventDefault: vi.fn(),
  } as unknown as KeyboardEvent<HTMLElement>;
  const ctx: GridKeyboardContext = {
    isReadOnly: options.isReadOnly ?? false,
    selection: { active: options.active ?? { row: 2, col: 1 }, anchor: options.active ?? { row: 2, col: 1 } },
    bounds: () => ({ rows: 20, cols: 4, pageRows: 5, lastDataCell: { row: 9, col: 2 } }),
    select: vi.fn(),
    startEditing: vi.fn(),
    clearSelection: vi.fn(),
    selectAll: vi.fn(),
    undo: vi.fn(),
    redo: vi.fn(),
    openMenuAtActive: vi.fn(),
    openFind: vi.fn(),
  };
  handleGridKey(event, ctx);
  return { ctx, event };
}

describe('grid keys in navigation mode', () => {
  it('moves and extends with the navigation keys, revealing the active cell', () => {
    const { ctx, event } = press('ArrowDown', { shiftKey: true });
    expect(ctx.select).toHaveBeenCalledWith({ active: { row: 3, col: 1 }, anchor: { row: 2, col: 1 } }, true);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(press('PageDown').ctx.select).toHaveBeenCalledWith(
      { active: { row: 7, col: 1 }, anchor: { row: 7, col: 1 } },
      true,
    );
  });

  it('edits with Enter, F2 or a typed character, and clears with Delete or Backspace', () => {
    expect(press('Enter').ctx.startEditing).toHaveBeenCalledWith(null);
    expect(press('F2').ctx.startEditing).toHaveBeenCalledWith(null);
    expect(press('q').ctx.startEditing).toHaveBeenCalledWith('q');
    expect(press('Delete').ctx.clearSelection).toHaveBeenCalled();
    expect(press('Backspace').ctx.clearSelection).toHaveBeenCalled();
  });

  it('starts an empty edit for an IME key press instead of losing it', () => {
    expect(press('Process', { keyCode: 229 }).ctx.startEditing).toHaveBeenCalledWith('');
    expect(press('a', {}, { isComposing: true }).ctx.startEditing).toHaveBeenCalledWith('');
  });

  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z or Ctrl+Y; selects all with Ctrl+A', () => {
    expect(press('z', { ctrlKey: true }).ctx.undo).toHaveBeenCalled();
    expect(press('Z', { ctrlKey: true, shiftKey: true }).ctx.redo).toHaveBeenCalled();
    expect(press('y', { metaKey: true }).ctx.redo).toHaveBeenCalled();
    expect(press('a', { ctrlKey: true }).ctx.selectAll).toHaveBeenCalled();
  });

  it('opens the find bar with Ctrl+F or Cmd+F, read-only too, instead of the browser find (issue 8 item 18)', () => {
    const ctrl = press('f', { ctrlKey: true });
    expect(ctrl.ctx.openFind).toHaveBeenCalled();
    expect(ctrl.event.preventDefault).toHaveBeenCalled();
    expect(press('F', { metaKey: true }, { isReadOnly: true }).ctx.openFind).toHaveBeenCalled();
    expect(press('f').ctx.openFind).not.toHaveBeenCalled();
  });

  it('opens the context menu with the Menu key or Shift+F10', () => {
    expect(press('ContextMenu').ctx.openMenuAtActive).toHaveBeenCalled();
    expect(press('F10', { shiftKey: true }).ctx.openMenuAtActive).toHaveBeenCalled();
  });

  it('moves right with Tab and left with Shift+Tab, wrapping rows, in an editable grid (spreadsheet Tab)', () => {
    const tab = press('Tab');
    expect(tab.event.preventDefault).toHaveBeenCalled();
    expect(tab.ctx.select).toHaveBeenCalledWith(
      { active: { row: 2, col: 2 }, anchor: { row: 2, col: 2 } },
      true,
    );
    expect(press('Tab', {}, { active: { row: 2, col: 3 } }).ctx.select).toHaveBeenCalledWith(
      { active: { row: 3, col: 0 }, anchor: { row: 3, col: 0 } },
      true,
    );
    expect(press('Tab', { shiftKey: true }, { active: { row: 2, col: 0 } }).ctx.select).toHaveBeenCalledWith(
      { active: { row: 1, col: 3 }, anchor: { row: 1, col: 3 } },
      true,
    );
  });

  it('lets Tab leave the grid only past its last cell (Shift+Tab: before its first) or when read-only', () => {
    for (const [mods, active, options] of [
      [{}, { row: 19, col: 3 }, {}],
      [{ shiftKey: true }, { row: 0, col: 0 }, {}],
      [{}, { row: 2, col: 1 }, { isReadOnly: true }],
    ] as const) {
      const tab = press('Tab', mods, { ...options, active });
      expect(tab.event.preventDefault).not.toHaveBeenCalled();
      expect(tab.ctx.select).not.toHaveBeenCalled();
    }
  });

  it('ignores keys of the editor inside the grid', () => {
    expect(press('ArrowDown', {}, { fromEditor: true }).ctx.select).not.toHaveBeenCalled();
    expect(press('Tab', {}, { fromEditor: true }).ctx.select).not.toHaveBeenCalled();
  });

  it('moves but does not edit, clear or undo when read-only', () => {
    const options = { isReadOnly: true };
    expect(press('ArrowUp', {}, options).ctx.select).toHaveBeenCalled();
    expect(press('x', {}, options).ctx.startEditing).not.toHaveBeenCalled();
    expect(press('Delete', {}, options).ctx.clearSelection).not.toHaveBeenCalled();
    expect(press('z', { ctrlKey: true }, options).ctx.undo).not.toHaveBeenCalled();
  });
});
