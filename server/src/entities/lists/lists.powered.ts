import { AppError, LIST_MAX_ROWS } from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import {
  datasetIdOfTemplate,
  distinctValues,
  distinctValueTuples,
} from '../submissions/submissions.repository';
import { governanceTypesOfTemplateFields } from '../templates/templates.repository';
import * as repo from './lists.repository';

type Trx = Transaction<Database>;

/** Why a template-powered list refuses edits of its values (spec 02 §2: the grid is read-only). */
export const POWERED_LIST_READ_ONLY =
  'This list is powered by a template: its values come from submitted data and cannot be edited';

/**
 * Makes the values of a template-powered list those of its template's dataset (spec 02 §2, §4;
 * issue 11 item 9): each column powered by a template field gets that field's values at the
 * dataset's latest version, one row per distinct combination of the powered columns in the order
 * the rows were first submitted, at most LIST_MAX_ROWS rows. A list that is not powered, or whose
 * template has no dataset yet, is left as it is (respectively emptied). Bumps `updated_at` so
 * readers and the lists page see the change, and answers the new `updated_at`. Runs inside the
 * caller's transaction.
 */
export async function fillPoweredList(trx: Trx, listId: number, templateId: number): Promise<Date> {
  const columns = (await repo.columnsOf(trx, listId))
    .filter((c) => c.powered_template_field_id !== null)
    .sort((a, b) => a.precedence - b.precedence);
  await repo.deleteCellsOfList(trx, listId);
  const datasetId = await datasetIdOfTemplate(trx, templateId);
  if (datasetId !== undefined && columns.length > 0) {
    const tuples = await distinctTuples(
      trx,
      datasetId,
      columns.map((c) => c.powered_template_field_id!),
    );
    const count = tuples.reduce((n, t) => n + t.filter((v) => v !== '').length, 0);
    const ids = await repo.allocateCellIds(trx, count);
    const cells: repo.CellRow[] = [];
    let next = 0;
    tuples.forEach((tuple, row) => {
      tuple.forEach((value, c) => {
        if (value !== '')
          cells.push({ id: ids[next++]!, list_column_id: columns[c]!.id, row_number: row, value });
      });
    });
    await repo.insertCells(trx, null, cells);
  }
  return repo.stampListChanged(trx, listId);
}

/**
 * Refills every list of the account powered by the template of `datasetId`, after a commit put
 * new rows into that dataset (issue 11 item 9: approved submissions show up without a manual step).
 */
export async function refreshPoweredLists(trx: Trx, accountId: number, datasetId: number): Promise<void> {
  const lists = await repo.listsPoweredByDataset(trx, accountId, datasetId);
  for (const list of lists) await fillPoweredList(trx, list.id, list.powered_template_id!);
}

/**
 * Checks a powered list's columns before a save (spec 02 §5 "Link dialog"): there is one, every
 * column names a field of the template (a drop-down list keeps only its first column before this
 * runs), and the hidden id field (governance cv_id) never powers one. Throws 400 naming the column.
 */
export async function assertPoweredColumns(
  trx: Trx,
  templateId: number,
  columns: readonly { powered_template_field_id?: number | null | undefined }[],
): Promise<void> {
  if (columns.length === 0)
    throw AppError.badField('body.list_columns', 'Choose the field that powers the list');
  const fields = await governanceTypesOfTemplateFields(trx, templateId);
  const hiddenIds = new Set(
    fields.filter((f) => (f.governance_type ?? f.field_type) === 'cv_id').map((f) => f.id),
  );
  columns.forEach((column, i) => {
    const fieldId = column.powered_template_field_id ?? null;
    if (fieldId === null)
      throw AppError.badField(
        `body.list_columns.${i}.powered_template_field_id`,
        'Choose the template field this column shows',
      );
    if (hiddenIds.has(fieldId))
      throw AppError.badField(
        `body.list_columns.${i}.powered_template_field_id`,
        'The cv_id field cannot power a list',
      );
  });
}

/**
 * The distinct combinations of `fieldIds`' values over the dataset's latest version, in the order
 * they were first submitted; a combination with every value empty is left out. One field reads
 * the dataset's distinct values; several read the rows.
 */
async function distinctTuples(trx: Trx, datasetId: number, fieldIds: readonly number[]): Promise<string[][]> {
  if (fieldIds.length === 1) {
    const values = await distinctValues(trx, datasetId, fieldIds[0]!, LIST_MAX_ROWS, 0);
    return values.map((value) => [value]);
  }
  return distinctValueTuples(trx, datasetId, fieldIds, LIST_MAX_ROWS);
}
