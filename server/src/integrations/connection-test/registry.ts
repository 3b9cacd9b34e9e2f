import type { ConnectionTestResult, ConnectorCredentialFamily, ConnectorTypeSlug } from '@nomen/shared';
import type { ConnectorDeps, ReadConnector } from '../../entities/connectors/connectors.read';

/**
 * One connection test (spec 01 §8 "Test connection"): given a connected account read with its secrets (only
 * here and in provider clients), answers whether the peer accepted it and what it said. It must
 * not throw for a refusal (answer `ok: false`), and its message must never carry a secret.
 */
export type ConnectionTest = (connector: ReadConnector, deps: ConnectorDeps) => Promise<ConnectionTestResult>;

const tests = new Map<string, ConnectionTest>();

/**
 * Registers the connection test of a connector type slug (`bitly`) or of a whole credential
 * family (`sftp`, `oauth`); a slug's test wins over its family's. The provider folders declare
 * theirs in their manifests (`connectionTests`), which ./index.ts registers at start-up.
 */
export function registerConnectionTest(
  slugOrFamily: ConnectorTypeSlug | ConnectorCredentialFamily,
  test: ConnectionTest,
): void {
  tests.set(slugOrFamily, test);
}

/** The test for a connector type slug, falling back to its family's; undefined when none. */
export function connectionTestFor(slug: string, family: string): ConnectionTest | undefined {
  return tests.get(slug) ?? tests.get(family);
}
