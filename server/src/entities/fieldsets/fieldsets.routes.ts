import { fieldsetsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './fieldsets.service';

/** Mounts the field-set endpoints (spec 02 §2, §7). */
export function fieldsetsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(fieldsetsApi.list, ({ actor }) => service.listFieldsets(deps, actor));
  api.mount(fieldsetsApi.get, ({ actor, params }) => service.getFieldset(deps, actor, params.id));
  api.mount(fieldsetsApi.save, ({ actor, body }) => service.saveFieldset(deps, actor, body));
  api.mount(fieldsetsApi.bulkDelete, ({ actor, body }) =>
    service.deleteFieldsets(deps, actor, body.fieldset_ids),
  );
}
