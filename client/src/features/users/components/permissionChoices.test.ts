import type { User } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { USER_RIGHTS_REASONS, type Viewer } from '../userRights';
import {
  OWNER_APPROVAL_REASON,
  permissionChoices,
  permissionsDescription,
  shownPermissions,
  storedPermissions,
} from './permissionChoices';

const owner = { id: 1, super_admin: true, role: 'ADMIN' } as User;
const other = { id: 5, super_admin: false, role: 'MANAGER' } as User;
const viewer: Viewer = { id: 1, isSuperAdmin: true, permissions: ['manage_lists'] };
const options = [
  { slug: 'approve_suggestions', name: 'Approve suggestions' },
  { slug: 'manage_lists', name: 'Manage lists' },
  { slug: 'manage_users', name: 'Manage users' },
] as const;

describe('permissionChoices (spec 01 §2.6)', () => {
  it("locks a super admin approver's approve_suggestions with the owner's reason", () => {
    const [approve] = permissionChoices(options, true, owner, { ...viewer, id: 9 });
    expect(approve).toMatchObject({ isOwnerApproval: true, reason: OWNER_APPROVAL_REASON });
  });

  it('gives the lock reason of permissions the viewer does not hold', () => {
    const choices = permissionChoices(options, false, other, viewer);
    expect(choices.map((c) => c.reason)).toEqual([
      USER_RIGHTS_REASONS.notHeld,
      null,
      USER_RIGHTS_REASONS.notHeld,
    ]);
  });
});

describe('shownPermissions and storedPermissions', () => {
  it('shows approve_suggestions for a super admin approver without storing it', () => {
    expect(shownPermissions(['manage_lists'], true)).toEqual(['manage_lists', 'approve_suggestions']);
    expect(storedPermissions(['manage_lists', 'approve_suggestions'], ['manage_lists'], true)).toEqual([
      'manage_lists',
    ]);
  });

  it('keeps the permissions as they are otherwise', () => {
    expect(shownPermissions(['manage_lists'], false)).toEqual(['manage_lists']);
    expect(storedPermissions(['approve_suggestions'], [], false)).toEqual(['approve_suggestions']);
  });
});

describe('permissionsDescription', () => {
  const noteOf = (role: 'ADMIN' | 'USER') =>
    role === 'ADMIN'
      ? 'Admins hold every manage permission through their role.'
      : 'What this user may manage besides their own work.';

  it("says what the role means when read-only, and why one's own cannot change", () => {
    expect(permissionsDescription({ role: 'ADMIN', isReadOnly: true, isOwn: true, hasUnheld: true })).toBe(
      noteOf('ADMIN'),
    );
    expect(permissionsDescription({ role: 'USER', isReadOnly: false, isOwn: true, hasUnheld: false })).toBe(
      USER_RIGHTS_REASONS.ownPermissions,
    );
  });

  it('adds the not-held note when some permission is not held', () => {
    expect(permissionsDescription({ role: 'USER', isReadOnly: false, isOwn: false, hasUnheld: true })).toBe(
      `${noteOf('USER')} ${USER_RIGHTS_REASONS.notHeld}`,
    );
  });
});
