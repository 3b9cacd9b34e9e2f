import { type RefObject, useRef, useState } from 'react';
import type { GridMenuAction, GridMenuAvailability, GridMenuTarget } from './GridContextMenu';
import { cellDomId } from './GridRow';
import {
  cellSelection,
  defaultColumnName,
  insertColumn,
  insertRows,
  moveColumnToStart,
  removeColumn,
  removeRows,
  renameColumn,
} from './gridData';
import type { CellPos, CellRange, GridData, GridSelection } from './gridTypes';

/** The column name dialog: renaming a column or inserting one to its left, with the name it starts with. */
export type GridColumnDialog = {
  readonly kind: 'rename' | 'insert';
  readonly col: number;
  readonly name: string;
};

/** What useGridMenu needs from the grid. */
export interface GridMenuContext {
  gridId: string;
  scrollRef: RefObject<HTMLElement | null>;
  data: GridData;
  onChange: (next: GridData) => void;
  active: CellPos;
  range: CellRange;
  select: (selection: GridSelection, reveal: boolean) => void;
  focusGrid: () => void;
  isReadOnly: boolean;
  /** The owner offers cell actions (comment, suggest), which a read-only grid still shows. */
  hasCellActions: boolean;
  columnMax: number;
  rowMax: number;
  columnLimitReason: string | undefined;
  fixedColumns: boolean;
  fixedRows: boolean;
}

/**
 * The column name dialog (spec 02 §2 context menu: rename column, insert column left): which one
 * is open, opening a rename with the column's name, applying the name as one change, closing it.
 * Each end gives the focus back to the grid.
 */
function useColumnDialog(data: GridData, onChange: (next: GridData) => void, focusGrid: () => void) {
  const [dialog, setDialog] = useState<GridColumnDialog | null>(null);
  const openRename = (col: number) =>
    setDialog({ kind: 'rename', col, name: data.columns[col]?.name ?? defaultColumnName(data.columns) });
  const onDialogSubmit = (name: string) => {
    if (!dialog) return;
    onChange(
      dialog.kind === 'rename' ? renameColumn(data, dialog.col, name) : insertColumn(data, dialog.col, name),
    );
    setDialog(null);
    focusGrid();
  };
  const closeDialog = () => {
    setDialog(null);
    focusGrid();
  };
  return { dialog, setDialog, openRename, onDialogSubmit, closeDialog };
}

/**
 * How far row `row` of `before` moved in `now`, following the id in the first column's `ids`
 * (a list value id; a shared draft's row handle): 0 when the data is the same, the row has no id
 * or is still there; null when its row is gone. Rows can move under an open menu when others
 * edit the same data live, and a row action must act on the row it was opened on.
 */
export function rowShift(before: GridData | null, now: GridData, row: number): number | null {
  if (!before || before === now) return 0;
  const id = before.columns[0]?.ids[row];
  const ids = now.columns[0]?.ids;
  if (!id || !ids || ids[row] === id) return 0;
  const at = ids.indexOf(id);
  return at < 0 ? null : at - row;
}

/** The menu target of the active cell (Menu key, Shift+F10): just under its left edge, in px. */
function activeCellTarget(ctx: GridMenuContext): GridMenuTarget {
  const { active } = ctx;
  const cell = document.getElementById(cellDomId(ctx.gridId, active.row, active.col));
  const rect = (cell ?? ctx.scrollRef.current)?.getBoundingClientRect();
  return { kind: 'cell', row: active.row, col: active.col, x: (rect?.left ?? 0) + 16, y: rect?.bottom ?? 0 };
}

/**
 * The grid's context menu and column name dialog (spec 02 §2 context menu, §5 limits): which menu
 * is open and where, the dialog, opening the menu at a pointer or at the active cell (Menu key,
 * Shift+F10), running an action (row actions apply to every selected row around the target) and
 * renaming or inserting a column from the dialog. A read-only grid opens the menu only on cells
 * and only when the owner offers cell actions.
 */
export function useGridMenu(ctx: GridMenuContext) {
  const { data, onChange, range, focusGrid } = ctx;
  const [menu, setMenu] = useState<GridMenuTarget | null>(null);
  const { dialog, setDialog, openRename, onDialogSubmit, closeDialog } = useColumnDialog(
    data,
    onChange,
    focusGrid,
  );

  const canOpenOn = (kind: GridMenuTarget['kind']) =>
    !ctx.isReadOnly || (ctx.hasCellActions && kind === 'cell');

  // The data the menu was opened on, so a row action follows its row if others moved it meanwhile.
  const openedOn = useRef<GridData | null>(null);
  const openMenu = (target: GridMenuTarget) => {
    // A read-only grid offers only its owner's cell actions, so no menu elsewhere.
    if (!canOpenOn(target.kind)) return;
    openedOn.current = data;
    setMenu(target);
  };

  const openMenuAtActive = () => openMenu(activeCellTarget(ctx));

  /** The rows a row action of the menu opened on `target` applies to: the selected ones around it. */
  const rowsOfTarget = (target: GridMenuTarget): { top: number; bottom: number } =>
    target.row >= range.top && target.row <= range.bottom
      ? { top: range.top, bottom: range.bottom }
      : { top: target.row, bottom: target.row };

  const onMenuAction = (action: GridMenuAction, target: GridMenuTarget) => {
    setMenu(null);
    const shift = rowShift(openedOn.current, data, target.row);
    // Its row went away under the menu (removed by someone else): nothing left to act on.
    if (shift === null) return focusGrid();
    const lines = rowsOfTarget(target);
    const isDone = applyMenuAction(
      action,
      { ...target, row: target.row + shift },
      { ...ctx, lines: { top: lines.top + shift, bottom: lines.bottom + shift }, openRename, setDialog },
    );
    if (isDone) focusGrid();
  };

  const closeMenu = () => {
    setMenu(null);
    if (!dialog) focusGrid();
  };

  const menuLines = menu ? rowsOfTarget(menu) : null;
  const menuRows = menuLines ? menuLines.bottom - menuLines.top + 1 : 1;
  const availability =
    menu && menuLines ? menuAvailability({ ...menu, row: menuLines.top }, data, ctx, menuRows) : null;

  return {
    menu,
    dialog,
    menuRows,
    availability,
    canOpenOn,
    openMenu,
    openMenuAtActive,
    openRename,
    onMenuAction,
    onDialogSubmit,
    dismissMenu: () => setMenu(null),
    closeMenu,
    closeDialog,
  };
}

/** The grid's menu and dialog state, as useGridMenu answers it. */
export type GridMenuState = ReturnType<typeof useGridMenu>;

/**
 * Runs a context-menu action on `target` (spec 02 §2 context menu): a rename or insert opens the
 * column dialog (answers false: the dialog takes the focus); the others change the data as one
 * step, row actions on every selected row around the target (`lines`), and answer true.
 */
function applyMenuAction(
  action: GridMenuAction,
  target: GridMenuTarget,
  ctx: Pick<GridMenuContext, 'data' | 'onChange' | 'select' | 'active'> & {
    lines: { top: number; bottom: number };
    openRename: (col: number) => void;
    setDialog: (dialog: GridColumnDialog) => void;
  },
): boolean {
  const { data, onChange, select, active, lines } = ctx;
  const { col } = target;
  switch (action) {
    case 'renameColumn':
      ctx.openRename(col);
      return false;
    case 'insertColumnLeft':
      ctx.setDialog({ kind: 'insert', col, name: defaultColumnName(data.columns) });
      return false;
    case 'removeColumn':
      onChange(removeColumn(data, col));
      break;
    case 'moveColumnToStart':
      onChange(moveColumnToStart(data, col));
      select(cellSelection({ row: active.row, col: 0 }), true);
      break;
    // Row actions apply to every selected row (spec 02 §2 context menu; shift-arrows, shift-click).
    case 'insertRowAbove':
      onChange(insertRows(data, lines.top, lines.bottom - lines.top + 1));
      break;
    case 'removeRow':
      onChange(removeRows(data, lines.top, lines.bottom));
      select(cellSelection({ row: lines.top, col: active.col }), false);
      break;
  }
  return true;
}

/**
 * Why each context-menu action is unavailable for `target` (spec 02 §2, §5 limits); row actions
 * apply to `rowCount` rows from `target.row` down.
 */
function menuAvailability(
  target: GridMenuTarget,
  data: GridData,
  limits: Pick<GridMenuContext, 'columnMax' | 'rowMax' | 'columnLimitReason' | 'fixedColumns' | 'fixedRows'>,
  rowCount: number,
): GridMenuAvailability {
  const { col, row } = target;
  const { columnMax: columnLimit, rowMax: rowLimit } = limits;
  const fixed = limits.fixedColumns ? 'The columns are set by the template' : null;
  const rowsFixed = limits.fixedRows ? 'The rows are those of the submission' : null;
  const isSpareColumn = col >= data.columns.length;
  const isSpareRow = row >= data.rowCount;
  const columnsFull =
    data.columns.length >= columnLimit
      ? (limits.columnLimitReason ?? `A list holds at most ${columnLimit.toLocaleString('en-US')} columns`)
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
