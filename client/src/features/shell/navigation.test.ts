import { ADMIN_PAGES } from '@nomen/shared';
import { describe, expect, it } from 'vitest';
import { isPageActive } from './navigation';

const page = (key: string) => ADMIN_PAGES.find((p) => p.key === key)!;

describe('isPageActive', () => {
  it('matches the page and paths below it', () => {
    expect(isPageActive(page('targets'), '/admin/targets')).toBe(true);
    expect(isPageActive(page('targets'), '/admin/targets/new')).toBe(true);
    expect(isPageActive(page('targets'), '/admin/targetsx')).toBe(false);
  });

  it('counts the lists manager as its own entry and account settings as settings', () => {
    expect(isPageActive(page('lists-manager'), '/admin/lists-manager/edit/4')).toBe(true);
    expect(isPageActive(page('lists'), '/admin/lists-manager/edit/4')).toBe(false);
    expect(isPageActive(page('settings'), '/admin/account/settings')).toBe(true);
    expect(isPageActive(page('reports'), '/admin/account/settings')).toBe(false);
  });

  it('counts every page under /codes as the codes entry', () => {
    expect(isPageActive(page('codes'), '/codes')).toBe(true);
    expect(isPageActive(page('codes'), '/codes/new/4')).toBe(true);
    expect(isPageActive(page('codes'), '/admin/templates')).toBe(false);
  });
});
