import { AppError, connectorTypeById, hasPermission } from '@nomen/shared';
import type { Actor, AppDeps } from '../../http/context';
import { ProviderError } from '../../integrations/index';
import { OAuthFlowError } from '../../integrations/oauth/oauth-client';
import type { ProviderClientKind as ClientKind } from '../../integrations/provider';
import { PROVIDER_CLIENTS } from '../../integrations/registry';
import { SecretError } from '../../security/secrets';
import { type ConnectorDeps, type ReadConnector, readConnector } from '../connectors/connectors.read';

/**
 * Provider clients built from a connected account (ARCHITECTURE.md "Integrations"): the account is
 * read through `readConnector` (the only way to its decrypted credentials), checked to be of the
 * expected type, and handed to the typed client of server/src/integrations with the base URL of
 * `config.providers`. Tokens stay inside the client's `getAccessToken`; nothing here answers them.
 */

/** Who may read provider look-ups: people who manage targets, templates or connected accounts. */
export function assertMayUseLookups(actor: Actor): void {
  const allowed = (['manage_targets', 'manage_templates', 'manage_connectors'] as const).some((p) =>
    hasPermission(actor.permissions, p),
  );
  if (!allowed) throw new AppError('FORBIDDEN', 'You do not have permission to read connected accounts');
}

/**
 * Runs a provider call and maps its failure to the one error class (spec 01 §8 "the server's
 * message"): credentials refused → 424, timeout → 504, the provider's 404 / 403 passed on, any
 * other fault → 502, each with the provider's words and never a secret. A refused token refresh
 * and unreadable stored credentials are credential failures too.
 */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(error);
  }
}

function providerFailure(error: unknown): unknown {
  if (error instanceof ProviderError) {
    const status = error.httpStatus;
    const code =
      status === 424
        ? 'PROVIDER_CREDENTIALS'
        : status === 504
          ? 'PROVIDER_TIMEOUT'
          : status === 404
            ? 'NOT_FOUND'
            : status === 403
              ? 'FORBIDDEN'
              : 'PROVIDER_ERROR';
    return new AppError(code, error.message);
  }
  if (error instanceof OAuthFlowError) {
    return new AppError(
      'PROVIDER_CREDENTIALS',
      `The connected account must be authorised again: ${error.message}`,
    );
  }
  if (error instanceof SecretError) {
    return new AppError(
      'PROVIDER_CREDENTIALS',
      "The connected account's stored credentials cannot be read; enter them again.",
    );
  }
  return error;
}

/**
 * Reads a connected account of one of `slugs`; 404 for another account's id, 400 naming `field`
 * (where the request carried the id) for another type.
 */
async function connectorOf(
  deps: AppDeps,
  accountId: number,
  connectorId: number,
  slugs: readonly string[],
  what: string,
  field = 'params.id',
): Promise<ReadConnector> {
  const connector = await callProvider(() => readConnector(deps, accountId, connectorId));
  if (!slugs.includes(connector.slug)) {
    const type = connectorTypeById(connector.connectorTypeId)?.name ?? connector.slug;
    const article = /^[AEIOU]/.test(what) ? 'an' : 'a';
    throw AppError.badField(field, `"${connector.name}" is not ${article} ${what} account (it is ${type})`);
  }
  return connector;
}

/**
 * An Adobe Analytics client for an Adobe account and its global company id. The account's
 * Developer Console credential signs in to Adobe IMS by the client credentials grant: with
 * "OAuth" its client_id, client_secret and scopes; with "Credentials" its username is the client
 * id (API key) and its secret the client secret (the Analytics 2.0 API takes no other sign-in).
 * Throws 400 when the account is not Adobe Analytics or has no company.
 */
export async function adobeClientFor(deps: AppDeps, accountId: number, connectorId: number) {
  const connector = await connectorOf(deps, accountId, connectorId, ['adobe-analytics'], 'Adobe Analytics');
  return providerClientOf('adobe-analytics', deps, connector);
}

/**
 * A Google Analytics client for a `ga` account that has been authorised (OAuth); 404 for another
 * account's connector, 400 naming `field` (where the id came from) for one of another type.
 */
export async function googleAnalyticsClientFor(
  deps: AppDeps,
  accountId: number,
  connectorId: number,
  field = 'params.id',
) {
  const connector = await connectorOf(deps, accountId, connectorId, ['ga'], 'Google Analytics', field);
  return providerClientOf('ga-admin', deps, connector);
}

/** A Meta (Graph API) client for a facebook or facebook-marketing account. */
export async function metaClientFor(deps: AppDeps, accountId: number, connectorId: number) {
  const connector = await connectorOf(
    deps,
    accountId,
    connectorId,
    ['facebook', 'facebook-marketing'],
    'Facebook',
  );
  return providerClientOf('meta', deps, connector);
}

/** A Bitly client for a bitly account. */
export async function bitlyClientFor(deps: AppDeps, accountId: number, connectorId: number) {
  const connector = await connectorOf(deps, accountId, connectorId, ['bitly'], 'Bitly');
  return providerClientOf('bitly', deps, connector);
}

/** A Kochava client for a kochava account (its API key). */
export async function kochavaClientFor(deps: AppDeps, accountId: number, connectorId: number) {
  const connector = await connectorOf(deps, accountId, connectorId, ['kochava'], 'Kochava');
  return providerClientOf('kochava', deps, connector);
}

/** A Workfront client for a workfront account (spec 03 §7 workfront command); `field` names the id. */
export async function workfrontClientFor(
  deps: AppDeps,
  accountId: number,
  connectorId: number,
  field = 'params.id',
) {
  const connector = await connectorOf(deps, accountId, connectorId, ['workfront'], 'Workfront', field);
  return providerClientOf('workfront', deps, connector);
}

/** An AEM Assets client for an aem account (spec 03 §7 aem folders); `field` names the id. */
export async function aemClientFor(
  deps: AppDeps,
  accountId: number,
  connectorId: number,
  field = 'params.id',
) {
  const connector = await connectorOf(
    deps,
    accountId,
    connectorId,
    ['aem'],
    'Adobe Experience Manager',
    field,
  );
  return providerClientOf('aem', deps, connector);
}

/** A provider whose client {@link providerClientOf} builds (integrations/provider.ts). */
export type ProviderClientKind = ClientKind;

/** What {@link providerClientOf} returns for provider `K` (its client, or client and settings). */
export type ProviderClientOf<K extends ProviderClientKind> = ReturnType<(typeof PROVIDER_CLIENTS)[K]>;

/**
 * The client of `provider` for a connected account already read, built by the builder its
 * provider folder's manifest declares (`<provider>/build.ts`; PROVIDER_CLIENTS in
 * integrations/registry.ts): `adobe-analytics` the Analytics client, its global company id and the
 * account (IMS sign-in); `ga-admin` / `ga-data` the GA Admin and Data clients of a `ga` account;
 * `meta` the Graph client; `cm360`, `dv360` (with the Bid Manager root); `google-ads` the client
 * and the account's customer id; `amazon-ads` with the Login with Amazon client id; `workfront`,
 * `aem`, `kochava`, `marketing-cloud` from the account's host and credentials; `bitly`, `tiktok`,
 * `snapchat`, `pinterest` from its OAuth token. The account's type is the caller's to check (the
 * `…ClientFor` look-ups do). Builders throw 400 when the account or the server lacks what the
 * client needs.
 */
export function providerClientOf<K extends ProviderClientKind>(
  provider: K,
  deps: ConnectorDeps,
  connector: ReadConnector,
): ProviderClientOf<K> {
  return PROVIDER_CLIENTS[provider](deps, connector) as ProviderClientOf<K>;
}
