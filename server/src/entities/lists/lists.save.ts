import { AppError, type ListSaved } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type pg from 'pg';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertListUnlocked } from '../collab/collab.service';
import { assertAllFound, assertNotStale } from '../guards';
import { assertPoweredColumns, fillPoweredList } from './lists.powered';
import * as repo from './lists.repository';
import {
  assertColumnLimit,
  assertMayChangeSavedList,
  assertRowLimit,
  audited,
  type ColumnRow,
  type FullSave,
  inTransaction,
  type ListRow,
} from './lists.service';

/** The columns of a full save, as the request sends them. */
type ColumnsIn = NonNullable<FullSave['list_columns']>;

/**
 * Saves a whole list (spec 02 §7 PUT lists/): creates it (no id) or replaces its columns and
 * cells (id), keeping the ids of cells and columns that stay, in one transaction with an
 * activity entry. Cell values are trimmed and empty cells are not stored; a drop-down list
 * keeps only its first column. Errors: 403 (changing a saved list without approve_suggestions
 * while live collaboration is on), 404 (list, column or cell ids not in this list; a template
 * or template field not in the account), 409 (stale updated_at, two values for one cell), 413
 * (over 100 columns or 10,000 rows).
 */
export async function saveList(deps: AppDeps, actor: Actor, input: FullSave): Promise<ListSaved> {
  let columnsIn = checkedColumns(input);
  return inTransaction(deps, async (trx, client) => {
    await assertReferencesOwned(trx, actor, input);
    const templateId = input.powered_template_id ?? null;
    if (templateId !== null && columnsIn) {
      // A powered list's values come from its template's dataset, never from the request.
      await assertPoweredColumns(trx, templateId, columnsIn);
      columnsIn = columnsIn.map((column) => ({ ...column, list_values: [] }));
    }
    const { list, existing, before } = await writeListRow(trx, actor, input, columnsIn);
    const saved: ListSaved = {
      id: list.id,
      updated_at: list.updated_at.toISOString(),
      list_columns: [],
      value_ids: {},
    };
    if (!columnsIn) await keepOrMakeColumns(trx, list.id, input, existing, saved);
    else await replaceColumnsAndCells(trx, client, list.id, existing, columnsIn, saved);
    if (templateId !== null) {
      saved.updated_at = (await fillPoweredList(trx, list.id, templateId)).toISOString();
    } else if (
      list.powered_template_id === null &&
      existing.some((c) => c.powered_template_field_id !== null)
    ) {
      // Unlinked: the values stay as the list's own; the columns no longer name template fields.
      await repo.unpowerColumns(trx, list.id);
    }
    const columnsAfter = await repo.columnsOf(trx, list.id);
    await recordActivity(trx, actor, {
      configuredObject: 'list',
      objectName: list.name,
      objectId: list.id,
      before,
      after: audited(
        list,
        columnsAfter,
        await repo.countCells(
          trx,
          columnsAfter.map((c) => c.id),
        ),
      ),
    });
    return saved;
  });
}

/**
 * The columns of a full save after the checks that need no database: at most 100 columns and
 * 10,000 rows (413), and a drop-down list's first column only (by precedence). Undefined when
 * the save sends no columns.
 */
function checkedColumns(input: FullSave): ColumnsIn | undefined {
  const columnsIn = input.list_columns;
  if (!columnsIn) return columnsIn;
  assertColumnLimit(columnsIn.length);
  for (const column of columnsIn) for (const cell of column.list_values) assertRowLimit(cell.row_number);
  if (input.type === 'drop-down' && columnsIn.length > 1) {
    return [...columnsIn].sort((a, b) => a.precedence - b.precedence).slice(0, 1);
  }
  return columnsIn;
}

/**
 * Inserts the list (no id) or updates the saved one's attributes after its checks: may change
 * saved lists (403), exists (404), not stale (409), not locked, and a powered list's kept
 * columns name its template's fields. Answers the list row, its columns before the save and
 * its audited state before (null for a new list).
 */
async function writeListRow(
  trx: Transaction<Database>,
  actor: Actor,
  input: FullSave,
  columnsIn: ColumnsIn | undefined,
): Promise<{ list: ListRow; existing: ColumnRow[]; before: ReturnType<typeof audited> | null }> {
  const attributes = {
    name: input.name,
    notes: input.notes,
    type: input.type,
    powered_template_id: input.powered_template_id ?? null,
  };
  if (!input.id) {
    return { list: await repo.insertList(trx, actor.accountId, attributes), existing: [], before: null };
  }
  assertMayChangeSavedList(actor, 'save');
  const found = await repo.findList(trx, actor.accountId, input.id, true);
  if (!found) throw AppError.notFound('List');
  assertNotStale(found.updated_at, input.updated_at, 'list');
  await assertListUnlocked(trx, actor, found.id);
  const existing = await repo.columnsOf(trx, found.id);
  const templateId = attributes.powered_template_id;
  if (templateId !== null && !columnsIn) await assertPoweredColumns(trx, templateId, existing);
  const before = audited(
    found,
    existing,
    await repo.countCells(
      trx,
      existing.map((c) => c.id),
    ),
  );
  return { list: await repo.updateList(trx, found.id, attributes), existing, before };
}

/**
 * A save without columns: a new list gets one empty "Column 1"; a saved list keeps its
 * columns. Fills `saved.list_columns`.
 */
async function keepOrMakeColumns(
  trx: Transaction<Database>,
  listId: number,
  input: FullSave,
  existing: readonly ColumnRow[],
  saved: ListSaved,
): Promise<void> {
  if (!input.id) {
    const [columnId] = await repo.insertColumns(trx, listId, [
      { name: 'Column 1', precedence: 0, powered_template_field_id: null },
    ]);
    saved.list_columns.push({ id: columnId!, name: 'Column 1', precedence: 0, temp_id: null });
  } else {
    saved.list_columns = existing.map((c) => ({
      id: c.id,
      name: c.name,
      precedence: c.precedence,
      temp_id: null,
    }));
  }
}

/**
 * A save with columns: makes the list's columns and cells those of the request. Errors: 404
 * (a column or cell id not in this list).
 */
async function replaceColumnsAndCells(
  trx: Transaction<Database>,
  client: pg.PoolClient | null,
  listId: number,
  existing: readonly ColumnRow[],
  columnsIn: ColumnsIn,
  saved: ListSaved,
): Promise<void> {
  const columnIds = await saveColumns(trx, listId, existing, columnsIn, saved);
  const rows = await fullSaveRows(trx, columnsIn, columnIds, saved);
  if (existing.length === 0) {
    const foreign = rows.filter((r) => !r.isNew).map((r) => r.id);
    if (foreign.length > 0)
      throw new AppError('NOT_FOUND', `List values not found: ${foreign.slice(0, 20).join(', ')}`);
    await repo.insertCells(trx, client, rows);
  } else {
    const unknown = await repo.replaceCells(
      trx,
      client,
      [...new Set([...existing.map((c) => c.id), ...columnIds])],
      rows,
    );
    if (unknown.length > 0) throw new AppError('NOT_FOUND', `List values not found: ${unknown.join(', ')}`);
  }
}

/**
 * Refuses references to another account's (or a missing) template or template field: 404
 * naming the field, before anything is written. A column's template field must
 * belong to the list's template when the list names one.
 */
async function assertReferencesOwned(
  trx: Transaction<Database>,
  actor: Actor,
  input: FullSave,
): Promise<void> {
  const templateId = input.powered_template_id ?? null;
  if (templateId !== null && !(await repo.hasTemplate(trx, actor.accountId, templateId))) {
    throw new AppError('NOT_FOUND', 'Template not found', [
      { path: 'body.powered_template_id', message: `No template ${templateId} in this account` },
    ]);
  }
  const fieldIds = (input.list_columns ?? []).flatMap((c) =>
    c.powered_template_field_id ? [c.powered_template_field_id] : [],
  );
  const known = new Set(await repo.existingTemplateFieldIds(trx, actor.accountId, fieldIds, templateId));
  const index = (input.list_columns ?? []).findIndex(
    (c) => c.powered_template_field_id && !known.has(c.powered_template_field_id),
  );
  if (index >= 0) {
    const id = input.list_columns![index]!.powered_template_field_id;
    throw new AppError('NOT_FOUND', 'Template field not found', [
      {
        path: `body.list_columns.${index}.powered_template_field_id`,
        message: `No template field ${id}${templateId ? ` in template ${templateId}` : ''} in this account`,
      },
    ]);
  }
}

/**
 * Makes the list's columns those of a full save: updates kept ones, inserts new ones, deletes
 * missing ones with their cells. Returns the saved column id of each input column, in order,
 * and fills `saved.list_columns`. 404 for a numeric id that is not a column of this list.
 */
async function saveColumns(
  trx: Transaction<Database>,
  listId: number,
  existing: readonly ColumnRow[],
  columnsIn: ColumnsIn,
  saved: ListSaved,
): Promise<number[]> {
  const existingIds = existing.map((c) => c.id);
  const keptIds = columnsIn.map((c) => c.id).filter((id): id is number => typeof id === 'number');
  assertAllFound(keptIds, existingIds, 'List columns');
  await repo.deleteColumns(
    trx,
    existingIds.filter((id) => !keptIds.includes(id)),
  );
  await repo.updateColumns(
    trx,
    columnsIn.flatMap((c) =>
      typeof c.id === 'number' ? [{ id: c.id, name: c.name, precedence: c.precedence }] : [],
    ),
  );
  const fresh = columnsIn.filter((c) => typeof c.id !== 'number');
  const freshIds = await repo.insertColumns(
    trx,
    listId,
    fresh.map((c) => ({
      name: c.name,
      precedence: c.precedence,
      powered_template_field_id: c.powered_template_field_id ?? null,
    })),
  );
  let f = 0;
  const ids = columnsIn.map((c) => (typeof c.id === 'number' ? c.id : freshIds[f++]!));
  saved.list_columns = columnsIn.map((c, i) => ({
    id: ids[i]!,
    name: c.name,
    precedence: c.precedence,
    temp_id: typeof c.id === 'number' ? null : (c.id ?? null),
  }));
  return ids;
}

/**
 * The cells of a full save as rows to store, in one pass: values trimmed, empty cells skipped,
 * new cells (no id or a temporary one) given fresh ids from one reserved block, temporary ids
 * recorded in `saved.value_ids`. Built without intermediate copies: a save may hold a million.
 */
async function fullSaveRows(
  trx: Transaction<Database>,
  columnsIn: ColumnsIn,
  columnIds: readonly number[],
  saved: ListSaved,
): Promise<(repo.CellRow & { isNew: boolean })[]> {
  let fresh = 0;
  for (const column of columnsIn) {
    for (const cell of column.list_values)
      if (typeof cell.id !== 'number' && cell.value.trim() !== '') fresh++;
  }
  const ids = await repo.allocateCellIds(trx, fresh);
  const rows: (repo.CellRow & { isNew: boolean })[] = [];
  let f = 0;
  columnsIn.forEach((column, i) => {
    const list_column_id = columnIds[i]!;
    for (const cell of column.list_values) {
      const value = cell.value.trim();
      if (value === '') continue;
      if (typeof cell.id === 'number') {
        rows.push({ id: cell.id, list_column_id, row_number: cell.row_number, value, isNew: false });
        continue;
      }
      const id = ids[f++]!;
      if (typeof cell.id === 'string') saved.value_ids[cell.id] = id;
      rows.push({ id, list_column_id, row_number: cell.row_number, value, isNew: true });
    }
  });
  return rows;
}
