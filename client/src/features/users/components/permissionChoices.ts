import type { Permission, Role, User } from '@nomen/shared';
import { permissionLockReason, USER_RIGHTS_REASONS, type Viewer } from '../userRights';

/** A permission the drawer offers for a role: its slug and the name people read (spec 01 §7). */
export interface PermissionOption {
  slug: Permission;
  name: string;
}

/**
 * A permission checkbox of the user drawer: the option, whether it is the super admin's always-held
 * approve_suggestions, and why it cannot be changed (null when it can).
 */
export interface PermissionChoice extends PermissionOption {
  isOwnerApproval: boolean;
  reason: string | null;
}

/** The account owner always approves suggestions (spec 01 §2.6). */
export const OWNER_APPROVAL_REASON = 'The account owner always approves suggestions.';

/**
 * The checkboxes of the user drawer's permissions (spec 01 §2.6): each offered option with why it
 * is locked: a super admin who is an admin always holds approve_suggestions; others get the
 * reason of {@link permissionLockReason} for the edited `user` and the `viewer`.
 */
export function permissionChoices(
  options: readonly PermissionOption[],
  isSuperAdminApprover: boolean,
  user: User | null,
  viewer: Viewer,
): PermissionChoice[] {
  return options.map((option) => {
    const isOwnerApproval = isSuperAdminApprover && option.slug === 'approve_suggestions';
    const reason = isOwnerApproval ? OWNER_APPROVAL_REASON : permissionLockReason(option.slug, user, viewer);
    return { ...option, isOwnerApproval, reason };
  });
}

/**
 * The permissions shown checked (spec 01 §2.6): the stored ones, plus approve_suggestions for a
 * super admin who is an admin, which they always hold.
 */
export function shownPermissions(stored: readonly Permission[], isSuperAdminApprover: boolean): Permission[] {
  return isSuperAdminApprover && !stored.includes('approve_suggestions')
    ? [...stored, 'approve_suggestions']
    : [...stored];
}

/**
 * The permissions to store after the checkboxes changed to `chosen`: the shown-only
 * approve_suggestions of a super admin is not stored when it was not stored before.
 */
export function storedPermissions(
  chosen: readonly Permission[],
  stored: readonly Permission[],
  isSuperAdminApprover: boolean,
): Permission[] {
  return isSuperAdminApprover && !stored.includes('approve_suggestions')
    ? chosen.filter((p) => p !== 'approve_suggestions')
    : [...chosen];
}

/** What the permissions group's description says about the drawer's state. */
export interface PermissionsNoteInput {
  role: Role;
  isReadOnly: boolean;
  /** The signed-in person edits themself (their role is locked). */
  isOwn: boolean;
  /** Some offered permission is not held by the signed-in person. */
  hasUnheld: boolean;
}

/**
 * The description under "Permissions" (spec 01 §2.6): what the role means, or that one's own
 * permissions cannot change, or that only held permissions can be granted.
 */
export function permissionsDescription({ role, isReadOnly, isOwn, hasUnheld }: PermissionsNoteInput): string {
  const roleNote =
    role === 'ADMIN'
      ? 'Admins hold every manage permission through their role.'
      : 'What this user may manage besides their own work.';
  if (isReadOnly) return roleNote;
  if (isOwn) return USER_RIGHTS_REASONS.ownPermissions;
  return hasUnheld ? `${roleNote} ${USER_RIGHTS_REASONS.notHeld}` : roleNote;
}
