import type { ConnectionTestResult } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { answer } from '../connection-test/answer';
import { buildMetaClient } from './build';

/** Facebook and Facebook Marketing: Graph `GET /me`. */
export function testMeta(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const me = await buildMetaClient(deps, connector).whoAmI();
    return `Authorised as ${me.name ? `${me.name} (Facebook id ${me.id})` : `Facebook id ${me.id}`}.`;
  });
}
