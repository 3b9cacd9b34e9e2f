import { listsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import { saveListDelta } from './lists.delta';
import { saveList } from './lists.save';
import * as service from './lists.service';

/** Mounts the list endpoints (spec 02 §7, and the delta save). */
export function listsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(listsApi.list, ({ actor }) => service.listLists(deps, actor));
  api.mountStreaming(listsApi.get, ({ actor, params, res }) =>
    service.writeListJson(deps, actor, params.id, res),
  );
  api.mountStreaming(listsApi.stream, ({ actor, params, res }) =>
    service.writeListStream(deps, actor, params.id, res),
  );
  api.mount(listsApi.save, ({ actor, body }) => saveList(deps, actor, body));
  api.mount(listsApi.saveDelta, ({ actor, params, body }) => saveListDelta(deps, actor, params.id, body));
  api.mount(listsApi.bulkDelete, ({ actor, body }) => service.deleteLists(deps, actor, body.list_ids));
}
