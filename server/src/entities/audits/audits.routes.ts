import { auditsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import { fixFindings } from './audit-fix.service';
import { downloadFindings } from './audits.download';
import * as service from './audits.service';

/** Mounts the audit endpoints (README "Audits"). */
export function auditsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(auditsApi.list, ({ actor }) => service.listAudits(deps, actor));
  // Before `get`, whose :id would otherwise take "choices".
  api.mount(auditsApi.choices, ({ actor }) => service.auditChoices(deps, actor));
  api.mount(auditsApi.get, ({ actor, params }) => service.getAudit(deps, actor, params.id));
  api.mount(auditsApi.save, ({ actor, body }) => service.saveAudit(deps, actor, body));
  api.mount(auditsApi.bulkDelete, ({ actor, body }) => service.deleteAudits(deps, actor, body.audit_ids));
  api.mount(auditsApi.run, ({ actor, params }) => service.runAuditNow(deps, actor, params.id));
  api.mount(auditsApi.getRun, ({ actor, params }) => service.getRun(deps, actor, params.id));
  api.mount(auditsApi.findings, ({ actor, params, query }) =>
    service.listFindings(deps, actor, params.id, query),
  );
  api.mountStreaming(auditsApi.download, ({ actor, params, query, res }) =>
    downloadFindings(deps, actor, params.id, query.format, res),
  );
  api.mount(auditsApi.saveException, ({ actor, params, body }) =>
    service.saveException(deps, actor, params.id, body),
  );
  api.mount(auditsApi.deleteException, ({ actor, params, body }) =>
    service.deleteException(deps, actor, params.id, body.object_id),
  );
  api.mount(auditsApi.fix, ({ actor, params, body }) =>
    fixFindings(deps, actor, params.id, body.finding_ids),
  );
}
