import { ColumnNameDialog } from './ColumnNameDialog';
import { GridContextMenu } from './GridContextMenu';
import type { GridCellAction } from './gridTypes';
import type { GridMenuState } from './useGridMenu';

/**
 * The grid's open context menu and column name dialog (spec 02 §2), from useGridMenu's state:
 * each keyed by what it is open on, so another target starts it afresh.
 */
export function GridMenus({
  state,
  cellActions,
  isReadOnly,
}: {
  state: GridMenuState;
  cellActions: readonly GridCellAction[] | undefined;
  isReadOnly: boolean;
}) {
  const { menu, dialog, availability } = state;
  return (
    <>
      {menu && availability ? (
        <GridContextMenu
          key={`${menu.kind}:${menu.row}:${menu.col}:${menu.x}:${menu.y}`}
          target={menu}
          rowCount={state.menuRows}
          availability={availability}
          onAction={state.onMenuAction}
          cellActions={cellActions}
          isReadOnly={isReadOnly}
          onClose={state.closeMenu}
        />
      ) : null}
      {dialog ? (
        <ColumnNameDialog
          key={`${dialog.kind}:${dialog.col}`}
          title={dialog.kind === 'rename' ? 'Rename column' : 'Insert column'}
          submitLabel={dialog.kind === 'rename' ? 'Rename' : 'Insert'}
          initialName={dialog.name}
          onSubmit={state.onDialogSubmit}
          onClose={state.closeDialog}
        />
      ) : null}
    </>
  );
}
