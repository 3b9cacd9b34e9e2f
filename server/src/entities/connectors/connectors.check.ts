import {
  AppError,
  type ConnectionTestResult,
  type connectorTestDraftSchema,
  connectorTypeBySlug,
  credentialsSchema,
  signInKeysOf,
  splitConnectorMetadata,
  validateConnector,
} from '@nomen/shared';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import { runConnectionTest } from '../../integrations/connection-test/index';
import { decryptSecret, keyRingOf, SecretError } from '../../security/secrets';
import { type ReadConnector, readConnector } from './connectors.read';
import * as repo from './connectors.repository';
import { bodyIssues, outboundIssues, secretContext } from './connectors.service';

/** A failed read of a saved account (a secret that no key opens, a refused token refresh) as a test's answer. */
function readFailure(error: unknown): ConnectionTestResult | null {
  if (error instanceof SecretError) return { ok: false, message: error.message };
  if (error instanceof Error && error.name === 'OAuthFlowError') return { ok: false, message: error.message };
  return null;
}

/**
 * "Test connection" of a saved account (spec 01 §4): SFTP signs in and lists, cloud storage
 * lists buckets or containers, OAuth accounts ask the provider who they are. Answers what the peer
 * said; never a secret. 404 for another account's id. A first successful SFTP test pins the
 * server's host key.
 */
export async function testConnection(deps: AppDeps, actor: Actor, id: number): Promise<ConnectionTestResult> {
  let connector: Awaited<ReturnType<typeof readConnector>>;
  try {
    connector = await readConnector(deps, actor.accountId, id);
  } catch (error) {
    const failed = readFailure(error);
    if (failed) return failed;
    throw error;
  }
  return runConnectionTest(connector, deps);
}

type TestDraft = z.output<typeof connectorTestDraftSchema>;

/**
 * "Test connection" of values not saved yet (spec 01 §4): a new account, or a saved one (`id`)
 * with unsaved changes. The values are checked by the save's rules (spec 01 §5 and the outbound
 * rule: 400 naming the field); with an `id` (404 for another account's) a secret left blank is
 * the stored one, as a save keeps it, and a secret of the other auth choice is not used. The
 * connector is built in memory and runs the same test as a saved one; nothing is stored, and no
 * SFTP host key is pinned (pinning stays with the saved account's test, README "Security"): a
 * saved account's pinned key is still required while the host and port are unchanged. OAuth
 * types need the provider's sign-in: without a signed-in saved account they answer that they
 * are tested after signing in; with one, its tokens are used. Never answers a secret.
 */
export async function testConnectionDraft(
  deps: AppDeps,
  actor: Actor,
  input: TestDraft,
): Promise<ConnectionTestResult> {
  const { type, existing } = await draftTypeAndSaved(deps, actor, input);
  if (type.oauth && !existing?.oauth_tokens)
    return {
      ok: false,
      message: `${type.name} accounts are tested after signing in with ${type.signInWith ?? type.name}: ${existing ? 'sign in' : 'save the account and sign in'}, then test it.`,
    };
  const metadata = checkedDraftMetadata(deps, actor, input, type, existing);
  const split = splitConnectorMetadata(type, metadata, actor.features);
  let base: ReadConnector | null = null;
  let secrets: Record<string, string>;
  try {
    if (existing?.oauth_tokens) base = await readConnector(deps, actor.accountId, existing.id);
    secrets = storedSecretsKept(deps, actor, existing, split);
  } catch (error) {
    const failed = readFailure(error);
    if (failed) return failed;
    throw error;
  }
  Object.assign(secrets, split.secrets);
  const credentials = credentialsSchema.safeParse({ family: type.family, ...split.plain, ...secrets });
  if (!credentials.success)
    throw AppError.badField('body.metadata', 'These fields do not fit the connector type');
  // Another host or port is another server: a key pinned for the saved one does not apply.
  const sameServer =
    existing !== undefined &&
    (existing.metadata.host ?? '') === (split.plain.host ?? '') &&
    (existing.metadata.port ?? '22') === (split.plain.port ?? '22');
  const connector: ReadConnector = {
    id: existing?.id ?? 0,
    accountId: actor.accountId,
    name: input.name || existing?.name || type.name,
    slug: type.slug,
    connectorTypeId: type.id,
    credentials: credentials.data,
    tokens: base?.tokens ?? null,
    sftpHostKey: sameServer ? (existing?.sftp_host_key ?? null) : null,
    unsaved: true,
  };
  return runConnectionTest(connector, deps);
}

/** A connector type of the catalogue. */
type DraftType = NonNullable<ReturnType<typeof connectorTypeBySlug>>;
/** A saved connected account as the repository reads it (secrets encrypted). */
type SavedConnector = Awaited<ReturnType<typeof repo.findConnectors>>[number];

/**
 * The draft's connector type and, with an `id`, the saved account it changes. Throws 400 naming
 * `body.connector_type_slug` or `body.connector_type_id` for an unknown or mismatched type (a
 * saved account's type cannot change), 404 for an id of another account.
 */
async function draftTypeAndSaved(
  deps: AppDeps,
  actor: Actor,
  input: TestDraft,
): Promise<{ type: DraftType; existing: SavedConnector | undefined }> {
  const type = connectorTypeBySlug(input.connector_type_slug);
  if (!type)
    throw AppError.badField(
      'body.connector_type_slug',
      `Unknown connector type "${input.connector_type_slug}"`,
    );
  if (input.connector_type_id && input.connector_type_id !== type.id)
    throw AppError.badField(
      'body.connector_type_id',
      `Connector type ${input.connector_type_id} is not ${type.slug}`,
    );
  const existing = input.id
    ? (await repo.findConnectors(deps.db, actor.accountId, [input.id]))[0]
    : undefined;
  if (input.id && !existing) throw AppError.notFound('Connected account');
  if (existing && existing.connector_type_id !== type.id)
    throw AppError.badField(
      'body.connector_type_slug',
      'The connector type of a saved account cannot change',
    );
  return { type, existing };
}

/**
 * The draft's metadata as text, with the fields only the provider's sign-in fills kept from the
 * saved account, checked by the save's rules (spec 01 §5) and the outbound rule. Throws 400 with
 * every issue, each naming its field.
 */
function checkedDraftMetadata(
  deps: AppDeps,
  actor: Actor,
  input: TestDraft,
  type: DraftType,
  existing: SavedConnector | undefined,
): Record<string, string> {
  const metadata = Object.fromEntries(
    Object.entries(input.metadata).map(([k, v]) => [k, v === null ? '' : String(v)]),
  );
  // Fields only the provider's sign-in fills keep the stored value, as on a save (spec 01 §4).
  for (const key of signInKeysOf(type)) metadata[key] = existing?.metadata[key] ?? '';
  const storedSecrets = Object.keys(existing?.secrets ?? {});
  const issues = validateConnector(
    { name: input.name || existing?.name || type.name, type, metadata, customFields: [] },
    { isNew: !existing, features: actor.features, storedSecrets },
  );
  for (const issue of outboundIssues(metadata, deps.config.outbound))
    if (!issues.some((i) => i.path === issue.path)) issues.push(issue);
  if (issues.length > 0) throw bodyIssues(issues);
  return metadata;
}

/**
 * The saved account's secrets a draft keeps, decrypted: each one the draft neither replaces nor
 * drops (a secret of the other auth choice), as a save keeps it. Throws when a secret cannot be
 * decrypted (the caller answers it as a failed test).
 */
function storedSecretsKept(
  deps: AppDeps,
  actor: Actor,
  existing: SavedConnector | undefined,
  split: ReturnType<typeof splitConnectorMetadata>,
): Record<string, string> {
  const secrets: Record<string, string> = {};
  const ring = keyRingOf(deps.config);
  for (const [k, v] of Object.entries(existing?.secrets ?? {}))
    if (!split.dropSecrets.includes(k) && !(k in split.secrets))
      secrets[k] = decryptSecret(ring, v, secretContext(actor.accountId, k));
  return secrets;
}
