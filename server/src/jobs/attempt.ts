import * as runs from '../entities/integration-runs/integration-runs.repository';
import { endRun } from '../entities/integration-runs/integration-runs.service';
import type { AttemptInfo, AttemptOutcome, JobDeps } from './types';

/**
 * Records a failed attempt of an integration run, outbound or inbound (issue 12 items 4, 5): a
 * `permanent` failure, or the last allowed attempt, ends the run Failed with `text` (the last
 * attempt of a retried failure adds "gave up after N attempts"; recorded as "failed" in the
 * activity log, spec 01 §2.10), after `beforeFailing` (the failure notification) has run; any other failure leaves it Retrying. Answers what pg-boss should
 * do with the job: 'retry' unless the failure was permanent.
 */
export async function recordFailedAttempt(
  deps: JobDeps,
  runId: number,
  failure: { text: string; permanent: boolean; attempt: number; info: AttemptInfo },
  beforeFailing?: () => Promise<void>,
): Promise<AttemptOutcome> {
  const { text, permanent, attempt, info } = failure;
  const last = info.retryCount >= info.retryLimit;
  if (permanent || last) {
    await beforeFailing?.();
    await endRun(deps.db, runId, {
      status: 'Failed',
      message:
        last && !permanent && info.retryLimit > 0 ? `${text} (gave up after ${attempt} attempts)` : text,
      attempt,
    });
    return permanent ? 'done' : 'retry';
  }
  await runs.updateRun(deps.db, runId, {
    status: 'Retrying',
    message: `${text} (attempt ${attempt} of ${info.retryLimit + 1}; retrying)`,
    attempt,
  });
  return 'retry';
}
