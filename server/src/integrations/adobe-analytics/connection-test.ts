import type { ConnectionTestResult } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { answer } from '../connection-test/answer';
import { buildAdobeAnalyticsClient } from './build';

/**
 * Adobe Analytics: signs in to IMS with the account's credential and asks `discovery/me`; the
 * account's global company id must be among the companies the credential reaches.
 */
export function testAdobeAnalytics(
  connector: ReadConnector,
  deps: ConnectorDeps,
): Promise<ConnectionTestResult> {
  return answer(async () => {
    const adobe = buildAdobeAnalyticsClient(deps, connector);
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
