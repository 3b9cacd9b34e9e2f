import type { ConnectionTestResult } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { answer, firstNames, plural } from '../connection-test/answer';
import { buildKochavaClient } from './build';

/** Kochava: the Links API has no "who am I"; lists the app groups the API key opens. */
export function testKochava(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const groups = await buildKochavaClient(deps, connector).listAppGroups();
    return `Kochava accepted the API key; ${plural(groups.length, 'app group', 'app groups')}${firstNames(groups.map((g) => g.name))}.`;
  });
}
