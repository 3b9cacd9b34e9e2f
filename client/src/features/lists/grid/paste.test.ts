import { describe, expect, it } from 'vitest';
import { emptyGrid } from './gridData';
import type { GridData } from './gridTypes';
import { type PasteLimits, placePaste } from './paste';
import { parseTsv } from './tsv';

const LIMITS: PasteLimits = { maxColumns: 100, maxRows: 10_000, isSingleColumn: false };

describe('placePaste', () => {
  it('writes the block at the active cell, growing rows and columns', () => {
    const data = emptyGrid(1, 10);
    const result = placePaste(data, { row: 9, col: 0 }, parseTsv('a\tb\tc\nd\te\tf'), LIMITS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.rowCount).toBe(11);
    expect(result.data.columns.map((c) => c.name)).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(result.data.columns.map((c) => c.values.slice(9))).toEqual([
      ['a', 'd'],
      ['b', 'e'],
      ['c', 'f'],
    ]);
  });

  it('trims extra columns when pasting into a single-column (drop-down) list', () => {
    const data = emptyGrid(1, 0);
    const result = placePaste(
      data,
      { row: 0, col: 0 },
      [
        ['USD', 'Dollar'],
        ['EUR', 'Euro'],
      ],
      {
        ...LIMITS,
        maxColumns: 1,
        isSingleColumn: true,
      },
    );
    expect(result).toMatchObject({ ok: true, columns: 1, rows: 2, trimmedColumns: 1 });
    if (result.ok) expect(result.data.columns.map((c) => [...c.values])).toEqual([['USD', 'EUR']]);
  });

  it('refuses blocks that pass 100 columns or 10,000 rows and changes nothing', () => {
    const data = emptyGrid(1, 0);
    const wide = [Array.from({ length: 100 }, (_, i) => `c${i}`)];
    expect(placePaste(data, { row: 0, col: 0 }, wide, LIMITS).ok).toBe(true);
    const tooWide = placePaste(data, { row: 0, col: 1 }, wide, LIMITS);
    expect(tooWide).toEqual({
      ok: false,
      message:
        'The pasted block needs 101 columns from column 2; a list holds at most 100. Nothing was pasted.',
    });
    const tall = Array.from({ length: 10_000 }, () => ['x']);
    expect(placePaste(data, { row: 0, col: 0 }, tall, LIMITS).ok).toBe(true);
    const tooTall = placePaste(data, { row: 1, col: 0 }, tall, LIMITS);
    expect(tooTall).toEqual({
      ok: false,
      message:
        'The pasted block needs 10,001 rows from row 2; a list holds at most 10,000. Nothing was pasted.',
    });
  });

  it('pastes 10,000 x 100 cells into a full list in one new state sharing nothing it replaced', () => {
    const values = Array.from({ length: 10_000 }, (_, r) => `old ${r}`);
    const full: GridData = {
      columns: Array.from({ length: 100 }, (_, c) => ({
        key: `k${c}`,
        id: c + 1,
        name: `C${c}`,
        values,
        ids: values.map((_, r) => c * 10_000 + r + 1),
      })),
      rowCount: 10_000,
    };
    const block = Array.from({ length: 10_000 }, (_, r) =>
      Array.from({ length: 100 }, (_, c) => `${r}:${c}`),
    );
    const result = placePaste(full, { row: 0, col: 0 }, block, LIMITS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.columns[99]!.values[9_999]).toBe('9999:99');
    expect(result.data.columns[0]!.ids).toBe(full.columns[0]!.ids);
    expect(full.columns[0]!.values[0]).toBe('old 0');
  });

  it('trims columns pasted beyond fixed columns (the submission table) and counts them', () => {
    const data = emptyGrid(3, 0);
    const result = placePaste(data, { row: 0, col: 1 }, parseTsv('a\tb\tc\td\ne\tf\tg\th'), {
      ...LIMITS,
      maxColumns: 3,
      trimColumns: true,
    });
    expect(result).toMatchObject({ ok: true, columns: 2, rows: 2, trimmedColumns: 2 });
    if (result.ok)
      expect(result.data.columns.map((c) => [...c.values])).toEqual([[], ['a', 'e'], ['b', 'f']]);
  });
});
