import { linkChecksApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './link-checks.service';

/** Mounts the link checks of submissions (issue 12 item 6). */
export function linkChecksRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(linkChecksApi.submissionLinkChecks, ({ actor, params }) =>
    service.submissionLinkChecks(deps, actor, params.id),
  );
}
