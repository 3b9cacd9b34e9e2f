import { describe, expect, it } from 'vitest';
import {
  findMatcher,
  findMatches,
  firstMatchFrom,
  matchCountLabel,
  matchPosition,
  NO_MATCHES,
  stepMatch,
} from './find';
import type { GridData } from './gridTypes';

function grid(...columns: string[][]): GridData {
  return {
    columns: columns.map((values, i) => ({ key: `c${i}`, id: i + 1, name: `C${i}`, values, ids: [] })),
    rowCount: Math.max(0, ...columns.map((values) => values.length)),
  };
}

const positions = (data: GridData, query: string) => {
  const matches = findMatches(data, query);
  return Array.from({ length: matches.count }, (_, i) => matchPosition(matches, i));
};

describe('findMatches (issue 8 item 18: find in the list editor)', () => {
  const data = grid(['Europe', 'Asia', 'Oceania', ''], ['France', 'Japan', 'australia', 'New Zealand']);

  it('finds case-insensitive substrings row by row, left to right', () => {
    expect(positions(data, 'a')).toEqual([
      { row: 0, col: 1 },
      { row: 1, col: 0 },
      { row: 1, col: 1 },
      { row: 2, col: 0 },
      { row: 2, col: 1 },
      { row: 3, col: 1 },
    ]);
    expect(positions(data, 'AUSTRALIA')).toEqual([{ row: 2, col: 1 }]);
    expect(positions(data, 'eur')).toEqual([{ row: 0, col: 0 }]);
  });

  it('takes the query literally: spaces and expression characters are plain text', () => {
    const symbols = grid(['a.b', 'axb', '(x)', 'C++', 'New Zealand']);
    expect(positions(symbols, '.')).toEqual([{ row: 0, col: 0 }]);
    expect(positions(symbols, '(x)')).toEqual([{ row: 2, col: 0 }]);
    expect(positions(symbols, '++')).toEqual([{ row: 3, col: 0 }]);
    expect(positions(symbols, 'w z')).toEqual([{ row: 4, col: 0 }]);
  });

  it('finds nothing for an empty query, in empty cells, or in an empty grid', () => {
    expect(findMatches(data, '').count).toBe(0);
    expect(findMatches(grid(['', '', 'x']), 'y').count).toBe(0);
    expect(findMatches(grid(), 'a').count).toBe(0);
    expect(findMatcher('')).toBeNull();
  });

  it('reads columns shorter than the grid as empty cells', () => {
    const ragged = grid(['x'], ['', '', 'x']);
    expect(positions(ragged, 'x')).toEqual([
      { row: 0, col: 0 },
      { row: 2, col: 1 },
    ]);
  });

  it('counts every match of a large grid, past the typed array it starts with', () => {
    const rows = 5000;
    const big = grid(
      Array.from({ length: rows }, (_, i) => `Row ${i}`),
      Array.from({ length: rows }, (_, i) => (i % 2 === 0 ? 'even' : 'odd')),
    );
    const matches = findMatches(big, 'o');
    // "Row …" in every row, "odd" in half of them.
    expect(matches.count).toBe(rows + rows / 2);
    expect(matchPosition(matches, matches.count - 1)).toEqual({ row: rows - 1, col: 1 });
  });
});

describe('moving between matches', () => {
  const data = grid(['a', '', 'a', ''], ['', 'a', '', 'a']);
  const matches = findMatches(data, 'a');

  it('starts at the first match at or after a cell, wrapping past the end', () => {
    expect(firstMatchFrom(matches, { row: 0, col: 0 })).toBe(0);
    expect(firstMatchFrom(matches, { row: 0, col: 1 })).toBe(1);
    expect(firstMatchFrom(matches, { row: 2, col: 1 })).toBe(3);
    expect(firstMatchFrom(matches, { row: 3, col: 1 })).toBe(3);
    expect(firstMatchFrom(matches, { row: 9, col: 0 })).toBe(0);
    expect(firstMatchFrom(NO_MATCHES, { row: 0, col: 0 })).toBe(-1);
  });

  it('steps forward and back with wrap-around (Enter, Shift+Enter)', () => {
    expect(stepMatch(0, 4, 1)).toBe(1);
    expect(stepMatch(3, 4, 1)).toBe(0);
    expect(stepMatch(0, 4, -1)).toBe(3);
    expect(stepMatch(-1, 4, 1)).toBe(0);
    expect(stepMatch(-1, 4, -1)).toBe(3);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });

  it('says "3 of 120", "No matches", or nothing before a search', () => {
    expect(matchCountLabel(matches, 2)).toBe('3 of 4');
    expect(matchCountLabel(findMatches(data, 'zzz'), -1)).toBe('No matches');
    expect(matchCountLabel(NO_MATCHES, -1)).toBe('');
    const many = findMatches(grid(Array.from({ length: 1200 }, () => 'a')), 'a');
    expect(matchCountLabel(many, 1199)).toBe('1,200 of 1,200');
  });
});
