import { describe, expect, it } from 'vitest';
import {
  countLabel,
  filterRows,
  normaliseSearch,
  selectAllState,
  selectedRows,
  toggleAll,
  toggleOne,
} from './adminTableModel';

const rows = [
  { id: 1, name: 'Alex Morgan', email: 'admin@acme.test' },
  { id: 2, name: 'Priya Shah', email: 'approver@acme.test' },
  { id: 3, name: 'José Álvarez', email: 'jose@acme.test' },
];
const text = (r: (typeof rows)[number]) => `${r.name} ${r.email}`;

describe('filterRows', () => {
  it('keeps every row for an empty query', () => {
    expect(filterRows(rows, '  ', text)).toEqual(rows);
  });

  it('matches every word, case- and accent-insensitively', () => {
    expect(filterRows(rows, 'alex', text).map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, 'ACME approver', text).map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, 'jose alvarez', text).map((r) => r.id)).toEqual([3]);
    expect(filterRows(rows, 'nobody', text)).toEqual([]);
  });

  it('normalises search text', () => {
    expect(normaliseSearch('  Ünïcödé ')).toBe('unicode');
  });
});

describe('selection', () => {
  it('reports none, some and all', () => {
    expect(selectAllState(new Set(), [1, 2])).toBe('none');
    expect(selectAllState(new Set([1]), [1, 2])).toBe('some');
    expect(selectAllState(new Set([1, 2, 9]), [1, 2])).toBe('all');
    expect(selectAllState(new Set(), [])).toBe('none');
  });

  it('select-all selects the visible rows, then clears them, keeping hidden ones', () => {
    const all = toggleAll(new Set([9]), [1, 2]);
    expect([...all].sort()).toEqual([1, 2, 9]);
    expect([...toggleAll(all, [1, 2])]).toEqual([9]);
  });

  it('toggles one row', () => {
    expect([...toggleOne(new Set([1]), 2)].sort()).toEqual([1, 2]);
    expect([...toggleOne(new Set([1]), 1)]).toEqual([]);
  });

  it('answers the selected visible rows in table order', () => {
    expect(selectedRows(rows, new Set([3, 1, 42]), (r) => r.id).map((r) => r.id)).toEqual([1, 3]);
  });
});

describe('countLabel', () => {
  it('uses the singular for one', () => {
    expect(countLabel(1, { one: 'user', other: 'users' })).toBe('1 user');
    expect(countLabel(3, { one: 'user', other: 'users' })).toBe('3 users');
  });
});
