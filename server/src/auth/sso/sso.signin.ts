import {
  emailDomainOf,
  FEATURE_FLAGS,
  grantablePermissions,
  type MappedAccess,
  mapAccess,
  normalizeEmail,
  OIDC_CALLBACK_PATH,
  type Role,
  type SsoTestResult,
} from '@nomen/shared';
import type { Database, IdentityProviderRow } from '@nomen/shared/db';
import type { Kysely, Transaction } from 'kysely';
import * as accountsRepo from '../../entities/accounts/accounts.repository';
import {
  type ActivityInput,
  type ChangeAuthor,
  recordActivity,
} from '../../entities/activities/activities.service';
import * as repo from '../../entities/sso/sso.repository';
import * as usersRepo from '../../entities/users/users.repository';
import type { AppDeps } from '../../http/context';
import { decryptSecret, encryptSecret, keyRingOf } from '../../security/secrets';
import { startSession } from '../auth.service';
import { newToken, sha256 } from '../crypto';
import { finishOidc, type OidcSettings, startOidc } from './oidc';
import { samlSettingsOf, startSaml } from './saml';
import { type SsoIdentity, SsoRefusal } from './sso.types';

/**
 * Single sign-on's protocol-free half (README "Single sign-on"; ARCHITECTURE.md, Single sign-on):
 * starting a sign-in or a test (state bound to the browser, single use, ten minutes), the
 * callback's state checks, then for any protocol's verified identity the email-domain check, the
 * user (linked subject, else the same email in the account, linked once; else created just in
 * time when the provider allows), the mapped role and groups re-applied, the refusal of disabled
 * users, and a session bounded by the IdP where the provider says so. Every refusal answers the
 * sign-in page with its reason and is written to the account's activity log; a refused sign-in
 * creates and changes nothing (its transaction rolls back).
 */

/** The cookie that binds a started sign-in to the browser that started it (its value is hashed in `sso_states`). */
export const SSO_BROWSER_COOKIE = 'nomen_sso_browser';

/** How long a started sign-in may take at the IdP. */
export const SSO_STATE_TTL_MS = 10 * 60_000;

/** The sign-in page showing a refusal's reason. */
export function refusedLocation(message: string): string {
  return `/login?sso_error=${encodeURIComponent(message)}`;
}

/** The associated data a provider's client secret is sealed with (server/src/security/secrets.ts). */
export function clientSecretContext(accountId: number): string {
  return `identity-provider:${accountId}:oidc_client_secret`;
}

/** The associated data a pending sign-in's PKCE verifier is sealed with. */
export function stateVerifierContext(accountId: number): string {
  return `sso-state:${accountId}:code_verifier`;
}

/** Seals a client secret for the account. */
export function sealClientSecret(deps: AppDeps, accountId: number, secret: string): string {
  return encryptSecret(keyRingOf(deps.config), secret, clientSecretContext(accountId));
}

/** A provider's OpenID Connect settings with the secret opened. */
function oidcSettingsOf(deps: AppDeps, provider: IdentityProviderRow): OidcSettings {
  return {
    issuer: provider.oidc_issuer ?? '',
    clientId: provider.oidc_client_id ?? '',
    clientSecret: provider.oidc_client_secret
      ? decryptSecret(
          keyRingOf(deps.config),
          provider.oidc_client_secret,
          clientSecretContext(provider.account_id),
        )
      : '',
    scopes: provider.oidc_scopes ?? '',
  };
}

/** Who the activity log names for what single sign-on does: the provider. */
function ssoAuthor(accountId: number, provider: Pick<IdentityProviderRow, 'name'> | null): ChangeAuthor {
  return { accountId, userId: null, userName: `${provider?.name ?? 'Single sign-on'} (single sign-on)` };
}

/**
 * Writes a refusal to the account's activity log (configured object "identity provider",
 * operation "failed", the reason and the email when known) and the server log. Answers where to
 * send the browser.
 */
export async function logRefusal(
  deps: AppDeps,
  at: { accountId: number; provider: Pick<IdentityProviderRow, 'id' | 'name'> | null } | null,
  message: string,
  email: string | null = null,
): Promise<string> {
  console.warn(`sso: refused${at ? ` (account ${at.accountId})` : ''}: ${message}`);
  if (at) {
    await deps.db.transaction().execute((trx) =>
      recordActivity(trx, ssoAuthor(at.accountId, at.provider), {
        configuredObject: 'identity provider',
        objectName: at.provider?.name ?? 'Single sign-on',
        objectId: at.provider?.id ?? null,
        before: null,
        after: { refused: message, email },
        operation: 'failed',
      }),
    );
  }
  return refusedLocation(message);
}

/** A browser's binding token: the cookie's value when it is one of ours, else a new one to set. */
export function browserToken(cookieValue: string | undefined): { token: string; isNew: boolean } {
  if (cookieValue && /^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return { token: cookieValue, isNew: false };
  return { token: newToken().token, isNew: true };
}

/**
 * The protocol's request for `state`: the IdP's URL, and what the answer is checked against —
 * OpenID Connect's nonce and PKCE verifier, or SAML's AuthnRequest id (kept as the nonce; the
 * state travels as the RelayState).
 */
async function startProtocol(
  deps: AppDeps,
  provider: IdentityProviderRow,
  state: string,
): Promise<{ url: string; nonce: string; codeVerifier: string | null }> {
  if (provider.protocol === 'saml') {
    const { url, requestId } = await startSaml(samlSettingsOf(deps.config.appUrl, provider), state);
    return { url, nonce: requestId, codeVerifier: null };
  }
  const redirectUri = deps.config.appUrl + OIDC_CALLBACK_PATH;
  return startOidc(deps, oidcSettingsOf(deps, provider), state, redirectUri);
}

/**
 * Starts a sign-in or a test at the provider: a fresh state, the protocol's request, and the
 * stored state bound to the browser. Answers the URL to send the browser to and the test id.
 * Throws SsoRefusal when the protocol cannot start (the IdP cannot be reached).
 */
export async function beginAt(
  deps: AppDeps,
  provider: IdentityProviderRow,
  browser: string,
  test: { userId: number } | null,
): Promise<{ url: string; testId: string }> {
  const state = newToken().token;
  const started = await startProtocol(deps, provider, state);
  const testId = await repo.insertState(deps.db, {
    stateHash: sha256(state),
    accountId: provider.account_id,
    providerId: provider.id,
    browserHash: sha256(browser),
    purpose: test ? 'test' : 'sign-in',
    nonce: started.nonce,
    codeVerifier:
      started.codeVerifier &&
      encryptSecret(keyRingOf(deps.config), started.codeVerifier, stateVerifierContext(provider.account_id)),
    testUserId: test?.userId ?? null,
    expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
  });
  return { url: started.url, testId };
}

/**
 * `GET /api/v1/auth/sso/{providerId}/start`: answers the IdP's URL, or the sign-in page with the
 * reason for an unknown or disabled provider or one that cannot be reached (logged).
 */
export async function startSignIn(deps: AppDeps, providerId: number, browser: string): Promise<string> {
  const provider = await repo.findProviderForSignIn(deps.db, providerId);
  if (!provider) return logRefusal(deps, null, 'This single sign-on provider is unknown.');
  const at = { accountId: provider.account_id, provider };
  if (!provider.enabled) return logRefusal(deps, at, `Sign-in through ${provider.name} is turned off.`);
  try {
    return (await beginAt(deps, provider, browser, null)).url;
  } catch (error) {
    if (error instanceof SsoRefusal) return logRefusal(deps, at, error.message);
    throw error;
  }
}

/** A session the callback started: the cookie to set. */
export interface StartedSsoSession {
  token: string;
  expiresAt: Date;
}

/** Where the callback sends the browser, and the session to set when it signed someone in. */
export interface CallbackOutcome {
  location: string;
  session: StartedSsoSession | null;
}

/** A taken state: the started sign-in or test a callback finishes. */
export type StateRow = NonNullable<Awaited<ReturnType<typeof repo.takeState>>>;

/**
 * Takes the returned state: it must be one this server started, unused, unexpired, and started
 * by this browser (the cookie). Answers the state and its provider, or the refusal's location.
 */
async function acceptState(
  deps: AppDeps,
  state: string | undefined,
  browser: string | undefined,
): Promise<{ row: StateRow; provider: IdentityProviderRow } | string> {
  if (!state) return logRefusal(deps, null, 'The identity provider sent no state. Start the sign-in again.');
  const row = await repo.takeState(deps.db, sha256(state));
  if (!row) return logRefusal(deps, null, 'This sign-in was not started here. Start the sign-in again.');
  const provider = await repo.findProvider(deps.db, row.account_id, row.provider_id);
  const at = { accountId: row.account_id, provider: provider ?? null };
  if (!row.fresh) {
    const why = row.used_at
      ? 'This sign-in answer was already used (a replay)'
      : 'This sign-in took too long';
    return logRefusal(deps, at, `${why}. Start the sign-in again.`);
  }
  if (!browser || sha256(browser) !== row.browser_hash) {
    return logRefusal(deps, at, 'This sign-in was started in another browser. Start the sign-in again here.');
  }
  if (!provider)
    return logRefusal(deps, at, 'This single sign-on provider was deleted. Start the sign-in again.');
  return { row, provider };
}

/**
 * `GET /api/v1/auth/sso/oidc/callback`: checks the state, lets the OpenID Connect library verify
 * the answer, then signs in (or, for a test, keeps the outcome for the settings page).
 */
export async function oidcCallback(
  deps: AppDeps,
  query: { state?: string },
  currentUrl: URL,
  browser: string | undefined,
): Promise<CallbackOutcome> {
  const accepted = await acceptState(deps, query.state, browser);
  if (typeof accepted === 'string') return { location: accepted, session: null };
  const { row, provider } = accepted;
  const at = { accountId: provider.account_id, provider };
  let identity: SsoIdentity;
  try {
    if (provider.protocol !== 'oidc') throw new SsoRefusal(`${provider.name} does not use OpenID Connect.`);
    identity = await finishOidc(deps, oidcSettingsOf(deps, provider), currentUrl, {
      state: query.state!,
      nonce: row.nonce ?? '',
      codeVerifier: row.code_verifier
        ? decryptSecret(keyRingOf(deps.config), row.code_verifier, stateVerifierContext(provider.account_id))
        : '',
    });
  } catch (error) {
    if (!(error instanceof SsoRefusal)) throw error;
    if (row.purpose === 'test')
      return { location: await finishTest(deps, row, provider, error), session: null };
    return { location: await logRefusal(deps, at, error.message), session: null };
  }
  if (row.purpose === 'test')
    return { location: await finishTest(deps, row, provider, identity), session: null };
  return signInWith(deps, provider, identity);
}

/** The user a sign-in would sign in, and what the mapping gives them. */
interface SignInPlan {
  email: string;
  user: usersRepo.UserWithGroups | null;
  access: MappedAccess;
}

/**
 * Decides who signs in, reading only: refuses (SsoRefusal) an identity without email, with an
 * unverified email or one outside the provider's domains, a user linked to another subject, an
 * unknown user when just-in-time creation is off, and a disabled user.
 */
async function planSignIn(
  db: Kysely<Database> | Transaction<Database>,
  provider: IdentityProviderRow,
  identity: SsoIdentity,
): Promise<SignInPlan> {
  if (!identity.email)
    throw new SsoRefusal(`${provider.name} sent no email address (ask for the email scope).`);
  const email = normalizeEmail(identity.email);
  if (identity.emailVerified === false)
    throw new SsoRefusal(`${provider.name} says ${email} is not verified.`);
  if (!provider.email_domains.includes(emailDomainOf(email))) {
    throw new SsoRefusal(`${email} is outside the email domains ${provider.name} signs in.`);
  }
  const access = mapAccess(provider.mapping_rules, provider.default_role as Role, identity.claims);
  let userId = await repo.linkedUserId(db, provider.id, identity.subject);
  if (userId === undefined) {
    userId = await usersRepo.emailTakenBy(db, provider.account_id, email);
    if (userId !== undefined && (await repo.userLinkedElsewhere(db, provider.id, userId, identity.subject))) {
      throw new SsoRefusal(`${email} is already linked to another ${provider.name} identity.`);
    }
  }
  const user =
    userId === undefined ? null : ((await usersRepo.findUser(db, provider.account_id, userId)) ?? null);
  if (!user && !provider.jit_enabled) {
    throw new SsoRefusal(
      `There is no Nomen user for ${email}, and ${provider.name} does not create users on first sign-in.`,
    );
  }
  if (user?.disabled) throw new SsoRefusal(`${user.email} is disabled in Nomen.`);
  return { email, user, access };
}

/** A person's display name from the usual claims, else the email's local part. */
function nameOf(claims: Record<string, unknown>, email: string): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const name =
    text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return (name || email.slice(0, email.indexOf('@'))).slice(0, 255);
}

/** The audited attributes of a user's access. */
function auditedAccess(u: { role: string; permissions: string[]; group_ids: number[] }) {
  return { role: u.role, permissions: u.permissions, group_ids: u.group_ids };
}

/**
 * Writes a planned sign-in in the caller's transaction: creates the user just in time, or
 * re-applies the mapped role (never to the super admin or the break-glass admin, who keep theirs)
 * and the groups the rules govern, links the subject and stamps the sign-in. Answers the user id.
 */
async function applySignIn(
  trx: Transaction<Database>,
  provider: IdentityProviderRow,
  identity: SsoIdentity,
  plan: SignInPlan,
): Promise<number> {
  const accountId = provider.account_id;
  const author = ssoAuthor(accountId, provider);
  const groupIds = await usersRepo.existingGroupIds(trx, accountId, plan.access.groupIds);
  const entries: ActivityInput[] = [];
  let userId: number;
  if (!plan.user) {
    const name = nameOf(identity.claims, plan.email);
    const values = { name, email: plan.email, role: plan.access.role, permissions: [] as string[] };
    userId = await usersRepo.insertUser(trx, {
      account_id: accountId,
      password_hash: null,
      activated_at: new Date(),
      ...values,
    });
    await usersRepo.setUserGroups(trx, userId, groupIds);
    const after = { name, email: plan.email, ...auditedAccess({ ...values, group_ids: groupIds }) };
    entries.push({ configuredObject: 'user', objectName: name, objectId: userId, before: null, after });
  } else {
    const user = plan.user;
    userId = user.id;
    const account = await accountsRepo.findAccount(trx, accountId);
    const keepsRole = user.super_admin || account?.sso_break_glass_user_id === user.id;
    const role = keepsRole ? user.role : plan.access.role;
    const allowed = grantablePermissions(role, FEATURE_FLAGS);
    const permissions = user.permissions.filter((p) => allowed.includes(p as never));
    const kept = user.group_ids.filter((id) => !plan.access.governedGroupIds.includes(id));
    const groups = [...new Set([...kept, ...groupIds])].sort((a, b) => a - b);
    const before = auditedAccess(user);
    const after = auditedAccess({ role, permissions, group_ids: groups });
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await usersRepo.updateAccess(trx, accountId, userId, { role, permissions });
      await usersRepo.setUserGroups(trx, userId, groups);
      entries.push({ configuredObject: 'user', objectName: user.name, objectId: userId, before, after });
    }
  }
  await repo.linkIdentity(trx, { providerId: provider.id, subject: identity.subject, userId, accountId });
  await usersRepo.recordSignIn(trx, userId);
  if (entries.length > 0) await recordActivity(trx, author, ...entries);
  return userId;
}

/**
 * Signs in a verified identity: plan, write and start the session in one transaction, which a
 * refusal rolls back (then logged). The session is bounded by the IdP's expiry when the
 * provider's `bound_session_to_idp` is on.
 */
export async function signInWith(
  deps: AppDeps,
  provider: IdentityProviderRow,
  identity: SsoIdentity,
): Promise<CallbackOutcome> {
  try {
    const session = await deps.db.transaction().execute(async (trx) => {
      const plan = await planSignIn(trx, provider, identity);
      const userId = await applySignIn(trx, provider, identity, plan);
      const bound = provider.bound_session_to_idp ? identity.expiresAt : null;
      return startSession(deps, trx, userId, bound);
    });
    return { location: '/', session: { token: session.token, expiresAt: session.expiresAt } };
  } catch (error) {
    if (!(error instanceof SsoRefusal)) throw error;
    const at = { accountId: provider.account_id, provider };
    return { location: await logRefusal(deps, at, error.message, identity.email), session: null };
  }
}

/**
 * Ends a test sign-in: keeps what a real sign-in would have done (or the refusal) with the claims
 * received, changing nothing else. Answers the page the popup shows.
 */
export async function finishTest(
  deps: AppDeps,
  row: StateRow,
  provider: IdentityProviderRow,
  outcome: SsoIdentity | SsoRefusal,
): Promise<string> {
  let result: Omit<SsoTestResult, 'status'> & { ok: boolean };
  if (outcome instanceof SsoRefusal) {
    result = { ok: false, message: outcome.message, claims: {}, email: null, role: null, group_ids: [] };
  } else {
    try {
      const plan = await planSignIn(deps.db, provider, outcome);
      const who = plan.user ? `signs in as ${plan.user.name}` : `creates the user ${plan.email}`;
      result = {
        ok: true,
        message: `A real sign-in ${who} with the role ${plan.access.role}${plan.access.roleFromClaim ? '' : ' (the default role)'}.`,
        claims: outcome.claims,
        email: plan.email,
        role: plan.access.role,
        group_ids: plan.access.groupIds,
      };
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      result = {
        ok: false,
        message: error.message,
        claims: outcome.claims,
        email: outcome.email,
        role: null,
        group_ids: [],
      };
    }
  }
  await repo.storeTestResult(deps.db, row.state_hash, result);
  if (!result.ok)
    await logRefusal(
      deps,
      { accountId: provider.account_id, provider },
      `Test: ${result.message}`,
      result.email,
    );
  return `/sso/test-finished?test=${row.test_id}`;
}
