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
