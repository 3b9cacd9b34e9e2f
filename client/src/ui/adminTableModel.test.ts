import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  compareSortValues,
  countLabel,
  deleteConfirmationText,
  filterRows,
  nextSort,
  normaliseSearch,
  selectAllState,
  selectedRows,
  sortAccessor,
  sortRows,
  toggleAll,
  toggleOne,
  withoutIds,
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

describe('nextSort', () => {
  it('starts a column ascending, then toggles between ascending and descending', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'ascending' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort(second, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });

  it('starts another column ascending', () => {
    expect(nextSort({ key: 'name', direction: 'descending' }, 'email')).toEqual({
      key: 'email',
      direction: 'ascending',
    });
  });

  it('names the aria-sort of each header', () => {
    const sort = { key: 'name', direction: 'descending' } as const;
    expect(ariaSortOf(sort, 'name')).toBe('descending');
    expect(ariaSortOf(sort, 'email')).toBe('none');
    expect(ariaSortOf(null, 'name')).toBe('none');
  });
});

describe('compareSortValues', () => {
  it('orders text naturally, ignoring case and accents', () => {
    const names = ['Item 10', 'item 2', 'Émile', 'alex', 'Item 1'];
    expect([...names].sort(compareSortValues)).toEqual(['alex', 'Émile', 'Item 1', 'item 2', 'Item 10']);
  });

  it('orders numbers by size, not as text', () => {
    expect([10, 9, 100, -1].sort(compareSortValues)).toEqual([-1, 9, 10, 100]);
  });

  it('orders ISO dates by time, including different offsets', () => {
    const dates = [
      '2026-11-21T10:00:00.000Z',
      '2026-11-21T09:30:00+00:00',
      '2025-01-05',
      '2026-11-21T11:00:00+02:00',
    ];
    expect([...dates].sort(compareSortValues)).toEqual([
      '2025-01-05',
      '2026-11-21T11:00:00+02:00',
      '2026-11-21T09:30:00+00:00',
      '2026-11-21T10:00:00.000Z',
    ]);
    expect(compareSortValues(new Date(2020, 0, 1), new Date(2019, 0, 1))).toBeGreaterThan(0);
  });

  it('puts empty values last', () => {
    expect(['b', null, '', 'a', undefined].sort(compareSortValues)).toEqual(['a', 'b', null, '', undefined]);
  });
});

describe('sortRows', () => {
  const users = [
    { id: 1, name: 'Priya', logins: 10, last_login: '2026-11-20T08:00:00.000Z' },
    { id: 2, name: 'alex', logins: 9, last_login: null },
    { id: 3, name: 'Zoë', logins: 100, last_login: '2026-11-21T08:00:00.000Z' },
    { id: 4, name: 'Alex', logins: 9, last_login: '2025-02-01T08:00:00.000Z' },
  ];
  const ids = (rows: typeof users) => rows.map((r) => r.id);

  it('keeps the order given without a sort', () => {
    expect(ids(sortRows(users, null, (r) => r.name))).toEqual([1, 2, 3, 4]);
  });

  it('sorts ascending and descending, keeping ties in the order given', () => {
    expect(ids(sortRows(users, { key: 'name', direction: 'ascending' }, (r) => r.name))).toEqual([
      2, 4, 1, 3,
    ]);
    expect(ids(sortRows(users, { key: 'name', direction: 'descending' }, (r) => r.name))).toEqual([
      3, 1, 2, 4,
    ]);
    expect(ids(sortRows(users, { key: 'logins', direction: 'ascending' }, (r) => r.logins))).toEqual([
      2, 4, 1, 3,
    ]);
  });

  it('keeps rows without a value last in both directions', () => {
    const byLogin = (direction: 'ascending' | 'descending') =>
      ids(sortRows(users, { key: 'last_login', direction }, (r) => r.last_login));
    expect(byLogin('ascending')).toEqual([4, 1, 3, 2]);
    expect(byLogin('descending')).toEqual([3, 1, 4, 2]);
  });
});

describe('sortAccessor', () => {
  const rows = [{ id: 1, name: 'a', tags: ['x'] }];

  it("prefers the column's own sort value", () => {
    const own = (r: (typeof rows)[number]) => r.tags.length;
    expect(sortAccessor('tags', own, rows)).toBe(own);
  });

  it('falls back to the property named like the key, reading only plain values', () => {
    expect(sortAccessor('name', undefined, rows)?.(rows[0]!)).toBe('a');
    expect(sortAccessor('tags', undefined, rows)?.(rows[0]!)).toBeNull();
  });

  it('does not sort a column that names no property', () => {
    expect(sortAccessor('pending', undefined, rows)).toBeUndefined();
    expect(sortAccessor('name', undefined, [])).toBeUndefined();
  });
});

describe('deleteConfirmationText', () => {
  const noun = { one: 'user', other: 'users' };

  it('names every row up to three', () => {
    expect(deleteConfirmationText(['Alex'], noun)).toEqual({
      title: 'Delete 1 user?',
      message: 'Alex will be deleted. This cannot be undone.',
    });
    expect(deleteConfirmationText(['A', 'B', 'C'], noun).message).toBe(
      'A, B, C will be deleted. This cannot be undone.',
    );
  });

  it('counts the rows beyond the first three', () => {
    expect(deleteConfirmationText(['A', 'B', 'C', 'D', 'E'], noun)).toEqual({
      title: 'Delete 5 users?',
      message: 'A, B, C and 2 more will be deleted. This cannot be undone.',
    });
  });
});

describe('withoutIds', () => {
  it('drops the given ids and keeps the others', () => {
    expect([...withoutIds(new Set([1, 2, 3]), [2, 4])]).toEqual([1, 3]);
  });
});
