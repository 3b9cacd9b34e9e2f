import { DEMO_PASSWORD, ROLES, storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.describe('signing in', () => {
  test('[AUTH]: an admin signs in through the page and lands on the first page allowed', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email', { exact: true }).fill(ROLES.admin);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/account\/reports$/);
    await expect(page.getByTestId('account-name')).toHaveText('Acme Marketing');
  });
});

test.describe('as an admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('[SHELL]: navigation lists every admin page, the activity log included', async ({ page }) => {
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    for (const label of [
      'Codes',
      'Reports',
      'Audits',
      'Users',
      'Groups',
      'Connected accounts',
      'Targets',
      'Patterns',
      'Field sets',
      'Lists',
      'Lists manager',
      'Templates',
      'Folders',
      'Settings',
      'User activity log',
    ]) {
      // "Codes" carries the approvals badge when other work left a submission awaiting this admin,
      // so its accessible name may go on ("Codes 2 awaiting your approval").
      const name = label === 'Codes' ? /^Codes( \d+\+? awaiting your approval)?$/ : label;
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('[SHELL]: connectors paths go to connected accounts and unknown paths show the fallback', async ({
    page,
  }) => {
    await page.goto('/admin/connectors/anything');
    await expect(page).toHaveURL(/\/admin\/accounts$/);
    await page.goto('/admin/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/nowhere/at/all');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('as a user without admin permissions', () => {
  test.use({ storageState: storageStateOf('user') });

  test('[ROLES]: user@acme.test lands on codes, sees only codes, and is refused settings and other pages', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/codes$/);
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    // Settings change the account's feature flags, which only an admin may do.
    await expect(nav.getByRole('link')).toHaveText(['Codes']);
    for (const path of ['/admin/settings', '/admin/users', '/admin/activities', '/admin/audits']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    }
  });
});

test.describe('as a manager with manage_lists', () => {
  test.use({ storageState: storageStateOf('commenter1') });

  test('[ROLES]: a commenter lands on lists, sees lists and the lists manager only, and opens the manager from the navigation', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/lists$/);
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link')).toHaveText(['Codes', 'Lists', 'Lists manager']);
    const manager = nav.getByRole('link', { name: 'Lists manager', exact: true });
    await manager.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/lists-manager$/);
    await expect(page.getByRole('heading', { name: 'Lists manager' })).toBeVisible();
    await expect(manager).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Lists', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
