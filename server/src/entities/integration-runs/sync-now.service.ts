import { AppError, type IntegrationRun, isPullableSlug, notReadyText } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { findAssignmentKind, queueInboundRun } from '../../jobs/inbound/inbound.repository';
import { toRun } from './integration-runs.service';

/**
 * "Sync now" of a saved inbound assignment (issue 12 item 5; contract `integrationRunsApi.syncNow`):
 * queues a pull acting as the actor and nudges the dispatcher, answering the Queued run; when a
 * pull is already queued or running, answers that one. Another account's (or an unknown)
 * assignment answers 404; an outbound one, or an inbound slug Nomen does not pull, 400 naming
 * the id; a "Not ready" one (missing settings, shared/src/integrations/readiness.ts) 409 naming
 * what it lacks.
 */
export async function syncNow(deps: AppDeps, actor: Actor, assignmentId: number): Promise<IntegrationRun> {
  const assignment = await findAssignmentKind(deps.db, actor.accountId, assignmentId);
  if (!assignment) throw AppError.notFound('Integration');
  if (assignment.integration_type !== 'INPUT')
    throw AppError.badField(
      'params.id',
      'Only inbound integrations sync; outbound ones run when a submission enters the dataset',
    );
  if (!isPullableSlug(assignment.slug))
    throw AppError.badField('params.id', `Nomen does not pull ${assignment.slug} integrations yet`);
  if (assignment.missing_settings.length > 0)
    throw new AppError(
      'CONFLICT',
      `${assignment.name} cannot run yet. ${notReadyText(assignment.missing_settings)}. Complete it in the template's connect step and save the template.`,
    );
  const made = await queueInboundRun(deps.db, {
    accountId: actor.accountId,
    assignmentId,
    requestedBy: actor.userId,
  });
  if (!made) throw AppError.notFound('Integration');
  deps.jobs?.nudge();
  return toRun(made.run);
}
