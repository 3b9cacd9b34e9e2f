import type { FeatureFlag } from './feature-flags';
import { hasPermission, type Permission } from './permissions';

/** One admin page the navigation can show. */
export interface AdminPage {
  key: string;
  /** Route under /admin. */
  path: string;
  /** Label; `{template}` is replaced by "Template" or "Dataset" (datasets-page flag). */
  label: string;
  /** Any one of these permissions opens the page; empty means everyone signed in. */
  anyOf: readonly Permission[];
  /** The page exists only when this flag is on. */
  feature?: FeatureFlag;
}

/**
 * Pages in landing-redirect order (spec 01 §2.1): reports, users, groups ("activities
 * (manage_groups)" means the groups page), accounts, targets, patterns, fieldsets, lists,
 * templates, folders, then settings as the default. The lists manager (spec 02, the newer view of
 * lists) sits under lists for the same people. Settings opens only for those who may change the
 * account's feature flags (saving them needs all_privileges). The activity log follows, behind its flag.
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  // Submitting codes through templates (issue 11 item 1): everyone signed in; first in the
  // navigation, and where a person whom no admin page opens lands.
  { key: 'codes', path: '/codes', label: 'Codes', anyOf: [] },
  {
    key: 'reports',
    path: '/admin/account/reports',
    label: 'Reports',
    anyOf: ['all_privileges', 'access_reports'],
  },
  // Audits of what is live in the ad platforms (README "Audits"): read with access_reports, set up
  // with manage_audits; not a landing page.
  { key: 'audits', path: '/admin/audits', label: 'Audits', anyOf: ['access_reports', 'manage_audits'] },
  { key: 'users', path: '/admin/users', label: 'Users', anyOf: ['manage_users'] },
  { key: 'groups', path: '/admin/groups', label: 'Groups', anyOf: ['manage_groups'] },
  { key: 'accounts', path: '/admin/accounts', label: 'Connected accounts', anyOf: ['manage_connectors'] },
  { key: 'targets', path: '/admin/targets', label: 'Targets', anyOf: ['manage_targets'] },
  { key: 'patterns', path: '/admin/patterns', label: 'Patterns', anyOf: ['manage_patterns'] },
  { key: 'fieldsets', path: '/admin/fieldsets', label: 'Field sets', anyOf: ['manage_field_sets'] },
  { key: 'lists', path: '/admin/lists', label: 'Lists', anyOf: ['manage_lists'] },
  { key: 'lists-manager', path: '/admin/lists-manager', label: 'Lists manager', anyOf: ['manage_lists'] },
  { key: 'templates', path: '/admin/templates', label: '{template}s', anyOf: ['manage_templates'] },
  { key: 'folders', path: '/admin/folders', label: 'Folders', anyOf: ['manage_folders'] },
  { key: 'settings', path: '/admin/settings', label: 'Settings', anyOf: ['all_privileges'] },
  {
    key: 'activities',
    path: '/admin/activities',
    label: 'User activity log',
    anyOf: ['all_privileges'],
    feature: 'user-activity-log',
  },
];

/** Whether a user holding `permissions` with `features` on may open `page`. */
export function canOpenPage(
  page: AdminPage,
  permissions: readonly Permission[],
  features: readonly FeatureFlag[],
): boolean {
  if (page.feature && !features.includes(page.feature)) return false;
  return page.anyOf.length === 0 || page.anyOf.some((p) => hasPermission(permissions, p));
}

/** The pages the navigation shows to this user, in order. */
export function visiblePages(
  permissions: readonly Permission[],
  features: readonly FeatureFlag[],
): AdminPage[] {
  return ADMIN_PAGES.filter((page) => canOpenPage(page, permissions, features));
}

/** Pages /admin never lands on: they are not in the landing order of spec 01 §2.1. */
const NOT_LANDING: ReadonlySet<string> = new Set([
  'codes',
  'audits',
  'lists-manager',
  'settings',
  'activities',
]);

/**
 * Where /admin sends a user (spec 01 §2.1): the first admin page of the landing order the user
 * may open; /codes when none (issue 11 item 1: a USER lands on the codes page, not on the
 * read-only settings page).
 */
export function landingPath(permissions: readonly Permission[], features: readonly FeatureFlag[]): string {
  const first = ADMIN_PAGES.find(
    (page) => !NOT_LANDING.has(page.key) && canOpenPage(page, permissions, features),
  );
  return first?.path ?? '/codes';
}

/** The wording the datasets-page flag switches (spec 01 §1): "template" or "dataset". */
export function templateWord(features: readonly FeatureFlag[]): 'template' | 'dataset' {
  return features.includes('datasets-page') ? 'dataset' : 'template';
}
