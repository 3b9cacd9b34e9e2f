import { targetsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './targets.service';

/** Mounts the target endpoints (spec 01 §2.4, §2.5, §7; spec 03 §7 field targets). */
export function targetsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(targetsApi.list, ({ actor }) => service.listTargets(deps, actor));
  // Before `/:id`, which would read "targetsForImport" as an id.
  api.mount(targetsApi.forImport, ({ actor }) => service.listTargetsForImport(deps, actor));
  api.mount(targetsApi.fieldChoices, ({ actor }) => service.listFieldChoices(deps, actor));
  api.mount(targetsApi.get, ({ actor, params }) => service.getTarget(deps, actor, params.id));
  api.mount(targetsApi.fields, ({ actor, params }) => service.getTargetFields(deps, actor, params.id));
  api.mount(targetsApi.save, ({ actor, body }) => service.saveTarget(deps, actor, body));
  api.mount(targetsApi.bulkDelete, ({ actor, body }) => service.deleteTargets(deps, actor, body.target_ids));
  api.mount(targetsApi.multiTargets, ({ actor, params }) => service.listMultiTargets(deps, actor, params.id));
  api.mount(targetsApi.saveMultiTargets, ({ actor, params, body }) =>
    service.saveMultiTargets(deps, actor, params.id, body.multi_targets),
  );
  api.mount(targetsApi.deleteMultiTargets, ({ actor, params, body }) =>
    service.deleteMultiTargets(deps, actor, params.id, body.multi_target_ids),
  );
  api.mount(targetsApi.fieldTargets, ({ actor, body }) =>
    service.targetsOfFields(deps, actor, body.fieldIds),
  );
}
