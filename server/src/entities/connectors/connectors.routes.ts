import { connectorsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import { testConnection, testConnectionDraft } from './connectors.check';
import { listGoogleProfiles } from './connectors.google';
import { initOAuth, oauthCallback } from './connectors.oauth';
import * as service from './connectors.service';

/** Mounts the connected-account endpoints (spec 01 §2.3, §4, §7; issue 10). */
export function connectorsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(connectorsApi.types, async ({ actor }) => service.listConnectorTypes(actor));
  api.mount(connectorsApi.list, ({ actor }) => service.listConnectors(deps, actor));
  api.mount(connectorsApi.metadata, ({ actor, params }) =>
    service.getConnectorMetadata(deps, actor, params.id),
  );
  api.mount(connectorsApi.customFields, ({ actor, params }) =>
    service.listConnectorCustomFields(deps, actor, params.id),
  );
  api.mount(connectorsApi.save, ({ actor, body }) => service.saveConnector(deps, actor, body));
  api.mount(connectorsApi.bulkDelete, ({ actor, body }) =>
    service.deleteConnectors(deps, actor, body.connector_ids),
  );
  api.mount(connectorsApi.test, ({ actor, params }) => testConnection(deps, actor, params.id));
  api.mount(connectorsApi.testDraft, ({ actor, body }) => testConnectionDraft(deps, actor, body));
  api.mount(connectorsApi.acceptHostKey, ({ actor, params, body }) =>
    service.acceptSftpHostKey(deps, actor, params.id, body.fingerprint),
  );
  api.mount(connectorsApi.googleProfiles, ({ actor, params }) => listGoogleProfiles(deps, actor, params.id));
  api.mount(connectorsApi.oauthInit, ({ actor, params, body }) => initOAuth(deps, actor, params.slug, body));
  api.mountStreaming(connectorsApi.oauthCallback, async ({ actor, query, res }) => {
    res.redirect(302, await oauthCallback(deps, actor, query));
  });
}
