import { describe, expect, it } from 'vitest';
import { emptyGrid, insertColumn, setCell } from './gridData';
import { pushHistory, redoHistory, replacePresent, startHistory, undoHistory } from './gridHistory';
import { placePaste } from './paste';

describe('grid history', () => {
  it('undoes and redoes edits in order, and a new edit drops the redo branch', () => {
    const a = emptyGrid(1, 10);
    const b = setCell(a, { row: 0, col: 0 }, 'one');
    const c = setCell(b, { row: 1, col: 0 }, 'two');
    let h = pushHistory(pushHistory(startHistory(a), b), c);
    h = undoHistory(h);
    expect(h.present).toBe(b);
    h = undoHistory(h);
    expect(h.present).toBe(a);
    expect(undoHistory(h)).toBe(h);
    h = redoHistory(h);
    expect(h.present).toBe(b);
    const d = setCell(b, { row: 2, col: 0 }, 'three');
    h = pushHistory(h, d);
    expect(h.future).toEqual([]);
    expect(redoHistory(h)).toBe(h);
  });

  it('makes a paste of many cells one step', () => {
    const a = emptyGrid(1, 10);
    const pasted = placePaste(
      a,
      { row: 0, col: 0 },
      [
        ['1', '2'],
        ['3', '4'],
        ['5', '6'],
      ],
      {
        maxColumns: 100,
        maxRows: 10_000,
        isSingleColumn: false,
      },
    );
    if (!pasted.ok) throw new Error(pasted.message);
    const h = undoHistory(pushHistory(startHistory(a), pasted.data));
    expect(h.present).toBe(a);
  });

  it('undoes structure changes', () => {
    const a = emptyGrid(1, 10);
    const b = insertColumn(a, 0, 'Column 2');
    const h = undoHistory(pushHistory(startHistory(a), b));
    expect(h.present.columns.map((c) => c.name)).toEqual(['Column 1']);
  });

  it('records nothing for an unchanged state, keeps at most the limit, and replaces the present without a step', () => {
    const a = emptyGrid(1, 10);
    const h = startHistory(a);
    expect(pushHistory(h, a)).toBe(h);
    let long = h;
    for (let i = 0; i < 5; i++)
      long = pushHistory(long, setCell(long.present, { row: 0, col: 0 }, `v${i}`), 3);
    expect(long.past).toHaveLength(3);
    const replaced = replacePresent(long, a);
    expect(replaced.present).toBe(a);
    expect(replaced.past).toBe(long.past);
  });
});
