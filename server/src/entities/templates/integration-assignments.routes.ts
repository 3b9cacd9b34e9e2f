import { integrationAssignmentsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './integration-assignments.service';

/** Mounts the integration assignment endpoints of the connect step (spec 03 §4, §7). */
export function integrationAssignmentsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(integrationAssignmentsApi.bulkDelete, ({ actor, body }) =>
    service.deleteIntegrationAssignments(deps, actor, body.ids),
  );
  api.mount(integrationAssignmentsApi.notifications, ({ actor, params }) =>
    service.integrationNotifications(deps, actor, params.id),
  );
}
