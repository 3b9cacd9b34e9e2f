import type { LinkCheckResult, SubmissionLinkCheck, SubmissionLinkChecks } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { assertSubmissionReadable } from '../submissions/submissions.service';
import * as repo from './link-checks.repository';

/**
 * The link checks of a submission the actor may read (issue 12 item 6), one entry per distinct
 * link in first-row order with the rows carrying it; `validations_configured` says whether the
 * template has an enabled link validation now (the page's empty state). 404 for a submission of
 * another account or one the actor may not read.
 */
export async function submissionLinkChecks(
  deps: AppDeps,
  actor: Actor,
  submissionId: number,
): Promise<SubmissionLinkChecks> {
  await assertSubmissionReadable(deps, actor, submissionId);
  const templateId = await repo.templateOfSubmission(deps.db, actor.accountId, submissionId);
  const [configured, rows] = await Promise.all([
    templateId === null ? false : repo.linkChecksEnabled(deps.db, actor.accountId, templateId),
    repo.checksOfSubmission(deps.db, actor.accountId, submissionId),
  ]);
  const byUrl = new Map<string, SubmissionLinkCheck>();
  for (const r of rows) {
    let entry = byUrl.get(r.url);
    if (!entry) {
      entry = {
        url: r.url,
        row_numbers: [],
        cv_ids: [],
        status: 'Checked',
        results: r.results as LinkCheckResult[],
        checked_at: r.checked_at ? r.checked_at.toISOString() : null,
      };
      byUrl.set(r.url, entry);
    }
    entry.row_numbers.push(r.row_number);
    entry.cv_ids.push(r.cv_id);
    if (r.checked_at === null) {
      entry.status = 'Pending';
      entry.checked_at = null;
    }
  }
  return { validations_configured: configured, data: [...byUrl.values()] };
}
