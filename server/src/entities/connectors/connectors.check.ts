import type { ConnectionTestResult } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { runConnectionTest } from '../../integrations/connection-test/index';
import { SecretError } from '../../security/secrets';
import { readConnector } from './connectors.read';

/**
 * "Test connection" of a saved account (issue 10 item 5): SFTP signs in and lists, cloud storage
 * lists buckets or containers, OAuth accounts ask the provider who they are. Answers what the peer
 * said; never a secret. 404 for another account's id.
 */
export async function testConnection(deps: AppDeps, actor: Actor, id: number): Promise<ConnectionTestResult> {
  let connector: Awaited<ReturnType<typeof readConnector>>;
  try {
    connector = await readConnector(deps, actor.accountId, id);
  } catch (error) {
    if (error instanceof SecretError) return { ok: false, message: error.message };
    if (error instanceof Error && error.name === 'OAuthFlowError')
      return { ok: false, message: error.message };
    throw error;
  }
  return runConnectionTest(connector, deps);
}
