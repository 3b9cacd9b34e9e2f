import { isIP } from 'node:net';
import {
  AppError,
  type Connector,
  type ConnectorIssue,
  type ConnectorMetadataView,
  type ConnectorSummary,
  type ConnectorTypeDefinition,
  type ConnectorTypeView,
  type CustomField,
  type connectorSaveSchema,
  connectorTypeById,
  connectorTypeBySlug,
  type Issue,
  offeredConnectorTypes,
  signInFillsMessage,
  signInKeysOf,
  splitConnectorMetadata,
  validateConnector,
} from '@nomen/shared';
import type { ConnectorCustomFieldRow, ConnectorRow, Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../http/context';
import type { OutboundPolicy } from '../../security/outbound';
import { encryptSecret, keyRingOf } from '../../security/secrets';
import { recordActivity } from '../activities/activities.service';
import { assertAllFound, assertNotStale } from '../guards';
import * as repo from './connectors.repository';

/** The associated data that binds a secret field's ciphertext to its account and key. */
export function secretContext(accountId: number, key: string): string {
  return `connector:${accountId}:${key}`;
}

/** The associated data of an account's encrypted token set. */
export function tokensContext(accountId: number): string {
  return `connector:${accountId}:oauth_tokens`;
}

/** The type of a stored row; a row of a type no longer in the catalogue is a server fault. */
export function typeOfRow(row: Pick<ConnectorRow, 'connector_type_id'>): ConnectorTypeDefinition {
  const type = connectorTypeById(row.connector_type_id);
  if (!type) throw new Error(`Connector type ${row.connector_type_id} is not in the catalogue`);
  return type;
}

function toTypeView(t: ConnectorTypeDefinition): ConnectorTypeView {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    active: t.active,
    family: t.family,
    is_analytics: t.isAnalytics,
    oauth: t.oauth,
  };
}

function toSummary(row: ConnectorRow): ConnectorSummary {
  const type = typeOfRow(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    connector_type_id: type.id,
    connector_type: { id: type.id, slug: type.slug, name: type.name, active: type.active },
    type: type.name,
    oauth_connected: row.oauth_tokens !== null,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The metadata view: clear fields, and "set" markers instead of secrets (ARCHITECTURE.md, Data). */
function toMetadataView(row: ConnectorRow): ConnectorMetadataView {
  return {
    metadata: row.metadata,
    secrets_set: Object.keys(row.secrets).sort(),
    oauth: {
      connected: row.oauth_tokens !== null,
      connected_at: row.oauth_connected_at?.toISOString() ?? null,
      expires_at: row.oauth_expires_at?.toISOString() ?? null,
      scope: row.oauth_scope,
    },
    host_key: row.sftp_host_key,
  };
}

function toCustomField(row: ConnectorCustomFieldRow): CustomField {
  return { id: row.id, name: row.name, value: row.value };
}

function toConnector(row: ConnectorRow, fields: ConnectorCustomFieldRow[]): Connector {
  return { ...toSummary(row), ...toMetadataView(row), customFields: fields.map(toCustomField) };
}

/**
 * What the activity log records of an account (spec 01 §2.10): name, description, type, each
 * clear field, each custom field, and of each secret only a marker: "set", or "changed" when the
 * save replaced it. Never a secret's value.
 */
export function auditedConnector(
  row: Pick<
    ConnectorRow,
    'name' | 'description' | 'connector_type_id' | 'metadata' | 'secrets' | 'oauth_connected_at'
  >,
  fields: readonly { name: string; value: string }[],
  changedSecrets: readonly string[] = [],
): Record<string, unknown> {
  const audited: Record<string, unknown> = {
    name: row.name,
    description: row.description,
    connector_type: typeOfRow(row).slug,
  };
  for (const [k, v] of Object.entries(row.metadata)) audited[`metadata.${k}`] = v;
  for (const k of Object.keys(row.secrets))
    audited[`metadata.${k}`] = changedSecrets.includes(k) ? 'changed' : 'set';
  for (const f of fields) audited[`custom_fields.${f.name}`] = f.value;
  if (row.oauth_connected_at) audited.oauth_authorised_at = row.oauth_connected_at.toISOString();
  return audited;
}

/**
 * The connector types offered (spec 01 §7 `GET /api/v1/connector-type`): sorted by name, only
 * active ones unless the account has show-inactive-connectors.
 */
export function listConnectorTypes(actor: Actor): { data: ConnectorTypeView[] } {
  return { data: offeredConnectorTypes(actor.features).map(toTypeView) };
}

/** The account's connected accounts (spec 01 §2.3), without metadata. */
export async function listConnectors(deps: AppDeps, actor: Actor): Promise<{ data: ConnectorSummary[] }> {
  return { data: (await repo.listConnectors(deps.db, actor.accountId)).map(toSummary) };
}

async function findOne(db: AppDeps['db'], actor: Actor, id: number): Promise<ConnectorRow> {
  const [row] = await repo.findConnectors(db, actor.accountId, [id]);
  if (!row) throw AppError.notFound('Connected account');
  return row;
}

/** The metadata of an account (spec 01 §7), secrets as "set" markers. 404 for another account's id. */
export async function getConnectorMetadata(
  deps: AppDeps,
  actor: Actor,
  id: number,
): Promise<ConnectorMetadataView> {
  return toMetadataView(await findOne(deps.db, actor, id));
}

/** The custom fields of an account (spec 01 §7). 404 for another account's id. */
export async function listConnectorCustomFields(
  deps: AppDeps,
  actor: Actor,
  id: number,
): Promise<{ data: CustomField[] }> {
  await findOne(deps.db, actor, id);
  return { data: (await repo.listCustomFields(deps.db, actor.accountId, [id])).map(toCustomField) };
}

type SaveInput = z.output<typeof connectorSaveSchema>;

/** Metadata keys that name a host the server connects to (spec 01 §3.2: SFTP host, AEM, IMS, Snowflake, Workfront). */
const HOST_KEYS = ['host', 'url', 'proxy_url', 'ims_url', 'api_domain'] as const;

/** The host name or address of a host field's value (`sftp.example.com`, `https://x.example.com/p`, `[::1]`), or null. */
function hostOf(key: string, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (isIP(v.replace(/^\[|\]$/g, '')) !== 0) return v;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `${key === 'host' ? 'ssh' : 'https'}://${v}`)
      .hostname;
  } catch {
    return null;
  }
}

/**
 * The outbound rule at save (README "Security"): a host field that is a loopback, private,
 * link-local or metadata address (or `localhost`) the operator has not admitted with
 * OUTBOUND_ALLOW is refused, naming the field. Host names are judged when the server connects.
 */
export function outboundIssues(metadata: Record<string, string>, outbound: OutboundPolicy): ConnectorIssue[] {
  const issues: ConnectorIssue[] = [];
  for (const key of HOST_KEYS) {
    const host = hostOf(key, metadata[key] ?? '');
    const refused = host === null ? null : outbound.refusalOfLiteral(host);
    if (refused) issues.push({ path: `metadata.${key}`, message: refused.message });
  }
  return issues;
}

/** The 400 of a body's issues: each path under `body.`, the first one in the message. */
export function bodyIssues(issues: readonly { path: string; message: string }[]): AppError {
  const withBody: Issue[] = issues.map((i) => ({ path: `body.${i.path}`, message: i.message }));
  return new AppError('BAD_REQUEST', `${withBody[0]!.path}: ${withBody[0]!.message}`, withBody);
}

/** A custom field as a save sends it: its stored id (null for a new one), name and value. */
interface SentCustomField {
  id: number | null;
  name: string;
  value: string;
}

/**
 * Creates (no id) or updates (id) a connected account with its custom fields and activity entry,
 * in one transaction (spec 01 §2.3, §4, §5). Runs every rule of spec 01 §5 again (400 naming the
 * fields); encrypts each secret given; keeps a stored secret whose field is blank; drops stored
 * secrets of the other auth choice; keeps the signed-in email of a Google ad server whatever is
 * sent (400 naming it for a new one: those are made by signing in with Google). 404 for another account's id or custom field, 409 for a stale
 * write, 400 for an unknown or changed connector type.
 */
export async function saveConnector(deps: AppDeps, actor: Actor, input: SaveInput): Promise<Connector> {
  const type = connectorTypeBySlug(input.connector_type_slug);
  if (!type)
    throw AppError.badField(
      'body.connector_type_slug',
      `Unknown connector type "${input.connector_type_slug}"`,
    );
  if (input.connector_type_id && input.connector_type_id !== type.id) {
    throw AppError.badField(
      'body.connector_type_id',
      `Connector type ${input.connector_type_id} is not ${type.slug}`,
    );
  }
  const metadata = Object.fromEntries(
    Object.entries(input.metadata).map(([k, v]) => [k, v === null ? '' : String(v)]),
  );
  const customFields: SentCustomField[] = input.customFields.map((f) => ({
    id: f.id ?? null,
    name: f.name.trim(),
    value: f.value ?? '',
  }));
  const ring = keyRingOf(deps.config);

  return deps.db.transaction().execute(async (trx) => {
    const existing = await lockExisting(trx, actor, input, type);
    // Fields only the provider's sign-in fills (googleConnectedEmail) keep the stored value,
    // whatever was sent; such an account is made by the sign-in, never by a save (spec 01 §4).
    for (const key of signInKeysOf(type)) {
      if (!existing) throw AppError.badField(`body.metadata.${key}`, signInFillsMessage(type));
      metadata[key] = existing.metadata[key] ?? '';
    }
    const storedFields = existing ? await repo.listCustomFields(trx, actor.accountId, [existing.id]) : [];
    const finalFields = customFieldsAfter(storedFields, customFields, input.deletedFields);
    const issues = saveIssues(deps, actor, { input, type, metadata, existing, customFields, finalFields });
    if (issues.length > 0) throw bodyIssues(issues);

    const split = splitConnectorMetadata(type, metadata, actor.features);
    const secrets: Record<string, string> = {};
    for (const [k, v] of Object.entries(existing?.secrets ?? {}))
      if (!split.dropSecrets.includes(k)) secrets[k] = v;
    for (const [k, v] of Object.entries(split.secrets))
      secrets[k] = encryptSecret(ring, v, secretContext(actor.accountId, k));
    // Another host or port is another server: its host key is pinned afresh.
    const isOtherServer =
      existing?.sftp_host_key != null &&
      ((existing.metadata.host ?? '') !== (split.plain.host ?? '') ||
        (existing.metadata.port ?? '22') !== (split.plain.port ?? '22'));
    const values = {
      name: input.name,
      description: input.description,
      metadata: split.plain,
      secrets,
      ...(isOtherServer ? { sftpHostKey: null } : {}),
    };

    const row = existing
      ? await repo.updateConnector(trx, actor.accountId, existing.id, values)
      : await repo.insertConnector(trx, actor.accountId, type.id, values);
    const sentIds = new Set(customFields.map((f) => f.id));
    const keepIds = finalFields.flatMap((f) => (f.id === null ? [] : [f.id]));
    await repo.replaceCustomFields(
      trx,
      actor.accountId,
      row.id,
      keepIds,
      finalFields.filter((f) => f.id === null || sentIds.has(f.id)),
    );
    const fields = await repo.listCustomFields(trx, actor.accountId, [row.id]);
    await recordActivity(trx, actor, {
      configuredObject: 'connected account',
      objectName: row.name,
      objectId: row.id,
      before: existing ? auditedConnector(existing, storedFields) : null,
      after: auditedConnector(row, fields, Object.keys(split.secrets)),
    });
    return toConnector(row, fields);
  });
}

/**
 * The saved account `input.id`, locked in `trx`, or undefined for a new one. Errors: 404 (not
 * in the account), 409 (stale), 400 (its type changed; a new account of a type no longer
 * offered, unless the account has show-inactive-connectors).
 */
async function lockExisting(
  trx: Transaction<Database>,
  actor: Actor,
  input: SaveInput,
  type: ConnectorTypeDefinition,
): Promise<ConnectorRow | undefined> {
  const existing = input.id
    ? (await repo.findConnectorsForUpdate(trx, actor.accountId, [input.id]))[0]
    : undefined;
  if (input.id && !existing) throw AppError.notFound('Connected account');
  if (existing) {
    assertNotStale(existing.updated_at, input.updated_at, 'connected account');
    if (existing.connector_type_id !== type.id) {
      throw AppError.badField(
        'body.connector_type_slug',
        'The connector type of a saved account cannot change',
      );
    }
  } else if (!type.active && !actor.features.includes('show-inactive-connectors')) {
    throw AppError.badField('body.connector_type_slug', `${type.name} is no longer offered for new accounts`);
  }
  return existing;
}

/**
 * The custom fields after the save: untouched stored ones, the sent ones, minus deleted. 404
 * naming sent or deleted ids that are not stored.
 */
function customFieldsAfter(
  storedFields: readonly ConnectorCustomFieldRow[],
  customFields: readonly SentCustomField[],
  deletedFields: readonly number[],
): SentCustomField[] {
  const storedIds = new Set(storedFields.map((f) => f.id));
  const unknown = [...customFields.flatMap((f) => (f.id === null ? [] : [f.id])), ...deletedFields].filter(
    (id) => !storedIds.has(id),
  );
  if (unknown.length > 0) throw new AppError('NOT_FOUND', `Custom fields not found: ${unknown.join(', ')}`);
  const sentIds = new Set(customFields.map((f) => f.id));
  const deleted = new Set(deletedFields);
  return [
    ...storedFields
      .filter((f) => !sentIds.has(f.id) && !deleted.has(f.id))
      .map((f) => ({ ...f, id: f.id as number | null })),
    ...customFields.filter((f) => f.id === null || !deleted.has(f.id)),
  ];
}

/**
 * Every issue of a save (spec 01 §5, `validateConnector`, then the outbound rule on host fields
 * not already named), custom-field issues pointed at the payload's index the field came from.
 */
function saveIssues(
  deps: AppDeps,
  actor: Actor,
  save: {
    input: SaveInput;
    type: ConnectorTypeDefinition;
    metadata: Record<string, string>;
    existing: ConnectorRow | undefined;
    customFields: readonly SentCustomField[];
    finalFields: readonly SentCustomField[];
  },
): ConnectorIssue[] {
  const { input, type, metadata, existing, customFields, finalFields } = save;
  const issues = validateConnector(
    { name: input.name, type, metadata, customFields: finalFields },
    { isNew: !existing, features: actor.features, storedSecrets: Object.keys(existing?.secrets ?? {}) },
  ).map((i) => {
    // Point custom-field issues at the payload's index where the field came from.
    const m = /^customFields\.(\d+)\.(.*)$/.exec(i.path);
    if (!m) return i;
    const field = finalFields[Number(m[1])];
    const at = customFields.indexOf(field as SentCustomField);
    return { ...i, path: at >= 0 ? `customFields.${at}.${m[2]}` : 'customFields' };
  });
  for (const issue of outboundIssues(metadata, deps.config.outbound))
    if (!issues.some((i) => i.path === issue.path)) issues.push(issue);
  return issues;
}
/**
 * Deletes connected accounts (spec 01 §2.3, §8). All or nothing: 404 naming unknown ids, 400
 * naming the templates whose integrations still use one.
 */
export async function deleteConnectors(
  deps: AppDeps,
  actor: Actor,
  ids: number[],
): Promise<{ ok: true; message: string }> {
  const names = await deps.db.transaction().execute(async (trx) => {
    const rows = await repo.findConnectorsForUpdate(trx, actor.accountId, ids);
    assertAllFound(
      ids,
      rows.map((r) => r.id),
      'Connected accounts',
    );
    const inUse = await repo.templatesUsingConnectors(trx, actor.accountId, ids);
    const first = inUse[0];
    if (first) {
      const name = rows.find((r) => r.id === first.connector_id)?.name ?? '';
      const templates = [
        ...new Set(inUse.filter((u) => u.connector_id === first.connector_id).map((u) => `"${u.name}"`)),
      ];
      throw new AppError(
        'BAD_REQUEST',
        `Connected account "${name}" is used by the integrations of ${templates.length === 1 ? 'template' : 'templates'} ${templates.join(', ')}. Choose another account there before deleting it.`,
      );
    }
    const fields = await repo.listCustomFields(trx, actor.accountId, ids);
    await repo.deleteConnectors(trx, actor.accountId, ids);
    await recordActivity(
      trx,
      actor,
      ...rows.map((r) => ({
        configuredObject: 'connected account' as const,
        objectName: r.name,
        objectId: r.id,
        before: auditedConnector(
          r,
          fields.filter((f) => f.connector_id === r.id),
        ),
        after: null,
      })),
    );
    return rows.map((r) => r.name);
  });
  return {
    ok: true,
    message:
      names.length === 1
        ? `Connected account "${names[0]}" deleted`
        : `${names.length} connected accounts deleted`,
  };
}

/**
 * Pins an SFTP account's host key at its first successful connection test (README "Security");
 * answers whether it was pinned now (false: one was pinned already, and is kept).
 */
export function pinSftpHostKey(
  db: AppDeps['db'],
  accountId: number,
  connectorId: number,
  fingerprint: string,
): Promise<boolean> {
  return repo.pinSftpHostKey(db, accountId, connectorId, fingerprint);
}

/**
 * Accepts an SFTP server's new host key (README "Security"): pins `fingerprint` in place of the
 * old one and records who did it in the activity log, old and new fingerprints, in one
 * transaction. 404 for another account's id, 400 for an account that is not SFTP.
 */
export async function acceptSftpHostKey(
  deps: AppDeps,
  actor: Actor,
  id: number,
  fingerprint: string,
): Promise<ConnectorMetadataView> {
  return deps.db.transaction().execute(async (trx) => {
    const [existing] = await repo.findConnectorsForUpdate(trx, actor.accountId, [id]);
    if (!existing) throw AppError.notFound('Connected account');
    if (typeOfRow(existing).family !== 'sftp')
      throw AppError.badField('params.id', `"${existing.name}" is not an SFTP account: it has no host key`);
    const row = await repo.replaceSftpHostKey(trx, actor.accountId, id, fingerprint);
    await recordActivity(trx, actor, {
      configuredObject: 'connected account',
      objectName: row.name,
      objectId: row.id,
      before: { host_key: existing.sftp_host_key },
      after: { host_key: row.sftp_host_key },
    });
    return toMetadataView(row);
  });
}

/**
 * Whether a connected account exists in the account (template saves check their integrations'
 * accounts with it, spec 03 §5 "A connector is required").
 */
export function connectorOfAccount(
  db: AppDeps['db'] | Transaction<Database>,
  accountId: number,
  connectorId: number,
): Promise<boolean> {
  return repo.connectorExists(db, accountId, connectorId);
}
