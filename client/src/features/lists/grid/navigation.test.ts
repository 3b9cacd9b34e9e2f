import { describe, expect, it } from 'vitest';
import { keyToCommand, type NavBounds, navigate } from './navigation';

const bounds: NavBounds = { rows: 20, cols: 4, pageRows: 5, lastDataCell: { row: 9, col: 2 } };
const at = (row: number, col: number) => ({ active: { row, col }, anchor: { row, col } });
const key = (
  k: string,
  mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('keyboard navigation', () => {
  it('moves with the arrows and stops at the edges', () => {
    expect(navigate(at(0, 0), 'up', bounds, false).active).toEqual({ row: 0, col: 0 });
    expect(navigate(at(0, 0), 'down', bounds, false).active).toEqual({ row: 1, col: 0 });
    expect(navigate(at(0, 3), 'right', bounds, false).active).toEqual({ row: 0, col: 3 });
    expect(navigate(at(5, 2), 'left', bounds, false).active).toEqual({ row: 5, col: 1 });
    expect(navigate(at(19, 1), 'down', bounds, false).active).toEqual({ row: 19, col: 1 });
  });

  it('goes to the row ends with Home/End and to the grid ends with Ctrl+Home/End', () => {
    expect(navigate(at(3, 2), 'rowStart', bounds, false).active).toEqual({ row: 3, col: 0 });
    expect(navigate(at(3, 0), 'rowEnd', bounds, false).active).toEqual({ row: 3, col: 3 });
    expect(navigate(at(3, 2), 'gridStart', bounds, false).active).toEqual({ row: 0, col: 0 });
    expect(navigate(at(0, 0), 'gridEnd', bounds, false).active).toEqual({ row: 9, col: 2 });
  });

  it('pages by the rows in view and clamps', () => {
    expect(navigate(at(3, 1), 'pageDown', bounds, false).active).toEqual({ row: 8, col: 1 });
    expect(navigate(at(17, 1), 'pageDown', bounds, false).active).toEqual({ row: 19, col: 1 });
    expect(navigate(at(3, 1), 'pageUp', bounds, false).active).toEqual({ row: 0, col: 1 });
  });

  it('wraps Tab to the next row and Shift+Tab to the previous one', () => {
    expect(navigate(at(2, 3), 'next', bounds, false).active).toEqual({ row: 3, col: 0 });
    expect(navigate(at(2, 1), 'next', bounds, false).active).toEqual({ row: 2, col: 2 });
    expect(navigate(at(2, 0), 'previous', bounds, false).active).toEqual({ row: 1, col: 3 });
    expect(navigate(at(0, 0), 'previous', bounds, false).active).toEqual({ row: 0, col: 0 });
    expect(navigate(at(19, 3), 'next', bounds, false).active).toEqual({ row: 19, col: 3 });
  });

  it('extends the range with Shift, keeping the anchor', () => {
    const extended = navigate(navigate(at(1, 1), 'down', bounds, true), 'right', bounds, true);
    expect(extended).toEqual({ active: { row: 2, col: 2 }, anchor: { row: 1, col: 1 } });
    expect(navigate(extended, 'down', bounds, false)).toEqual(at(3, 2));
  });

  it('maps keys to commands', () => {
    expect(keyToCommand(key('ArrowDown'))).toEqual({ command: 'down', extend: false });
    expect(keyToCommand(key('ArrowRight', { shiftKey: true }))).toEqual({ command: 'right', extend: true });
    expect(keyToCommand(key('Home', { ctrlKey: true }))).toEqual({ command: 'gridStart', extend: false });
    expect(keyToCommand(key('End', { metaKey: true }))).toEqual({ command: 'gridEnd', extend: false });
    expect(keyToCommand(key('ArrowUp', { ctrlKey: true }))).toEqual({
      command: 'columnStart',
      extend: false,
    });
    expect(keyToCommand(key('PageDown'))).toEqual({ command: 'pageDown', extend: false });
    expect(keyToCommand(key('a'))).toBeNull();
    expect(keyToCommand(key('ArrowDown', { altKey: true }))).toBeNull();
  });
});
