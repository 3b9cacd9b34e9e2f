import { notifications } from '@mantine/notifications';
import { LIST_MAX_COLUMNS, LIST_MAX_ROWS } from '@nomen/shared';
import {
  type MouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { notifyError, TOAST_MS } from '../../../ui/notify';
import { CellEditor, type CellEditorProps, type EditorExit } from './CellEditor';
import { ColumnNameDialog } from './ColumnNameDialog';
import { FindBar } from './FindBar';
import {
  GridContextMenu,
  type GridMenuAction,
  type GridMenuAvailability,
  type GridMenuTarget,
} from './GridContextMenu';
import { cellDomId, GridHeaderRow, GridRow } from './GridRow';
import {
  cellSelection,
  cellText,
  clearRange,
  defaultColumnName,
  displayColumnCount,
  displayRowCount,
  insertColumn,
  insertRows,
  lineSelection,
  moveColumnToStart,
  readRange,
  removeColumn,
  removeRows,
  renameColumn,
  setCell,
} from './gridData';
import {
  type CellDecorator,
  type CellPos,
  type CellRef,
  type GridCellAction,
  type GridData,
  type GridSelection,
  ROW_HEIGHT,
} from './gridTypes';
import { moveCell, type NavBounds } from './navigation';
import { placePaste } from './paste';
import classes from './SpreadsheetGrid.module.css';
import { parseTsv, toTsv } from './tsv';
import { useGridClipboard } from './useGridClipboard';
import { useGridFind } from './useGridFind';
import { useGridKeyboard } from './useGridKeyboard';
import { useGridSelection } from './useGridSelection';
import { rowsPerPage, useGridVirtualizer } from './useGridVirtualizer';

/** What the grid's owner can do with it from outside (issue 4: jump to a commented cell). */
export interface SpreadsheetGridHandle {
  /** Focuses the grid (its one tab stop). */
  focus(): void;
  /** Makes `pos` the active cell and scrolls it into view. */
  scrollToCell(pos: CellPos): void;
  /** The current selection. */
  getSelection(): GridSelection;
  /** Opens the find bar and focuses its field (the toolbar's search control; issue 8 item 18). */
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
  /** Decorates cells (issue 4: review marks, presence outlines); see CellDecorator. */
  getCellDecoration?: CellDecorator;
  /** Shown over the grid, e.g. "Someone else is editing this list" (issue 4 lock). */
  overlay?: ReactNode;
  /** Called when the active cell changes (issue 4: presence, the comment popover). */
  onActiveCellChange?: (cell: CellRef) => void;
  /** Extra cell actions of the context menu, offered even while read-only (issue 4: comment, suggest). */
  cellActions?: readonly GridCellAction[];
  /** Height of the grid (CSS). */
  height: number | string;
  ref?: Ref<SpreadsheetGridHandle>;
  /**
   * What the cells show, copy and find read when it differs from what is edited (issue 11: the
   * submission table edits what was typed and shows the governed values and codes). The same
   * columns and rows as `data`; `data` when absent.
   */
  displayData?: GridData;
  /**
   * The columns are given by the owner (issue 11: one per template field): no spare column, no
   * column rename, insert, remove or move, and a paste wider than the remaining columns is
   * trimmed to them (with a notice) instead of refused.
   */
  fixedColumns?: boolean;
  /**
   * The rows are given by the owner (issue 11: editing the rows of a submission, each named by
   * its identifier): no spare rows, no row insert or remove, and a paste past the last row is refused.
   */
  fixedRows?: boolean;
  /** Cells that cannot be edited though the grid can (computed cells); editing them does nothing. */
  isCellReadOnly?: (row: number, col: number) => boolean;
  /**
   * A cell editor for the cell being edited (issue 11: a list picker, a date picker), placed like
   * the default one; null or undefined uses the default text editor.
   */
  renderCellEditor?: (props: CellEditorProps) => ReactNode;
  /** data-testid of the grid element ("list-grid" by default). */
  testId?: string;
}

type Editing = { readonly row: number; readonly col: number; readonly text: string };
type Dialog = { readonly kind: 'rename' | 'insert'; readonly col: number; readonly name: string };

const ORIGIN: CellPos = { row: 0, col: 0 };

/**
 * The list editor's spreadsheet grid (spec 02 §2, §9; issue 3 §5-6): row numbers and column
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
 * For issue 4: `getCellDecoration` adds classes, an outline, a badge and a description to cells;
 * `isReadOnly` and `overlay` make the whole grid read-only with a message; `onActiveCellChange`
 * and the ref handle follow and move the active cell; `cellActions` adds cell menu items (comment,
 * suggest a value) that stay available while read-only.
 *
 * Find (issue 8 item 18; spec 02 §2 toolbar search): Ctrl/Cmd+F in the grid or the handle's
 * `openFind` opens a find bar over the grid's top-right corner; matches in the visible cells are
 * highlighted (data-find="match", the current one "current") and moving between them scrolls
 * the grid to the match and makes it the active cell. Read-only grids can be searched too.
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
  const [editing, setEditing] = useState<Editing | null>(null);
  const [menu, setMenu] = useState<GridMenuTarget | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const isDragging = useRef(false);

  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);

  const activeRef = useRef(active);
  activeRef.current = active;
  const find = useGridFind({
    data: shown,
    getActiveCell: useCallback(() => activeRef.current, []),
    jumpTo: useCallback((pos: CellPos) => select(cellSelection(pos), true), [select]),
  });
  const closeFind = () => {
    find.close();
    focusGrid();
  };

  useImperativeHandle(
    ref,
    () => ({
      focus: focusGrid,
      scrollToCell: (pos) => select(cellSelection(pos), true),
      getSelection: () => selection,
      openFind: find.open,
    }),
    [focusGrid, select, selection, find.open],
  );

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

  useEffect(() => {
    const stopDragging = () => {
      isDragging.current = false;
    };
    window.addEventListener('mouseup', stopDragging);
    return () => window.removeEventListener('mouseup', stopDragging);
  }, []);

  const lastDataCell = (): CellPos => ({
    row: Math.max(0, data.rowCount - 1),
    col: Math.max(0, data.columns.length - 1),
  });
  const bounds = (): NavBounds => ({
    rows,
    cols,
    pageRows: rowsPerPage(scrollRef.current),
    lastDataCell: lastDataCell(),
  });

  const startEditing = (text: string | null) => {
    if (isReadOnly || isCellReadOnly?.(active.row, active.col)) return;
    select(cellSelection(active), true);
    setEditing({ row: active.row, col: active.col, text: text ?? cellText(data, active.row, active.col) });
  };

  const commitEdit = (text: string, exit: EditorExit) => {
    if (!editing) return;
    onChange(setCell(data, editing, text));
    setEditing(null);
    if (exit !== 'stay') select(cellSelection(moveCell(editing, exit, bounds())), true);
    focusGrid();
  };

  const hasCellActions = (cellActions?.length ?? 0) > 0;
  const openMenu = (target: GridMenuTarget) => {
    // A read-only grid offers only its owner's cell actions (issue 4), so no menu elsewhere.
    if (isReadOnly && (!hasCellActions || target.kind !== 'cell')) return;
    setMenu(target);
  };

  const openMenuAtActive = () => {
    const cell = document.getElementById(cellDomId(gridId, active.row, active.col));
    const rect = (cell ?? scrollRef.current)?.getBoundingClientRect();
    openMenu({
      kind: 'cell',
      row: active.row,
      col: active.col,
      x: (rect?.left ?? 0) + 16,
      y: rect?.bottom ?? 0,
    });
  };

  const onKeyDown = useGridKeyboard({
    isReadOnly,
    selection,
    bounds,
    select,
    startEditing,
    clearSelection: () => {
      const next = clearRange(data, range);
      if (next !== data) onChange(next);
    },
    selectAll: () => select({ active: ORIGIN, anchor: { row: rows - 1, col: cols - 1 } }, false),
    undo: () => onUndo?.(),
    redo: () => onRedo?.(),
    openMenuAtActive,
    openFind: find.open,
  });

  const clipboard = useGridClipboard(scrollRef, {
    copyText: () => toTsv(readRange(shown, range)),
    cut: () => {
      if (isReadOnly) return;
      const next = clearRange(data, range);
      if (next !== data) onChange(next);
    },
    paste: (text) => {
      if (isReadOnly) return;
      const at = { row: range.top, col: range.left };
      const result = placePaste(data, at, parseTsv(text), {
        maxColumns: columnMax,
        maxRows: rowMax,
        isSingleColumn,
        trimColumns: fixedColumns,
      });
      if (!result.ok) {
        notifyError(result.message);
        return;
      }
      onChange(result.data);
      // The active cell stays top-left, so the view does not jump to the end of a long paste.
      select(
        { active: at, anchor: { row: at.row + result.rows - 1, col: at.col + result.columns - 1 } },
        false,
      );
      if (result.trimmedColumns > 0) {
        notifications.show({
          color: 'yellow',
          autoClose: TOAST_MS,
          message: fixedColumns
            ? `${result.trimmedColumns} pasted column${result.trimmedColumns === 1 ? ' was' : 's were'} beyond the last column and left out.`
            : `This list has a single column: ${result.trimmedColumns} extra pasted column${result.trimmedColumns === 1 ? ' was' : 's were'} left out.`,
        });
      }
    },
  });

  const cellAt = (event: MouseEvent) => hitTest(event.target as Element);

  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const hit = cellAt(event);
    if (!hit) return;
    if (hit.kind === 'cell') {
      const pos = { row: hit.row, col: hit.col };
      select(event.shiftKey ? { active: pos, anchor: selection.anchor } : cellSelection(pos), false);
      isDragging.current = true;
    } else {
      // Shift-click extends the selection to whole rows (columns) from the anchor's, as on cells.
      const index = hit.kind === 'column' ? hit.col : hit.row;
      select(lineSelection(hit.kind, index, rows, cols, event.shiftKey ? selection : undefined), false);
    }
  };

  /** The rows a row action of the menu opened on `target` applies to: the selected ones around it. */
  const rowsOfTarget = (target: GridMenuTarget): { top: number; bottom: number } =>
    target.row >= range.top && target.row <= range.bottom
      ? { top: range.top, bottom: range.bottom }
      : { top: target.row, bottom: target.row };

  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    if (!isDragging.current || event.buttons !== 1) return;
    const hit = cellAt(event);
    if (hit?.kind !== 'cell' || (hit.row === active.row && hit.col === active.col)) return;
    select({ active: { row: hit.row, col: hit.col }, anchor: selection.anchor }, false);
  };

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const hit = cellAt(event);
    if (hit?.kind === 'cell') startEditing(null);
    else if (hit?.kind === 'column' && !isReadOnly && !fixedColumns) {
      setDialog({
        kind: 'rename',
        col: hit.col,
        name: data.columns[hit.col]?.name ?? defaultColumnName(data.columns),
      });
    }
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const hit = cellAt(event);
    if (!hit || (isReadOnly && (!hasCellActions || hit.kind !== 'cell'))) return;
    event.preventDefault();
    const pos = { row: hit.row, col: hit.col };
    const isInside =
      pos.row >= range.top && pos.row <= range.bottom && pos.col >= range.left && pos.col <= range.right;
    if (hit.kind === 'cell' && !isInside) select(cellSelection(pos), false);
    // A row number (column header) outside the selection selects its line, as in spreadsheets.
    if (hit.kind === 'row' && (pos.row < range.top || pos.row > range.bottom))
      select(lineSelection('row', pos.row, rows, cols), false);
    if (hit.kind === 'column' && (pos.col < range.left || pos.col > range.right))
      select(lineSelection('column', pos.col, rows, cols), false);
    focusGrid();
    openMenu({ ...hit, x: event.clientX, y: event.clientY });
  };

  const onMenuAction = (action: GridMenuAction, target: GridMenuTarget) => {
    setMenu(null);
    const { col } = target;
    switch (action) {
      case 'renameColumn':
        setDialog({ kind: 'rename', col, name: data.columns[col]?.name ?? defaultColumnName(data.columns) });
        return;
      case 'insertColumnLeft':
        setDialog({ kind: 'insert', col, name: defaultColumnName(data.columns) });
        return;
      case 'removeColumn':
        onChange(removeColumn(data, col));
        break;
      case 'moveColumnToStart':
        onChange(moveColumnToStart(data, col));
        select(cellSelection({ row: active.row, col: 0 }), true);
        break;
      // Row actions apply to every selected row (spec 02 §2 context menu; shift-arrows, shift-click).
      case 'insertRowAbove': {
        const lines = rowsOfTarget(target);
        onChange(insertRows(data, lines.top, lines.bottom - lines.top + 1));
        break;
      }
      case 'removeRow': {
        const lines = rowsOfTarget(target);
        onChange(removeRows(data, lines.top, lines.bottom));
        select(cellSelection({ row: lines.top, col: active.col }), false);
        break;
      }
    }
    focusGrid();
  };

  const onDialogSubmit = (name: string) => {
    if (!dialog) return;
    onChange(
      dialog.kind === 'rename' ? renameColumn(data, dialog.col, name) : insertColumn(data, dialog.col, name),
    );
    setDialog(null);
    focusGrid();
  };

  const menuRows = menu ? rowsOfTarget(menu).bottom - rowsOfTarget(menu).top + 1 : 1;
  const isActiveRendered =
    active.row >= view.firstRow &&
    active.row <= view.lastRow &&
    active.col >= view.firstCol &&
    active.col <= view.lastCol;

  const findCell = find.currentCell;
  const rowElements: ReactNode[] = [];
  for (let row = view.firstRow; row <= view.lastRow && row >= 0; row++) {
    const isInRange = row >= range.top && row <= range.bottom;
    rowElements.push(
      <GridRow
        key={row}
        gridId={gridId}
        row={row}
        top={(row + 1) * ROW_HEIGHT}
        width={view.totalWidth}
        columns={shown.columns}
        firstCol={view.firstCol}
        lastCol={view.lastCol}
        selectedLeft={isInRange ? range.left : -1}
        selectedRight={isInRange ? range.right : -2}
        activeCol={row === active.row ? active.col : -1}
        isSpareRow={row >= data.rowCount}
        getCellDecoration={getCellDecoration}
        isFindMatch={find.matcher ?? undefined}
        findCurrentCol={findCell?.row === row ? findCell.col : -1}
      />,
    );
  }

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
          if (menu && event.key === 'Escape') setMenu(null);
          else onKeyDown(event);
        }}
        onMouseDown={onMouseDown}
        onMouseMove={onMouseMove}
        onDoubleClick={onDoubleClick}
        onContextMenu={onContextMenu}
        {...clipboard}
      >
        <div className={classes.inner} style={{ width: view.totalWidth, height: view.totalHeight }}>
          {/* biome-ignore lint/a11y/useSemanticElements: WAI-ARIA grid pattern */}
          <div role="rowgroup" className={classes.head} style={{ width: view.totalWidth }}>
            <GridHeaderRow
              width={view.totalWidth}
              columns={data.columns}
              firstCol={view.firstCol}
              lastCol={view.lastCol}
              selectedLeft={range.left}
              selectedRight={range.right}
            />
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: WAI-ARIA grid pattern */}
          <div role="rowgroup">{rowElements}</div>
          {editing ? (
            <EditorSlot
              key={`${editing.row}:${editing.col}`}
              render={renderCellEditor}
              row={editing.row}
              col={editing.col}
              initialText={editing.text}
              label={`${data.columns[editing.col]?.name ?? defaultColumnName(data.columns)}, row ${editing.row + 1}`}
              onCommit={commitEdit}
              onCancel={() => {
                setEditing(null);
                focusGrid();
              }}
            />
          ) : null}
        </div>
      </div>
      {overlay ? <div className={classes.overlay}>{overlay}</div> : null}
      {find.isOpen ? <FindBar find={find} onClose={closeFind} /> : null}
      {menu ? (
        <GridContextMenu
          key={`${menu.kind}:${menu.row}:${menu.col}:${menu.x}:${menu.y}`}
          target={menu}
          rowCount={menuRows}
          availability={menuAvailability(
            { ...menu, row: rowsOfTarget(menu).top },
            data,
            columnMax,
            rowMax,
            columnLimitReason,
            fixedColumns,
            fixedRows,
            menuRows,
          )}
          onAction={onMenuAction}
          cellActions={cellActions}
          isReadOnly={isReadOnly}
          onClose={() => {
            setMenu(null);
            if (!dialog) focusGrid();
          }}
        />
      ) : null}
      {dialog ? (
        <ColumnNameDialog
          key={`${dialog.kind}:${dialog.col}`}
          title={dialog.kind === 'rename' ? 'Rename column' : 'Insert column'}
          submitLabel={dialog.kind === 'rename' ? 'Rename' : 'Insert'}
          initialName={dialog.name}
          onSubmit={onDialogSubmit}
          onClose={() => {
            setDialog(null);
            focusGrid();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Why each context-menu action is unavailable for `target` (spec 02 §2, §5 limits); row actions
 * apply to `rowCount` rows from `target.row` down.
 */
function menuAvailability(
  target: GridMenuTarget,
  data: GridData,
  columnLimit: number,
  rowLimit: number,
  columnLimitReason: string | undefined,
  fixedColumns: boolean,
  fixedRows = false,
  rowCount = 1,
): GridMenuAvailability {
  const { col, row } = target;
  const fixed = fixedColumns ? 'The columns are set by the template' : null;
  const rowsFixed = fixedRows ? 'The rows are those of the submission' : null;
  const isSpareColumn = col >= data.columns.length;
  const isSpareRow = row >= data.rowCount;
  const columnsFull =
    data.columns.length >= columnLimit
      ? (columnLimitReason ?? `A list holds at most ${columnLimit.toLocaleString('en-US')} columns`)
      : null;
  return {
    renameColumn: fixed ?? (isSpareColumn && columnsFull ? columnsFull : null),
    insertColumnLeft: fixed ?? columnsFull,
    removeColumn:
      fixed ??
      (isSpareColumn
        ? 'This column holds nothing yet'
        : data.columns.length <= 1
          ? 'A list keeps at least one column'
          : null),
    moveColumnToStart:
      fixed ??
      (isSpareColumn ? 'This column holds nothing yet' : col === 0 ? 'This column is already first' : null),
    insertRowAbove:
      rowsFixed ??
      (isSpareRow
        ? 'The rows below the list are already empty'
        : data.rowCount + rowCount > rowLimit
          ? `A list holds at most ${rowLimit.toLocaleString('en-US')} rows`
          : null),
    removeRow: rowsFixed ?? (isSpareRow ? 'This row is below the list' : null),
  };
}

/** The owner's cell editor for the cell, or the default text editor. */
function EditorSlot({
  render,
  ...props
}: CellEditorProps & { render: ((props: CellEditorProps) => ReactNode) | undefined }) {
  const custom = render?.(props);
  return custom ?? <CellEditor {...props} />;
}

/**
 * The cell, column header or row number under a pointer event, from the ARIA indexes the grid
 * renders anyway (no per-cell data attributes or handlers).
 */
function hitTest(target: Element): { kind: 'cell' | 'column' | 'row'; row: number; col: number } | null {
  const element = target.closest('[role="gridcell"],[role="columnheader"],[role="rowheader"]');
  if (!element) return null;
  const col = Number(element.getAttribute('aria-colindex')) - 2;
  const row = Number(element.closest('[role="row"]')?.getAttribute('aria-rowindex')) - 2;
  const role = element.getAttribute('role');
  if (role === 'gridcell') return Number.isNaN(row) || col < 0 ? null : { kind: 'cell', row, col };
  if (role === 'columnheader') return col < 0 ? null : { kind: 'column', row: 0, col };
  return Number.isNaN(row) || row < 0 ? null : { kind: 'row', row, col: 0 };
}
