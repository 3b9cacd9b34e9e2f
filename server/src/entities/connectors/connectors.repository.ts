import type { Database, OAuthStatesTable } from '@nomen/shared/db';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/** The account's connected accounts by name. */
export function listConnectors(db: Db, accountId: number) {
  return db
    .selectFrom('connectors')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Connected accounts of the account among `ids` (others are silently absent). */
export function findConnectors(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('connectors')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}

/** Like {@link findConnectors}, locked for update. */
export function findConnectorsForUpdate(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('connectors')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The columns a save writes. */
export interface ConnectorValues {
  name: string;
  description: string;
  metadata: Record<string, string>;
  secrets: Record<string, string>;
  /** Set to null to forget the pinned SFTP host key (the host or port changed); absent: kept. */
  sftpHostKey?: null;
}

/** Inserts a connected account. */
export function insertConnector(db: Db, accountId: number, connectorTypeId: number, values: ConnectorValues) {
  return db
    .insertInto('connectors')
    .values({
      account_id: accountId,
      connector_type_id: connectorTypeId,
      name: values.name,
      description: values.description,
      metadata: JSON.stringify(values.metadata),
      secrets: JSON.stringify(values.secrets),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Pins the SFTP host key of a connected account of the account when none is pinned yet (the first
 * successful connection test); answers whether it was pinned now. A key pinned meanwhile is kept.
 */
export async function pinSftpHostKey(
  db: Db,
  accountId: number,
  id: number,
  fingerprint: string,
): Promise<boolean> {
  const result = await db
    .updateTable('connectors')
    .set({ sftp_host_key: fingerprint })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('sftp_host_key', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the pinned SFTP host key of a connected account of the account (an admin accepted it). */
export function replaceSftpHostKey(db: Db, accountId: number, id: number, fingerprint: string) {
  return db
    .updateTable('connectors')
    .set({ sftp_host_key: fingerprint, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a connected account of the account. */
export function updateConnector(db: Db, accountId: number, id: number, values: ConnectorValues) {
  return db
    .updateTable('connectors')
    .set({
      name: values.name,
      description: values.description,
      metadata: JSON.stringify(values.metadata),
      secrets: JSON.stringify(values.secrets),
      ...(values.sftpHostKey === null ? { sftp_host_key: null } : {}),
      updated_at: sql`now()`,
    })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The OAuth columns: the encrypted token set and the clear facts about it. */
export interface OAuthValues {
  oauth_tokens: string | null;
  oauth_connected_at?: Date;
  oauth_expires_at: Date | null;
  oauth_scope: string | null;
}

/** Stores an account's tokens (after an authorisation or a refresh). */
export function updateConnectorTokens(
  db: Db,
  accountId: number,
  id: number,
  values: OAuthValues,
  touch = true,
) {
  return db
    .updateTable('connectors')
    .set({ ...values, ...(touch ? { updated_at: sql`now()` } : {}) })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces a connected account's clear metadata (the sign-in's googleConnectedEmail). */
export function updateConnectorMetadata(
  db: Db,
  accountId: number,
  id: number,
  metadata: Record<string, string>,
) {
  return db
    .updateTable('connectors')
    .set({ metadata: JSON.stringify(metadata), updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes connected accounts of the account (their custom fields go with them). */
export async function deleteConnectors(db: Db, accountId: number, ids: readonly number[]) {
  await db.deleteFrom('connectors').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** Custom fields of connected accounts of the account, by connector and name. */
export function listCustomFields(db: Db, accountId: number, connectorIds: readonly number[]) {
  if (connectorIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('connector_custom_fields')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('connector_id', 'in', connectorIds)
    .orderBy('connector_id')
    .orderBy('id')
    .execute();
}

/** Replaces an account's custom fields with `fields` (kept ids are updated, others inserted). */
export async function replaceCustomFields(
  db: Db,
  accountId: number,
  connectorId: number,
  keepIds: readonly number[],
  fields: readonly { id: number | null; name: string; value: string }[],
) {
  let q = db
    .deleteFrom('connector_custom_fields')
    .where('account_id', '=', accountId)
    .where('connector_id', '=', connectorId);
  if (keepIds.length > 0) q = q.where('id', 'not in', keepIds);
  await q.execute();
  for (const f of fields.filter((x) => x.id !== null)) {
    await db
      .updateTable('connector_custom_fields')
      .set({ name: f.name, value: f.value })
      .where('account_id', '=', accountId)
      .where('connector_id', '=', connectorId)
      .where('id', '=', f.id!)
      .execute();
  }
  const added = fields.filter((x) => x.id === null);
  if (added.length > 0) {
    await db
      .insertInto('connector_custom_fields')
      .values(
        added.map((f) => ({
          account_id: accountId,
          connector_id: connectorId,
          name: f.name,
          value: f.value,
        })),
      )
      .execute();
  }
}

/** The templates whose integration assignments use any of the connected accounts. */
export function templatesUsingConnectors(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('integration_assignments as a')
    .innerJoin('templates as t', 't.id', 'a.template_id')
    .where('a.account_id', '=', accountId)
    .where('a.connector_id', 'in', ids)
    .select(['a.connector_id', 't.name'])
    .distinct()
    .orderBy('t.name')
    .execute();
}

/** Whether the connected account exists in the account. */
export async function connectorExists(db: Db, accountId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('connectors')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a pending authorisation (spec 01 §4). */
export async function insertOAuthState(db: Db, values: Insertable<OAuthStatesTable>) {
  await db.insertInto('oauth_states').values(values).execute();
}

/**
 * Takes (deletes and returns) the pending authorisation of a state hash, so a state works once.
 * Expired ones of any account are cleared on the way.
 */
export async function takeOAuthState(db: Db, stateHash: string) {
  await db.deleteFrom('oauth_states').where('expires_at', '<', new Date()).execute();
  return db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

/** Every stored secret of every account, locked, for the key rotation. */
export function allEncryptedRowsForUpdate(db: Db) {
  return db
    .selectFrom('connectors')
    .select(['id', 'account_id', 'secrets', 'oauth_tokens'])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Writes re-encrypted secrets of one account (rotation); leaves updated_at alone. */
export async function writeEncrypted(
  db: Db,
  id: number,
  values: { secrets: Record<string, string>; oauth_tokens: string | null },
) {
  await db
    .updateTable('connectors')
    .set({ secrets: JSON.stringify(values.secrets), oauth_tokens: values.oauth_tokens })
    .where('id', '=', id)
    .execute();
}

/** Pending authorisations with a code verifier, locked, for the key rotation. */
export function pendingVerifiersForUpdate(db: Db) {
  return db
    .selectFrom('oauth_states')
    .select(['state_hash', 'account_id', 'code_verifier'])
    .where('code_verifier', 'is not', null)
    .forUpdate()
    .execute();
}

/** Writes a re-encrypted code verifier (rotation). */
export async function writeVerifier(db: Db, stateHash: string, codeVerifier: string) {
  await db
    .updateTable('oauth_states')
    .set({ code_verifier: codeVerifier })
    .where('state_hash', '=', stateHash)
    .execute();
}
