import type { ConnectionTestResult } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { answer, firstNames, plural } from '../connection-test/answer';
import { buildAemClient } from './build';

/** AEM: the Assets API has no "who am I"; lists the folders at the DAM root. */
export function testAem(connector: ReadConnector, deps: ConnectorDeps): Promise<ConnectionTestResult> {
  return answer(async () => {
    const folders = await buildAemClient(deps, connector).listFolders('');
    return `Signed in to AEM; ${plural(folders.length, 'folder', 'folders')} under /content/dam${firstNames(folders.map((f) => f.name))}.`;
  });
}
