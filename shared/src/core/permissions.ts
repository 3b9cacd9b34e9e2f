import type { FeatureFlag } from './feature-flags';

/** The three roles of spec 01 §6. */
export const ROLES = ['ADMIN', 'MANAGER', 'USER'] as const;
/** A user's role (spec 01 §6). */
export type Role = (typeof ROLES)[number];

/** Every permission slug of spec 01 §6. */
export const PERMISSIONS = [
  'all_privileges',
  'access_reports',
  'manage_users',
  'manage_groups',
  'manage_connectors',
  'manage_targets',
  'manage_patterns',
  'manage_field_sets',
  'manage_lists',
  'manage_templates',
  'manage_folders',
  'manage_audits',
  'approve_suggestions',
  'edit_submissions',
] as const;
/** One permission slug. */
export type Permission = (typeof PERMISSIONS)[number];

/** Display names of the permissions, as the user drawer shows them. */
export const PERMISSION_NAMES: Record<Permission, string> = {
  all_privileges: 'All privileges',
  access_reports: 'Access reports',
  manage_users: 'Manage users',
  manage_groups: 'Manage groups',
  manage_connectors: 'Manage connected accounts',
  manage_targets: 'Manage targets',
  manage_patterns: 'Manage patterns',
  manage_field_sets: 'Manage field sets',
  manage_lists: 'Manage lists',
  manage_templates: 'Manage templates',
  manage_folders: 'Manage folders',
  manage_audits: 'Manage audits',
  approve_suggestions: 'Approve suggestions',
  edit_submissions: 'Allow submission editing',
};

/** Permissions an ADMIN holds by role alone: everything but the two opt-in ones. */
const ADMIN_IMPLIED: readonly Permission[] = PERMISSIONS.filter((p) => p !== 'approve_suggestions');

/** Permissions a MANAGER may be given, chosen in the user drawer (spec 01 §6). */
const MANAGER_GRANTABLE: readonly Permission[] = [
  'access_reports',
  'manage_users',
  'manage_groups',
  'manage_connectors',
  'manage_targets',
  'manage_patterns',
  'manage_field_sets',
  'manage_lists',
  'manage_templates',
  'manage_folders',
  'manage_audits',
  'edit_submissions',
];

/**
 * The permissions that can be granted to a user of `role`, which is what the drawer offers
 * (spec 01 §2.6, §6): ADMIN approve_suggestions (only with live collaboration), MANAGER the
 * manage_* set (plus approve_suggestions with live collaboration), USER edit_submissions.
 */
export function grantablePermissions(role: Role, features: readonly FeatureFlag[]): Permission[] {
  const live = features.includes('live-collaboration');
  switch (role) {
    case 'ADMIN':
      return live ? ['approve_suggestions'] : [];
    case 'MANAGER':
      return live ? [...MANAGER_GRANTABLE, 'approve_suggestions'] : [...MANAGER_GRANTABLE];
    case 'USER':
      return ['edit_submissions'];
  }
}

/** The facts about a user that decide what they may do. */
export interface PermissionSubject {
  role: Role;
  /** Permissions stored on the user (the ones granted in the drawer). */
  permissions: readonly string[];
  super_admin: boolean;
}

/**
 * The effective permissions of a user (spec 01 §6): an ADMIN holds all_privileges and every
 * manage_* permission; a super_admin also always holds approve_suggestions; otherwise the stored
 * grants count only where the role may hold them. Result is sorted in PERMISSIONS order.
 */
export function effectivePermissions(user: PermissionSubject): Permission[] {
  const granted = new Set<Permission>();
  const grantable = new Set<Permission>(grantablePermissions(user.role, ['live-collaboration']));
  for (const p of user.permissions) if (grantable.has(p as Permission)) granted.add(p as Permission);
  if (user.role === 'ADMIN') for (const p of ADMIN_IMPLIED) granted.add(p);
  if (user.role === 'ADMIN' && user.super_admin) granted.add('approve_suggestions');
  return PERMISSIONS.filter((p) => granted.has(p));
}

/** Whether a holder of `held` passes a check for `needed`; all_privileges passes every check. */
export function hasPermission(held: readonly Permission[], needed: Permission): boolean {
  return held.includes(needed) || (held.includes('all_privileges') && needed !== 'approve_suggestions');
}
