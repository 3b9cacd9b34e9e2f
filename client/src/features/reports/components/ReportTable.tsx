import { EmptyState, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { ariaSortOf, nextSort, type SortState, type SortValue, sortRows } from '../../../ui/adminTableModel';
import { QueryErrorAlert } from '../../../ui/QueryErrorAlert';

/** One column of a ReportTable. */
export interface ReportColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** What the column sorts by; the column does not sort without it. */
  sortValue?: (row: T) => SortValue;
  align?: 'left' | 'right';
}

/**
 * A column that shows a row's own `key` (a text or a number) as it is and sorts by it, headed
 * `header`: `fieldColumn('name', 'Name')`.
 */
export function fieldColumn<K extends string>(
  key: K,
  header: string,
  align?: 'left' | 'right',
): ReportColumn<Record<K, string | number | null>> {
  return { key, header, cell: (row) => row[key], sortValue: (row) => row[key], ...(align ? { align } : {}) };
}

/** Props of ReportTable. */
export interface ReportTableProps<T> {
  label: string;
  rows: readonly T[] | undefined;
  columns: readonly ReportColumn<T>[];
  rowKey: (row: T, index: number) => string | number;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What failed to load, for the error alert. */
  what: string;
  emptyTitle: string;
  emptyDescription?: string;
  /** Opens a row (click or Enter); rows are plain without it. */
  onOpen?: (row: T) => void;
  /** Accessible name of a row's open action. */
  openLabel?: (row: T) => string;
}

/** The parts of a report's query (TanStack Query) a ReportTable shows: its rows under `data.data`. */
export interface ReportQuery<T> {
  data: { data: readonly T[] } | undefined;
  isPending: boolean;
  /** True while a kept previous page shows until the next one arrives (paged reports). */
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * ReportTable's loading props from its report's query (spec 01 §2.9): the rows, loading while the
 * first answer or a kept previous page (placeholder data) shows, the error and "Try again".
 */
export function reportTableState<T>(
  query: ReportQuery<T>,
): Pick<ReportTableProps<T>, 'rows' | 'isLoading' | 'error' | 'onRetry'> {
  return {
    rows: query.data?.data,
    isLoading: query.isPending || query.isPlaceholderData,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

/** Props of {@link ReportTableHead}. */
interface ReportTableHeadProps<T> {
  columns: readonly ReportColumn<T>[];
  sort: SortState;
  /** Sorts by the column of `key` (ascending, then descending). */
  onSort: (key: string) => void;
}

/** The report table's header row: sortable headers are buttons with the sort's arrow and aria-sort. */
function ReportTableHead<T>({ columns, sort, onSort }: ReportTableHeadProps<T>) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th
            key={column.key}
            aria-sort={column.sortValue ? ariaSortOf(sort, column.key) : undefined}
            style={{ textAlign: column.align ?? 'left', whiteSpace: 'nowrap' }}
          >
            {column.sortValue ? (
              <UnstyledButton onClick={() => onSort(column.key)} fw={600} fz="sm">
                {column.header}{' '}
                {sort?.key !== column.key ? (
                  <IconSelector size={12} aria-hidden />
                ) : sort.direction === 'ascending' ? (
                  <IconChevronUp size={12} aria-hidden />
                ) : (
                  <IconChevronDown size={12} aria-hidden />
                )}
              </UnstyledButton>
            ) : (
              column.header
            )}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A read-only report table (spec 01 §2.9): headers sort ascending then descending (aria-sort),
 * loading skeleton rows, an empty state and an error alert with retry; with `onOpen` rows open on
 * click or Enter.
 */
export function ReportTable<T>(props: ReportTableProps<T>) {
  const { rows, columns, isLoading, error, onOpen } = props;
  const [sort, setSort] = useState<SortState>(null);
  const sorted = useMemo(() => {
    const column = columns.find((c) => c.key === sort?.key);
    return column?.sortValue ? sortRows(rows ?? [], sort, column.sortValue) : [...(rows ?? [])];
  }, [rows, columns, sort]);

  if (error && !rows) return <QueryErrorAlert error={error} what={props.what} onRetry={props.onRetry} />;
  if (!isLoading && rows && rows.length === 0) {
    return <EmptyState py="lg" title={props.emptyTitle} description={props.emptyDescription} />;
  }
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table highlightOnHover={Boolean(onOpen)} aria-label={props.label} aria-busy={isLoading}>
        <ReportTableHead
          columns={columns}
          sort={sort}
          onSort={(key) => setSort((current) => nextSort(current, key))}
        />
        <Table.Tbody>
          {isLoading && !rows
            ? Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Table.Tr key={i}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : sorted.map((row, index) => (
                <Table.Tr
                  key={props.rowKey(row, index)}
                  tabIndex={onOpen ? 0 : undefined}
                  aria-label={onOpen ? props.openLabel?.(row) : undefined}
                  style={onOpen ? { cursor: 'pointer' } : undefined}
                  onClick={onOpen ? () => onOpen(row) : undefined}
                  onKeyDown={
                    onOpen
                      ? (event) => {
                          if (event.key === 'Enter' && event.target === event.currentTarget) {
                            event.preventDefault();
                            onOpen(row);
                          }
                        }
                      : undefined
                  }
                >
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={{ textAlign: column.align ?? 'left' }}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
