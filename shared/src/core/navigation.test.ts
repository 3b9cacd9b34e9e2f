import { describe, expect, it } from 'vitest';
import { landingPath, templateWord, visiblePages } from './navigation';
import { effectivePermissions, type Permission } from './permissions';

describe('landingPath (spec 01 §2.1)', () => {
  it.each<[Permission[], string]>([
    [['all_privileges'], '/admin/account/reports'],
    [['access_reports', 'manage_users'], '/admin/account/reports'],
    [['manage_users', 'manage_groups'], '/admin/users'],
    [['manage_groups', 'manage_connectors'], '/admin/groups'],
    [['manage_connectors', 'manage_targets'], '/admin/accounts'],
    [['manage_targets', 'manage_patterns'], '/admin/targets'],
    [['manage_patterns', 'manage_field_sets'], '/admin/patterns'],
    [['manage_field_sets', 'manage_lists'], '/admin/fieldsets'],
    [['manage_lists', 'manage_templates'], '/admin/lists'],
    [['manage_templates', 'manage_folders'], '/admin/templates'],
    [['manage_folders'], '/admin/folders'],
    [['edit_submissions'], '/codes'],
    [[], '/codes'],
  ])('sends %j to %s', (permissions, path) => {
    expect(landingPath(permissions, [])).toBe(path);
  });

  it('never lands on the activity log, even for an admin with the flag on', () => {
    expect(landingPath(['all_privileges'], ['user-activity-log'])).toBe('/admin/account/reports');
  });
});

describe('visiblePages', () => {
  it('shows a manager only the pages of their permissions, the lists manager beside lists, and no settings', () => {
    const keys = visiblePages(['manage_lists', 'manage_folders'], []).map((p) => p.key);
    expect(keys).toEqual(['codes', 'lists', 'lists-manager', 'folders']);
  });

  it('shows settings only to those who may change the feature flags', () => {
    expect(visiblePages(['edit_submissions'], []).map((p) => p.key)).toEqual(['codes']);
    expect(visiblePages(['all_privileges'], []).map((p) => p.key)).toContain('settings');
  });

  it('shows an admin every page, and the activity log only with its flag', () => {
    const admin = effectivePermissions({ role: 'ADMIN', permissions: [], super_admin: false });
    expect(visiblePages(admin, []).map((p) => p.key)).not.toContain('activities');
    expect(visiblePages(admin, ['user-activity-log']).map((p) => p.key)).toEqual([
      'codes',
      'reports',
      'audits',
      'users',
      'groups',
      'accounts',
      'targets',
      'patterns',
      'fieldsets',
      'lists',
      'lists-manager',
      'templates',
      'folders',
      'settings',
      'activities',
    ]);
  });
});

describe('templateWord', () => {
  it('says dataset with the datasets-page flag', () => {
    expect(templateWord([])).toBe('template');
    expect(templateWord(['datasets-page'])).toBe('dataset');
  });
});
