import { LIST_MAX_COLUMNS, LIST_MAX_ROWS } from '@nomen/shared';
import {
  type ReactNode,
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
} from 'react';
import { CellEditor, type CellEditorProps } from './CellEditor';
import { FindBar } from './FindBar';
import { GridMenus } from './GridMenus';
import { cellDomId, GridHeaderRow, GridRow, type RowCells } from './GridRow';
import {
  cellSelection,
  clearRange,
  defaultColumnName,
  displayColumnCount,
  displayRowCount,
} from './gridData';
import { gridClipboardActions } from './gridPasteActions';
import {
  type CellDecoration,
  type CellDecorator,
  type CellPos,
  type CellRange,
  type CellRef,
  type GridCellAction,
  type GridData,
  type GridSelection,
  ROW_HEIGHT,
} from './gridTypes';
import type { NavBounds } from './navigation';
import classes from './SpreadsheetGrid.module.css';
import { useGridClipboard } from './useGridClipboard';
import { useGridEditing } from './useGridEditing';
import { type GridFind, useGridFind } from './useGridFind';
import { useGridKeyboard } from './useGridKeyboard';
import { useGridMenu } from './useGridMenu';
import { useGridPointer } from './useGridPointer';
import { useGridSelection } from './useGridSelection';
import { type GridWindow, rowsPerPage, useGridVirtualizer } from './useGridVirtualizer';

/** What the grid's owner can do with it from outside (spec 02 §5: jump to a commented cell). */
export interface SpreadsheetGridHandle {
  /** Focuses the grid (its one tab stop). */
  focus(): void;
  /** Makes `pos` the active cell and scrolls it into view. */
  scrollToCell(pos: CellPos): void;
  /** The current selection. */
  getSelection(): GridSelection;
  /** Opens the find bar and focuses its field (the toolbar's search control; spec 02 §2). */
  openFind(): void;
}

/** Props of SpreadsheetGrid. */
export interface SpreadsheetGridProps {
  /** The content (column-major; see GridData). */
  data: GridData;
  /** Receives each change as a whole new state: one call is one undo step. */
  onChange: (next: GridData) => void;
  onUndo?: () => void;
  onRedo?: () => void;
  /** Accessible name of the grid, e.g. the list's name. */
  label: string;
  /** No editing, pasting, clearing or structure changes; moving, selecting and copying stay (spec 02 §2). */
  isReadOnly?: boolean;
  /** Most columns (100; 1 for drop-down lists) and rows (10,000) (spec 02 §5, §9). */
  columnLimit?: number;
  rowLimit?: number;
  /** A single-column list: pasting trims extra columns (spec 02 §5). */
  isSingleColumn?: boolean;
  /** Why no column can be added once `columnLimit` is reached (menu tooltip). */
  columnLimitReason?: string;
  /** Decorates cells (spec 02 §4, §5: review marks, presence outlines); see CellDecorator. */
  getCellDecoration?: CellDecorator;
  /** Shown over the grid, e.g. "Someone else is editing this list" (spec 02 §4 lock). */
  overlay?: ReactNode;
  /** Called when the active cell changes (spec 02 §5: presence, the comment popover). */
  onActiveCellChange?: (cell: CellRef) => void;
  /** Extra cell actions of the context menu, offered even while read-only (spec 02 §5: comment, suggest). */
  cellActions?: readonly GridCellAction[];
  /** Height of the grid (CSS). */
  height: number | string;
  ref?: Ref<SpreadsheetGridHandle>;
  /**
   * What the cells show, copy and find read when it differs from what is edited (spec 03 §2: the
   * submission table edits what was typed and shows the governed values and codes). The same
   * columns and rows as `data`; `data` when absent.
   */
  displayData?: GridData;
  /**
   * The columns are given by the owner (spec 03 §2: one per template field): no spare column, no
   * column rename, insert, remove or move, and a paste wider than the remaining columns is
   * trimmed to them (with a notice) instead of refused.
   */
  fixedColumns?: boolean;
  /**
   * The rows are given by the owner (spec 03 §2: editing the rows of a submission, each named by
   * its identifier): no spare rows, no row insert or remove, and a paste past the last row is refused.
   */
  fixedRows?: boolean;
  /** Cells that cannot be edited though the grid can (computed cells); editing them does nothing. */
  isCellReadOnly?: (row: number, col: number) => boolean;
  /**
   * A cell editor for the cell being edited (spec 03 §2: a list picker, a date picker), placed like
   * the default one; null or undefined uses the default text editor.
   */
  renderCellEditor?: (props: CellEditorProps) => ReactNode;
  /** data-testid of the grid element ("list-grid" by default). */
  testId?: string;
}

const ORIGIN: CellPos = { row: 0, col: 0 };

/**
 * The list editor's spreadsheet grid (spec 02 §2, §9): row numbers and column
 * headers, 250 px columns and 40 px rows, 10 spare rows and 1 spare column, virtualised on both
 * axes. Click, arrows and the APG grid keys move; typing, Enter or F2 edits; shift-click,
 * shift-arrows and dragging select a range; Delete clears it; Ctrl+C/X/V copy, cut and paste TSV
 * (Excel, Google Sheets); a context menu (right-click, Menu key, Shift+F10) renames, removes,
 * inserts and moves columns and rows. Every change reaches `onChange` as one new GridData.
 *
 * Accessibility: role="grid" with aria-rowcount/aria-colcount of the full size, rows with
 * aria-rowindex, columnheader/rowheader/gridcell with aria-colindex and aria-selected; one tab
 * stop with aria-activedescendant on the active cell; the editor is labelled "<column>, row N".
 *
 * For live collaboration (spec 02 §4-6): `getCellDecoration` adds classes, an outline, a badge and a description to cells;
 * `isReadOnly` and `overlay` make the whole grid read-only with a message; `onActiveCellChange`
 * and the ref handle follow and move the active cell; `cellActions` adds cell menu items (comment,
 * suggest a value) that stay available while read-only.
 *
 * Find (spec 02 §2 toolbar search): Ctrl/Cmd+F in the grid or the handle's
 * `openFind` opens a find bar over the grid's top-right corner; matches in the visible cells are
 * highlighted (data-find="match", the current one "current") and moving between them scrolls
 * the grid to the match and makes it the active cell. Read-only grids can be searched too.
 *
 * Its parts: selection (useGridSelection), edit mode (useGridEditing), keys (useGridKeyboard),
 * mouse (useGridPointer), clipboard (useGridClipboard, gridClipboardActions), context menu and
 * column dialog (useGridMenu, GridMenus), find (useGridFind, FindBar) and the rendered window
 * (useGridVirtualizer, gridRows).
 * Long because it wires those parts to its 23 props and to the one scroller element the APG grid
 * pattern asks for; the logic lives in the parts, and splitting the wiring would scatter it.
 */
export function SpreadsheetGrid({
  data,
  onChange,
  onUndo,
  onRedo,
  label,
  isReadOnly = false,
  columnLimit = LIST_MAX_COLUMNS,
  rowLimit = LIST_MAX_ROWS,
  isSingleColumn = false,
  columnLimitReason,
  getCellDecoration,
  overlay,
  onActiveCellChange,
  cellActions,
  height,
  ref,
  displayData,
  fixedColumns = false,
  fixedRows = false,
  isCellReadOnly,
  renderCellEditor,
  testId = 'list-grid',
}: SpreadsheetGridProps) {
  const gridId = useId().replaceAll(':', '');
  const scrollRef = useRef<HTMLDivElement>(null);
  const shown = displayData ?? data;
  const columnMax = fixedColumns ? data.columns.length : columnLimit;
  const rowMax = fixedRows ? data.rowCount : rowLimit;
  const rows = displayRowCount(data, rowMax);
  const cols = displayColumnCount(data, columnMax);
  const view = useGridVirtualizer(scrollRef, rows, cols);
  const { selection, range, select } = useGridSelection(scrollRef, rows, cols);
  const { active } = selection;
  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);
  const find = useFindInGrid(shown, active, select, focusGrid);
  const names = useSameItems(data.columns.map((c) => c.name));
  const rowCells = useRef(new Map<number, RowCells>());
  useGridHandle(ref, { focusGrid, select, selection, openFind: find.open });
  useActiveCellReport(data, active, onActiveCellChange);

  const bounds = (): NavBounds => ({
    rows,
    cols,
    pageRows: rowsPerPage(scrollRef.current),
    lastDataCell: { row: Math.max(0, data.rowCount - 1), col: Math.max(0, data.columns.length - 1) },
  });
  const edit = useGridEditing({
    data,
    onChange,
    isReadOnly,
    isCellReadOnly,
    active,
    select,
    bounds,
    focusGrid,
  });
  const hasCellActions = (cellActions?.length ?? 0) > 0;
  const limits = { columnMax, rowMax, columnLimitReason, fixedColumns, fixedRows };
  const menu = useGridMenu({
    gridId,
    scrollRef,
    data,
    onChange,
    active,
    range,
    select,
    focusGrid,
    isReadOnly,
    hasCellActions,
    ...limits,
  });
  const clearSelection = () => {
    const next = clearRange(data, range);
    if (next !== data) onChange(next);
  };
  const onKeyDown = useGridKeyboard({
    isReadOnly,
    selection,
    bounds,
    select,
    startEditing: edit.startEditing,
    clearSelection,
    selectAll: () => select({ active: ORIGIN, anchor: { row: rows - 1, col: cols - 1 } }, false),
    undo: () => onUndo?.(),
    redo: () => onRedo?.(),
    openMenuAtActive: menu.openMenuAtActive,
    openFind: find.open,
  });
  const clipboard = useGridClipboard(
    scrollRef,
    gridClipboardActions({
      data,
      shown,
      range,
      onChange,
      select,
      isReadOnly,
      columnMax,
      rowMax,
      isSingleColumn,
      fixedColumns,
    }),
  );
  const pointer = useGridPointer({
    selection,
    range,
    rows,
    cols,
    select,
    startEditing: edit.startEditing,
    menu,
    focusGrid,
    canRenameColumns: !isReadOnly && !fixedColumns,
  });

  const isActiveRendered =
    active.row >= view.firstRow &&
    active.row <= view.lastRow &&
    active.col >= view.firstCol &&
    active.col <= view.lastCol;
  const { editing } = edit;

  return (
    <div className={classes.wrapper} style={{ height }}>
      {/* biome-ignore lint/a11y/useSemanticElements: a spreadsheet grid, not a table (WAI-ARIA APG grid pattern) */}
      <div
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={rows + 1}
        aria-colcount={cols + 1}
        aria-multiselectable
        aria-readonly={isReadOnly || undefined}
        aria-activedescendant={
          isActiveRendered && !editing ? cellDomId(gridId, active.row, active.col) : undefined
        }
        tabIndex={0}
        className={classes.scroller}
        data-testid={testId}
        onKeyDown={(event) => {
          // The menu closes on Escape even before it has taken the focus.
          if (menu.menu && event.key === 'Escape') menu.dismissMenu();
          else onKeyDown(event);
        }}
        {...pointer}
        {...clipboard}
      >
        <div className={classes.inner} style={{ width: view.totalWidth, height: view.totalHeight }}>
          {/* biome-ignore lint/a11y/useSemanticElements: WAI-ARIA grid pattern */}
          <div role="rowgroup" className={classes.head} style={{ width: view.totalWidth }}>
            <GridHeaderRow
              width={view.totalWidth}
              names={names}
              firstCol={view.firstCol}
              lastCol={view.lastCol}
              selectedLeft={range.left}
              selectedRight={range.right}
            />
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: WAI-ARIA grid pattern */}
          <div role="rowgroup">
            {gridRows({ gridId, view, data, shown, range, active, find, getCellDecoration, rowCells })}
          </div>
          {editing ? (
            <EditorSlot
              key={`${editing.row}:${editing.col}`}
              render={renderCellEditor}
              row={editing.row}
              col={editing.col}
              initialText={editing.text}
              label={`${data.columns[editing.col]?.name ?? defaultColumnName(data.columns)}, row ${editing.row + 1}`}
              onCommit={edit.commitEdit}
              onCancel={edit.cancelEdit}
            />
          ) : null}
        </div>
      </div>
      {overlay ? <div className={classes.overlay}>{overlay}</div> : null}
      {find.isOpen ? <FindBar find={find} onClose={find.closeAndFocus} /> : null}
      <GridMenus state={menu} cellActions={cellActions} isReadOnly={isReadOnly} />
    </div>
  );
}

/**
 * Find in the grid: useGridFind over what the cells show, reading the active
 * cell through a ref so its callbacks stay stable, jumping by selecting and revealing the match;
 * `closeAndFocus` closes the bar and gives the focus back to the grid.
 */
function useFindInGrid(
  shown: GridData,
  active: CellPos,
  select: (selection: GridSelection, reveal: boolean) => void,
  focusGrid: () => void,
): GridFind & { closeAndFocus: () => void } {
  const activeRef = useRef(active);
  activeRef.current = active;
  const find = useGridFind({
    data: shown,
    getActiveCell: useCallback(() => activeRef.current, []),
    jumpTo: useCallback((pos: CellPos) => select(cellSelection(pos), true), [select]),
  });
  return {
    ...find,
    closeAndFocus: () => {
      find.close();
      focusGrid();
    },
  };
}

/** The grid's ref handle (SpreadsheetGridHandle): focus, scroll to a cell, the selection, open find. */
function useGridHandle(
  ref: SpreadsheetGridProps['ref'],
  {
    focusGrid,
    select,
    selection,
    openFind,
  }: {
    focusGrid: () => void;
    select: (selection: GridSelection, reveal: boolean) => void;
    selection: GridSelection;
    openFind: () => void;
  },
) {
  useImperativeHandle(
    ref,
    () => ({
      focus: focusGrid,
      scrollToCell: (pos) => select(cellSelection(pos), true),
      getSelection: () => selection,
      openFind,
    }),
    [focusGrid, select, selection, openFind],
  );
}

/** Tells the owner the active cell (with its column and value ids) whenever it changes. */
function useActiveCellReport(
  data: GridData,
  active: CellPos,
  onActiveCellChange: ((cell: CellRef) => void) | undefined,
) {
  const activeColumn = data.columns[active.col];
  const activeValueId = activeColumn?.ids[active.row] ?? 0;
  useEffect(() => {
    onActiveCellChange?.({
      row: active.row,
      col: active.col,
      columnId: activeColumn?.id,
      valueId: activeValueId,
    });
  }, [onActiveCellChange, active.row, active.col, activeColumn?.id, activeValueId]);
}

/** `items`, or the array given before when it holds the same items (so memoised parts keep their props). */
function useSameItems<T>(items: readonly T[]): readonly T[] {
  const last = useRef(items);
  if (!sameItems(last.current, items)) last.current = items;
  return last.current;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What row `row`'s visible cells show (texts and decorations), as `cached` when nothing changed,
 * so its memoised GridRow does not re-render when another row's cells change.
 */
function rowCellsOf(
  row: number,
  view: GridWindow,
  shown: GridData,
  getCellDecoration: CellDecorator | undefined,
  cached: RowCells | undefined,
): RowCells {
  const texts: string[] = [];
  const decorations: (CellDecoration | undefined)[] = [];
  for (let col = view.firstCol; col <= view.lastCol && col >= 0; col++) {
    const column = shown.columns[col];
    texts.push(column?.values[row] ?? '');
    decorations.push(getCellDecoration?.(row, col, column));
  }
  const isSame =
    cached !== undefined &&
    cached.firstCol === view.firstCol &&
    sameItems(cached.texts, texts) &&
    sameItems(cached.decorations, decorations);
  return isSame ? cached : { firstCol: view.firstCol, texts, decorations };
}

/**
 * The rendered window's rows (FIELD-NOTES "Spreadsheet grid"): one memoised GridRow per row in
 * view, given only primitives and stable references (its cells' texts and decorations kept in
 * `rowCells` while they stay the same), so a scroll re-renders only the rows that enter the
 * window, and a change of the data only the rows whose shown cells, selection, active cell or
 * find match changed.
 */
function gridRows({
  gridId,
  view,
  data,
  shown,
  range,
  active,
  find,
  getCellDecoration,
  rowCells,
}: {
  gridId: string;
  view: GridWindow;
  data: GridData;
  shown: GridData;
  range: CellRange;
  active: CellPos;
  find: GridFind;
  getCellDecoration: CellDecorator | undefined;
  rowCells: RefObject<Map<number, RowCells>>;
}): ReactNode[] {
  const findCell = find.currentCell;
  const rowElements: ReactNode[] = [];
  const cells = new Map<number, RowCells>();
  for (let row = view.firstRow; row <= view.lastRow && row >= 0; row++) {
    const isInRange = row >= range.top && row <= range.bottom;
    const rowCell = rowCellsOf(row, view, shown, getCellDecoration, rowCells.current.get(row));
    cells.set(row, rowCell);
    rowElements.push(
      <GridRow
        key={row}
        gridId={gridId}
        row={row}
        top={(row + 1) * ROW_HEIGHT}
        width={view.totalWidth}
        columnCount={shown.columns.length}
        firstCol={view.firstCol}
        lastCol={view.lastCol}
        cells={rowCell}
        selectedLeft={isInRange ? range.left : -1}
        selectedRight={isInRange ? range.right : -2}
        activeCol={row === active.row ? active.col : -1}
        isSpareRow={row >= data.rowCount}
        isFindMatch={find.matcher ?? undefined}
        findCurrentCol={findCell?.row === row ? findCell.col : -1}
      />,
    );
  }
  rowCells.current = cells;
  return rowElements;
}

/** The owner's cell editor for the cell, or the default text editor. */
function EditorSlot({
  render,
  ...props
}: CellEditorProps & { render: ((props: CellEditorProps) => ReactNode) | undefined }) {
  const custom = render?.(props);
  return custom ?? <CellEditor {...props} />;
}
