import { AppError, type IntegrationLink, type IntegrationRun } from '@nomen/shared';
import type { Database, IntegrationRunRow } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertSubmissionReadable } from '../submissions/submissions.service';
import * as links from './integration-links.repository';
import * as repo from './integration-runs.repository';

/** A run as the API answers it (issue 12 items 4, 5). */
export function toRun(r: IntegrationRunRow): IntegrationRun {
  return {
    id: r.id,
    assignment_id: r.assignment_id,
    assignment_name: r.assignment_name,
    target_id: r.target_id,
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

/** The bitlinks and QR images made from a submission's links, oldest first; 404 when it is not readable. */
export async function submissionLinks(
  deps: AppDeps,
  actor: Actor,
  submissionId: number,
): Promise<{ data: IntegrationLink[] }> {
  await assertSubmissionReadable(deps, actor, submissionId);
  const rows = await links.linksOfSubmission(deps.db, actor.accountId, submissionId);
  return {
    data: rows.map((r) => ({
      ...r,
      image_url:
        r.kind === 'qr'
          ? `/api/v1/account/submissions/${submissionId}/integration-links/${r.id}/image`
          : null,
    })),
  };
}

/**
 * One QR image of a submission the actor may read: its bytes, content type and a file name
 * (`<cv_id>.<file type>`). 404 for another submission's or account's link, or a bitlink.
 */
export async function linkImage(
  deps: AppDeps,
  actor: Actor,
  submissionId: number,
  linkId: number,
): Promise<{ content: Uint8Array; contentType: string; fileName: string }> {
  await assertSubmissionReadable(deps, actor, submissionId);
  const image = await links.imageOf(deps.db, actor.accountId, submissionId, linkId);
  if (!image?.content) throw AppError.notFound('QR image');
  return {
    content: image.content,
    contentType: image.content_type ?? 'application/octet-stream',
    fileName: `${image.cv_id.replace(/[^\w.-]+/g, '_')}.${image.file_type ?? 'bin'}`,
  };
}

/** How a run ends: its final status, the message and attempt of its last log line, what it made. */
export interface RunEnd {
  status: 'Success' | 'Failed';
  message: string;
  attempt: number;
  files?: string[];
  /** Only while the attempt holding this lease token holds the run (migration 0020). */
  leaseToken?: string;
}

/**
 * Ends run `runId` (status, last log line, finished time) and records how it ended in the
 * activity log, in one transaction (spec 01 §2.10): an outbound run that succeeded as
 * "delivered", any run that failed as "failed", under its integration assignment (or, for an
 * upload to an analytics target, the target) with the status and message; the author is
 * "system". An inbound run that succeeded is not an activity. Answers false, recording nothing,
 * when the run was not changed (its lease was taken over).
 */
export function endRun(db: Kysely<Database>, runId: number, end: RunEnd): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const isChanged = await repo.updateRun(trx, runId, { ...end, finished: true });
    if (!isChanged) return false;
    const run = await repo.findRunById(trx, runId);
    if (!run || (end.status === 'Success' && run.direction === 'INPUT')) return true;
    const isTargetRun = run.target_id !== null;
    await recordActivity(
      trx,
      { accountId: run.account_id, userId: null, userName: 'system' },
      {
        configuredObject: isTargetRun ? 'target' : 'integration assignment',
        objectName: run.assignment_name,
        objectId: isTargetRun ? run.target_id : run.assignment_id,
        operation: end.status === 'Success' ? 'delivered' : 'failed',
        before: null,
        after: {
          run: run.id,
          submission: run.submission_id,
          status: end.status,
          message: end.message,
          ...(end.files && end.files.length > 0 ? { files: end.files } : {}),
        },
      },
    );
    return true;
  });
}
