import type { ListSummary } from '@nomen/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type SelectAllState, selectAllState, toggleAll } from '../../../ui/adminTableModel';
import { clickSelection } from '../../../ui/rangeSelection';
import {
  clampPage,
  DEFAULT_LIST_SORT,
  DEFAULT_PAGE_SIZE,
  type ListSort,
  type ListSortKey,
  nextSort,
  type PageSize,
  pageAfterResize,
  pageCount,
  pageRange,
  rangeLabel,
  sortLists,
} from './managerTableModel';

/** What useListsManagerTable gives the lists manager page. */
export interface ListsManagerTableState {
  sort: ListSort;
  /** Clicks the header of `key`: flips the direction or starts a new sort; back to page 1. */
  toggleSort: (key: ListSortKey) => void;
  /** The current page, from 0, always one that exists. */
  page: number;
  pageSize: PageSize;
  pageCount: number;
  /** Changes the rows per page, keeping the first row shown on screen. */
  changePageSize: (size: PageSize) => void;
  goToPage: (page: number) => void;
  /** The rows of the current page, sorted. */
  pageRows: ListSummary[];
  /** All lists, sorted. */
  total: number;
  /** e.g. "1–50 of 312". */
  rangeLabel: string;
  /** The selected lists that still exist, in table order (across pages). */
  selection: ListSummary[];
  isSelected: (id: number) => boolean;
  /** A row checkbox click; with `isRangeClick` (shift) it selects from the row clicked last. */
  clickRow: (id: number, isRangeClick: boolean) => void;
  /** State of the select-all checkbox over the current page. */
  pageSelectAllState: SelectAllState;
  /** The select-all checkbox: selects the page's rows, or clears them when all are selected. */
  toggleAllOnPage: () => void;
  clearSelection: () => void;
}

/**
 * The lists manager table's state (spec 02 §2 "Lists manager (newer view)", §9): sort (default
 * updated_at descending), client-side pages of 50/100/300 rows with a range label, and a
 * selection kept across pages and sorts. Shift-click on a checkbox selects a range within the
 * current page order.
 */
export function useListsManagerTable(lists: readonly ListSummary[] | undefined): ListsManagerTableState {
  const [sort, setSort] = useState<ListSort>(DEFAULT_LIST_SORT);
  const [requestedPage, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const anchorRef = useRef<number | null>(null);

  const sorted = useMemo(() => sortLists(lists ?? [], sort), [lists, sort]);
  const total = sorted.length;
  const page = clampPage(requestedPage, total, pageSize);
  const { start, end } = pageRange(page, pageSize, total);
  const pageRows = useMemo(() => sorted.slice(start, end), [sorted, start, end]);
  const pageIds = useMemo(() => pageRows.map((row) => row.id), [pageRows]);
  const selection = useMemo(() => sorted.filter((row) => selected.has(row.id)), [sorted, selected]);

  const clickRow = useCallback(
    (id: number, isRangeClick: boolean) => {
      const anchor = anchorRef.current;
      setSelected((current) => clickSelection(current, pageIds, id, anchor, isRangeClick));
      anchorRef.current = id;
    },
    [pageIds],
  );

  return {
    sort,
    toggleSort: (key) => {
      setSort((current) => nextSort(current, key));
      setPage(0);
    },
    page,
    pageSize,
    pageCount: pageCount(total, pageSize),
    changePageSize: (size) => {
      setPage(pageAfterResize(page, pageSize, size));
      setPageSize(size);
    },
    goToPage: (next) => setPage(clampPage(next, total, pageSize)),
    pageRows,
    total,
    rangeLabel: rangeLabel(page, pageSize, total),
    selection,
    isSelected: (id) => selected.has(id),
    clickRow,
    pageSelectAllState: selectAllState(selected, pageIds),
    toggleAllOnPage: () => setSelected((current) => toggleAll(current, pageIds)),
    clearSelection: () => setSelected(new Set()),
  };
}
