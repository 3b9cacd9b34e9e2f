import { AppError, type IntegrationNotificationResponse, integrationFor } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { assertAllFound } from '../guards';
import * as repo from './templates.repository';

/** How the activity log names an assignment: as a template save does (`name (slug)`). */
function assignmentLabel(a: { name: string; slug: string }): string {
  return `${a.name || integrationFor(a.slug).label} (${a.slug})`;
}

/**
 * Deletes saved integration assignments (spec 03 §4 "Deleting is immediate in the editor and is also
 * sent to the server", §7 POST /api/v1/integration-assignments/bulk/delete), all or nothing: an id
 * that is not one of the account's assignments answers 404 naming it and deletes nothing. Their
 * notification settings go with them. The templates concerned are locked first, so a delete and a
 * save of the same template run one after the other. One activity entry per template, as a template
 * update whose `integrations` lose the deleted ones (old and new values). The template's updated_at
 * is left as it was: the editor that deleted keeps its draft and saves it later without a 409.
 */
export async function deleteIntegrationAssignments(
  deps: AppDeps,
  actor: Actor,
  ids: number[],
): Promise<{ message: string; deleted_ids: number[] }> {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const { accountId } = actor;
    const found = await repo.findAssignments(trx, accountId, unique);
    assertAllFound(
      unique,
      found.map((a) => a.id),
      'Integrations',
    );
    const templateIds = [...new Set(found.map((a) => a.template_id))].sort((a, b) => a - b);
    const templates = await repo.findTemplates(trx, accountId, templateIds, true);
    // Read again under the templates' locks: a save may have replaced them meanwhile.
    const locked = await repo.findAssignments(trx, accountId, unique, true);
    assertAllFound(
      unique,
      locked.map((a) => a.id),
      'Integrations',
    );
    const before = await repo.assignmentsOf(trx, accountId, templateIds);
    await repo.deleteAssignments(trx, accountId, unique);
    const deleted = new Set(unique);
    await recordActivity(
      trx,
      actor,
      ...templates.map((t) => {
        const own = before.filter((a) => a.template_id === t.id);
        return {
          configuredObject: 'template' as const,
          objectName: t.name,
          objectId: t.id,
          before: { integrations: own.map(assignmentLabel) },
          after: { integrations: own.filter((a) => !deleted.has(a.id)).map(assignmentLabel) },
        };
      }),
    );
    const count = unique.length;
    return {
      message: `${count} integration${count === 1 ? '' : 's'} deleted.`,
      deleted_ids: unique,
    };
  });
}

/**
 * The notification settings of one integration assignment (spec 03 §3 "Integration notification",
 * §7 GET /api/v1/integration-email-notifications/{assignmentId}): id, email_to as JSON text,
 * subject, email_on_failure, email_on_success. 404 when the assignment is not the account's.
 */
export async function integrationNotifications(
  deps: AppDeps,
  actor: Actor,
  assignmentId: number,
): Promise<{ data: IntegrationNotificationResponse[] }> {
  const [assignment] = await repo.findAssignments(deps.db, actor.accountId, [assignmentId]);
  if (!assignment) throw AppError.notFound('Integration');
  const rows = await repo.notificationsOf(deps.db, [assignment.id]);
  return {
    data: rows.map((n) => ({
      id: n.id,
      email_to: JSON.stringify(n.email_to),
      subject: n.subject,
      email_on_failure: n.email_on_failure,
      email_on_success: n.email_on_success,
    })),
  };
}
