import { describe, expect, it } from 'vitest';
import { effectivePermissions, grantablePermissions, hasPermission } from './permissions';

describe('effectivePermissions (spec 01 §6)', () => {
  it('gives an ADMIN every privilege but approve_suggestions, unless granted', () => {
    const admin = effectivePermissions({ role: 'ADMIN', permissions: [], super_admin: false });
    expect(admin).toContain('all_privileges');
    expect(admin).toContain('manage_lists');
    expect(admin).not.toContain('approve_suggestions');
    expect(
      effectivePermissions({ role: 'ADMIN', permissions: ['approve_suggestions'], super_admin: false }),
    ).toContain('approve_suggestions');
  });

  it('always gives a super admin approve_suggestions', () => {
    expect(effectivePermissions({ role: 'ADMIN', permissions: [], super_admin: true })).toContain(
      'approve_suggestions',
    );
  });

  it('keeps only the grants a role may hold', () => {
    expect(
      effectivePermissions({
        role: 'USER',
        permissions: ['manage_users', 'edit_submissions'],
        super_admin: false,
      }),
    ).toEqual(['edit_submissions']);
    expect(
      effectivePermissions({
        role: 'MANAGER',
        permissions: ['manage_lists', 'all_privileges'],
        super_admin: false,
      }),
    ).toEqual(['manage_lists']);
  });
});

describe('grantablePermissions', () => {
  it('offers approve_suggestions to admins only with live collaboration', () => {
    expect(grantablePermissions('ADMIN', [])).toEqual([]);
    expect(grantablePermissions('ADMIN', ['live-collaboration'])).toEqual(['approve_suggestions']);
    expect(grantablePermissions('USER', [])).toEqual(['edit_submissions']);
    expect(grantablePermissions('MANAGER', [])).not.toContain('all_privileges');
  });
});

describe('hasPermission', () => {
  it('lets all_privileges pass every check but approve_suggestions', () => {
    expect(hasPermission(['all_privileges'], 'manage_folders')).toBe(true);
    expect(hasPermission(['all_privileges'], 'approve_suggestions')).toBe(false);
    expect(hasPermission(['manage_lists'], 'manage_folders')).toBe(false);
  });
});
