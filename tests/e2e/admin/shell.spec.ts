import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, ROLES, storageStateOf } from '../support/roles';

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
      'Users',
      'Groups',
      'Connected accounts',
      'Targets',
      'Patterns',
      'Field sets',
      'Lists',
      'Templates',
      'Folders',
      'Settings',
      'User activity log',
    ]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
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

  test('[ROLES]: user@acme.test lands on codes, sees codes and settings (read-only), and is refused other pages', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/codes$/);
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link')).toHaveText(['Codes', 'Settings']);
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    // Flags read by their labels and descriptions, never by their slugs (issue 8 item 24).
    const wording = page.getByRole('switch', { name: 'Datasets wording' });
    await expect(wording).toBeDisabled();
    await expect(page.getByText('Say "dataset" instead of "template"')).toBeVisible();
    await expect(page.getByText('datasets-page', { exact: true })).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    await page.goto('/admin/activities');
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  });
});

test.describe('as a manager with manage_lists', () => {
  test.use({ storageState: storageStateOf('commenter1') });

  test('[ROLES]: a commenter lands on lists and sees lists and settings only', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/lists$/);
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link')).toHaveText(['Codes', 'Lists', 'Settings']);
  });
});
