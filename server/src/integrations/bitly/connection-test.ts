import type { ConnectionTestResult } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { answer } from '../connection-test/answer';
import { buildBitlyClient } from './build';

/** Bitly: `GET /v4/user`. */
export function testBitly(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const user = await buildBitlyClient(deps, connector).whoAmI();
    return `Authorised as ${user.name ? `${user.name} (${user.login})` : user.login}.`;
  });
}
