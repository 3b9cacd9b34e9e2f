import { effectivePermissions, type User } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import {
  changeBlockedReason,
  deleteBlockedReason,
  permissionLockReason,
  readOnlyReason,
  roleLockReason,
  USER_RIGHTS_REASONS,
  type Viewer,
  viewerOf,
} from './userRights';

const base: User = {
  id: 3,
  name: 'Jordan Lee',
  email: 'commenter1@acme.test',
  title: '',
  role: 'MANAGER',
  type: 'password',
  permissions: ['manage_lists'],
  group_ids: [],
  location: '',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
  last_login: null,
  disabled: false,
  super_admin: false,
};
const owner: User = { ...base, id: 1, name: 'Alex Morgan', role: 'ADMIN', super_admin: true };
const admin: User = {
  ...base,
  id: 2,
  name: 'Priya Shah',
  role: 'ADMIN',
  permissions: ['approve_suggestions'],
};
const manager: User = { ...base, id: 4, permissions: ['manage_users', 'manage_lists'] };

const viewer = (u: User): Viewer =>
  viewerOf({
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      title: u.title,
      role: u.role,
      super_admin: u.super_admin,
    },
    permissions: effectivePermissions(u),
  });

describe('readOnlyReason', () => {
  it('locks disabled users', () => {
    expect(readOnlyReason({ ...base, disabled: true }, viewer(owner))).toBe(USER_RIGHTS_REASONS.disabled);
  });

  it('locks the super admin for everyone but the super admin', () => {
    expect(readOnlyReason(owner, viewer(admin))).toBe(USER_RIGHTS_REASONS.superAdmin);
    expect(readOnlyReason(owner, viewer(owner))).toBeNull();
  });

  it('locks admin users for people without all_privileges', () => {
    expect(readOnlyReason(admin, viewer(manager))).toBe(USER_RIGHTS_REASONS.adminsOnly);
    expect(readOnlyReason(admin, viewer(owner))).toBeNull();
    expect(readOnlyReason(null, viewer(manager))).toBeNull();
  });
});

describe('deleteBlockedReason', () => {
  it('refuses deleting oneself, even among others', () => {
    expect(deleteBlockedReason([base, admin], viewer(admin))).toBe(USER_RIGHTS_REASONS.deleteSelf);
  });

  it('refuses deleting the super admin, even for the super admin', () => {
    expect(deleteBlockedReason([base, owner], viewer(admin))).toBe(USER_RIGHTS_REASONS.deleteSuperAdmin);
    expect(deleteBlockedReason([owner], viewer(owner))).toBe(USER_RIGHTS_REASONS.deleteSelf);
  });

  it('allows deleting other users', () => {
    expect(deleteBlockedReason([base, manager], viewer(admin))).toBeNull();
  });
});

describe('changeBlockedReason', () => {
  it('refuses changing the super admin unless one is the super admin', () => {
    expect(changeBlockedReason([base, owner], viewer(admin))).toBe(USER_RIGHTS_REASONS.superAdmin);
    expect(changeBlockedReason([base, owner], viewer(owner))).toBeNull();
    expect(changeBlockedReason([base], viewer(admin))).toBeNull();
  });
});

describe('roleLockReason', () => {
  it("locks only one's own role", () => {
    expect(roleLockReason(admin, viewer(admin))).toBe(USER_RIGHTS_REASONS.ownRole);
    expect(roleLockReason(base, viewer(admin))).toBeNull();
    expect(roleLockReason(null, viewer(admin))).toBeNull();
  });
});

describe('permissionLockReason', () => {
  it("locks every one of one's own permissions", () => {
    expect(permissionLockReason('manage_lists', owner, viewer(owner))).toBe(
      USER_RIGHTS_REASONS.ownPermissions,
    );
  });

  it('locks the permissions the viewer does not hold', () => {
    expect(permissionLockReason('manage_patterns', base, viewer(manager))).toBe(USER_RIGHTS_REASONS.notHeld);
    expect(permissionLockReason('manage_users', base, viewer(manager))).toBeNull();
    expect(permissionLockReason('manage_lists', null, viewer(manager))).toBeNull();
  });

  it('counts all_privileges as every manage permission but not as approve_suggestions', () => {
    const plainAdmin = viewer({ ...admin, permissions: [] });
    expect(permissionLockReason('manage_connectors', base, plainAdmin)).toBeNull();
    expect(permissionLockReason('approve_suggestions', base, plainAdmin)).toBe(USER_RIGHTS_REASONS.notHeld);
    expect(permissionLockReason('approve_suggestions', base, viewer(owner))).toBeNull();
  });
});
