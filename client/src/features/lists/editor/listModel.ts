import type { ListType } from '@nomen/shared';
import { createColumn, emptyGrid } from '../grid/gridData';
import type { GridData } from '../grid/gridTypes';

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
export function duplicateEditorList(source: EditorList): EditorList {
  return {
    id: null,
    updatedAt: null,
    poweredTemplateId: null,
    meta: { ...source.meta, name: `${source.meta.name} (copy)` },
    data: {
      columns: source.data.columns.map((c) => createColumn(c.name, c.values)),
      rowCount: source.data.rowCount,
    },
  };
}

/** Whether the form fields differ from the saved ones (spec 02 §4 dirty flag). */
export function isMetaChanged(saved: ListMeta, current: ListMeta): boolean {
  return saved.name !== current.name || saved.notes !== current.notes || saved.type !== current.type;
}
