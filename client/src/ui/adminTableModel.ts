/**
 * Pure state of the admin table (ARCHITECTURE.md, Client: one admin table serves every
 * "searchable table, multi-select, bulk delete, side drawer" screen of spec 01 §2.3-§2.8).
 */

/** Normalises text for the tables' case- and accent-insensitive search (spec 01 §2.3-§2.8). */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * The rows whose search text contains every word of `query` (spec 01 §2.3-§2.8: search by name
 * and similar columns). An empty query keeps every row; order is kept.
 */
export function filterRows<T>(rows: readonly T[], query: string, searchText: (row: T) => string): T[] {
  const words = normaliseSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = normaliseSearch(searchText(row));
    return words.every((word) => text.includes(word));
  });
}

/** The state of a select-all checkbox over the visible rows. */
export type SelectAllState = 'none' | 'some' | 'all';

/** Whether none, some or all of `visibleIds` are in `selected` (spec 01 §2.6 multi-select). */
export function selectAllState(selected: ReadonlySet<number>, visibleIds: readonly number[]): SelectAllState {
  const count = visibleIds.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === visibleIds.length ? 'all' : 'some';
}

/**
 * The selection after the select-all checkbox is pressed: selects every visible row unless all
 * already are, in which case it clears them. Selected rows outside the view are kept (spec 01 §2.6).
 */
export function toggleAll(selected: ReadonlySet<number>, visibleIds: readonly number[]): Set<number> {
  const next = new Set(selected);
  if (selectAllState(selected, visibleIds) === 'all') for (const id of visibleIds) next.delete(id);
  else for (const id of visibleIds) next.add(id);
  return next;
}

/** The selection with `id` flipped (spec 01 §2.6 multi-select). */
export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The selected rows among `visibleRows`, in table order. Toolbar actions work on these only,
 * so a search never leaves hidden rows selected for a delete (spec 01 §4 selection).
 */
export function selectedRows<T>(
  visibleRows: readonly T[],
  selected: ReadonlySet<number>,
  rowId: (row: T) => number,
): T[] {
  return visibleRows.filter((row) => selected.has(rowId(row)));
}

/** "1 user", "3 users": a count with the noun in the right number (spec 01 §8 delete dialog). */
export function countLabel(count: number, noun: { one: string; other: string }): string {
  return `${count} ${count === 1 ? noun.one : noun.other}`;
}

/** The title and message of the delete confirmation dialog (spec 01 §8). */
export interface DeleteConfirmationText {
  title: string;
  message: string;
}

/**
 * The delete dialog's text for `names` (the selected rows' names, in table order): "Delete 3
 * users?" and the first three names, with "and N more" beyond them (spec 01 §8 delete dialog).
 */
export function deleteConfirmationText(
  names: readonly string[],
  noun: { one: string; other: string },
): DeleteConfirmationText {
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return {
    title: `Delete ${countLabel(names.length, noun)}?`,
    message: `${names.slice(0, 3).join(', ')}${more} will be deleted. This cannot be undone.`,
  };
}

/** The selection without `ids`, e.g. once those rows are deleted (spec 01 §8). */
export function withoutIds(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const next = new Set(selected);
  for (const id of ids) next.delete(id);
  return next;
}

/** A value a column sorts by: text, a number, a date (Date or ISO 8601 text), a yes/no, or nothing. */
export type SortValue = string | number | boolean | Date | null | undefined;

/** The direction of a sorted column, as aria-sort names it (WAI-ARIA sortable table). */
export type SortDirection = 'ascending' | 'descending';

/** Which column the table is sorted by, and how; null keeps the rows in the order given. */
export type SortState = { key: string; direction: SortDirection } | null;

/**
 * The sort after a click on the header of column `key`: a new column starts
 * ascending; clicking the sorted column again flips between ascending and descending.
 */
export function nextSort(current: SortState, key: string): SortState {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: 'ascending' };
}

/** The aria-sort of a sortable column's header: its direction when sorted by it, else "none". */
export function ariaSortOf(sort: SortState, key: string): SortDirection | 'none' {
  return sort?.key === key ? sort.direction : 'none';
}

// ISO 8601 dates and timestamps as the API writes them ("2026-11-21", "2026-11-21T10:04:05.000Z").
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A sort value as a number (numbers, dates, yes/no) or text; null when there is nothing to sort by. */
function sortKey(value: SortValue): number | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  const text = value.trim();
  if (text === '') return null;
  if (ISO_DATE.test(text)) {
    const time = Date.parse(text);
    if (!Number.isNaN(time)) return time;
  }
  return text;
}

/**
 * Natural order of two sort values: numbers and dates by size, text by a
 * case- and accent-insensitive collation that reads digit runs as numbers ("Item 2" before
 * "Item 10"). Empty values (null, undefined, blank text, NaN) sort after every other value;
 * numbers before text when a column mixes them. Answers <0, 0 or >0.
 */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const x = sortKey(a);
  const y = sortKey(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'number') return -1;
  if (typeof y === 'number') return 1;
  return collator.compare(x, y);
}

/**
 * The rows ordered by `sort`, reading each row's value with `readValue`. Stable:
 * rows with equal values keep the order given. Descending reverses the order of values, but
 * empty values stay last either way. A null sort answers a copy in the order given.
 */
export function sortRows<T>(rows: readonly T[], sort: SortState, readValue: (row: T) => SortValue): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: readValue(row) }))
    .sort((a, b) => {
      const aEmpty = sortKey(a.key) === null;
      const bEmpty = sortKey(b.key) === null;
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      return sign * compareSortValues(a.key, b.key) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/**
 * What a column sorts by: its own `sortValue`, or else the rows' property named
 * like the column's key when the rows have one (e.g. key "updated_at" sorts by `row.updated_at`;
 * values other than text, numbers and yes/no count as empty). Undefined when neither exists, so
 * the column does not sort; with no rows yet nothing can be told, so it is undefined too.
 */
export function sortAccessor<T>(
  key: string,
  sortValue: ((row: T) => SortValue) | undefined,
  rows: readonly T[],
): ((row: T) => SortValue) | undefined {
  if (sortValue) return sortValue;
  const first = rows[0];
  if (first === null || typeof first !== 'object' || !(key in first)) return undefined;
  return (row: T) => {
    const value = (row as Record<string, unknown>)[key];
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : null;
  };
}
