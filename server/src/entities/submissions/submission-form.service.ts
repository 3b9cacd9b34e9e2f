import {
  AppError,
  hasPermission,
  previewDependencyIds,
  type SubmissionForm,
  type SubmissionList,
  type SubmissionPattern,
  type Template,
} from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import * as fieldsRepo from '../fields/fields.repository';
import { assertAllFound } from '../guards';
import { getPattern } from '../patterns/patterns.service';
import { getTemplate } from '../templates/templates.service';
import * as repo from './submissions.repository';

/**
 * The templates a user may submit through and the form of each (issue 11 items 1, 2, 7; spec 01
 * §2.7): which templates, their fields, patterns, lists with rows and autonumber counters, and the
 * lists of a dataset preview.
 */

/** Whether the actor may submit through every template (manage_templates) or only those of their groups. */
export async function mayUseTemplate(deps: AppDeps, actor: Actor, templateId: number): Promise<boolean> {
  if (hasPermission(actor.permissions, 'manage_templates')) return true;
  return (await repo.templateIdsThroughGroups(deps.db, actor.accountId, actor.userId)).has(templateId);
}

/** A template the actor may submit through, or 404 (another account's, or not theirs to use). */
export async function usableTemplate(deps: AppDeps, actor: Actor, templateId: number): Promise<Template> {
  const template = await getTemplate(deps, actor, templateId).catch(() => null);
  if (!template || !(await mayUseTemplate(deps, actor, templateId))) throw AppError.notFound('Template');
  return template;
}

/**
 * Throws 404 (as for another account's) unless the actor may read the rows of `dataset` (spec 01
 * §2.7; issue 11 items 6, 8): a template's dataset for those who may use the template, the dataset
 * of a deleted template (`template_id` null) for all_privileges only. The rule of the form, the
 * dataset page and the datasets query alike.
 */
export async function assertDatasetReadable(
  deps: AppDeps,
  actor: Actor,
  dataset: { template_id: number | null },
): Promise<void> {
  const mayRead =
    dataset.template_id !== null
      ? await mayUseTemplate(deps, actor, dataset.template_id)
      : hasPermission(actor.permissions, 'all_privileges');
  if (!mayRead) throw AppError.notFound('Dataset');
}

/** The templates the actor may submit through (issue 11 item 1; spec 01 §2.7). */
export async function submittableTemplates(deps: AppDeps, actor: Actor) {
  const all = await repo.templatesOfAccount(deps.db, actor.accountId);
  const through = hasPermission(actor.permissions, 'manage_templates')
    ? null
    : await repo.templateIdsThroughGroups(deps.db, actor.accountId, actor.userId);
  return {
    data: all
      .filter((t) => through === null || through.has(t.id))
      .map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        folder_id: t.folder_id,
        require_approval: (t.settings as { require_approval?: number }).require_approval === 1,
        updated_at: t.updated_at.toISOString(),
      })),
  };
}

/** The lists the template's list fields draw from, with their rows (issue 11 item 2). */
function formLists(deps: AppDeps, actor: Actor, template: Template): Promise<SubmissionList[]> {
  return listsWithRows(deps, actor, previewDependencyIds(template.template_fields));
}

/**
 * The lists of the dataset preview of a template under edit (spec 03 §2 "Dataset preview", §7
 * preview-dependencies; issue 11 item 7), in the order asked, with their rows; nothing is stored.
 * All or nothing: 404 naming every id that is not a list of the account.
 */
export async function previewDependencies(
  deps: AppDeps,
  actor: Actor,
  listIds: readonly number[],
): Promise<{ lists: SubmissionList[] }> {
  const ids = [...new Set(listIds)];
  const lists = await listsWithRows(deps, actor, ids);
  assertAllFound(
    ids,
    lists.map((l) => l.id),
    'Lists',
  );
  const order = new Map(ids.map((id, i) => [id, i]));
  return { lists: lists.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)) };
}

/** The account's lists of `ids` with their columns and rows (ids of other accounts are left out). */
async function listsWithRows(deps: AppDeps, actor: Actor, ids: readonly number[]): Promise<SubmissionList[]> {
  const { lists, columns, cells } = await repo.listCells(deps.db, actor.accountId, ids);
  return lists.map((list) => {
    const own = columns.filter((c) => c.list_id === list.id);
    const position = new Map(own.map((c, i) => [c.id, i]));
    const byRow = new Map<number, string[]>();
    for (const cell of cells) {
      const column = position.get(cell.list_column_id);
      if (column === undefined) continue;
      let row = byRow.get(cell.row_number);
      if (!row) {
        row = own.map(() => '');
        byRow.set(cell.row_number, row);
      }
      row[column] = cell.value;
    }
    return {
      id: list.id,
      name: list.name,
      type: list.type,
      columns: own.map((c) => ({ id: c.id, name: c.name })),
      rows: [...byRow.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row),
    };
  });
}

/** Builds the submission form of a template (fields, parameters, patterns with segments, lists, counters). */
export async function buildForm(deps: AppDeps, actor: Actor, template: Template, datasetId: number | null) {
  const patternIds = template.template_fields.flatMap((f) =>
    f.governance_type === 'pattern' && typeof f.field_id === 'number' ? [f.field_id] : [],
  );
  const patterns: SubmissionPattern[] = [];
  for (const id of patternIds) {
    const found = await getPattern(deps, actor, id).catch(() => null);
    if (found)
      patterns.push({
        field_id: id,
        name: found.pattern.name,
        delimiter: found.pattern.delimiter,
        must_be_unique: found.pattern.must_be_unique,
        segments: found.pattern.segments,
      });
  }
  const autonumberIds = template.template_fields.flatMap((f) =>
    f.governance_type === 'autonumber' &&
    f.field.segment_parent_field_id === null &&
    typeof f.field_id === 'number'
      ? [f.field_id]
      : [],
  );
  const autonumbers = (await fieldsRepo.findFields(deps.db, actor.accountId, autonumberIds)).map((row) => {
    const settings = ((row.settings as { autonumber?: { start_value?: number; min_width?: number } })
      .autonumber ?? {}) as { start_value?: number; min_width?: number };
    return { field_id: row.id, start_value: settings.start_value ?? 1, min_width: settings.min_width ?? 1 };
  });
  const form: SubmissionForm = {
    template_id: template.id,
    template_name: template.name,
    rollup_dataset_id: datasetId,
    settings: template.settings,
    fields: template.template_fields,
    parameters: template.parameters,
    patterns,
    lists: await formLists(deps, actor, template),
    autonumbers,
  };
  return form;
}

/** The form of a template the actor may use (issue 11 item 2); makes its dataset on first need. */
export async function submissionForm(
  deps: AppDeps,
  actor: Actor,
  templateId: number,
): Promise<SubmissionForm> {
  const template = await usableTemplate(deps, actor, templateId);
  const datasetId = await repo.ensureDataset(deps.db, actor.accountId, templateId);
  return buildForm(deps, actor, template, datasetId);
}
