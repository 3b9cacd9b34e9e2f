import type { IntegrationAssignment } from '@nomen/shared';
import type { IntegrationRunRow } from '@nomen/shared/db';
import type { JobDeps } from './run-integration';

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
  const account = await deps.db
    .selectFrom('accounts')
    .select('feature_flags')
    .where('id', '=', run.account_id)
    .executeTakeFirst();
  if (!account?.feature_flags.includes('integration-notifications')) return;
  const link =
    submissionId !== null
      ? `${deps.config.appUrl}/codes/submissions/${submissionId}`
      : `${deps.config.appUrl}/admin/templates/edit-template/${run.template_id}/connect`;
  const name = run.assignment_name || run.slug;
  for (const n of assignment.integration_notifications ?? []) {
    if (outcome === 'failure' ? !n.emailOnFailure : !n.emailOnSuccess) continue;
    const subject =
      n.subject?.trim() ||
      (outcome === 'failure' ? `Integration failed: ${name}` : `Integration succeeded: ${name}`);
    for (const to of n.emailTo)
      await deps.mailer
        .send({
          to,
          subject,
          text: `${name} (${run.slug}) ${outcome === 'failure' ? 'failed' : 'succeeded'}: ${text}\n${link}`,
        })
        .catch(() => undefined);
  }
}
