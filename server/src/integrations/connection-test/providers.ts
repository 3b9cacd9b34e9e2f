import type { ConnectionTestResult } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { providerClientOf } from '../../entities/targets/provider-clients';

/**
 * "Test connection" of the accounts whose provider has a REST client (issue 10 item 5): each asks
 * its provider who the account is (or, where the API has no such call, lists what the credential
 * opens) through the same client the look-ups use, so a refused token is refreshed once as there.
 * Every failure answers `ok: false` with the provider's words (credentials are redacted by the
 * clients); nothing throws.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const firstNames = (names: string[]) => (names.length ? `: ${names.slice(0, 10).join(', ')}` : '');

async function answer(run: () => Promise<string>): Promise<ConnectionTestResult> {
  try {
    return { ok: true, message: await run() };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Bitly: `GET /v4/user`. */
export function testBitly(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const user = await providerClientOf('bitly', deps, connector).whoAmI();
    return `Authorised as ${user.name ? `${user.name} (${user.login})` : user.login}.`;
  });
}

/** Facebook and Facebook Marketing: Graph `GET /me`. */
export function testMeta(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const me = await providerClientOf('meta', deps, connector).whoAmI();
    return `Authorised as ${me.name ? `${me.name} (Facebook id ${me.id})` : `Facebook id ${me.id}`}.`;
  });
}

/**
 * Adobe Analytics: signs in to IMS with the account's credential and asks `discovery/me`; the
 * account's global company id must be among the companies the credential reaches.
 */
export function testAdobeAnalytics(
  connector: ReadConnector,
  deps: ConnectorDeps,
): Promise<ConnectionTestResult> {
  return answer(async () => {
    const adobe = providerClientOf('adobe-analytics', deps, connector);
    const me = await adobe.client.whoAmI();
    const companies = me.imsOrgs.flatMap((o) => o.companies);
    const own = companies.find((c) => c.globalCompanyId === adobe.company);
    if (!own) {
      const reachable = companies.map((c) => `${c.companyName} (${c.globalCompanyId})`);
      throw new Error(
        `Signed in as ${me.imsUserId}, but company ${adobe.company} is not among the companies it reaches${reachable.length ? `: ${reachable.join(', ')}` : ' (none)'}.`,
      );
    }
    return `Signed in as ${me.imsUserId}; company ${own.companyName} (${own.globalCompanyId}) is reachable.`;
  });
}

/** Workfront: the signed-in user (`user/search?ID=$$USER.ID`). */
export function testWorkfront(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const user = await providerClientOf('workfront', deps, connector).whoAmI();
    return `Signed in to Workfront as ${user.name}${user.emailAddr ? ` (${user.emailAddr})` : ''}.`;
  });
}

/** Kochava: the Links API has no "who am I"; lists the app groups the API key opens. */
export function testKochava(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const groups = await providerClientOf('kochava', deps, connector).listAppGroups();
    return `Kochava accepted the API key; ${plural(groups.length, 'app group', 'app groups')}${firstNames(groups.map((g) => g.name))}.`;
  });
}

/** AEM: the Assets API has no "who am I"; lists the folders at the DAM root. */
export function testAem(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const folders = await providerClientOf('aem', deps, connector).listFolders('');
    return `Signed in to AEM; ${plural(folders.length, 'folder', 'folders')} under /content/dam${firstNames(folders.map((f) => f.name))}.`;
  });
}
