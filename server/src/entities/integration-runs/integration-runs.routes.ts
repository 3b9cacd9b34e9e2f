import { integrationRunsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './integration-runs.service';

/** Mounts the run logs of outbound integrations (issue 12 item 4). */
export function integrationRunsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(integrationRunsApi.assignmentRuns, ({ actor, params, query }) =>
    service.assignmentRuns(deps, actor, params.id, query.limit),
  );
  api.mount(integrationRunsApi.submissionRuns, ({ actor, params }) =>
    service.submissionRuns(deps, actor, params.id),
  );
}
