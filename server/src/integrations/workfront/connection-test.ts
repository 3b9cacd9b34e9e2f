import type { ConnectionTestResult } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { answer } from '../connection-test/answer';
import { buildWorkfrontClient } from './build';

/** Workfront: the signed-in user (`user/search?ID=$$USER.ID`). */
export function testWorkfront(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const user = await buildWorkfrontClient(deps, connector).whoAmI();
    return `Signed in to Workfront as ${user.name}${user.emailAddr ? ` (${user.emailAddr})` : ''}.`;
  });
}
