import { createHash } from 'node:crypto';
import { AppError, connectorTypeBySlug, type oauthInitSchema, signInKeysOf } from '@nomen/shared';
import type { z } from 'zod';
import { type Actor, type AppDeps, sessionIdOf } from '../../http/context';
import {
  authorisationUrl,
  type CodeExchange,
  exchangeCode,
  newAuthorisationSecrets,
  type OAuthClientCredentials,
  OAuthFlowError,
  signedInEmail,
} from '../../integrations/oauth/oauth-client';
import type { OAuthProviderConfig } from '../../integrations/oauth/providers';
import { exchangeTikTokCode, tiktokAuthorisationUrl } from '../../integrations/oauth/tiktok';
import { decryptSecret, encryptSecret, keyRingOf, type SecretKeyRing } from '../../security/secrets';
import { recordActivity } from '../activities/activities.service';
import { oauthClientFor, readConnector, tokenColumns } from './connectors.read';
import * as repo from './connectors.repository';
import { auditedConnector } from './connectors.service';

/** How long a started authorisation may take before its state is refused. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/** Where the page of connected accounts is (spec 01 §2.3). */
const ACCOUNTS_PAGE = '/admin/accounts';

/** The one callback path every provider is registered with. */
export const OAUTH_CALLBACK_PATH = '/api/v1/oauth/callback';

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

function verifierContext(accountId: number): string {
  return `oauth-state:${accountId}:code_verifier`;
}

/**
 * Starts an authorisation (spec 01 §4, §7 `POST /api/v1/oauth/init/{slug}`) and answers the
 * provider's authorisation URL. The state is random, stored hashed and bound to the caller's
 * session and account for ten minutes; with PKCE the verifier is stored encrypted. Direct types
 * (ga, bitly, facebook…) may start without an account (it is made at the callback from
 * connector_name and connector_description); save-first types (google-ads, snapchat, tiktok) need
 * the saved connector_id. 404 for an unknown slug or another account's id; 400 when the provider
 * is not configured or the body does not fit.
 */
export async function initOAuth(
  deps: AppDeps,
  actor: Actor,
  slug: string,
  body: z.output<typeof oauthInitSchema>,
): Promise<string> {
  const type = connectorTypeBySlug(slug);
  const provider = deps.config.oauthProviders[slug];
  if (!type?.oauth || !provider) throw AppError.notFound(`OAuth sign-in for "${slug}"`);
  if (body.connector_type_slug && body.connector_type_slug !== slug) {
    throw AppError.badField('body.connector_type_slug', `The connector type is ${slug}`);
  }
  if (body.connector_type_id && body.connector_type_id !== type.id) {
    throw AppError.badField('body.connector_type_id', `The connector type of ${slug} is ${type.id}`);
  }
  let client = { clientId: provider.clientId, clientSecret: provider.clientSecret };
  if (body.connector_id) {
    const connector = await readConnector(deps, actor.accountId, body.connector_id);
    if (connector.slug !== slug)
      throw AppError.badField('body.connector_id', `That account is not a ${type.name} account`);
    client = oauthClientFor(provider, connector.credentials);
  } else if (type.oauth === 'save-first') {
    throw AppError.badField('body.connector_id', `Save the ${type.name} account before signing in`);
  } else if (!body.connector_name) {
    throw AppError.badField('body.connector_name', '*Required');
  }
  if (!client.clientId) {
    throw new AppError(
      'BAD_REQUEST',
      `Sign-in with ${type.name} is not configured on this server (its client id is missing).`,
    );
  }
  const { state, codeVerifier } = newAuthorisationSecrets(provider);
  const redirectUri = `${deps.config.appUrl}${OAUTH_CALLBACK_PATH}`;
  const ring = keyRingOf(deps.config);
  await repo.insertOAuthState(deps.db, {
    state_hash: hashState(state),
    account_id: actor.accountId,
    user_id: actor.userId,
    session_id: sessionIdOf(actor),
    slug,
    connector_id: body.connector_id ?? null,
    connector_name: body.connector_name,
    connector_description: body.connector_description,
    code_verifier: codeVerifier ? encryptSecret(ring, codeVerifier, verifierContext(actor.accountId)) : null,
    redirect_uri: redirectUri,
    expires_at: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  if (slug === 'tiktok') return tiktokAuthorisationUrl(provider, client, { redirectUri, state });
  return authorisationUrl(provider, client, { redirectUri, state, codeVerifier });
}

function back(success: boolean, message?: string): string {
  const params = new URLSearchParams({ oauth_success: String(success) });
  if (message) params.set('message', message);
  return `${ACCOUNTS_PAGE}?${params}`;
}

/**
 * Handles the provider's return (spec 01 §4) and answers where to send the browser:
 * `/admin/accounts?oauth_success=true`, or `oauth_success=false` with a message. The state must
 * be one this session started in this account and not expired (a mismatch is refused and
 * nothing is stored); a denial shows the provider's words; otherwise the code is exchanged (with
 * the PKCE verifier) and the tokens stored encrypted on the account, which is created now for a
 * direct start without one. Types whose fields only the sign-in fills (the Google ad servers'
 * googleConnectedEmail) get the signed-in email from the validated ID token or the userinfo
 * endpoint (spec 01 §5); without one nothing is stored. The activity log records the
 * authorisation and the email, never a token.
 */
export async function oauthCallback(deps: AppDeps, actor: Actor, query: OAuthCallbackQuery): Promise<string> {
  if (!query.state) return back(false, 'The sign-in answer carried no state. Start the sign-in again.');
  const pending = await repo.takeOAuthState(deps.db, hashState(query.state));
  if (!pending || pending.session_id !== actor.sessionId || pending.account_id !== actor.accountId) {
    return back(
      false,
      'This sign-in was not started from this session, or it expired. Start the sign-in again.',
    );
  }
  if (query.error) {
    const words = query.error_description || query.error;
    return back(
      false,
      query.error === 'access_denied'
        ? `Authorisation was denied: ${words}`
        : `Authorisation failed: ${words}`,
    );
  }
  const type = connectorTypeBySlug(pending.slug);
  const provider = deps.config.oauthProviders[pending.slug];
  if (!type || !provider) return back(false, 'This sign-in is no longer offered.');
  const ring = keyRingOf(deps.config);

  let client = { clientId: provider.clientId, clientSecret: provider.clientSecret };
  if (pending.connector_id) {
    try {
      client = oauthClientFor(
        provider,
        (await readConnector(deps, actor.accountId, pending.connector_id)).credentials,
      );
    } catch {
      return back(false, 'The connected account was deleted during the sign-in.');
    }
  }
  const signIn: SignIn = { deps, actor, pending, type, provider, client, ring };
  const exchanged = await exchangeForTokens(signIn, query, query.state);
  if (typeof exchanged === 'string') return exchanged;
  const result = await storeSignIn(signIn, exchanged);
  if (result === 'gone') return back(false, 'The connected account was deleted during the sign-in.');
  return back(true);
}

/** The query of the provider's return to {@link OAUTH_CALLBACK_PATH} (spec 01 §4). */
export interface OAuthCallbackQuery {
  code?: string;
  auth_code?: string;
  state?: string;
  error?: string;
  error_description?: string;
  iss?: string;
}

/** A sign-in whose state was accepted: who, what it started and the OAuth client it uses. */
interface SignIn {
  deps: AppDeps;
  actor: Actor;
  /** The stored state row the return named. */
  pending: NonNullable<Awaited<ReturnType<typeof repo.takeOAuthState>>>;
  type: NonNullable<ReturnType<typeof connectorTypeBySlug>>;
  provider: OAuthProviderConfig;
  client: OAuthClientCredentials;
  ring: SecretKeyRing;
}

/** What the code exchange brought: the tokens, and the metadata only the sign-in fills. */
interface Exchanged {
  exchange: CodeExchange;
  /** googleConnectedEmail of the Google ad servers, by metadata key (spec 01 §5). */
  signedIn: Record<string, string>;
}

/**
 * Exchanges the returned code for tokens (with the PKCE verifier; TikTok's own way) and reads
 * the signed-in email for the type's sign-in keys. Answers them, or the page to send the browser
 * to when the provider refused or could not be reached.
 */
async function exchangeForTokens(
  { deps, actor, pending, type, provider, client, ring }: SignIn,
  query: OAuthCallbackQuery,
  state: string,
): Promise<Exchanged | string> {
  const params = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  let exchange: CodeExchange;
  const signedIn: Record<string, string> = {};
  try {
    // TikTok's sign-in is not standard OAuth 2.0 (integrations/oauth/tiktok.ts); the state was
    // checked before.
    const tiktokCode = query.auth_code ?? query.code;
    if (pending.slug === 'tiktok') {
      if (!tiktokCode) return back(false, 'TikTok returned no authorisation code. Start the sign-in again.');
      exchange = {
        tokens: await exchangeTikTokCode(provider, client, tiktokCode, {
          timeoutMs: deps.config.providers.timeoutMs,
          fetch: deps.config.outbound.fetch,
        }),
        identity: null,
      };
    } else
      exchange = await exchangeCode(
        provider,
        client,
        {
          callbackParams: params,
          state,
          redirectUri: pending.redirect_uri,
          codeVerifier: pending.code_verifier
            ? decryptSecret(ring, pending.code_verifier, `oauth-state:${actor.accountId}:code_verifier`)
            : null,
        },
        { fetch: deps.config.outbound.fetch },
      );
    for (const key of signInKeysOf(type))
      signedIn[key] = await signedInEmail(provider, client, exchange, { fetch: deps.config.outbound.fetch });
  } catch (error) {
    return back(
      false,
      error instanceof OAuthFlowError ? error.message : 'The provider could not be reached.',
    );
  }
  return { exchange, signedIn };
}

/**
 * Stores the tokens encrypted on the connected account the sign-in started from, or on one made
 * now for a direct start, with the signed-in metadata and an activity entry. Answers the row, or
 * 'gone' when the started-from account was deleted meanwhile.
 */
async function storeSignIn(signIn: SignIn, { exchange, signedIn }: Exchanged) {
  const { deps, actor, pending, type, ring } = signIn;
  const columns = {
    ...tokenColumns(ring, actor.accountId, exchange.tokens),
    oauth_connected_at: new Date(),
  };
  return deps.db.transaction().execute(async (trx) => {
    if (pending.connector_id) {
      const [existing] = await repo.findConnectorsForUpdate(trx, actor.accountId, [pending.connector_id]);
      if (!existing) return 'gone' as const;
      const fields = await repo.listCustomFields(trx, actor.accountId, [existing.id]);
      if (Object.keys(signedIn).length > 0)
        await repo.updateConnectorMetadata(trx, actor.accountId, existing.id, {
          ...existing.metadata,
          ...signedIn,
        });
      const row = await repo.updateConnectorTokens(trx, actor.accountId, existing.id, columns);
      await recordActivity(trx, actor, {
        configuredObject: 'connected account',
        objectName: row.name,
        objectId: row.id,
        before: auditedConnector(existing, fields),
        after: auditedConnector(row, fields),
      });
      return row;
    }
    const created = await repo.insertConnector(trx, actor.accountId, type.id, {
      name: pending.connector_name || type.name,
      description: pending.connector_description,
      metadata: signedIn,
      secrets: {},
    });
    const row = await repo.updateConnectorTokens(trx, actor.accountId, created.id, columns);
    await recordActivity(trx, actor, {
      configuredObject: 'connected account',
      objectName: row.name,
      objectId: row.id,
      before: null,
      after: auditedConnector(row, []),
    });
    return row;
  });
}
