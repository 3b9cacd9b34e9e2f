import { notifications } from '@mantine/notifications';
import { notifyError, TOAST_MS } from '../../../ui/notify';
import { clearRange, readRange } from './gridData';
import type { CellRange, GridData, GridSelection } from './gridTypes';
import { placePaste } from './paste';
import { parseTsv, toTsv } from './tsv';
import type { GridClipboardHandlers } from './useGridClipboard';

/** What the grid's clipboard actions read and change. */
export interface GridClipboardContext {
  data: GridData;
  /** What copy reads (the display data when the grid has one). */
  shown: GridData;
  range: CellRange;
  onChange: (next: GridData) => void;
  select: (selection: GridSelection, reveal: boolean) => void;
  isReadOnly: boolean;
  columnMax: number;
  rowMax: number;
  isSingleColumn: boolean;
  fixedColumns: boolean;
}

/**
 * The grid's copy, cut and paste (spec 02 §5 paste): copy writes the selection as
 * TSV; cut clears it; paste places parsed TSV at the selection's top-left cell as one change
 * (refused with a toast when it does not fit), selects what was pasted and says how many columns
 * a single-column list or fixed columns left out. Cut and paste do nothing while read-only.
 */
export function gridClipboardActions(ctx: GridClipboardContext): GridClipboardHandlers {
  const { data, range, onChange, select, isReadOnly, fixedColumns } = ctx;
  return {
    copyText: () => toTsv(readRange(ctx.shown, range)),
    cut: () => {
      if (isReadOnly) return;
      const next = clearRange(data, range);
      if (next !== data) onChange(next);
    },
    paste: (text) => {
      if (isReadOnly) return;
      const at = { row: range.top, col: range.left };
      const result = placePaste(data, at, parseTsv(text), {
        maxColumns: ctx.columnMax,
        maxRows: ctx.rowMax,
        isSingleColumn: ctx.isSingleColumn,
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
  };
}
