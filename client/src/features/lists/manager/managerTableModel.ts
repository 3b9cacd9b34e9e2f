/**
 * Pure state of the lists manager table (spec 02 §2 "Lists manager (newer view)", §9): sorting
 * by name or updated_at and client-side pages of 50, 100 or 300 rows. Pages are numbered from 0.
 */

/** The columns the lists manager sorts by (spec 02 §2). */
export type ListSortKey = 'name' | 'updated_at';

/** A sort direction. */
export type SortDirection = 'asc' | 'desc';

/** The lists manager's sort: a column and a direction (spec 02 §2). */
export interface ListSort {
  key: ListSortKey;
  direction: SortDirection;
}

/** The default sort: newest change first (spec 02 §2, the same order as the lists page). */
export const DEFAULT_LIST_SORT: ListSort = { key: 'updated_at', direction: 'desc' };

/** Rows-per-page choices of the lists manager (spec 02 §9). */
export const PAGE_SIZES = [50, 100, 300] as const;

/** One of PAGE_SIZES. */
export type PageSize = (typeof PAGE_SIZES)[number];

/** Rows per page when the lists manager opens (spec 02 §9). */
export const DEFAULT_PAGE_SIZE: PageSize = 50;

/** Skeleton rows shown while the lists load (spec 02 §9). */
export const SKELETON_ROW_COUNT = 10;

/** The fields sorting needs from a list. */
export interface SortableList {
  id: number;
  name: string;
  updated_at: string;
}

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function timeOf(iso: string): number {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * A sorted copy of `lists` (spec 02 §2: sortable name and updated_at). Names compare
 * case-insensitively with numbers in numeric order ("List 2" before "List 10"); times compare
 * as instants. Ties fall back to the newest change, then the highest id, so the order is stable
 * across reloads.
 */
export function sortLists<T extends SortableList>(lists: readonly T[], sort: ListSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...lists].sort((a, b) => {
    const primary =
      sort.key === 'name'
        ? nameCollator.compare(a.name, b.name)
        : timeOf(a.updated_at) - timeOf(b.updated_at);
    if (primary !== 0) return sign * primary;
    return timeOf(b.updated_at) - timeOf(a.updated_at) || b.id - a.id;
  });
}

/**
 * The sort after a click on the header of `key` (spec 02 §2: toggle ascending/descending): the
 * same column flips its direction; another column starts ascending for name and descending
 * (newest first) for updated_at.
 */
export function nextSort(current: ListSort, key: ListSortKey): ListSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

/** How many pages `total` rows take at `pageSize` per page; at least 1 (spec 02 §2). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `page` brought into the pages that exist, e.g. after a delete emptied the last page. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(0, page), pageCount(total, pageSize) - 1);
}

/** The rows of one page: indexes `start` (included) to `end` (excluded) of the sorted rows. */
export interface PageRange {
  start: number;
  end: number;
}

/** The index range of page `page` (spec 02 §2 client-side pagination). */
export function pageRange(page: number, pageSize: number, total: number): PageRange {
  const start = clampPage(page, total, pageSize) * pageSize;
  return { start, end: Math.min(total, start + pageSize) };
}

/**
 * The range label of the pagination (spec 02 §2), e.g. "1–50 of 312" or "301–312 of 312";
 * "0 of 0" without rows.
 */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const { start, end } = pageRange(page, pageSize, total);
  return `${start + 1}–${end} of ${total}`;
}

/**
 * The page after the rows per page change: the page that holds the first row shown before, so
 * the reader keeps their place.
 */
export function pageAfterResize(page: number, oldSize: number, newSize: number): number {
  return Math.floor((Math.max(0, page) * oldSize) / newSize);
}

/** Whether `value` is one of the page sizes (spec 02 §9), for reading a select's value. */
export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}
