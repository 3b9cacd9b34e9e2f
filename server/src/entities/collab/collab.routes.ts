import { collabApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './collab.service';

/** Mounts the REST side of live collaboration (spec 02 §7; paths ours). Before lists/:id. */
export function collabRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(collabApi.state, ({ actor }) => service.collabStates(deps, actor));
  api.mount(collabApi.token, ({ actor, params }) => service.collabToken(deps, actor, params.id), {
    ownedIds: (actor, req) => service.assertPathListOfAccount(deps, actor, req.params),
  });
  api.mount(collabApi.feedback, ({ actor, body }) => service.saveFeedback(deps, actor, body));
}
