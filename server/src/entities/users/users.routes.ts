import { usersApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './users.service';

/** Mounts the user endpoints (spec 01 §2.6, §7). */
export function usersRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(usersApi.list, ({ actor }) => service.listUsers(deps, actor));
  api.mount(usersApi.get, ({ actor, params }) => service.getUser(deps, actor, params.id));
  api.mount(usersApi.save, ({ actor, body }) => service.saveUser(deps, actor, body));
  api.mount(usersApi.bulkDelete, ({ actor, body }) => service.deleteUsers(deps, actor, body.user_ids));
  api.mount(usersApi.forcePasswordReset, ({ actor, body }) =>
    service.forcePasswordReset(deps, actor, body.user_ids),
  );
  api.mount(usersApi.resendActivation, ({ actor, body }) =>
    service.resendActivation(deps, actor, body.user_ids),
  );
  api.mount(usersApi.permissionsByRole, async ({ actor, query }) =>
    service.permissionsForRole(actor, query.role),
  );
}
