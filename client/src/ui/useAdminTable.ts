import { type KeyboardEvent, type MouseEvent, useMemo, useRef, useState } from 'react';
import type { AdminTableProps } from './AdminTable';
import {
  deleteConfirmationText,
  filterRows,
  selectedRows as pickSelected,
  type SelectAllState,
  type SortState,
  type SortValue,
  selectAllState,
  sortAccessor,
  sortRows,
  toggleAll,
  withoutIds,
} from './adminTableModel';
import { confirmAction } from './confirmAction';
import { clickSelection } from './rangeSelection';

/** The rows the admin table shows: searched, then sorted (spec 01 §2.3-§2.8). */
export interface AdminTableView<T> {
  /** The search text, controlled by the page or held here. */
  search: string;
  setSearch: (search: string) => void;
  sort: SortState;
  setSort: (update: (current: SortState) => SortState) => void;
  /** Per column key, what the column sorts by; undefined for a column that does not sort. */
  accessors: ReadonlyMap<string, ((row: T) => SortValue) | undefined>;
  visibleRows: T[];
  visibleIds: number[];
}

/**
 * The search and sort state of an admin table and the rows they leave visible, in order: rows
 * matching the search, sorted by the chosen column (ascending then descending), or kept in the
 * order given when no column is chosen (spec 01 §2.3-§2.8).
 */
export function useAdminTableView<T>(props: AdminTableProps<T>): AdminTableView<T> {
  const { rows, columns, rowId, searchText } = props;
  const [ownSearch, setOwnSearch] = useState('');
  const search = props.search ?? ownSearch;
  const setSearch = props.onSearchChange ?? setOwnSearch;
  const [sort, setSort] = useState<SortState>(null);
  const accessors = useMemo(
    () =>
      new Map(columns.map((column) => [column.key, sortAccessor(column.key, column.sortValue, rows ?? [])])),
    [columns, rows],
  );
  const visibleRows = useMemo(() => {
    const found = filterRows(rows ?? [], search, searchText);
    const readValue = sort ? accessors.get(sort.key) : undefined;
    return readValue ? sortRows(found, sort, readValue) : found;
  }, [rows, search, searchText, sort, accessors]);
  const visibleIds = useMemo(() => visibleRows.map(rowId), [visibleRows, rowId]);
  return { search, setSearch, sort, setSort, accessors, visibleRows, visibleIds };
}

/** The selection of an admin table and what acts on it (spec 01 §2.6, §4, §8; spec 02 §2). */
export interface AdminTableSelection<T> {
  /** Ids of the selected rows, visible or not. */
  selected: ReadonlySet<number>;
  /** The selected rows among the visible ones, in table order: what toolbar actions act on. */
  selection: T[];
  allState: SelectAllState;
  /** The one selected row, when exactly one is: what Edit opens. */
  single: T | undefined;
  /** Why the selection cannot be deleted, or null. */
  deleteBlocked: string | null;
  /** Selects or clears every visible row. */
  toggleAllVisible: () => void;
  /** Toggles a row, or selects the range from the anchor when `isRangeClick` and ranges are on. */
  clickRow: (id: number, isRangeClick: boolean) => void;
  /** Confirms, then deletes the selection and drops the deleted rows from it. */
  handleDelete: () => Promise<void>;
  /** A row's click: a range selection on shift-click when ranges are on, else opens it. */
  onRowClick: (event: MouseEvent<HTMLTableRowElement>, row: T) => void;
  /** A row's keys: Enter opens it, Space (Shift+Space for a range) toggles its selection. */
  onRowKeyDown: (event: KeyboardEvent<HTMLTableRowElement>, row: T) => void;
}

/**
 * The selection state of an admin table over `view`'s visible rows: checkboxes with select-all
 * (spec 01 §2.6), Edit on exactly one row (§4), the confirmed Delete (§8) and, with
 * `canSelectRange`, shift-click and Shift+Space ranges from the row clicked last (spec 02 §2).
 */
export function useAdminTableSelection<T>(
  props: AdminTableProps<T>,
  view: AdminTableView<T>,
): AdminTableSelection<T> {
  const { rowId, rowName, noun, onEdit, onDelete } = props;
  const { visibleRows, visibleIds } = view;
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  // The row clicked last: the anchor of a shift-click range.
  const anchorRef = useRef<number | null>(null);
  const selection = useMemo(() => pickSelected(visibleRows, selected, rowId), [visibleRows, selected, rowId]);
  const allState = selectAllState(selected, visibleIds);
  const single = selection.length === 1 ? selection[0] : undefined;
  const deleteBlocked = selection.length > 0 ? (props.deleteBlockedReason?.(selection) ?? null) : null;

  const handleDelete = async () => {
    if (!onDelete || selection.length === 0 || deleteBlocked) return;
    const text = deleteConfirmationText(selection.map(rowName), noun);
    const confirmed = await confirmAction({ ...text, confirmLabel: 'Delete' });
    if (!confirmed) return;
    const doomed = selection.map(rowId);
    if (await onDelete(selection)) setSelected((current) => withoutIds(current, doomed));
  };

  const clickRow = (id: number, isRangeClick: boolean) => {
    const anchor = anchorRef.current;
    const isRange = isRangeClick && props.canSelectRange === true;
    setSelected((current) => clickSelection(current, visibleIds, id, anchor, isRange));
    anchorRef.current = id;
  };

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, row: T) => {
    if (props.canSelectRange && event.shiftKey) clickRow(rowId(row), true);
    else onEdit?.(row);
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && onEdit) {
      event.preventDefault();
      onEdit(row);
    } else if (event.key === ' ') {
      event.preventDefault();
      clickRow(rowId(row), event.shiftKey);
    }
  };

  const toggleAllVisible = () => setSelected((current) => toggleAll(current, visibleIds));
  return {
    selected,
    selection,
    allState,
    single,
    deleteBlocked,
    toggleAllVisible,
    clickRow,
    handleDelete,
    onRowClick,
    onRowKeyDown,
  };
}
