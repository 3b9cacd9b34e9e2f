import {
  AppError,
  FEATURE_FLAGS,
  grantablePermissions,
  hasPermission,
  PERMISSION_NAMES,
  type Permission,
  type Role,
  type User,
  type userSaveSchema,
} from '@nomen/shared';
import type { Database } from '@nomen/shared/db';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { deleteSessionsOfUsers } from '../../auth/auth.repository';
import { issueLink } from '../../auth/auth.service';
import type { Actor, AppDeps } from '../../http/context';
import { recordActivity } from '../activities/activities.service';
import { revokeTokensOfUsers } from '../api-tokens/api-tokens.repository';
import { assertAllFound, assertNotStale } from '../guards';
import * as repo from './users.repository';

function toUser(row: repo.UserWithGroups): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    title: row.title,
    role: row.role,
    type: 'password',
    permissions: row.permissions as Permission[],
    group_ids: row.group_ids,
    location: row.location,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_login: row.last_login?.toISOString() ?? null,
    disabled: row.disabled,
    super_admin: row.super_admin,
  };
}

/** The attributes the activity log compares. */
function audited(u: User) {
  return {
    name: u.name,
    email: u.email,
    title: u.title,
    role: u.role,
    permissions: u.permissions,
    group_ids: u.group_ids,
    location: u.location,
  };
}

/** Only someone with all_privileges may create, change or delete an ADMIN. */
function assertMayManageRole(actor: Actor, role: Role): void {
  if (role === 'ADMIN' && !actor.permissions.includes('all_privileges')) {
    throw new AppError('FORBIDDEN', 'Only admins can manage admin users');
  }
}

/**
 * Nobody but the super admin changes the super admin (issue 8 item 2): 403 when `target` is the
 * account's super admin and the actor is someone else.
 */
function assertMayTouchSuperAdmin(actor: Actor, target: { id: number; super_admin: boolean }): void {
  if (target.super_admin && target.id !== actor.userId) {
    throw new AppError('FORBIDDEN', 'Only the super admin can change the super admin');
  }
}

/**
 * Nobody grants a permission they do not hold (issue 8 item 3; ARCHITECTURE.md, security rules):
 * every permission in `wanted` that `already` lacks must pass `hasPermission` for the actor, so
 * all_privileges covers the manage_* set but approve_suggestions must be held itself. 403 on
 * body.permissions naming the refused ones.
 */
function assertMayGrant(actor: Actor, wanted: readonly Permission[], already: readonly string[]): void {
  const granted = wanted.filter((p) => !already.includes(p));
  const refused = granted.filter((p) => !hasPermission(actor.permissions, p));
  if (refused.length > 0) {
    const message = `You cannot grant a permission you do not hold: ${refused.join(', ')}`;
    throw new AppError('FORBIDDEN', message, [{ path: 'body.permissions', message }]);
  }
}

/** The account's users (spec 01 §2.6). */
export async function listUsers(deps: AppDeps, actor: Actor): Promise<{ data: User[] }> {
  return { data: (await repo.listUsers(deps.db, actor.accountId)).map(toUser) };
}

/** One user; 404 when not in the account. */
export async function getUser(deps: AppDeps, actor: Actor, id: number): Promise<{ user: User }> {
  const row = await repo.findUser(deps.db, actor.accountId, id);
  if (!row) throw AppError.notFound('User');
  return { user: toUser(row) };
}

/** The permissions the drawer offers for a role (spec 01 §6). */
export function permissionsForRole(actor: Actor, role: Role): { data: { slug: Permission; name: string }[] } {
  return {
    data: grantablePermissions(role, actor.features).map((slug) => ({ slug, name: PERMISSION_NAMES[slug] })),
  };
}

async function loadForUpdate(trx: Transaction<Database>, actor: Actor, ids: number[]) {
  const users = await repo.findUsersForUpdate(trx, actor.accountId, ids);
  assertAllFound(
    ids,
    users.map((u) => u.id),
    'Users',
  );
  return users;
}

/**
 * Creates (no id; mails an activation link) or updates (id) a user with group memberships and
 * an activity entry, in one transaction (spec 01 §2.6, §5; issue 8 items 2, 3). Errors: 400 for
 * permissions the role cannot hold, for changing one's own role or permissions; 403 when a
 * non-admin touches an ADMIN, when anyone but the super admin changes the super admin, or when
 * the actor grants a permission they do not hold; 404 for unknown ids or groups; 409 for an
 * email taken in this account, a disabled user or a stale write.
 */
export async function saveUser(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof userSaveSchema>,
): Promise<{ user: User }> {
  const allowed = grantablePermissions(input.role, FEATURE_FLAGS);
  const refused = input.permissions.filter((p) => !allowed.includes(p));
  if (refused.length > 0) {
    throw AppError.badField('body.permissions', `A ${input.role} cannot hold: ${refused.join(', ')}`);
  }
  assertMayManageRole(actor, input.role);
  const permissions = [...new Set(input.permissions)];
  const groupIds = [...new Set(input.group_ids)];

  return deps.db.transaction().execute(async (trx) => {
    assertAllFound(groupIds, await repo.existingGroupIds(trx, actor.accountId, groupIds), 'Groups');
    if (await repo.emailTakenBy(trx, actor.accountId, input.email, input.id ?? undefined)) {
      throw new AppError('CONFLICT', 'A user with this email already exists', [
        { path: 'body.email', message: 'A user with this email already exists' },
      ]);
    }
    const values = {
      name: input.name,
      email: input.email,
      title: input.title,
      role: input.role,
      permissions,
      location: input.location,
    };
    let before: User | null = null;
    let id: number;
    if (input.id) {
      const [existing] = await loadForUpdate(trx, actor, [input.id]);
      if (!existing) throw AppError.notFound('User');
      before = toUser(existing);
      if (existing.disabled) throw new AppError('CONFLICT', 'This user is disabled and cannot be edited');
      assertNotStale(existing.updated_at, input.updated_at, 'user');
      assertMayManageRole(actor, existing.role);
      assertMayTouchSuperAdmin(actor, existing);
      if (existing.id === actor.userId) {
        if (existing.role !== input.role)
          throw AppError.badField('body.role', 'You cannot change your own role');
        const stored = new Set(existing.permissions);
        if (permissions.length !== stored.size || permissions.some((p) => !stored.has(p))) {
          throw AppError.badField('body.permissions', 'You cannot change your own permissions');
        }
      }
      assertMayGrant(actor, permissions, existing.permissions);
      id = existing.id;
      await repo.updateUser(trx, actor.accountId, id, values);
    } else {
      assertMayGrant(actor, permissions, []);
      id = await repo.insertUser(trx, { account_id: actor.accountId, password_hash: null, ...values });
    }
    await repo.setUserGroups(trx, id, groupIds);
    const saved = await repo.findUser(trx, actor.accountId, id);
    if (!saved) throw AppError.notFound('User');
    const user = toUser(saved);
    if (!before) await issueLink(deps, trx, user, 'activation');
    await recordActivity(trx, actor, {
      configuredObject: 'user',
      objectName: user.name,
      objectId: user.id,
      before: before && audited(before),
      after: audited(user),
    });
    return { user };
  });
}

/**
 * Deletes users, all or nothing (spec 01 §2.6). Errors: 404 for unknown ids; 400 for oneself
 * or the account's super admin; 403 when a non-admin deletes an ADMIN.
 */
export async function deleteUsers(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const users = await loadForUpdate(trx, actor, ids);
    for (const u of users) {
      if (u.id === actor.userId) throw AppError.badField('body.user_ids', 'You cannot delete yourself');
      if (u.super_admin)
        throw AppError.badField('body.user_ids', `${u.name} owns the account and cannot be deleted`);
      assertMayManageRole(actor, u.role);
    }
    await repo.deleteUsers(trx, actor.accountId, ids);
    await recordActivity(
      trx,
      actor,
      ...users.map((u) => ({
        configuredObject: 'user' as const,
        objectName: u.name,
        objectId: u.id,
        before: audited(toUser(u)),
        after: null,
      })),
    );
  });
  return { ok: true };
}

/**
 * Forces a password reset (issue 2 §2): clears the users' passwords, ends their sessions,
 * revokes their API tokens and mails each a reset link, all or nothing. 404 for unknown ids; 403 when a non-admin targets an
 * ADMIN or anyone but the super admin targets the super admin (issue 8 item 2).
 */
export async function forcePasswordReset(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const users = await loadForUpdate(trx, actor, ids);
    for (const u of users) {
      assertMayManageRole(actor, u.role);
      assertMayTouchSuperAdmin(actor, u);
    }
    await repo.clearPasswords(trx, actor.accountId, ids);
    await deleteSessionsOfUsers(trx, ids);
    await revokeTokensOfUsers(trx, ids);
    for (const u of users) await issueLink(deps, trx, u, 'reset');
    await recordActivity(
      trx,
      actor,
      ...users.map((u) => ({
        configuredObject: 'user' as const,
        objectName: u.name,
        objectId: u.id,
        before: { password: 'set' },
        after: { password: 'reset required' },
      })),
    );
  });
  return { ok: true };
}

/**
 * Mails new activation links, voiding the old ones (spec 01 §2.6). Only for users who never
 * signed in: otherwise 400 naming them. 404 for unknown ids; 403 as for a forced reset.
 */
export async function resendActivation(deps: AppDeps, actor: Actor, ids: number[]): Promise<{ ok: true }> {
  await deps.db.transaction().execute(async (trx) => {
    const users = await loadForUpdate(trx, actor, ids);
    for (const u of users) {
      assertMayManageRole(actor, u.role);
      assertMayTouchSuperAdmin(actor, u);
    }
    const signedIn = users.filter((u) => u.last_login !== null);
    if (signedIn.length > 0) {
      throw AppError.badField(
        'body.user_ids',
        `Activation links go only to users who never signed in; ${signedIn.map((u) => u.name).join(', ')} did`,
      );
    }
    for (const u of users) await issueLink(deps, trx, u, 'activation');
  });
  return { ok: true };
}
