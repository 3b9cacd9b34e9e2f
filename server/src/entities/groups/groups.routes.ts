import { groupsApi, templateAdminsApi, templateAudienceApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './groups.service';

/**
 * Mounts the group endpoints (spec 01 §2.7, §7) and the template audience read and share and the
 * admins to ask, which are about groups. select-options comes before :id.
 */
export function groupsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(groupsApi.list, ({ actor }) => service.listGroups(deps, actor));
  api.mount(groupsApi.selectOptions, ({ actor }) => service.selectOptions(deps, actor));
  api.mount(groupsApi.get, ({ actor, params }) => service.getGroup(deps, actor, params.id));
  api.mount(groupsApi.save, ({ actor, body }) => service.saveGroup(deps, actor, body));
  api.mount(groupsApi.bulkDelete, ({ actor, body }) => service.deleteGroups(deps, actor, body.group_ids));
  api.mount(templateAdminsApi.list, ({ actor }) => service.templateAdmins(deps, actor));
  api.mount(templateAudienceApi.get, ({ actor }) => service.templateAudience(deps, actor));
  api.mount(templateAudienceApi.share, ({ actor, body }) =>
    service.shareTemplateWithGroup(deps, actor, body.template_id, body.group_id),
  );
}
