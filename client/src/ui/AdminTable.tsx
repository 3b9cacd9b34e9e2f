import { Paper, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  AdminTableCount,
  AdminTableEmpty,
  AdminTableHead,
  AdminTableRow,
  AdminTableSkeletonRows,
} from './AdminTableParts';
import { AdminTableToolbar } from './AdminTableToolbar';
import { nextSort, type SortValue } from './adminTableModel';
import { QueryErrorAlert } from './QueryErrorAlert';
import { useAdminTableSelection, useAdminTableView } from './useAdminTable';

/** One column of an AdminTable. */
export interface AdminTableColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  width?: number | string;
  /**
   * What the column sorts by when its header is clicked (spec 01 §2.3-§2.8): text, a number, a
   * date or a yes/no. Without it the column sorts by the row's property named `key`, if any.
   */
  sortValue?: (row: T) => SortValue;
}

/** Props of AdminTable. */
export interface AdminTableProps<T> {
  /** Accessible name of the table, e.g. "Users". */
  label: string;
  /** What a row is, in both numbers, e.g. `{ one: 'user', other: 'users' }`. */
  noun: { one: string; other: string };
  rows: readonly T[] | undefined;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  columns: readonly AdminTableColumn<T>[];
  rowId: (row: T) => number;
  /** Name of a row for its checkbox label ("Select Alex Morgan") and the delete dialog. */
  rowName: (row: T) => string;
  /** Text the search box matches against. */
  searchText: (row: T) => string;
  /** Controlled search text (e.g. kept in the URL); internal state when absent. */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** Opens the drawer for a new row; the Add button is hidden without it. */
  onAdd?: () => void;
  /** Label of the Add button, e.g. "Add user". */
  addLabel?: string;
  /** Opens a row for editing: the Edit button (exactly one selected), row click and Enter. */
  onEdit?: (row: T) => void;
  /**
   * Deletes rows after the confirmation dialog; answers whether they were deleted (the page
   * shows its own toasts, spec 01 §8). The Delete button is hidden without it.
   */
  onDelete?: (rows: T[]) => Promise<boolean>;
  /**
   * Why the selected rows cannot be deleted, or null when they can (oneself, the super admin,
   * spec 01 §8). A reason disables Delete before any dialog and shows as its tooltip.
   */
  deleteBlockedReason?: (selected: T[]) => string | null;
  /** Screen-specific toolbar actions for the current selection. */
  actions?: (selected: T[]) => ReactNode;
  /** Shown when there are no rows at all. */
  emptyDescription?: string;
  /**
   * Shift-click (or Shift+Space) on a row or its checkbox selects the range from the row clicked
   * last (spec 02 §2 lists page). Off by default: a shift-click then acts as a plain click.
   */
  canSelectRange?: boolean;
}

/**
 * The one admin table (ARCHITECTURE.md, Client) behind every "searchable table, multi-select,
 * bulk delete, side drawer" screen of spec 01 §2.3-§2.8: a search box filtering client-side,
 * row checkboxes with select-all, a toolbar with Add, Edit (exactly one selected, §4), Delete
 * (confirmed, §8) and screen actions, loading skeleton rows, empty and error states. Rows open
 * for editing on click or Enter; Space toggles a focused row's selection; with `canSelectRange`
 * shift-click and Shift+Space select a range (spec 02 §2). Column headers are buttons that sort
 * the rows by that column, ascending then descending on each press, and carry aria-sort; with no
 * sort chosen the rows keep the order given.
 */
export function AdminTable<T>(props: AdminTableProps<T>) {
  const { label, noun, rows, isLoading, error, onRetry, columns, rowId } = props;
  const view = useAdminTableView(props);
  const selection = useAdminTableSelection(props, view);
  const { search, setSearch, visibleRows } = view;

  return (
    <Stack gap="md">
      <AdminTableToolbar
        label={label}
        noun={noun}
        search={search}
        setSearch={setSearch}
        selection={selection.selection}
        single={selection.single}
        deleteBlocked={selection.deleteBlocked}
        onAdd={props.onAdd}
        addLabel={props.addLabel}
        onEdit={props.onEdit}
        canDelete={Boolean(props.onDelete)}
        onDeleteClick={() => void selection.handleDelete()}
        actions={props.actions}
      />
      {error && !rows ? (
        <QueryErrorAlert error={error} what={noun.other} onRetry={onRetry} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={label} highlightOnHover verticalSpacing="sm" aria-busy={isLoading}>
              <AdminTableHead
                noun={noun}
                columns={columns}
                accessors={view.accessors}
                sort={view.sort}
                onSort={(key) => view.setSort((current) => nextSort(current, key))}
                allState={selection.allState}
                hasVisibleRows={visibleRows.length > 0}
                onToggleAll={selection.toggleAllVisible}
              />
              <Table.Tbody>
                {isLoading && !rows ? (
                  <AdminTableSkeletonRows columns={columns} />
                ) : (
                  visibleRows.map((row) => (
                    <AdminTableRow key={rowId(row)} row={row} table={props} selection={selection} />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {!isLoading && visibleRows.length === 0 ? (
            <AdminTableEmpty
              noun={noun}
              hasRows={(rows?.length ?? 0) > 0}
              search={search}
              onShowAll={() => setSearch('')}
              emptyDescription={props.emptyDescription}
            />
          ) : null}
        </Paper>
      )}
      {rows && rows.length > 0 ? (
        <AdminTableCount
          noun={noun}
          total={rows.length}
          visible={visibleRows.length}
          selected={selection.selection.length}
        />
      ) : null}
    </Stack>
  );
}
