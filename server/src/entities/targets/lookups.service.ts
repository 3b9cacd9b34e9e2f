import {
  type AemDataType,
  type AemFolderView,
  AppError,
  type GaAccountView,
  type GaCustomDataSourceView,
  type GaPropertyView,
  type Realm,
  type RemoteTarget,
  type WorkfrontCommand,
  type WorkfrontTemplateView,
} from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import {
  adobeClientFor,
  aemClientFor,
  assertMayUseLookups,
  bitlyClientFor,
  callProvider,
  googleAnalyticsClientFor,
  kochavaClientFor,
  metaClientFor,
  workfrontClientFor,
} from './provider-clients';

/**
 * Provider look-ups (spec 01 §7, spec 03 §7): each reads one list live from a connected
 * account's provider through its typed client. 404 for another account's connector id, 400 for a
 * connector of another type, 403 for people who manage neither targets, templates nor connected
 * accounts; provider failures as `callProvider` maps them.
 */

/** Report suites of an Adobe account (`POST .../connector/{id}/realm/`). */
export async function listRealms(
  deps: AppDeps,
  actor: Actor,
  connectorId: number,
): Promise<{ realms: Realm[] }> {
  assertMayUseLookups(actor);
  const adobe = await adobeClientFor(deps, actor.accountId, connectorId);
  return { realms: await callProvider(() => adobe.client.listRealms(adobe.company)) };
}

/** Reports of a report suite with their classification names (`GET .../realm/{realm}/target/list`). */
export async function listRemoteTargets(
  deps: AppDeps,
  actor: Actor,
  connectorId: number,
  realm: string,
): Promise<{ targets: RemoteTarget[] }> {
  assertMayUseLookups(actor);
  const adobe = await adobeClientFor(deps, actor.accountId, connectorId);
  return { targets: await callProvider(() => adobe.client.listTargets(adobe.company, realm)) };
}

/** Google Analytics accounts (`GET .../connector/{id}/ga-account`). */
export async function listGaAccounts(
  deps: AppDeps,
  actor: Actor,
  connectorId: number,
): Promise<{ gaAccounts: GaAccountView[] }> {
  assertMayUseLookups(actor);
  const ga = await googleAnalyticsClientFor(deps, actor.accountId, connectorId);
  return { gaAccounts: await callProvider(() => ga.listAccounts()) };
}

/** Properties of a GA account (`GET .../ga-account/{acct}/property/list`). */
export async function listGaProperties(
  deps: AppDeps,
  actor: Actor,
  connectorId: number,
  gaAccountId: string,
): Promise<{ gaProperties: GaPropertyView[] }> {
  assertMayUseLookups(actor);
  const ga = await googleAnalyticsClientFor(deps, actor.accountId, connectorId);
  return { gaProperties: await callProvider(() => ga.listProperties(gaAccountId)) };
}

/** Custom data sources of a GA property (`GET .../property/{prop}/custom-data-source/list`). */
export async function listGaCustomDataSources(
  deps: AppDeps,
  actor: Actor,
  connectorId: number,
  gaAccountId: string,
  gaPropertyId: string,
): Promise<{ gaCustomDataSources: GaCustomDataSourceView[] }> {
  assertMayUseLookups(actor);
  const ga = await googleAnalyticsClientFor(deps, actor.accountId, connectorId);
  return {
    gaCustomDataSources: await callProvider(() => ga.listCustomDataSources(gaAccountId, gaPropertyId)),
  };
}

/** Ad accounts of a Facebook account (`GET .../connector/{id}/facebook/adaccounts`). */
export async function listFacebookAdAccounts(deps: AppDeps, actor: Actor, connectorId: number) {
  assertMayUseLookups(actor);
  const meta = await metaClientFor(deps, actor.accountId, connectorId);
  const accounts = await callProvider(() => meta.listAdAccounts());
  return { adAccounts: accounts.map((a) => ({ id: a.id, account_id: a.account_id, name: a.name })) };
}

/** Pixels of a Facebook ad account (`GET .../facebook/adaccounts/{adAccountId}/pixels`). */
export async function listFacebookPixels(
  deps: AppDeps,
  actor: Actor,
  connectorId: number,
  adAccountId: string,
) {
  assertMayUseLookups(actor);
  const meta = await metaClientFor(deps, actor.accountId, connectorId);
  const pixels = await callProvider(() => meta.listPixels(adAccountId));
  return { pixels: pixels.map((p) => ({ id: p.id, name: p.name })) };
}

/** Organizations of a Bitly account (`GET /api/v1/integrations/bitly/organizations/{connectorId}`). */
export async function listBitlyOrganizations(deps: AppDeps, actor: Actor, connectorId: number) {
  assertMayUseLookups(actor);
  const bitly = await bitlyClientFor(deps, actor.accountId, connectorId);
  return { data: await callProvider(() => bitly.listOrganizations()) };
}

/** Groups of a Bitly account (`GET /api/v1/integrations/bitly/groups/{connectorId}`). */
export async function listBitlyGroups(deps: AppDeps, actor: Actor, connectorId: number) {
  assertMayUseLookups(actor);
  const bitly = await bitlyClientFor(deps, actor.accountId, connectorId);
  return { data: await callProvider(() => bitly.listGroups()) };
}

/** App groups of a Kochava account (`GET /api/v1/integrations/kochava/{connectorId}/app-groups`). */
export async function listKochavaAppGroups(deps: AppDeps, actor: Actor, connectorId: number) {
  assertMayUseLookups(actor);
  const kochava = await kochavaClientFor(deps, actor.accountId, connectorId);
  return { data: await callProvider(() => kochava.listAppGroups()) };
}

/**
 * Runs a Workfront command (`POST /api/v1/integrations/workfront/command`, spec 03 §7) on a
 * Workfront account: getTemplatesByName → `{ data: [{ ID, name }] }` of the templates whose name
 * contains `data.name` (case-insensitive, `data.optionalParams` as further field filters);
 * getTemplateTasksByTemplate → the tasks of `data.templateId`; getTemplate → template `data.id`
 * with its custom forms and their fields. 404 for another account's connector id, 400 naming
 * `body.connector_id` for an account of another type; provider failures as `callProvider` maps them.
 */
export async function runWorkfrontCommand(
  deps: AppDeps,
  actor: Actor,
  body: WorkfrontCommand,
): Promise<{ data: { ID: string; name: string }[] | WorkfrontTemplateView }> {
  const workfront = await workfrontClientFor(deps, actor.accountId, body.connector_id, 'body.connector_id');
  switch (body.command) {
    case 'getTemplatesByName': {
      const { name, optionalParams } = body.data;
      try {
        return { data: await callProvider(() => workfront.getTemplatesByName(name, optionalParams)) };
      } catch (error) {
        // The contract already refuses what the client refuses; kept as a 400, never a 500.
        if (error instanceof RangeError) throw AppError.badField('body.data.optionalParams', error.message);
        throw error;
      }
    }
    case 'getTemplateTasksByTemplate':
      return { data: await callProvider(() => workfront.getTemplateTasksByTemplate(body.data.templateId)) };
    case 'getTemplate':
      return { data: await callProvider(() => workfront.getTemplate(body.data.id)) };
  }
}

/**
 * The folders directly under a path of an AEM account (`POST /api/v1/integrations/aem/folders`,
 * spec 03 §4 tree folder picker, §7): for `dataType` file_assets (the default) the DAM folders
 * under a DAM path, for pages the pages and Sling folders under a /content path (AEM Sites); `{
 * data: [{ name, title, path }] }`, title null when unset. 404 for another account's connector id,
 * 400 naming `body.connectorId` for another type or `body.path` for a path with `.` or `..`.
 */
export async function listAemFolders(
  deps: AppDeps,
  actor: Actor,
  body: { connectorId: number; path: string; dataType?: AemDataType },
): Promise<{ data: AemFolderView[] }> {
  const aem = await aemClientFor(deps, actor.accountId, body.connectorId, 'body.connectorId');
  try {
    const folders = await callProvider(() =>
      body.dataType === 'pages' ? aem.listSiteFolders(body.path) : aem.listFolders(body.path),
    );
    return { data: folders.map((f) => ({ name: f.name, title: f.title ?? null, path: f.path })) };
  } catch (error) {
    if (error instanceof RangeError) throw AppError.badField('body.path', error.message);
    throw error;
  }
}
