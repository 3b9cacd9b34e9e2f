import { describe, expect, it } from 'vitest';
import {
  clampPage,
  DEFAULT_LIST_SORT,
  isPageSize,
  nextSort,
  pageAfterResize,
  pageCount,
  pageRange,
  rangeLabel,
  sortLists,
} from './managerTableModel';

const lists = [
  { id: 1, name: 'list 10', updated_at: '2026-03-01T10:00:00.000Z' },
  { id: 2, name: 'List 2', updated_at: '2026-03-03T10:00:00.000Z' },
  { id: 3, name: 'Árbol', updated_at: '2026-03-02T10:00:00.000Z' },
  { id: 4, name: 'beta', updated_at: '2026-03-03T10:00:00.000Z' },
];
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('sortLists', () => {
  it('puts the newest change first by default, ties by highest id', () => {
    expect(ids(sortLists(lists, DEFAULT_LIST_SORT))).toEqual([4, 2, 3, 1]);
  });

  it('sorts by updated_at ascending', () => {
    expect(ids(sortLists(lists, { key: 'updated_at', direction: 'asc' }))).toEqual([1, 3, 4, 2]);
  });

  it('sorts names case- and accent-insensitively with numbers in numeric order', () => {
    expect(ids(sortLists(lists, { key: 'name', direction: 'asc' }))).toEqual([3, 4, 2, 1]);
    expect(ids(sortLists(lists, { key: 'name', direction: 'desc' }))).toEqual([1, 2, 4, 3]);
  });

  it('breaks name ties by the newest change', () => {
    const twins = [
      { id: 7, name: 'Same', updated_at: '2026-01-01T00:00:00.000Z' },
      { id: 8, name: 'same', updated_at: '2026-02-01T00:00:00.000Z' },
    ];
    expect(ids(sortLists(twins, { key: 'name', direction: 'asc' }))).toEqual([8, 7]);
  });

  it('leaves its input alone', () => {
    const input = [...lists];
    sortLists(input, { key: 'name', direction: 'asc' });
    expect(input).toEqual(lists);
  });
});

describe('nextSort', () => {
  it('flips the direction of the same column', () => {
    expect(nextSort(DEFAULT_LIST_SORT, 'updated_at')).toEqual({ key: 'updated_at', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
  });

  it('starts name ascending and updated_at newest first', () => {
    expect(nextSort(DEFAULT_LIST_SORT, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'updated_at')).toEqual(DEFAULT_LIST_SORT);
  });
});

describe('paging', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(312, 100)).toBe(4);
  });

  it('keeps the page among the pages that exist', () => {
    expect(clampPage(5, 120, 50)).toBe(2);
    expect(clampPage(-1, 120, 50)).toBe(0);
    expect(clampPage(3, 0, 50)).toBe(0);
  });

  it('gives the index range of a page, the last one short', () => {
    expect(pageRange(0, 50, 312)).toEqual({ start: 0, end: 50 });
    expect(pageRange(6, 50, 312)).toEqual({ start: 300, end: 312 });
    expect(pageRange(9, 50, 312)).toEqual({ start: 300, end: 312 });
  });

  it('labels the range shown', () => {
    expect(rangeLabel(0, 50, 312)).toBe('1–50 of 312');
    expect(rangeLabel(1, 50, 312)).toBe('51–100 of 312');
    expect(rangeLabel(1, 300, 312)).toBe('301–312 of 312');
    expect(rangeLabel(0, 100, 7)).toBe('1–7 of 7');
    expect(rangeLabel(0, 50, 0)).toBe('0 of 0');
  });

  it('keeps the first row shown when the page size changes', () => {
    expect(pageAfterResize(3, 50, 100)).toBe(1);
    expect(pageAfterResize(1, 100, 50)).toBe(2);
    expect(pageAfterResize(5, 50, 300)).toBe(0);
    expect(pageAfterResize(0, 300, 50)).toBe(0);
  });

  it('recognises the page sizes of the spec', () => {
    expect([50, 100, 300].every(isPageSize)).toBe(true);
    expect(isPageSize(25)).toBe(false);
  });
});
