import { AppError, type Credentials, credentialsSchema } from '@nomen/shared';
import type { ConnectorRow, Database } from '@nomen/shared/db';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import {
  type OAuthClientCredentials,
  refreshTokens,
  type TokenSet,
} from '../../integrations/oauth/oauth-client';
import type { OAuthProviderConfig } from '../../integrations/oauth/providers';
import { decryptSecret, encryptSecret, keyRingOf, type SecretKeyRing } from '../../security/secrets';
import * as repo from './connectors.repository';
import { secretContext, tokensContext, typeOfRow } from './connectors.service';

/** What reading a connected account needs: the database and the configuration (keys, providers). */
export interface ConnectorDeps {
  db: Kysely<Database>;
  config: Pick<
    Config,
    'secretKey' | 'previousSecretKeys' | 'oauthProviders' | 'storageEndpoints' | 'providers' | 'outbound'
  >;
}

/** A connected account as a provider client uses it: type, decrypted credentials and tokens. */
export interface ReadConnector {
  id: number;
  accountId: number;
  name: string;
  /** The connector type slug (`sftp`, `ga`, `adobe-analytics`…). */
  slug: string;
  connectorTypeId: number;
  /** The credential fields, secrets decrypted, as the family's shape (spec 01 §3.2). */
  credentials: Credentials;
  /** The OAuth token set, decrypted, or null when the account holds none. */
  tokens: TokenSet | null;
  /** An SFTP account's pinned host key fingerprint (`SHA256:…`), or null when none is pinned yet. */
  sftpHostKey: string | null;
  /**
   * Built in memory from values not saved yet (the drawer's test before a save, spec 01 §4): a
   * test of it stores nothing, so no SFTP host key is pinned; the saved account's test pins it.
   */
  unsaved?: boolean;
}

/** Refresh an access token this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;

function decryptRow(ring: SecretKeyRing, row: ConnectorRow): ReadConnector {
  const type = typeOfRow(row);
  const secrets = Object.fromEntries(
    Object.entries(row.secrets).map(([k, v]) => [
      k,
      decryptSecret(ring, v, secretContext(row.account_id, k)),
    ]),
  );
  const credentials = credentialsSchema.parse({ family: type.family, ...row.metadata, ...secrets });
  const tokens = row.oauth_tokens
    ? (JSON.parse(decryptSecret(ring, row.oauth_tokens, tokensContext(row.account_id))) as TokenSet)
    : null;
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    slug: type.slug,
    connectorTypeId: type.id,
    credentials,
    tokens,
    sftpHostKey: row.sftp_host_key,
  };
}

/**
 * The OAuth client credentials for an account: its own client id and secret where its type
 * stores them (save-first types: google-ads, snapchat, tiktok), else the configured ones.
 */
export function oauthClientFor(
  provider: OAuthProviderConfig,
  credentials: Credentials,
): OAuthClientCredentials {
  const own = credentials as { client_id?: string; client_secret?: string };
  if (own.client_id && own.client_secret) return { clientId: own.client_id, clientSecret: own.client_secret };
  return { clientId: provider.clientId, clientSecret: provider.clientSecret };
}

/** The encrypted columns of a fresh token set. */
export function tokenColumns(ring: SecretKeyRing, accountId: number, tokens: TokenSet) {
  return {
    oauth_tokens: encryptSecret(ring, JSON.stringify(tokens), tokensContext(accountId)),
    oauth_expires_at: tokens.expires_at ? new Date(tokens.expires_at) : null,
    oauth_scope: tokens.scope,
  };
}

/**
 * The only way to get a connected account's decrypted secrets: call it only from provider
 * clients (`server/src/integrations/<provider>/`), never to answer a request. Answers the type
 * slug, the credentials with secrets decrypted, and the OAuth tokens; an access token that
 * expires within a minute is refreshed first (and the new one stored encrypted, under a row lock
 * so concurrent readers refresh once). `forceRefresh` refreshes regardless: for a provider's 401.
 * Throws 404 AppError for an id of another account; OAuthFlowError when a refresh is refused.
 */
export async function readConnector(
  deps: ConnectorDeps,
  accountId: number,
  connectorId: number,
  options: { forceRefresh?: boolean } = {},
): Promise<ReadConnector> {
  const ring = keyRingOf(deps.config);
  const [row] = await repo.findConnectors(deps.db, accountId, [connectorId]);
  if (!row) throw AppError.notFound('Connected account');
  const read = decryptRow(ring, row);
  if (!read.tokens || !needsRefresh(read.tokens, options.forceRefresh)) return read;
  const provider = deps.config.oauthProviders[read.slug];
  if (!provider) return read;

  return deps.db.transaction().execute(async (trx) => {
    const [locked] = await repo.findConnectorsForUpdate(trx, accountId, [connectorId]);
    if (!locked) throw AppError.notFound('Connected account');
    const current = decryptRow(ring, locked);
    // Another reader may have refreshed while this one waited for the lock.
    if (!current.tokens || current.tokens.access_token !== read.tokens!.access_token) return current;
    const tokens = await refreshTokens(
      provider,
      oauthClientFor(provider, current.credentials),
      current.tokens,
      { fetch: deps.config.outbound.fetch },
    );
    await repo.updateConnectorTokens(
      trx,
      accountId,
      connectorId,
      tokenColumns(ring, accountId, tokens),
      false,
    );
    return { ...current, tokens };
  });
}

function needsRefresh(tokens: TokenSet, force = false): boolean {
  if (!tokens.refresh_token) return false;
  return force || (tokens.expires_at !== null && tokens.expires_at - REFRESH_MARGIN_MS <= Date.now());
}

/**
 * Runs a provider call with an account's access token, refreshing it before use when it is about
 * to expire and once more when the provider answers 401 (issue 10 item 4). `call` returns the
 * provider's Response (or throws); a 401 Response leads to one refresh and retry.
 */
export async function withConnectorAccessToken(
  deps: ConnectorDeps,
  accountId: number,
  connectorId: number,
  call: (connector: ReadConnector) => Promise<Response>,
): Promise<Response> {
  const first = await readConnector(deps, accountId, connectorId);
  const response = await call(first);
  if (response.status !== 401 || !first.tokens?.refresh_token) return response;
  return call(await readConnector(deps, accountId, connectorId, { forceRefresh: true }));
}
