import {
  AppError,
  CODE_LOOKUP_MAX_MATCHES,
  type CodeLookup,
  type DatasetQuery,
  type datasetQuerySchema,
  type SubmissionSummary,
} from '@nomen/shared';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import { assertDatasetReadable, usableTemplate } from './submission-form.service';
import * as repo from './submissions.repository';
import { readable, summaryOf } from './submissions.service';

/**
 * Reading datasets (issue 11 items 2, 8, 10; spec 02 §7 and spec 03 §7 datasets query): whether
 * values are taken, the datasets query, and which submission made a code.
 */

/** Which values of a template field its dataset already holds (must_be_unique; issue 11 item 2). */
export async function checkUniqueness(
  deps: AppDeps,
  actor: Actor,
  input: { template_id: number; field_id: number; values: string[] },
): Promise<{ taken: string[] }> {
  const template = await usableTemplate(deps, actor, input.template_id);
  if (!template.template_fields.some((f) => f.id === input.field_id))
    throw AppError.notFound('Template field');
  const datasetId = await repo.ensureDataset(deps.db, actor.accountId, input.template_id);
  const taken = await repo.takenValues(deps.db, datasetId, input.field_id, input.values);
  // Each taken value once, in the order asked.
  const answered = new Set<string>();
  for (const value of input.values) if (taken.has(value)) answered.add(value);
  return { taken: [...answered] };
}

/**
 * The datasets query (spec 02 §7, spec 03 §7): rows of a dataset of the account that the actor may
 * read (those who may use its template, `assertDatasetReadable`; 404 otherwise, and for a commit
 * of another dataset), as of `commitRef`, each with data by field id holding a value. `distinct`
 * on one field at HEAD reads the distinct values index; anything else reads the row versions.
 */
export async function queryDataset(
  deps: AppDeps,
  actor: Actor,
  datasetId: number,
  query: z.output<typeof datasetQuerySchema>,
): Promise<{ rows: { data: Record<string, { value: string }> }[]; commit_id: number | null }> {
  const select =
    query.select === '*' || query.select.includes('*') ? null : [...new Set(query.select as number[])];
  const wrap = (data: Record<string, string>) => ({
    data: Object.fromEntries(Object.entries(data).map(([k, value]) => [k, { value }])),
  });
  const dataset = await repo.findDataset(deps.db, actor.accountId, datasetId);
  if (!dataset) throw AppError.notFound('Dataset');
  await assertDatasetReadable(deps, actor, dataset);
  if (query.distinct && select?.length === 1 && query.commitRef === 'HEAD') {
    // Distinct values of one field at HEAD (a powered list's read): the dataset and the values at once.
    const field = select[0]!;
    const head = await repo.headDistinctValues(
      deps.db,
      actor.accountId,
      datasetId,
      field,
      query.limit,
      query.offset,
    );
    if (!head) throw AppError.notFound('Dataset');
    return {
      rows: head.values.map((value) => wrap({ [String(field)]: value })),
      commit_id: head.headCommitId,
    };
  }
  let commitId = dataset.head_commit_id;
  if (query.commitRef !== 'HEAD') {
    commitId = Number(query.commitRef);
    if (!(await repo.isCommitOf(deps.db, datasetId, commitId))) throw AppError.notFound('Commit');
  }
  if (commitId === null) return { rows: [], commit_id: null };
  const isHead = commitId === dataset.head_commit_id;
  if (query.distinct && select?.length === 1 && isHead) {
    const field = select[0]!;
    const values = await repo.distinctValues(deps.db, datasetId, field, query.limit, query.offset);
    return { rows: values.map((value) => wrap({ [String(field)]: value })), commit_id: commitId };
  }
  const rows = await repo.datasetRows(deps.db, datasetId, commitId, isHead, {
    select,
    distinct: query.distinct,
    limit: query.limit,
    offset: query.offset,
  });
  return { rows: rows.map(wrap), commit_id: commitId };
}

/**
 * Which submission and row made a code (issue 11 item 10): the rows of the account's datasets at
 * HEAD holding `code` as a field's value, keeping those of submissions the actor may read (the
 * rule of `getSubmission`). Throws 404 when none is left, so a code of another account or of a
 * submission the actor may not read looks the same as an unknown one.
 */
export async function lookupCode(deps: AppDeps, actor: Actor, code: string): Promise<CodeLookup> {
  const found = await repo.rowsHoldingValue(deps.db, actor.accountId, code, CODE_LOOKUP_MAX_MATCHES);
  const summaries = new Map<number, SubmissionSummary | null>();
  const matches: CodeLookup['matches'] = [];
  for (const r of found) {
    if (!summaries.has(r.submission_id)) {
      const summary = await readable(deps, actor, r.submission_id).then(
        ({ row }) => summaryOf(deps.db, row),
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
          throw error;
        },
      );
      summaries.set(r.submission_id, summary);
    }
    const submission = summaries.get(r.submission_id);
    if (!submission) continue;
    matches.push({
      submission,
      template_field_id: r.template_field_id,
      row: { row_number: r.row_number, cv_id: r.cv_id, data: r.data, commit_id: r.from_commit },
    });
  }
  if (matches.length === 0) throw AppError.notFound('Code');
  return { code, matches };
}

/** Type of a datasets query as sent (re-exported for tests and the bench). */
export type { DatasetQuery };
