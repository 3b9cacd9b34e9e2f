import { AppError, type ListSaved } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertListUnlocked } from '../collab/collab.service';
import { assertAllFound, assertNotStale } from '../guards';
import { POWERED_LIST_READ_ONLY } from './lists.powered';
import * as repo from './lists.repository';
import {
  assertColumnLimit,
  assertMayChangeSavedList,
  assertRowLimit,
  assignCellIds,
  type DeltaSave,
  type IncomingCell,
  inTransaction,
} from './lists.service';

/**
 * Saves only what changed in a list (the editor's save; issue 3 performance): attributes,
 * column upserts and deletions, cell upserts and deletions, in one transaction with an activity
 * entry that names each changed cell when there are few. A cell emptied by trimming is deleted.
 * Ids are distinct and none is both changed and deleted (the contract answers 400 naming them).
 * Errors: 403 (without approve_suggestions while live collaboration is on; issue 8 item 15),
 * 404 (list, column or cell not in this list), 409 (stale updated_at, two values for
 * one cell), 413 (over 100 columns or 10,000 rows), 400 (a value naming an unknown temporary
 * column).
 */
export async function saveListDelta(
  deps: AppDeps,
  actor: Actor,
  id: number,
  input: DeltaSave,
): Promise<ListSaved> {
  assertMayChangeSavedList(actor, 'save');
  for (const cell of input.values?.upsert ?? []) assertRowLimit(cell.row_number);
  return inTransaction(deps, async (trx, client) => {
    const found = await repo.findList(trx, actor.accountId, id, true);
    if (!found) throw AppError.notFound('List');
    assertNotStale(found.updated_at, input.updated_at, 'list');
    if (found.powered_template_id !== null && (input.columns || input.values))
      throw new AppError('CONFLICT', POWERED_LIST_READ_ONLY);
    await assertListUnlocked(trx, actor, id);
    const existing = await repo.columnsOf(trx, id);
    const existingIds = existing.map((c) => c.id);
    const saved: ListSaved = { id, updated_at: '', list_columns: [], value_ids: {} };

    // Columns.
    const deletedColumns = input.columns?.deleted_ids ?? [];
    assertAllFound(deletedColumns, existingIds, 'List columns');
    const upserts = input.columns?.upsert ?? [];
    const kept = upserts.filter((c): c is typeof c & { id: number } => typeof c.id === 'number');
    assertAllFound(
      kept.map((c) => c.id),
      existingIds.filter((c) => !deletedColumns.includes(c)),
      'List columns',
    );
    const fresh = upserts.filter((c) => typeof c.id === 'string');
    assertColumnLimit(existing.length - deletedColumns.length + fresh.length);
    await repo.deleteColumns(trx, deletedColumns);
    await repo.updateColumns(trx, kept);
    const freshIds = await repo.insertColumns(
      trx,
      id,
      fresh.map((c) => ({ name: c.name, precedence: c.precedence, powered_template_field_id: null })),
    );
    const tempColumns = new Map(fresh.map((c, i) => [String(c.id), freshIds[i]!]));
    const liveColumns = new Set([...existingIds.filter((c) => !deletedColumns.includes(c)), ...freshIds]);

    // Cells.
    const cellUpserts = input.values?.upsert ?? [];
    const resolved: IncomingCell[] = cellUpserts.map((cell, i) => {
      const columnId =
        typeof cell.list_column_id === 'number' ? cell.list_column_id : tempColumns.get(cell.list_column_id);
      if (columnId === undefined) {
        throw AppError.badField(
          `body.values.upsert.${i}.list_column_id`,
          `No column ${cell.list_column_id} in this save`,
        );
      }
      if (!liveColumns.has(columnId)) throw new AppError('NOT_FOUND', `List columns not found: ${columnId}`);
      return { id: cell.id, list_column_id: columnId, row_number: cell.row_number, value: cell.value.trim() };
    });
    const deletedCells = input.values?.deleted_ids ?? [];
    const numericIds = [
      ...deletedCells,
      ...resolved.flatMap((c) => (typeof c.id === 'number' ? [c.id] : [])),
    ];
    assertAllFound(numericIds, await repo.existingCellIds(trx, existingIds, numericIds), 'List values');
    const oldValues =
      resolved.length <= 50 ? await repo.cellValuesById(trx, numericIds) : new Map<number, string>();
    const emptied = resolved
      .filter((c) => c.value === '' && typeof c.id === 'number')
      .map((c) => c.id as number);
    await repo.deleteCells(trx, [...deletedCells, ...emptied]);
    const rows = await assignCellIds(
      trx,
      resolved.filter((c) => c.value !== ''),
      saved,
    );
    await repo.updateCells(
      trx,
      rows.filter((r) => !r.isNew),
    );
    await repo.insertCells(
      trx,
      client,
      rows.filter((r) => r.isNew),
    );

    // Attributes; a drop-down list keeps only its first column.
    const type = input.type ?? found.type;
    const list = await repo.updateList(trx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      type,
    });
    let columnsAfter = await repo.columnsOf(trx, id);
    if (type === 'drop-down' && columnsAfter.length > 1) {
      await repo.deleteColumns(
        trx,
        columnsAfter.slice(1).map((c) => c.id),
      );
      columnsAfter = columnsAfter.slice(0, 1);
    }
    saved.updated_at = list.updated_at.toISOString();
    saved.list_columns = columnsAfter.map((c) => ({
      id: c.id,
      name: c.name,
      precedence: c.precedence,
      temp_id: [...tempColumns].find(([, real]) => real === c.id)?.[0] ?? null,
    }));

    const columnName = new Map(columnsAfter.map((c) => [c.id, c.name] as const));
    const cellChanges =
      resolved.length <= 50
        ? Object.fromEntries(
            resolved.map((c) => [
              `${columnName.get(c.list_column_id) ?? 'column'} row ${c.row_number + 1}`,
              c.value,
            ]),
          )
        : { cells_changed: resolved.length };
    const cellBefore =
      resolved.length <= 50
        ? Object.fromEntries(
            resolved.map((c) => [
              `${columnName.get(c.list_column_id) ?? 'column'} row ${c.row_number + 1}`,
              typeof c.id === 'number' ? (oldValues.get(c.id) ?? null) : null,
            ]),
          )
        : { cells_changed: 0 };
    await recordActivity(trx, actor, {
      configuredObject: 'list',
      objectName: list.name,
      objectId: id,
      before: {
        name: found.name,
        notes: found.notes,
        type: found.type,
        columns: existing.map((c) => c.name),
        cells_deleted: 0,
        ...cellBefore,
      },
      after: {
        name: list.name,
        notes: list.notes,
        type: list.type,
        columns: columnsAfter.map((c) => c.name),
        cells_deleted: deletedCells.length,
        ...cellChanges,
      },
    });
    return saved;
  });
}
