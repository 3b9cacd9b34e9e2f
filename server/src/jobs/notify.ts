import type { IntegrationAssignment, IntegrationNotification } from '@nomen/shared';
import type { IntegrationRunRow } from '@nomen/shared/db';
import { featureFlagsOf } from '../entities/accounts/accounts.repository';
import { loadTemplate } from '../entities/templates/templates.service';
import type { JobDeps } from './types';

/**
 * Mails the assignment's notification recipients (spec 03 §3 "Integration notification"; issue 12
 * items 4, 5) when the account has the integration-notifications flag: on failure to those with
 * email_on_failure, on success to those with email_on_success. Outbound and inbound runs both
 * notify; the mail links the run's submission (the one delivered, or the Draft a pull made), else
 * the template's connect step where the run log is. A mail failure never changes the run.
 */
export async function notifyRun(
  deps: JobDeps,
  run: IntegrationRunRow,
  assignment: IntegrationAssignment | undefined,
  outcome: 'failure' | 'success',
  text: string,
  submissionId: number | null = run.submission_id,
): Promise<void> {
  if (!assignment) return;
  await mailNotifications(deps, run, assignment.integration_notifications ?? [], outcome, text, submissionId);
}

/**
 * Mails the recipients a target upload run answers to (issue 12 item 4; spec 03 §3 "Integration
 * notification", metadata target_id): a target run is made because the submission's template
 * feeds the target, so it notifies as the template's integration assignments that name the target
 * (metadata target_id, the comma-separated target ids of a per-target report) would: their
 * notifications together, each address mailed once, under the same rules as notifyRun. A run
 * whose template names the target nowhere mails no one.
 */
export async function notifyTargetRun(
  deps: JobDeps,
  run: IntegrationRunRow,
  outcome: 'failure' | 'success',
  text: string,
): Promise<void> {
  if (run.target_id === null || run.template_id === null) return;
  const template = await loadTemplate(deps.db, run.account_id, run.template_id).catch(() => null);
  const notifications = (template?.integrations ?? [])
    .filter((a) => namesTarget(a, run.target_id!))
    .flatMap((a) => a.integration_notifications ?? []);
  await mailNotifications(deps, run, notifications, outcome, text, run.submission_id);
}

/** Whether the assignment's metadata target_id (an id, or ids joined by commas) lists `targetId`. */
function namesTarget(assignment: IntegrationAssignment, targetId: number): boolean {
  const raw = assignment.metadata?.target_id;
  if (raw === undefined || raw === null) return false;
  return String(raw)
    .split(',')
    .some((id) => id.trim() === String(targetId));
}

/**
 * The one sender of run notifications: with the account's integration-notifications flag, mails
 * each address of `notifications` that asked for `outcome` once (the first notification naming it
 * gives the subject), linking `submissionId`, else the template's connect step.
 */
async function mailNotifications(
  deps: JobDeps,
  run: IntegrationRunRow,
  notifications: readonly IntegrationNotification[],
  outcome: 'failure' | 'success',
  text: string,
  submissionId: number | null,
): Promise<void> {
  const wanted = notifications.filter((n) => (outcome === 'failure' ? n.emailOnFailure : n.emailOnSuccess));
  if (wanted.length === 0) return;
  const featureFlags = await featureFlagsOf(deps.db, run.account_id);
  if (!featureFlags?.includes('integration-notifications')) return;
  const link =
    submissionId !== null
      ? `${deps.config.appUrl}/codes/submissions/${submissionId}`
      : `${deps.config.appUrl}/admin/templates/edit-template/${run.template_id}/connect`;
  const name = run.assignment_name || run.slug;
  const mailed = new Set<string>();
  for (const n of wanted) {
    const subject =
      n.subject?.trim() ||
      (outcome === 'failure' ? `Integration failed: ${name}` : `Integration succeeded: ${name}`);
    for (const to of n.emailTo) {
      if (mailed.has(to.toLowerCase())) continue;
      mailed.add(to.toLowerCase());
      await deps.mailer
        .send({
          to,
          subject,
          text: `${name} (${run.slug}) ${outcome === 'failure' ? 'failed' : 'succeeded'}: ${text}\n${link}`,
        })
        .catch(() => undefined);
    }
  }
}
