import type { ListDetail, ListType } from '@nomen/shared';
import { createColumn, emptyGrid } from '../grid/gridData';
import type { GridColumn, GridData } from '../grid/gridTypes';

/** Columns of a new list (spec 02 §4, §9: 1 column). */
export const NEW_LIST_COLUMNS = 1;
/** Empty rows of a new list (spec 02 §4, §9: 10 empty rows; the grid adds its 10 spare rows). */
export const NEW_LIST_ROWS = 10;

/** The form part of a list (spec 02 §2 form row): name, description (notes) and type. */
export interface ListMeta {
  readonly name: string;
  readonly notes: string;
  readonly type: ListType;
}

/**
 * A list as the editor holds it (spec 02 §3): its saved id (null until the first save), the
 * `updated_at` it read (sent back with every save), whether a template powers it, its form
 * fields and its cells in column-major form.
 */
export interface EditorList {
  readonly id: number | null;
  readonly updatedAt: string | null;
  readonly poweredTemplateId: number | null;
  readonly meta: ListMeta;
  readonly data: GridData;
}

/**
 * Turns the answer of GET /lists/{id} (spec 02 §7) into column-major arrays, one string array
 * and one id array per column, without keeping an object per cell: the 10,000 x 100 case holds
 * a million cells. Columns are ordered by precedence; the row count is the last used row + 1.
 */
export function gridFromDetail(detail: ListDetail): GridData {
  const sorted = [...detail.list_columns].sort((a, b) => a.precedence - b.precedence);
  let rowCount = 0;
  const columns: GridColumn[] = sorted.map((column) => {
    const cells = column.list_values;
    let length = 0;
    for (let i = 0; i < cells.length; i++) {
      const row = cells[i]!.row_number;
      if (row + 1 > length) length = row + 1;
    }
    const values: string[] = new Array<string>(length).fill('');
    const ids: number[] = new Array<number>(length).fill(0);
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      values[cell.row_number] = cell.value;
      ids[cell.row_number] = cell.id;
    }
    if (length > rowCount) rowCount = length;
    return { key: `c${column.id}`, id: column.id, name: column.name, values, ids };
  });
  return { columns, rowCount };
}

/** The editor's state for a saved list read from the server (spec 02 §2 /lists/edit/{id}). */
export function editorListFromDetail(detail: ListDetail): EditorList {
  return {
    id: detail.id,
    updatedAt: detail.updated_at,
    poweredTemplateId: detail.powered_template_id,
    meta: { name: detail.name, notes: detail.notes, type: detail.type },
    data: gridFromDetail(detail),
  };
}

/** A new, unsaved list: 1 column and 10 empty rows, drop-down by default (spec 02 §4). */
export function newEditorList(): EditorList {
  return {
    id: null,
    updatedAt: null,
    poweredTemplateId: null,
    meta: { name: '', notes: '', type: 'drop-down' },
    data: emptyGrid(NEW_LIST_COLUMNS, NEW_LIST_ROWS),
  };
}

/**
 * An unsaved copy of a list (spec 02 §2 ?duplicate={listId}): the same columns and cells with
 * temporary column ids and no value ids, named "<name> (copy)", not powered by a template.
 */
export function duplicateEditorList(detail: ListDetail): EditorList {
  const source = gridFromDetail(detail);
  return {
    id: null,
    updatedAt: null,
    poweredTemplateId: null,
    meta: { name: `${detail.name} (copy)`, notes: detail.notes, type: detail.type },
    data: {
      columns: source.columns.map((c) => createColumn(c.name, c.values)),
      rowCount: source.rowCount,
    },
  };
}

/** Whether the form fields differ from the saved ones (spec 02 §4 dirty flag). */
export function isMetaChanged(saved: ListMeta, current: ListMeta): boolean {
  return saved.name !== current.name || saved.notes !== current.notes || saved.type !== current.type;
}
