import type { User } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { keepGrantable, roleOptions, userFormDefaults } from './userForm';

const user: User = {
  id: 3,
  name: 'Jordan Lee',
  email: 'commenter1@acme.test',
  title: 'Campaign Manager',
  role: 'MANAGER',
  type: 'password',
  permissions: ['manage_lists', 'approve_suggestions'],
  group_ids: [1],
  location: 'Chicago',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
  last_login: null,
  disabled: false,
  super_admin: false,
};

describe('userFormDefaults', () => {
  it('starts a new user as an empty USER', () => {
    expect(userFormDefaults(null)).toMatchObject({ id: null, name: '', role: 'USER', permissions: [] });
  });

  it("copies an existing user's values and updated_at", () => {
    expect(userFormDefaults(user)).toMatchObject({
      id: 3,
      name: 'Jordan Lee',
      permissions: ['manage_lists', 'approve_suggestions'],
      group_ids: [1],
      updated_at: '2026-11-02T00:00:00.000Z',
    });
  });
});

describe('keepGrantable', () => {
  it('drops what the new role cannot hold', () => {
    expect(keepGrantable(['manage_lists', 'edit_submissions'], 'USER', [])).toEqual(['edit_submissions']);
    expect(keepGrantable(['manage_lists', 'approve_suggestions'], 'ADMIN', ['live-collaboration'])).toEqual([
      'approve_suggestions',
    ]);
  });

  it('drops approve_suggestions without live collaboration', () => {
    expect(keepGrantable(['manage_lists', 'approve_suggestions'], 'MANAGER', [])).toEqual(['manage_lists']);
  });
});

describe('roleOptions', () => {
  it('offers ADMIN only to admins, or when it is the current role', () => {
    expect(roleOptions(true, null).map((o) => o.value)).toEqual(['ADMIN', 'MANAGER', 'USER']);
    expect(roleOptions(false, 'USER').map((o) => o.value)).toEqual(['MANAGER', 'USER']);
    expect(roleOptions(false, 'ADMIN').map((o) => o.value)).toEqual(['ADMIN', 'MANAGER', 'USER']);
  });
});
