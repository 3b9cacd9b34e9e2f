import { reportsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import { writeDownload } from './reports.download';
import * as service from './reports.service';

/** Mounts the reports endpoints (issue 13; spec 01 §2.9, §7). */
export function reportsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(reportsApi.summary, ({ actor }) => service.summary(deps, actor));
  api.mount(reportsApi.charts, ({ actor, query }) => service.charts(deps, actor, query.tz));
  api.mount(reportsApi.topUsers, ({ actor }) => service.topUsers(deps, actor));
  api.mount(reportsApi.userReport, ({ actor, params, query }) =>
    service.userReport(deps, actor, params.userId, query.tz),
  );
  api.mount(reportsApi.usage, ({ actor, query }) => service.usage(deps, actor, query));
  api.mount(reportsApi.templates, ({ actor }) => service.templateReport(deps, actor));
  api.mount(reportsApi.global, ({ actor, query }) => service.globalReport(deps, actor, query));
  api.mount(reportsApi.search, ({ actor, body }) => service.search(deps, actor, body.term));
  api.mountStreaming(reportsApi.download, ({ actor, params, query, res }) =>
    writeDownload(deps, actor, params.report, query, res),
  );
}
