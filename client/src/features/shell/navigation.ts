import type { AdminPage } from '@nomen/shared';

/** Extra path prefixes that belong to a navigation entry (spec 01 §2.2 route list). */
const EXTRA_PREFIXES: Record<string, readonly string[]> = {
  settings: ['/admin/account/settings'],
};

/**
 * Whether the navigation entry of `page` is the current one for `pathname`: the page itself, a
 * path below it, or one of its sibling routes (spec 01 §2.2: account settings).
 */
export function isPageActive(page: AdminPage, pathname: string): boolean {
  const prefixes = [page.path, ...(EXTRA_PREFIXES[page.key] ?? [])];
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
