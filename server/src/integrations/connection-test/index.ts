import type { ConnectionTestResult } from '@nomen/shared';
import { connectorTypeBySlug } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { CONNECTION_TESTS } from '../registry';
import { testOAuthUserinfo } from './oauth-whoami';
import { connectionTestFor, registerConnectionTest } from './registry';

export { type ConnectionTest, registerConnectionTest } from './registry';

// The tests the provider folders' manifests declare (CONNECTION_TESTS, ../registry.ts).
for (const [slugOrFamily, test] of Object.entries(CONNECTION_TESTS))
  registerConnectionTest(slugOrFamily as keyof typeof CONNECTION_TESTS, test);

/**
 * Tests a connected account (spec 01 §8 "Test connection"): the test of its slug or family that
 * a provider folder's manifest declares (sftp/: the SFTP family; storage/: S3, Azure Blob; and the
 * provider clients' "who am I" in each folder's connection-test.ts: Bitly, Facebook, Adobe
 * Analytics, Workfront, Kochava, AEM); for OAuth accounts without one, the provider's OpenID
 * Connect userinfo ("who am I"). Answers `ok: false` with a reason when no test exists for the
 * type yet.
 */
export async function runConnectionTest(
  connector: ReadConnector,
  deps: ConnectorDeps,
): Promise<ConnectionTestResult> {
  const type = connectorTypeBySlug(connector.slug);
  const test = connectionTestFor(connector.slug, type?.family ?? '');
  if (test) return test(connector, deps);
  const whoAmI = await testOAuthUserinfo(connector, deps);
  if (whoAmI) return whoAmI;
  return { ok: false, message: `Testing ${type?.name ?? connector.slug} accounts is not available yet.` };
}
