import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSelector,
  IconTrash,
} from '@tabler/icons-react';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import classes from './AdminTable.module.css';
import {
  ariaSortOf,
  countLabel,
  filterRows,
  nextSort,
  selectedRows as pickSelected,
  type SortState,
  type SortValue,
  selectAllState,
  sortAccessor,
  sortRows,
  toggleAll,
} from './adminTableModel';
import { confirmAction } from './confirmAction';
import { QueryErrorAlert } from './QueryErrorAlert';
import { clickSelection } from './rangeSelection';

/** One column of an AdminTable. */
export interface AdminTableColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  width?: number | string;
  /**
   * What the column sorts by when its header is clicked (issue 8 item 20): text, a number, a
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
   * Why the selected rows cannot be deleted, or null when they can (issue 8 item 21: oneself, the
   * super admin). A reason disables Delete before any dialog and shows as its tooltip.
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

const SKELETON_ROWS = 5;

/**
 * The one admin table (ARCHITECTURE.md, Client) behind every "searchable table, multi-select,
 * bulk delete, side drawer" screen of spec 01 §2.3-§2.8: a search box filtering client-side,
 * row checkboxes with select-all, a toolbar with Add, Edit (exactly one selected, §4), Delete
 * (confirmed, §8) and screen actions, loading skeleton rows, empty and error states. Rows open
 * for editing on click or Enter; Space toggles a focused row's selection; with `canSelectRange`
 * shift-click and Shift+Space select a range (spec 02 §2). Column headers are buttons that sort
 * the rows by that column, ascending then descending on each press, and carry aria-sort (issue 8
 * item 20); with no sort chosen the rows keep the order given.
 */
export function AdminTable<T>(props: AdminTableProps<T>) {
  const { label, noun, rows, isLoading, error, onRetry, columns, rowId, rowName, searchText } = props;
  const { onAdd, onEdit, onDelete, actions } = props;
  const [ownSearch, setOwnSearch] = useState('');
  const search = props.search ?? ownSearch;
  const setSearch = props.onSearchChange ?? setOwnSearch;
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  // The row clicked last: the anchor of a shift-click range.
  const anchorRef = useRef<number | null>(null);

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
  const selection = useMemo(() => pickSelected(visibleRows, selected, rowId), [visibleRows, selected, rowId]);
  const allState = selectAllState(selected, visibleIds);
  const single = selection.length === 1 ? selection[0] : undefined;
  const deleteBlocked = selection.length > 0 ? (props.deleteBlockedReason?.(selection) ?? null) : null;

  const handleDelete = async () => {
    if (!onDelete || selection.length === 0 || deleteBlocked) return;
    const count = countLabel(selection.length, noun);
    const names = selection.slice(0, 3).map(rowName).join(', ');
    const more = selection.length > 3 ? ` and ${selection.length - 3} more` : '';
    const confirmed = await confirmAction({
      title: `Delete ${count}?`,
      message: `${names}${more} will be deleted. This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    const doomed = selection.map(rowId);
    if (await onDelete(selection)) {
      setSelected((current) => {
        const next = new Set(current);
        for (const id of doomed) next.delete(id);
        return next;
      });
    }
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

  const hasRows = (rows?.length ?? 0) > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={`Search ${noun.other}`}
          placeholder={`Search ${noun.other}`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={
            search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
          w={320}
        />
        <Group gap="xs" role="toolbar" aria-label={`${label} actions`}>
          {onAdd ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
              {props.addLabel ?? `Add ${noun.one}`}
            </Button>
          ) : null}
          {onEdit ? (
            <Tooltip
              label={
                selection.length === 0
                  ? `Select a ${noun.one} to edit`
                  : `Select only one ${noun.one} to edit`
              }
              disabled={Boolean(single)}
              withArrow
            >
              {/* A disabled button gets no pointer events, so the tooltip hangs on a wrapper. */}
              <Box component="span" display="inline-block">
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  disabled={!single}
                  onClick={() => single && onEdit(single)}
                >
                  Edit
                </Button>
              </Box>
            </Tooltip>
          ) : null}
          {onDelete ? (
            <Tooltip label={deleteBlocked} disabled={!deleteBlocked} withArrow multiline maw={280}>
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                // A blocked delete stays focusable so its tooltip can say why (issue 8 item 21).
                disabled={selection.length === 0}
                data-disabled={deleteBlocked ? true : undefined}
                aria-disabled={deleteBlocked ? true : undefined}
                onClick={(event) => {
                  if (deleteBlocked) event.preventDefault();
                  else void handleDelete();
                }}
              >
                Delete
              </Button>
            </Tooltip>
          ) : null}
          {actions?.(selection)}
        </Group>
      </Group>

      {error && !rows ? (
        <QueryErrorAlert error={error} what={noun.other} onRetry={onRetry} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={label} highlightOnHover verticalSpacing="sm" aria-busy={isLoading}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th className={classes.checkboxCell}>
                    <Checkbox
                      aria-label={`Select all ${noun.other}`}
                      checked={allState === 'all'}
                      indeterminate={allState === 'some'}
                      disabled={visibleRows.length === 0}
                      onChange={() => setSelected((current) => toggleAll(current, visibleIds))}
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
                      <Table.Th
                        key={column.key}
                        w={column.width}
                        aria-sort={isSortable ? direction : undefined}
                      >
                        {isSortable ? (
                          <UnstyledButton
                            className={classes.sortButton}
                            data-sorted={direction !== 'none' || undefined}
                            onClick={() => setSort((current) => nextSort(current, column.key))}
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
              <Table.Tbody>
                {isLoading && !rows
                  ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
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
                    ))
                  : visibleRows.map((row) => {
                      const id = rowId(row);
                      const isSelected = selected.has(id);
                      return (
                        <Table.Tr
                          key={id}
                          className={onEdit ? classes.row : undefined}
                          data-selected={isSelected || undefined}
                          tabIndex={0}
                          onClick={
                            onEdit || props.canSelectRange ? (event) => onRowClick(event, row) : undefined
                          }
                          onMouseDown={
                            props.canSelectRange
                              ? (event) => {
                                  // Keeps a shift-click from also selecting the text between rows.
                                  if (event.shiftKey) event.preventDefault();
                                }
                              : undefined
                          }
                          onKeyDown={(event) => onRowKeyDown(event, row)}
                        >
                          <Table.Td
                            className={classes.checkboxCell}
                            onClick={(event) => event.stopPropagation()}
                          >
                            <Checkbox
                              aria-label={`Select ${rowName(row)}`}
                              checked={isSelected}
                              onChange={(event) =>
                                clickRow(id, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)
                              }
                            />
                          </Table.Td>
                          {columns.map((column) => (
                            <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                          ))}
                        </Table.Tr>
                      );
                    })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {!isLoading && visibleRows.length === 0 ? (
            <EmptyState
              py="xl"
              icon={<IconSearch size={28} aria-hidden />}
              title={hasRows ? `No ${noun.other} match “${search.trim()}”` : `No ${noun.other} yet`}
              description={hasRows ? 'Try another search.' : props.emptyDescription}
            >
              {hasRows ? (
                <EmptyState.Actions>
                  <Button variant="light" onClick={() => setSearch('')}>
                    Show all {noun.other}
                  </Button>
                </EmptyState.Actions>
              ) : null}
            </EmptyState>
          ) : null}
        </Paper>
      )}
      {rows && rows.length > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {visibleRows.length === rows.length
            ? countLabel(rows.length, noun)
            : `${visibleRows.length} of ${countLabel(rows.length, noun)}`}
          {selection.length > 0 ? ` · ${selection.length} selected` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
