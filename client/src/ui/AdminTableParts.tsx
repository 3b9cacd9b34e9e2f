import { Button, Checkbox, EmptyState, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import type { AdminTableColumn, AdminTableProps } from './AdminTable';
import classes from './AdminTable.module.css';
import {
  ariaSortOf,
  countLabel,
  type SelectAllState,
  type SortState,
  type SortValue,
} from './adminTableModel';
import type { AdminTableSelection } from './useAdminTable';

const SKELETON_ROWS = 5;

/** Props of AdminTableHead. */
export interface AdminTableHeadProps<T> {
  noun: { one: string; other: string };
  columns: readonly AdminTableColumn<T>[];
  /** Per column key, what the column sorts by; undefined for a column that does not sort. */
  accessors: ReadonlyMap<string, ((row: T) => SortValue) | undefined>;
  sort: SortState;
  onSort: (key: string) => void;
  allState: SelectAllState;
  hasVisibleRows: boolean;
  onToggleAll: () => void;
}

/**
 * The admin table's header row: the select-all checkbox (spec 01 §2.6) and one header per
 * column; a sortable column's header is a button carrying aria-sort (spec 01 §2.3-§2.8).
 */
export function AdminTableHead<T>(props: AdminTableHeadProps<T>) {
  const { noun, columns, accessors, sort, allState } = props;
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th className={classes.checkboxCell}>
          <Checkbox
            aria-label={`Select all ${noun.other}`}
            checked={allState === 'all'}
            indeterminate={allState === 'some'}
            disabled={!props.hasVisibleRows}
            onChange={props.onToggleAll}
          />
        </Table.Th>
        {columns.map((column) => {
          const isSortable = accessors.get(column.key) !== undefined;
          const direction = ariaSortOf(sort, column.key);
          const SortIcon =
            direction === 'ascending'
              ? IconChevronUp
              : direction === 'descending'
                ? IconChevronDown
                : IconSelector;
          return (
            <Table.Th key={column.key} w={column.width} aria-sort={isSortable ? direction : undefined}>
              {isSortable ? (
                <UnstyledButton
                  className={classes.sortButton}
                  data-sorted={direction !== 'none' || undefined}
                  onClick={() => props.onSort(column.key)}
                >
                  <span>{column.header}</span>
                  <SortIcon size={14} aria-hidden className={classes.sortIcon} />
                </UnstyledButton>
              ) : (
                column.header
              )}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

/** Placeholder rows while the table's rows load, hidden from assistive technology. */
export function AdminTableSkeletonRows<T>({ columns }: { columns: readonly AdminTableColumn<T>[] }) {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i} aria-hidden>
      <Table.Td>
        <Skeleton height={18} width={18} />
      </Table.Td>
      {columns.map((column) => (
        <Table.Td key={column.key}>
          <Skeleton height={12} radius="xl" width={`${50 + ((i * 17) % 40)}%`} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** Props of AdminTableRow. */
export interface AdminTableRowProps<T> {
  row: T;
  table: AdminTableProps<T>;
  selection: AdminTableSelection<T>;
}

/**
 * One row of the admin table: its checkbox and cells. It opens for editing on click or Enter,
 * Space toggles its selection, and with `canSelectRange` shift-click selects a range (spec 01
 * §2.6, §4; spec 02 §2).
 */
export function AdminTableRow<T>({ row, table, selection }: AdminTableRowProps<T>) {
  const { columns, rowId, rowName, onEdit, canSelectRange } = table;
  const id = rowId(row);
  const isSelected = selection.selected.has(id);
  return (
    <Table.Tr
      className={onEdit ? classes.row : undefined}
      data-selected={isSelected || undefined}
      tabIndex={0}
      onClick={onEdit || canSelectRange ? (event) => selection.onRowClick(event, row) : undefined}
      onMouseDown={
        canSelectRange
          ? (event) => {
              // Keeps a shift-click from also selecting the text between rows.
              if (event.shiftKey) event.preventDefault();
            }
          : undefined
      }
      onKeyDown={(event) => selection.onRowKeyDown(event, row)}
    >
      <Table.Td className={classes.checkboxCell} onClick={(event) => event.stopPropagation()}>
        <Checkbox
          aria-label={`Select ${rowName(row)}`}
          checked={isSelected}
          onChange={(event) =>
            selection.clickRow(id, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)
          }
        />
      </Table.Td>
      {columns.map((column) => (
        <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
      ))}
    </Table.Tr>
  );
}

/** Props of AdminTableEmpty. */
export interface AdminTableEmptyProps {
  noun: { one: string; other: string };
  /** Whether the table has rows, which the search then hides all of. */
  hasRows: boolean;
  search: string;
  onShowAll: () => void;
  emptyDescription?: string;
}

/** The empty state under the table: no rows yet, or none matching the search (spec 01 §2.3-§2.8). */
export function AdminTableEmpty({
  noun,
  hasRows,
  search,
  onShowAll,
  emptyDescription,
}: AdminTableEmptyProps) {
  return (
    <EmptyState
      py="xl"
      icon={<IconSearch size={28} aria-hidden />}
      title={hasRows ? `No ${noun.other} match “${search.trim()}”` : `No ${noun.other} yet`}
      description={hasRows ? 'Try another search.' : emptyDescription}
    >
      {hasRows ? (
        <EmptyState.Actions>
          <Button variant="light" onClick={onShowAll}>
            Show all {noun.other}
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}

/** Props of AdminTableCount. */
export interface AdminTableCountProps {
  noun: { one: string; other: string };
  total: number;
  visible: number;
  selected: number;
}

/** The live count under the table: "12 users", "3 of 12 users", "· 2 selected" (spec 01 §2.3-§2.8). */
export function AdminTableCount({ noun, total, visible, selected }: AdminTableCountProps) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {visible === total ? countLabel(total, noun) : `${visible} of ${countLabel(total, noun)}`}
      {selected > 0 ? ` · ${selected} selected` : ''}
    </Text>
  );
}
