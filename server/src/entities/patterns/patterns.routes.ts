import { patternsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './patterns.service';

/** Mounts the pattern endpoints (spec 02 §7). The list path is mounted before `/field/:id`. */
export function patternsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(patternsApi.list, ({ actor }) => service.listPatterns(deps, actor));
  api.mount(patternsApi.get, ({ actor, params }) => service.getPattern(deps, actor, params.id));
  api.mount(patternsApi.save, ({ actor, body }) => service.savePattern(deps, actor, body), {
    ownedIds: (actor, req) => service.assertSavedPatternOfAccount(deps, actor, req.body),
  });
  api.mount(patternsApi.issueCodes, ({ actor, params, body }) =>
    service.issueCodes(deps, actor, params.id, body),
  );
  api.mount(patternsApi.bulkDelete, ({ actor, body }) =>
    service.deletePatterns(deps, actor, body.pattern_ids),
  );
}
