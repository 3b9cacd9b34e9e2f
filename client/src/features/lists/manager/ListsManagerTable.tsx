import { Anchor, Checkbox, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { ListSummary } from '@nomen/shared';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { SelectAllState } from '../../../ui/adminTableModel';
import { Timestamp } from '../../../ui/Timestamp';
import classes from './ListsManagerTable.module.css';
import { ListTypeLabel } from './ListTypeLabel';
import { type ListSort, type ListSortKey, SKELETON_ROW_COUNT } from './managerTableModel';

/** Height of one body row in pixels (matches ListsManagerTable.module.css). */
const ROW_HEIGHT = 52;

/** Props of ListsManagerTable. */
export interface ListsManagerTableProps {
  /** The rows of the current page, sorted; undefined while loading. */
  rows: readonly ListSummary[] | undefined;
  isLoading: boolean;
  sort: ListSort;
  onSort: (key: ListSortKey) => void;
  isSelected: (id: number) => boolean;
  /** A row checkbox click; `isRangeClick` when shift was held. */
  onClickRow: (id: number, isRangeClick: boolean) => void;
  selectAllState: SelectAllState;
  onToggleAll: () => void;
  /** The edit route of a list, opened by a click on its row (spec 02 §2: /admin/lists-manager/edit/{id}). */
  hrefOf: (list: ListSummary) => string;
  /** Changes when another page, page size or sort is shown; scrolls back to the top. */
  viewKey: string;
  /** Shown under the header when there are no rows. */
  empty: ReactNode;
}

const SKELETON_KEYS = Array.from({ length: SKELETON_ROW_COUNT }, (_, i) => `skeleton-${i}`);

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortHeader(props: {
  label: string;
  sortKey: ListSortKey;
  sort: ListSort;
  onSort: (key: ListSortKey) => void;
}) {
  const { label, sortKey, sort, onSort } = props;
  const isActive = sort.key === sortKey;
  const Icon = !isActive ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <th className={classes.cell} aria-sort={isActive ? ARIA_SORT[sort.direction] : 'none'}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(sortKey)}>
        {label}
        <Icon size={14} aria-hidden stroke={isActive ? 2.2 : 1.5} opacity={isActive ? 1 : 0.5} />
      </UnstyledButton>
    </th>
  );
}

/** Props of ListsTableHeadRow. */
interface ListsTableHeadRowProps {
  sort: ListSort;
  onSort: (key: ListSortKey) => void;
  selectAllState: SelectAllState;
  onToggleAll: () => void;
  /** Rows on the page (none: the select-all checkbox is disabled). */
  count: number;
}

/** The header row: select-all over the page, sortable Name and Updated, Type and Description. */
function ListsTableHeadRow({ sort, onSort, selectAllState, onToggleAll, count }: ListsTableHeadRowProps) {
  return (
    <tr aria-rowindex={1} className={`${classes.row} ${classes.headRow}`}>
      <th className={`${classes.cell} ${classes.checkboxCell}`}>
        <Checkbox
          aria-label="Select all lists on this page"
          checked={selectAllState === 'all'}
          indeterminate={selectAllState === 'some'}
          disabled={count === 0}
          onChange={onToggleAll}
        />
      </th>
      <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
      <th className={classes.cell}>Type</th>
      <th className={classes.cell}>Description</th>
      <SortHeader label="Updated" sortKey="updated_at" sort={sort} onSort={onSort} />
    </tr>
  );
}

/** The 10 skeleton rows shown while the lists load (spec 02 §9), hidden from assistive tech. */
function ListsTableSkeletonBody() {
  return (
    <tbody aria-hidden className={classes.skeletonBody}>
      {SKELETON_KEYS.map((key, i) => (
        <tr key={key} className={`${classes.row} ${classes.skeletonRow}`} data-testid="lists-skeleton-row">
          <td className={`${classes.cell} ${classes.checkboxCell}`}>
            <Skeleton height={18} width={18} />
          </td>
          <td className={classes.cell}>
            <Skeleton height={12} radius="xl" width={`${45 + ((i * 17) % 40)}%`} />
          </td>
          <td className={classes.cell}>
            <Skeleton height={12} radius="xl" width="60%" />
          </td>
          <td className={classes.cell}>
            <Skeleton height={12} radius="xl" width={`${35 + ((i * 23) % 50)}%`} />
          </td>
          <td className={classes.cell}>
            <Skeleton height={12} radius="xl" width="50%" />
          </td>
        </tr>
      ))}
    </tbody>
  );
}

/** Props of ListsTableRow. */
interface ListsTableRowProps {
  list: ListSummary;
  /** The row's index among the page's rows (0-based). */
  index: number;
  /** The row's top in px inside the virtual body. */
  start: number;
  isSelected: boolean;
  onClickRow: (id: number, isRangeClick: boolean) => void;
  hrefOf: (list: ListSummary) => string;
}

/**
 * One list's row: its checkbox (shift-click selects a range), its name as a link to its edit
 * route, its type, description and last update.
 */
function ListsTableRow({ list, index, start, isSelected, onClickRow, hrefOf }: ListsTableRowProps) {
  return (
    <tr
      aria-rowindex={index + 2}
      className={`${classes.row} ${classes.bodyRow}`}
      data-selected={isSelected || undefined}
      style={{ transform: `translateY(${start}px)` }}
    >
      <td className={`${classes.cell} ${classes.checkboxCell} ${classes.raised}`}>
        <Checkbox
          aria-label={`Select ${list.name}`}
          checked={isSelected}
          onChange={(event) =>
            onClickRow(list.id, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)
          }
          onMouseDown={(event) => {
            // Keeps a shift-click from also selecting the text between rows.
            if (event.shiftKey) event.preventDefault();
          }}
        />
      </td>
      <td className={classes.cell}>
        <Anchor component={Link} to={hrefOf(list)} className={classes.nameLink} title={list.name}>
          {list.name}
        </Anchor>
      </td>
      <td className={classes.cell}>
        <ListTypeLabel type={list.type} poweredTemplateId={list.powered_template_id} />
      </td>
      <td className={classes.cell}>
        <Text size="sm" c={list.notes ? undefined : 'dimmed'} truncate title={list.notes}>
          {list.notes || '—'}
        </Text>
      </td>
      <td className={classes.cell}>
        <Timestamp value={list.updated_at} />
      </td>
    </tr>
  );
}

/**
 * The lists manager's virtualised table (spec 02 §2 "Lists manager (newer view)", §9): a select-all
 * checkbox over the page, sortable Name and Updated headers (aria-sort; a click toggles
 * ascending/descending), type and description columns, and only the rows in view rendered
 * (@tanstack/react-virtual) inside a scroll box with a sticky header. Each row's name is a link
 * to the list's edit route stretched over the row, so a click anywhere on the row (but the
 * checkbox) opens it; shift-click on a checkbox selects a range. While loading it shows 10
 * skeleton rows. A semantic table laid out as CSS grid, since virtual rows are placed absolutely.
 */
export function ListsManagerTable(props: ListsManagerTableProps) {
  const { rows, isLoading, sort, onSort, isSelected, onClickRow, selectAllState, onToggleAll } = props;
  const { hrefOf, viewKey, empty } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = rows?.length ?? 0;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    useFlushSync: false,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey is the trigger, not an input
  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [viewKey, virtualizer]);

  const isShowingSkeleton = isLoading && !rows;

  return (
    <div className={classes.frame}>
      <div ref={scrollRef} className={classes.scroller}>
        <table
          className={classes.table}
          aria-label="Lists"
          aria-rowcount={isShowingSkeleton ? -1 : count + 1}
          aria-busy={isLoading}
        >
          <thead className={classes.head}>
            <ListsTableHeadRow
              sort={sort}
              onSort={onSort}
              selectAllState={selectAllState}
              onToggleAll={onToggleAll}
              count={count}
            />
          </thead>

          {isShowingSkeleton ? (
            <ListsTableSkeletonBody />
          ) : (
            <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
              {rows
                ? virtualizer.getVirtualItems().map((item) => {
                    const list = rows[item.index]!;
                    return (
                      <ListsTableRow
                        key={list.id}
                        list={list}
                        index={item.index}
                        start={item.start}
                        isSelected={isSelected(list.id)}
                        onClickRow={onClickRow}
                        hrefOf={hrefOf}
                      />
                    );
                  })
                : null}
            </tbody>
          )}
        </table>
      </div>
      {!isLoading && count === 0 ? empty : null}
    </div>
  );
}
