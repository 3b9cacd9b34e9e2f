import { Kbd, Menu, Tooltip } from '@mantine/core';
import {
  IconArrowBarToLeft,
  IconColumnInsertLeft,
  IconColumnRemove,
  IconPencil,
  IconRowInsertTop,
  IconRowRemove,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { GridCellAction } from './gridTypes';
import classes from './SpreadsheetGrid.module.css';

/** The context-menu actions of spec 02 §2. */
export type GridMenuAction =
  | 'renameColumn'
  | 'removeColumn'
  | 'insertColumnLeft'
  | 'removeRow'
  | 'insertRowAbove'
  | 'moveColumnToStart';

/** Where the menu was opened and for what: a cell (all actions), a column header or a row number. */
export interface GridMenuTarget {
  readonly kind: 'cell' | 'column' | 'row';
  readonly row: number;
  readonly col: number;
  /** Viewport coordinates of the menu's top-left corner. */
  readonly x: number;
  readonly y: number;
}

/** Why an action is unavailable (shown as its tooltip), or null when it is available. */
export type GridMenuAvailability = Record<GridMenuAction, string | null>;

/** Props of GridContextMenu. */
export interface GridContextMenuProps {
  target: GridMenuTarget;
  availability: GridMenuAvailability;
  onAction: (action: GridMenuAction, target: GridMenuTarget) => void;
  onClose: () => void;
  /** The owner's cell actions (spec 02 §5: comment, suggest a value), shown first on cell targets. */
  cellActions?: readonly GridCellAction[];
  /** Read-only grid: only the owner's cell actions are offered. */
  isReadOnly?: boolean;
  /** How many rows the row actions apply to (the selected rows around the target; 1 by default). */
  rowCount?: number;
}

const COLUMN_ACTIONS: { action: GridMenuAction; label: string; icon: ReactNode }[] = [
  { action: 'renameColumn', label: 'Rename column', icon: <IconPencil size={16} aria-hidden /> },
  {
    action: 'insertColumnLeft',
    label: 'Insert column left',
    icon: <IconColumnInsertLeft size={16} aria-hidden />,
  },
  { action: 'removeColumn', label: 'Remove column', icon: <IconColumnRemove size={16} aria-hidden /> },
  {
    action: 'moveColumnToStart',
    label: 'Move column to start',
    icon: <IconArrowBarToLeft size={16} aria-hidden />,
  },
];

const ROW_ACTIONS: { action: GridMenuAction; label: string; icon: ReactNode }[] = [
  { action: 'insertRowAbove', label: 'Insert row above', icon: <IconRowInsertTop size={16} aria-hidden /> },
  { action: 'removeRow', label: 'Remove row', icon: <IconRowRemove size={16} aria-hidden /> },
];

/** Wraps a disabled menu item in a tooltip saying why; an enabled one is returned as is. */
function withReason(item: ReactNode, reason: string | null): ReactNode {
  return reason !== null ? (
    <Tooltip label={reason} position="right" withArrow>
      <div>{item}</div>
    </Tooltip>
  ) : (
    item
  );
}

/** One of the owner's cell actions as a menu item, with its shortcut (spec 02 §5). */
function OwnerActionItem({ extra, target }: { extra: GridCellAction; target: GridMenuTarget }) {
  const reason = extra.disabledReason ?? null;
  const item = (
    <Menu.Item
      leftSection={extra.icon}
      rightSection={
        extra.shortcut ? (
          <Kbd size="xs" aria-hidden>
            {extra.shortcut}
          </Kbd>
        ) : undefined
      }
      aria-keyshortcuts={extra.shortcut?.replaceAll('Ctrl', 'Control')}
      disabled={reason !== null}
      onClick={() => extra.onSelect({ row: target.row, col: target.col })}
    >
      {extra.label}
    </Menu.Item>
  );
  return withReason(item, reason);
}

/**
 * The grid's context menu (spec 02 §2): rename column, remove column, insert column left,
 * remove row, insert row above, move column to start. Opened by right-click or the Menu key /
 * Shift+F10 at the active cell; a column header shows the column actions, a row number the row
 * actions. Unavailable actions stay visible, disabled, with a tooltip saying why. Mounted only
 * while open (keyed by target), so the grid's renders while scrolling never reach it. On a cell,
 * the owner's actions (spec 02 §5: comment, suggest a value) come first, and are the only ones on
 * a read-only grid. Row actions apply to every selected row and say how many ("Remove 4 rows").
 */
export function GridContextMenu({
  target,
  availability,
  onAction,
  onClose,
  cellActions = [],
  isReadOnly = false,
  rowCount = 1,
}: GridContextMenuProps) {
  const items = isReadOnly
    ? []
    : [...(target.kind !== 'row' ? COLUMN_ACTIONS : []), ...(target.kind !== 'column' ? ROW_ACTIONS : [])];
  const extras = target.kind === 'cell' ? cellActions : [];
  return (
    <Menu
      opened
      onClose={onClose}
      // Not keydown (Mantine's default): the Menu-key press that opens the menu would close it.
      clickOutsideEvents={['mousedown', 'touchstart']}
      position="bottom-start"
      withinPortal
      shadow="md"
      width={230}
      returnFocus={false}
    >
      <Menu.Target>
        <div className={classes.menuAnchor} style={{ left: target.x, top: target.y }} />
      </Menu.Target>
      <Menu.Dropdown aria-label="Cell actions">
        {extras.map((extra) => (
          <OwnerActionItem key={extra.key} extra={extra} target={target} />
        ))}
        {extras.length > 0 && items.length > 0 ? <Menu.Divider /> : null}
        {items.map(({ action, label, icon }, i) => {
          const reason = availability[action];
          const item = (
            <Menu.Item
              key={action}
              leftSection={icon}
              disabled={reason !== null}
              onClick={() => onAction(action, target)}
            >
              {rowLabel(action, rowCount) ?? label}
            </Menu.Item>
          );
          const withDivider = i > 0 && action === 'insertRowAbove' && target.kind === 'cell';
          return (
            <div key={action}>
              {withDivider ? <Menu.Divider /> : null}
              {withReason(item, reason)}
            </div>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The label of a row action applied to `count` rows ("Insert 4 rows above"), or null for one row. */
function rowLabel(action: GridMenuAction, count: number): string | null {
  if (count <= 1) return null;
  if (action === 'removeRow') return `Remove ${count} rows`;
  if (action === 'insertRowAbove') return `Insert ${count} rows above`;
  return null;
}
