import type { Database, NewIdentityProvider } from '@nomen/shared/db';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * SQL of single sign-on (migration 0028): owns `identity_providers`, `sso_identities` and
 * `sso_states`. Every query of a provider names its account, except the sign-in's own look-ups by
 * id (the browser names the provider before anyone is signed in), which answer the account with it.
 */

/** The account's identity providers by name. */
export function listProviders(db: Db, accountId: number) {
  return db
    .selectFrom('identity_providers')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** One provider of the account (locked for update with `forUpdate`). */
export function findProvider(db: Db, accountId: number, id: number, forUpdate = false) {
  let q = db
    .selectFrom('identity_providers')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A provider by id alone, for the sign-in that starts before anyone is signed in; its account comes with it. */
export function findProviderForSignIn(db: Db, id: number) {
  return db.selectFrom('identity_providers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Stores a new provider; answers it. */
export function insertProvider(db: Db, values: NewIdentityProvider) {
  return db.insertInto('identity_providers').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a provider of the account; answers it. */
export function updateProvider(db: Db, accountId: number, id: number, values: Partial<NewIdentityProvider>) {
  return db
    .updateTable('identity_providers')
    .set({ ...values, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a provider of the account (its links and pending states go with it). */
export async function deleteProvider(db: Db, accountId: number, id: number) {
  await db
    .deleteFrom('identity_providers')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .execute();
}

/**
 * The enabled providers whose email domains hold `domain`, in any account, with whether their
 * account requires SSO (the sign-in page's routing).
 */
export function enabledProvidersOfDomain(db: Db, domain: string) {
  return db
    .selectFrom('identity_providers as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select(['p.id', 'p.name', 'p.account_id', 'a.sso_required'])
    .where('p.enabled', '=', true)
    .where(sql<boolean>`${domain} = any(p.email_domains)`)
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .execute();
}

/** The user a provider's subject is linked to, or undefined. */
export async function linkedUserId(db: Db, providerId: number, subject: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sso_identities')
    .select('user_id')
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Whether the user is linked to another subject of the provider (one subject per user and provider). */
export async function userLinkedElsewhere(db: Db, providerId: number, userId: number, subject: string) {
  const row = await db
    .selectFrom('sso_identities')
    .select('subject')
    .where('provider_id', '=', providerId)
    .where('user_id', '=', userId)
    .where('subject', '<>', subject)
    .executeTakeFirst();
  return row !== undefined;
}

/** Links a subject to a user, or stamps the sign-in of an existing link. */
export async function linkIdentity(
  db: Db,
  link: { providerId: number; subject: string; userId: number; accountId: number },
) {
  await db
    .insertInto('sso_identities')
    .values({
      provider_id: link.providerId,
      subject: link.subject,
      user_id: link.userId,
      account_id: link.accountId,
      last_sign_in_at: new Date(),
    })
    .onConflict((oc) => oc.columns(['provider_id', 'subject']).doUpdateSet({ last_sign_in_at: new Date() }))
    .execute();
}

/** A started sign-in or test: what the callback needs to finish it. */
export interface NewSsoState {
  stateHash: string;
  accountId: number;
  providerId: number;
  browserHash: string;
  purpose: 'sign-in' | 'test';
  nonce: string | null;
  codeVerifier: string | null;
  testUserId: number | null;
  expiresAt: Date;
}

/** Stores a started sign-in; answers its test id. Rows older than a day are swept on the way. */
export async function insertState(db: Db, state: NewSsoState): Promise<string> {
  await db
    .deleteFrom('sso_states')
    .where('created_at', '<', new Date(Date.now() - 24 * 3600_000))
    .execute();
  const row = await db
    .insertInto('sso_states')
    .values({
      state_hash: state.stateHash,
      account_id: state.accountId,
      provider_id: state.providerId,
      browser_hash: state.browserHash,
      purpose: state.purpose,
      nonce: state.nonce,
      code_verifier: state.codeVerifier,
      test_user_id: state.testUserId,
      expires_at: state.expiresAt,
    })
    .returning('test_id')
    .executeTakeFirstOrThrow();
  return row.test_id;
}

/**
 * Marks a state used and answers it, with `fresh` false when it was already used or has expired
 * (then nothing changes): a state works once, even under concurrent requests. Undefined when
 * no such state was ever started.
 */
export async function takeState(db: Db, stateHash: string) {
  const taken = await db
    .updateTable('sso_states')
    .set({ used_at: new Date() })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
  if (taken) return { ...taken, fresh: true as const };
  const stale = await db
    .selectFrom('sso_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  return stale && { ...stale, fresh: false as const };
}

/** Stores a test's outcome on its state. */
export async function storeTestResult(
  db: Db,
  stateHash: string,
  result: NonNullable<Selectable<Database['sso_states']>['test_result']>,
) {
  await db
    .updateTable('sso_states')
    .set({ test_result: JSON.stringify(result) })
    .where('state_hash', '=', stateHash)
    .execute();
}

/** A test of the account started by `userId`, or undefined. */
export function findTest(db: Db, accountId: number, userId: number, testId: string) {
  return db
    .selectFrom('sso_states')
    .select(['test_result', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('test_user_id', '=', userId)
    .where('purpose', '=', 'test')
    .where('test_id', '=', testId)
    .executeTakeFirst();
}

/** Every stored OpenID Connect client secret, locked (`rotate-secret-key`). */
export function encryptedClientSecretsForUpdate(db: Db) {
  return db
    .selectFrom('identity_providers')
    .select(['id', 'account_id', 'oidc_client_secret'])
    .where('oidc_client_secret', 'is not', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Stores a provider's re-sealed client secret. */
export async function writeClientSecret(db: Db, id: number, sealed: string) {
  await db
    .updateTable('identity_providers')
    .set({ oidc_client_secret: sealed })
    .where('id', '=', id)
    .execute();
}

/** The PKCE verifiers of sign-ins still under way, locked (`rotate-secret-key`). */
export function pendingVerifiersForUpdate(db: Db) {
  return db
    .selectFrom('sso_states')
    .select(['state_hash', 'account_id', 'code_verifier'])
    .where('code_verifier', 'is not', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .forUpdate()
    .execute();
}

/** Stores a pending sign-in's re-sealed PKCE verifier. */
export async function writeVerifier(db: Db, stateHash: string, sealed: string) {
  await db
    .updateTable('sso_states')
    .set({ code_verifier: sealed })
    .where('state_hash', '=', stateHash)
    .execute();
}
