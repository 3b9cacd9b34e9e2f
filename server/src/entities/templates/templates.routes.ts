import { approversApi, templatePeopleApi, templatesApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './templates.service';

/** Mounts the template and approver endpoints (spec 03 §7). */
export function templatesRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(templatesApi.list, ({ actor }) => service.listTemplates(deps, actor));
  api.mount(templatesApi.linkValidations, ({ actor, query }) =>
    service.templateLinkValidations(deps, actor, query.templateId),
  );
  api.mount(templatesApi.linkValidationTypes, async () => service.linkValidationTypes());
  api.mount(templatesApi.templateField, ({ actor, params }) =>
    service.getTemplateField(deps, actor, params.id),
  );
  api.mount(templatesApi.get, ({ actor, params }) => service.getTemplate(deps, actor, params.id));
  api.mount(templatesApi.save, async ({ actor, body, res }) => {
    const { id, logId } = await service.saveTemplate(deps, actor, body);
    // The slow part runs once the answer is sent (spec 03 §4); it ends the Running log itself.
    res.once('close', () => void service.checkTemplateIntegrations(deps, actor, id, logId));
    return { id };
  });
  api.mount(templatesApi.logs, ({ actor, params }) => service.templateLogs(deps, actor, params.id));
  api.mount(templatesApi.fieldsMappedToIntegrations, ({ actor, params }) =>
    service.fieldsMappedToIntegrations(deps, actor, params.id),
  );
  api.mount(templatesApi.parameters, ({ actor, params }) =>
    service.templateParameters(deps, actor, params.id),
  );
  api.mount(templatesApi.bulkDelete, ({ actor, body }) =>
    service.deleteTemplates(deps, actor, body.template_ids),
  );
  api.mount(templatePeopleApi.list, ({ actor }) => service.templatePeople(deps, actor));
  api.mount(approversApi.get, ({ actor, params }) => service.getApprovers(deps, actor, params.id));
  api.mount(approversApi.add, ({ actor, body }) =>
    service.addApprovers(deps, actor, body.template_id, body.approvers),
  );
  api.mount(approversApi.remove, ({ actor, params }) => service.removeApprovers(deps, actor, params.id));
}
