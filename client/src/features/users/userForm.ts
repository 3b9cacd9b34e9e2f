import {
  type FeatureFlag,
  grantablePermissions,
  type Permission,
  ROLES,
  type Role,
  type User,
  type UserSave,
} from '@nomen/shared';

/** Display labels of the roles (spec 01 §6: labels not shown; ours). */
export const ROLE_LABELS: Record<Role, string> = { ADMIN: 'Admin', MANAGER: 'Manager', USER: 'User' };

/** The values of the user drawer's form (spec 01 §2.6), shaped as the save body. */
export type UserFormValues = UserSave & {
  permissions: Permission[];
  group_ids: number[];
  title: string;
  location: string;
};

/** The drawer's starting values: the user's, or an empty USER for a new one (spec 01 §2.6). */
export function userFormDefaults(user: User | null): UserFormValues {
  return {
    id: user?.id ?? null,
    name: user?.name ?? '',
    email: user?.email ?? '',
    title: user?.title ?? '',
    role: user?.role ?? 'USER',
    permissions: user ? [...user.permissions] : [],
    group_ids: user ? [...user.group_ids] : [],
    location: user?.location ?? '',
    updated_at: user?.updated_at ?? null,
  };
}

/**
 * The permissions kept when the role changes (spec 01 §4: role choice switches the permission
 * controls): those the new role may hold with the account's flags, in their original order.
 */
export function keepGrantable(
  permissions: readonly Permission[],
  role: Role,
  features: readonly FeatureFlag[],
): Permission[] {
  const allowed = new Set(grantablePermissions(role, features));
  return permissions.filter((p) => allowed.has(p));
}

/**
 * The role choices offered (spec 01 §6): everyone may pick MANAGER or USER; ADMIN only for
 * holders of all_privileges, since the server refuses others; the current role always stays.
 */
export function roleOptions(
  canManageAdmins: boolean,
  current: Role | null,
): { value: Role; label: string }[] {
  return ROLES.filter((role) => role !== 'ADMIN' || canManageAdmins || current === 'ADMIN').map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
  }));
}
