import { AppError } from '@nomen/shared';
import {
  type ConnectorDeps,
  type ReadConnector,
  readConnector,
} from '../entities/connectors/connectors.read';

/**
 * What every provider's client builder shares (ARCHITECTURE.md "Integrations"): each provider
 * folder's `build.ts` turns a connected account already read (through `readConnector`, the only
 * way to its decrypted credentials) into its typed client with the base URL of
 * `config.providers`; tokens stay inside the client's `getAccessToken`.
 */

/**
 * A builder of one provider's client from a connected account already read: `(deps, connector)`
 * → the client (or the client and the settings it needs). Throws AppError 400 when the account or
 * the server lacks what the client needs.
 */
export type ClientBuilder = (deps: ConnectorDeps, connector: ReadConnector) => unknown;

/**
 * The access token of an OAuth account, refreshed once on the provider's refusal: answers
 * `{ getAccessToken, onUnauthorized }` for a client's options. Throws AppError
 * PROVIDER_CREDENTIALS when the account has not been authorised yet.
 */
export function oauthTokens(deps: ConnectorDeps, connector: ReadConnector) {
  if (!connector.tokens) {
    throw new AppError(
      'PROVIDER_CREDENTIALS',
      `"${connector.name}" is not authorised yet: sign in with the provider from Connected accounts first.`,
    );
  }
  let current = connector.tokens.access_token;
  return {
    getAccessToken: async () => current,
    onUnauthorized: async () => {
      const fresh = await readConnector(deps, connector.accountId, connector.id, { forceRefresh: true });
      current = fresh.tokens?.access_token ?? current;
    },
  };
}

/** The settings every provider client takes: the outbound fetch and the providers' timeout (ms). */
export function clientBase(deps: ConnectorDeps) {
  return { fetch: deps.config.outbound.fetch, timeoutMs: deps.config.providers.timeoutMs };
}

/** An origin as typed by people: `acme.my.workfront.com` is read as `https://acme.my.workfront.com`. */
export function originOf(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
