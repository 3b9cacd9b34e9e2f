import { lookupsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './lookups.service';

/** Mounts the provider look-ups (spec 01 §7, spec 03 §7; issue 10 item 6). */
export function lookupsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(lookupsApi.realms, ({ actor, params }) => service.listRealms(deps, actor, params.id));
  api.mount(lookupsApi.targetList, ({ actor, params }) =>
    service.listRemoteTargets(deps, actor, params.id, params.realm),
  );
  api.mount(lookupsApi.gaAccounts, ({ actor, params }) => service.listGaAccounts(deps, actor, params.id));
  api.mount(lookupsApi.gaProperties, ({ actor, params }) =>
    service.listGaProperties(deps, actor, params.id, params.acct),
  );
  api.mount(lookupsApi.gaCustomDataSources, ({ actor, params }) =>
    service.listGaCustomDataSources(deps, actor, params.id, params.acct, params.prop),
  );
  api.mount(lookupsApi.facebookAdAccounts, ({ actor, params }) =>
    service.listFacebookAdAccounts(deps, actor, params.id),
  );
  api.mount(lookupsApi.facebookPixels, ({ actor, params }) =>
    service.listFacebookPixels(deps, actor, params.id, params.adAccountId),
  );
  api.mount(lookupsApi.bitlyOrganizations, ({ actor, params }) =>
    service.listBitlyOrganizations(deps, actor, params.connectorId),
  );
  api.mount(lookupsApi.bitlyGroups, ({ actor, params }) =>
    service.listBitlyGroups(deps, actor, params.connectorId),
  );
  api.mount(lookupsApi.workfrontCommand, ({ actor, body }) => service.runWorkfrontCommand(deps, actor, body));
  api.mount(lookupsApi.aemFolders, ({ actor, body }) => service.listAemFolders(deps, actor, body));
  api.mount(lookupsApi.kochavaAppGroups, ({ actor, params }) =>
    service.listKochavaAppGroups(deps, actor, params.connectorId),
  );
}
