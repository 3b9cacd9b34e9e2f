import { hasPermission, type Me, type Permission, type User } from '@nomen/shared';

/**
 * What the users screen needs to know about the signed-in person to decide what they may change
 * (ARCHITECTURE.md, security rules: nobody grants a right they do not hold, changes their own
 * role, or touches the super admin). Built from GET /api/v1/auth/me.
 */
export interface Viewer {
  id: number;
  isSuperAdmin: boolean;
  /** Effective permissions, as /auth/me answers them. */
  permissions: readonly Permission[];
}

/** The Viewer of a /auth/me answer. */
export function viewerOf(me: Pick<Me, 'user' | 'permissions'>): Viewer {
  return { id: me.user.id, isSuperAdmin: me.user.super_admin, permissions: me.permissions };
}

/** The reasons the users screen gives for a control it disables (issue 8 items 2, 3, 21). */
export const USER_RIGHTS_REASONS = {
  disabled: 'This user is disabled, so their details cannot be changed.',
  adminsOnly: 'Only admins can change admin users.',
  superAdmin: 'Only the super admin can change the super admin.',
  deleteSelf: 'You cannot delete yourself.',
  deleteSuperAdmin: 'The super admin cannot be deleted.',
  ownRole: 'You cannot change your own role.',
  ownPermissions: 'You cannot change your own permissions.',
  notHeld: 'You can only grant permissions you hold yourself.',
} as const;

type Target = Pick<User, 'id' | 'super_admin'>;

/** Whether `target` is the super admin and someone else is looking (issue 8 item 2). */
function isOthersSuperAdmin(target: Target, viewer: Viewer): boolean {
  return target.super_admin && !viewer.isSuperAdmin && target.id !== viewer.id;
}

/**
 * Why the user drawer is read-only for `user`, or null when it can be edited (spec 01 §2.6;
 * issue 8 item 2): disabled users are locked; only the super admin changes the super admin;
 * only holders of all_privileges change admin users. A new user (null) is never locked.
 */
export function readOnlyReason(user: User | null, viewer: Viewer): string | null {
  if (!user) return null;
  if (user.disabled) return USER_RIGHTS_REASONS.disabled;
  if (isOthersSuperAdmin(user, viewer)) return USER_RIGHTS_REASONS.superAdmin;
  if (user.role === 'ADMIN' && !viewer.permissions.includes('all_privileges')) {
    return USER_RIGHTS_REASONS.adminsOnly;
  }
  return null;
}

/**
 * Why the selected users cannot be deleted, or null when they can (issue 8 item 21; the server
 * refuses the same): nobody deletes themselves, and nobody deletes the super admin.
 */
export function deleteBlockedReason(selected: readonly Target[], viewer: Viewer): string | null {
  if (selected.some((u) => u.id === viewer.id)) return USER_RIGHTS_REASONS.deleteSelf;
  if (selected.some((u) => u.super_admin)) return USER_RIGHTS_REASONS.deleteSuperAdmin;
  return null;
}

/**
 * Why an action that changes the selected users (force password reset, resend activation)
 * is refused, or null when it is allowed (issue 8 item 2): only the super admin changes the
 * super admin.
 */
export function changeBlockedReason(selected: readonly Target[], viewer: Viewer): string | null {
  return selected.some((u) => isOthersSuperAdmin(u, viewer)) ? USER_RIGHTS_REASONS.superAdmin : null;
}

/** Why the role of the edited user cannot be changed, or null (issue 8 item 3: not one's own). */
export function roleLockReason(user: Target | null, viewer: Viewer): string | null {
  return user?.id === viewer.id ? USER_RIGHTS_REASONS.ownRole : null;
}

/**
 * Why the checkbox of `permission` cannot be changed for the edited user, or null (issue 8 item
 * 3): nobody changes their own permissions, and nobody grants or takes away a permission they do
 * not hold themselves (all_privileges counts as every manage_* permission, not as
 * approve_suggestions).
 */
export function permissionLockReason(
  permission: Permission,
  user: Target | null,
  viewer: Viewer,
): string | null {
  if (user?.id === viewer.id) return USER_RIGHTS_REASONS.ownPermissions;
  if (!hasPermission(viewer.permissions, permission)) return USER_RIGHTS_REASONS.notHeld;
  return null;
}
