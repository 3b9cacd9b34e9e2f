import { activitiesApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import { listActivities } from './activities.service';

/** Mounts the activity-log endpoints (spec 01 §2.10). */
export function activitiesRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(activitiesApi.list, ({ actor, query }) => listActivities(deps, actor, query));
}
