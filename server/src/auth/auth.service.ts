import {
  AppError,
  accountSettingsOf,
  effectivePermissions,
  FEATURE_FLAGS,
  type FeatureFlag,
  type Me,
  type Role,
} from '@nomen/shared';
import type { Database, UserRow } from '@nomen/shared/db';
import type { Kysely, Transaction } from 'kysely';
import { recordActivity } from '../entities/activities/activities.service';
import * as apiTokensRepo from '../entities/api-tokens/api-tokens.repository';
import * as usersRepo from '../entities/users/users.repository';
import type { Actor, AppDeps } from '../http/context';
import * as repo from './auth.repository';
import { hashPassword, newToken, sha256, verifyPassword } from './crypto';

const TOKEN_TTL_MS = { activation: 7 * 24 * 3600_000, reset: 2 * 3600_000 } as const;
// Verified against when the email is unknown, so sign-in takes as long either way.
const DUMMY_HASH = hashPassword('nomen-timing-equaliser');

type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.findLiveSession>>>;
/** The user and account columns a session or an API token lookup answers. */
type UserAccountRow = Omit<SessionRow, 'session_id' | 'expires_at' | 'bound_expires_at'>;

/** Builds the request's Actor from a live session's or API token's user and account. */
function toActor(
  row: UserAccountRow,
  via:
    | { sessionId: string; apiTokenId: null }
    | { sessionId: null; apiTokenId: number }
    | { sessionId: null; apiTokenId: null },
): Actor {
  const role = row.role as Role;
  const features = row.feature_flags.filter((f): f is FeatureFlag =>
    (FEATURE_FLAGS as readonly string[]).includes(f),
  );
  return {
    userId: row.user_id,
    userName: row.user_name,
    email: row.email,
    role,
    superAdmin: row.super_admin,
    accountId: row.account_id,
    accountUuid: row.account_uuid,
    accountName: row.account_name,
    permissions: effectivePermissions({ role, permissions: row.permissions, super_admin: row.super_admin }),
    features,
    settings: accountSettingsOf(row.settings),
    title: row.title,
    ...via,
  };
}

/**
 * The Actor of a session token from the cookie, or null when the token is unknown or expired or
 * the user is disabled. Extends the session when less than half its lifetime is left.
 */
export async function actorFromSessionToken(deps: AppDeps, token: string): Promise<Actor | null> {
  const row = await repo.findLiveSession(deps.db, sha256(token));
  if (!row) return null;
  const ttl = deps.config.sessionTtlHours * 3600_000;
  // A session from single sign-on never slides past what its IdP said (bound_expires_at).
  const canSlide = row.bound_expires_at === null || row.expires_at < row.bound_expires_at;
  if (canSlide && row.expires_at.getTime() - Date.now() < ttl / 2) {
    await repo.extendSession(deps.db, row.session_id, new Date(Date.now() + ttl));
  }
  return toActor(row, { sessionId: row.session_id, apiTokenId: null });
}

// last_used_at is written at most this often per token, so busy machine clients do not write on every request.
const TOKEN_TOUCH_MS = 60_000;

/**
 * The Actor of a personal API token (`Authorization: Bearer <secret>`, issue 11 item 10), or null
 * when the token is unknown, revoked or expired or its user disabled. The Actor has the user's
 * own rights, read fresh like a session's; it carries no session id.
 */
export async function actorFromApiToken(deps: AppDeps, secret: string): Promise<Actor | null> {
  const row = await apiTokensRepo.findLiveToken(deps.db, sha256(secret));
  if (!row) return null;
  if (row.last_used_at === null || Date.now() - row.last_used_at.getTime() > TOKEN_TOUCH_MS) {
    await apiTokensRepo.touchToken(deps.db, row.token_id);
  }
  return toActor(row, { sessionId: null, apiTokenId: row.token_id });
}

/**
 * The Actor of an enabled user of the account, for work done on their behalf outside a request
 * (issue 12 item 5: an inbound pull makes its submissions as the user who asked for it), with
 * neither session nor token. Null when the user is unknown, of another account or disabled.
 */
export async function actorOfUser(
  deps: Pick<AppDeps, 'db'>,
  accountId: number,
  userId: number,
): Promise<Actor | null> {
  const row = await repo.findEnabledUser(deps.db, accountId, userId);
  return row ? toActor(row, { sessionId: null, apiTokenId: null }) : null;
}

/** The /auth/me answer for an Actor. */
export function meOf(actor: Actor, title = ''): Me {
  return {
    user: {
      id: actor.userId,
      name: actor.userName,
      email: actor.email,
      title,
      role: actor.role,
      super_admin: actor.superAdmin,
    },
    account: { id: actor.accountId, uuid: actor.accountUuid, name: actor.accountName },
    permissions: actor.permissions,
    features: actor.features,
    settings: actor.settings,
  };
}

/** Loads the /auth/me answer for a session id. Throws 401 when the session is gone. */
export async function loadMe(deps: AppDeps, sessionId: string): Promise<Me> {
  const row = await repo.findLiveSession(deps.db, sessionId);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in');
  return meOf(toActor(row, { sessionId: row.session_id, apiTokenId: null }), row.title);
}

/**
 * Starts a session for a user; returns the cookie token and its expiry. `boundUntil` (single
 * sign-on: what the IdP said) caps the session now and whenever it slides.
 */
export async function startSession(
  deps: AppDeps,
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  boundUntil: Date | null = null,
) {
  const { token, hash } = newToken();
  const ttlEnd = Date.now() + deps.config.sessionTtlHours * 3600_000;
  const expiresAt = new Date(boundUntil ? Math.min(ttlEnd, boundUntil.getTime()) : ttlEnd);
  await repo.insertSession(db, { id: hash, userId, expiresAt, boundExpiresAt: boundUntil });
  return { token, sessionId: hash, expiresAt };
}

/** A started session and the /auth/me answer for it. */
export interface SignedIn {
  token: string;
  expiresAt: Date;
  me: Me;
}

/**
 * Signs in with a normalised email and a password (issue 2 §2). An address may hold a user in
 * several accounts (issue 8 item 8): the first enabled one, most recently signed in first, whose
 * password matches is signed in. Throws 401 "Invalid email or password" for an unknown email, a
 * wrong password, a disabled user or one without a password (not activated, or forced to
 * reset), without saying which.
 */
export async function login(deps: AppDeps, email: string, password: string): Promise<SignedIn> {
  const candidates = (await repo.findUsersByEmail(deps.db, email)).filter(
    (u): u is typeof u & { password_hash: string } => u.password_hash !== null && !u.disabled,
  );
  let user: (typeof candidates)[number] | undefined;
  let ssoOnly: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.password_hash, password)) {
      // "Require SSO" (README "Single sign-on"): only the break-glass admin keeps a password.
      if (candidate.sso_required && candidate.sso_break_glass_user_id !== candidate.id) {
        ssoOnly ??= candidate;
        continue;
      }
      user = candidate;
      break;
    }
  }
  // Verify once against a dummy hash when there is nobody to check, so sign-in takes as long.
  if (candidates.length === 0) await verifyPassword(await DUMMY_HASH, password);
  if (!user && ssoOnly) await refusePasswordUnderSso(deps, ssoOnly);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
  await usersRepo.recordSignIn(deps.db, user.id);
  const session = await startSession(deps, deps.db, user.id);
  return { token: session.token, expiresAt: session.expiresAt, me: await loadMe(deps, session.sessionId) };
}

/**
 * Refuses a correct password of a user whose account requires single sign-on (the password was
 * right, so saying why reveals nothing new): writes the refusal to the account's activity log and
 * throws 401 pointing to single sign-on.
 */
async function refusePasswordUnderSso(
  deps: AppDeps,
  user: { id: number; name: string; email: string; account_id: number },
): Promise<never> {
  const message = 'Password sign-in is turned off: your organisation signs in through single sign-on.';
  await deps.db.transaction().execute((trx) =>
    recordActivity(
      trx,
      { accountId: user.account_id, userId: null, userName: 'Single sign-on' },
      {
        configuredObject: 'user',
        objectName: user.name,
        objectId: user.id,
        before: null,
        after: { refused: message, email: user.email },
        operation: 'failed',
      },
    ),
  );
  throw new AppError('UNAUTHENTICATED', message);
}

/** Ends the session. */
export async function logout(deps: AppDeps, sessionId: string): Promise<void> {
  await repo.deleteSession(deps.db, sessionId);
}

/**
 * Saves the signed-in user's own name and title (the profile page) and answers the new /auth/me.
 * Another user's profile cannot be reached: the user is the actor.
 */
export async function updateProfile(
  deps: AppDeps,
  actor: Actor,
  profile: { name: string; title: string },
): Promise<Me> {
  await usersRepo.updateProfile(deps.db, actor.accountId, actor.userId, profile);
  return meOf({ ...actor, userName: profile.name }, profile.title);
}

/**
 * Changes the signed-in user's password on the profile page, given the current one. Throws 400
 * on `body.current_password` when it does not match (or the user has no password); the new
 * password's rules are the contract's (`passwordSchema`).
 */
export async function changePassword(
  deps: AppDeps,
  actor: Actor,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const stored = await usersRepo.findPasswordHash(deps.db, actor.accountId, actor.userId);
  if (!stored || !(await verifyPassword(stored, currentPassword))) {
    throw AppError.badField('body.current_password', 'This is not your current password');
  }
  await usersRepo.updatePasswordHash(deps.db, actor.accountId, actor.userId, await hashPassword(newPassword));
}

/** Ends every session of the signed-in user except the current one; answers how many ended. */
export async function signOutOtherSessions(deps: AppDeps, actor: Actor, sessionId: string): Promise<number> {
  return repo.deleteOtherSessions(deps.db, actor.userId, sessionId);
}

/**
 * Mails a single-use link (`/activate` or `/reset-password`) to a user, voiding earlier unused
 * links of the same purpose. Runs in the caller's transaction; returns the link (the CLI
 * prints it).
 */
export async function issueLink(
  deps: AppDeps,
  trx: Kysely<Database> | Transaction<Database>,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  purpose: 'activation' | 'reset',
): Promise<string> {
  const { token, hash } = newToken();
  await repo.replaceToken(trx, {
    hash,
    userId: user.id,
    purpose,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  const path = purpose === 'activation' ? 'activate' : 'reset-password';
  const link = `${deps.config.appUrl}/${path}?token=${token}`;
  const accountName = (await usersRepo.accountNameOfUser(trx, user.id)) ?? 'Nomen';
  const elsewhere = await usersRepo.isEmailHeldByOtherUser(trx, user.email, user.id);
  // Said only to the address's owner, never to the admin who invited them (issue 8 item 8).
  const otherAccounts = elsewhere
    ? `\n\nThis address already belongs to a user in another Nomen account. Sign-in opens the account whose password you enter, so choose a password you do not use there.`
    : '';
  const text =
    purpose === 'activation'
      ? `Hello ${user.name},\n\nYou have been invited to ${accountName} on Nomen. Choose your password here (valid for 7 days):\n${link}${otherAccounts}\n`
      : `Hello ${user.name},\n\nSet a new password for ${accountName} on Nomen here (valid for 2 hours):\n${link}\n\nIf you did not ask for this, you can ignore this mail.${otherAccounts}`;
  await deps.mailer.send({
    to: user.email,
    subject:
      purpose === 'activation'
        ? `Your invitation to ${accountName} on Nomen`
        : `Reset your Nomen password for ${accountName}`,
    text,
  });
  return link;
}

/**
 * Sets a password from an emailed link and signs the user in (issue 2 §2). Throws 400 naming the
 * token when it is unknown, used or expired; the token is then left as it was.
 */
export async function setPasswordWithToken(
  deps: AppDeps,
  purpose: 'activation' | 'reset',
  token: string,
  password: string,
): Promise<SignedIn> {
  const passwordHash = await hashPassword(password);
  const session = await deps.db.transaction().execute(async (trx) => {
    const userId = await repo.consumeToken(trx, sha256(token), purpose);
    if (userId === undefined) {
      throw AppError.badField('body.token', 'This link is invalid or has expired. Ask for a new one.');
    }
    if (!(await usersRepo.setPasswordFromLink(trx, userId, passwordHash, purpose)))
      throw AppError.badField('body.token', 'This account is disabled.');
    await repo.deleteSessionsOfUsers(trx, [userId]);
    await apiTokensRepo.revokeTokensOfUsers(trx, [userId]);
    return startSession(deps, trx, userId);
  });
  return { token: session.token, expiresAt: session.expiresAt, me: await loadMe(deps, session.sessionId) };
}

/**
 * Mails a reset link (or, for a user who never activated, a new activation link) to each enabled
 * user holding the normalised email, one per account, each naming its account. Says nothing
 * either way, so addresses cannot be probed.
 */
export async function forgotPassword(deps: AppDeps, email: string): Promise<void> {
  for (const user of await repo.findUsersByEmail(deps.db, email)) {
    if (user.disabled) continue;
    await issueLink(deps, deps.db, user, user.activated_at ? 'reset' : 'activation');
  }
}
