import { apiTokensApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './api-tokens.service';

/** Mounts the personal API token endpoints (issue 11 item 10); all are session-only. */
export function apiTokensRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(apiTokensApi.list, ({ actor }) => service.listApiTokens(deps, actor));
  api.mount(apiTokensApi.create, ({ actor, body }) => service.createApiToken(deps, actor, body));
  api.mount(apiTokensApi.revoke, ({ actor, params }) => service.revokeApiToken(deps, actor, params.id));
}
