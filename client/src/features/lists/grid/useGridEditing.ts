import { useState } from 'react';
import type { EditorExit } from './CellEditor';
import { cellSelection, cellText, setCell } from './gridData';
import type { CellPos, GridData, GridSelection } from './gridTypes';
import { moveCell, type NavBounds } from './navigation';

/** The cell being edited and the text its editor starts with. */
export type GridEditing = { readonly row: number; readonly col: number; readonly text: string };

/** What useGridEditing needs from the grid. */
export interface GridEditingContext {
  data: GridData;
  onChange: (next: GridData) => void;
  isReadOnly: boolean;
  isCellReadOnly: ((row: number, col: number) => boolean) | undefined;
  active: CellPos;
  select: (selection: GridSelection, reveal: boolean) => void;
  bounds: () => NavBounds;
  focusGrid: () => void;
}

/**
 * The grid's edit mode (spec 02 §2): `startEditing(text)` opens the editor on the
 * active cell (with the typed text, or the cell's own for null) unless the grid or the cell is
 * read-only; `commitEdit` writes the text as one change and moves as the editor's exit says
 * (Enter down, Tab right, 'stay'); `cancelEdit` drops it. Both give the focus back to the grid.
 */
export function useGridEditing({
  data,
  onChange,
  isReadOnly,
  isCellReadOnly,
  active,
  select,
  bounds,
  focusGrid,
}: GridEditingContext) {
  const [editing, setEditing] = useState<GridEditing | null>(null);

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

  const cancelEdit = () => {
    setEditing(null);
    focusGrid();
  };

  return { editing, startEditing, commitEdit, cancelEdit };
}
