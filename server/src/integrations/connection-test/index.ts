import type { ConnectionTestResult } from '@nomen/shared';
import { connectorTypeBySlug } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';
import { testOAuthUserinfo } from './oauth-whoami';
import { testAdobeAnalytics, testAem, testBitly, testKochava, testMeta, testWorkfront } from './providers';
import { connectionTestFor, registerConnectionTest } from './registry';
import { testSftp } from './sftp';
import { storageEndpointsOf, testAzureBlob, testS3 } from './storage';

export { type ConnectionTest, registerConnectionTest } from './registry';

registerConnectionTest('sftp', (c, deps) => testSftp(c, deps));
registerConnectionTest('s3', (c, deps) => testS3(c, storageEndpointsOf(deps)));
registerConnectionTest('azure-blob', (c, deps) => testAzureBlob(c, storageEndpointsOf(deps)));
registerConnectionTest('bitly', testBitly);
registerConnectionTest('facebook', testMeta);
registerConnectionTest('facebook-marketing', testMeta);
registerConnectionTest('adobe-analytics', testAdobeAnalytics);
registerConnectionTest('workfront', testWorkfront);
registerConnectionTest('kochava', testKochava);
registerConnectionTest('aem', testAem);

/**
 * Tests a connected account (issue 10 item 5): the registered test of its slug or family (SFTP,
 * S3, Azure Blob, and the provider clients' "who am I" in providers.ts: Bitly, Facebook, Adobe
 * Analytics, Workfront, Kochava, AEM); for
 * OAuth accounts without one, the provider's OpenID Connect userinfo ("who am I"). Answers
 * `ok: false` with a reason when no test exists for the type yet.
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
