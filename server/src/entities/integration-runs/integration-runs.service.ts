import { AppError, type IntegrationRun } from '@nomen/shared';
import type { IntegrationRunRow } from '@nomen/shared/db';
import type { Actor, AppDeps } from '../../http/context';
import { assertSubmissionReadable } from '../submissions/submissions.service';
import * as repo from './integration-runs.repository';

/** A run as the API answers it (issue 12 items 4, 5). */
export function toRun(r: IntegrationRunRow): IntegrationRun {
  return {
    id: r.id,
    assignment_id: r.assignment_id,
    assignment_name: r.assignment_name,
    slug: r.slug,
    direction: r.direction,
    template_id: r.template_id,
    submission_id: r.submission_id,
    status: r.status,
    attempts: r.attempts,
    message: r.message,
    files: r.files,
    log: r.log,
    created_at: r.created_at.toISOString(),
    started_at: r.started_at ? r.started_at.toISOString() : null,
    finished_at: r.finished_at ? r.finished_at.toISOString() : null,
  };
}

/** The last runs of a saved assignment of the account, newest first; 404 for another account's. */
export async function assignmentRuns(
  deps: AppDeps,
  actor: Actor,
  assignmentId: number,
  limit: number,
): Promise<{ data: IntegrationRun[] }> {
  if (!(await repo.assignmentExists(deps.db, actor.accountId, assignmentId)))
    throw AppError.notFound('Integration');
  const rows = await repo.runsOfAssignment(deps.db, actor.accountId, assignmentId, limit);
  return { data: rows.map(toRun) };
}

/** The runs of a submission the actor may read, oldest first; 404 otherwise. */
export async function submissionRuns(
  deps: AppDeps,
  actor: Actor,
  submissionId: number,
): Promise<{ data: IntegrationRun[] }> {
  await assertSubmissionReadable(deps, actor, submissionId);
  const rows = await repo.runsOfSubmission(deps.db, actor.accountId, submissionId);
  return { data: rows.map(toRun) };
}
