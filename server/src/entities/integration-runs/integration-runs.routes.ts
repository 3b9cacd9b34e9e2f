import { integrationRunsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './integration-runs.service';
import { syncNow } from './sync-now.service';

/** Mounts the run logs of integrations (issue 12 item 4) and "Sync now" of inbound ones (item 5). */
export function integrationRunsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(integrationRunsApi.assignmentRuns, ({ actor, params, query }) =>
    service.assignmentRuns(deps, actor, params.id, query.limit),
  );
  api.mount(integrationRunsApi.syncNow, ({ actor, params }) => syncNow(deps, actor, params.id));
  api.mount(integrationRunsApi.submissionRuns, ({ actor, params }) =>
    service.submissionRuns(deps, actor, params.id),
  );
}
