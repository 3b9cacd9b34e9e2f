import type { Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { lastMailedLink } from '../support/mail';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

function row(page: Page, table: string, name: string) {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });
}

test('[USERS]: an admin adds, edits and deletes a user through the drawer', async ({ page }) => {
  const name = uniqueName('Casey Planner');
  const email = `${name.split(' ').pop()}@acme.test`;
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add user' });
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Email', { exact: true }).fill(email);
  await drawer.getByLabel('Title', { exact: true }).fill('Media Planner');
  await drawer.getByLabel('Role', { exact: true }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await drawer.getByRole('checkbox', { name: 'Manage lists' }).check();
  await drawer.getByLabel('Location', { exact: true }).fill('Berlin');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`User added. An activation link was emailed to ${email}.`)).toBeVisible();
  await expect(row(page, 'Users', name)).toContainText('Media Planner');

  await row(page, 'Users', name).getByText(name).click();
  const edit = page.getByRole('dialog', { name });
  await edit.getByLabel('Title', { exact: true }).fill('Senior Media Planner');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved')).toBeVisible();
  await page.reload();
  await expect(row(page, 'Users', name)).toContainText('Senior Media Planner');

  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('toolbar', { name: 'Users actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 user deleted')).toBeVisible();
  await page.reload();
  await expect(row(page, 'Users', name)).toHaveCount(0);
});

test('[USERS]: a new user activates from the mailed link and signs in', async ({ baseURL, browser }) => {
  const api = await apiAs('admin', baseURL!);
  const email = `${uniqueName('new').split(' ').pop()}@acme.test`;
  const created = await api.put('/api/v1/account/user', {
    data: { name: 'Nova Newcomer', email, role: 'USER' },
  });
  expect(created.status()).toBe(200);
  expect((await api.get('/api/dev/outbox')).status()).toBe(404);
  await api.dispose();
  const link = lastMailedLink(email);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(new URL(link).pathname + new URL(link).search);
  await fresh.getByLabel('New password', { exact: true }).fill('welcome-aboard-1');
  await fresh.getByLabel('Confirm password', { exact: true }).fill('welcome-aboard-1');
  await fresh.getByRole('button', { name: 'Activate account' }).click();
  await expect(fresh).toHaveURL(/\/codes$/);
  await context.close();
});

test('[GROUPS]: an admin adds, edits and deletes a group with members and folders', async ({ page }) => {
  const name = uniqueName('Brand team');
  await page.goto('/admin/groups');
  await page.getByRole('button', { name: 'Add group' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add group' });
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Notes', { exact: true }).fill('Owns brand naming');
  await drawer.getByLabel('Users', { exact: true }).click();
  await page.getByRole('option', { name: 'Jordan Lee' }).click();
  await page.getByRole('option', { name: 'Sam Rivera' }).click();
  await drawer.getByLabel('Notes', { exact: true }).click();
  await drawer.getByLabel('Folders', { exact: true }).click();
  await page.getByRole('option', { name: 'Brand' }).click();
  await drawer.getByLabel('Notes', { exact: true }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group added')).toBeVisible();
  await expect(row(page, 'Groups', name)).toContainText('2');

  await row(page, 'Groups', name).getByText(name).click();
  const edit = page.getByRole('dialog', { name });
  await edit.getByLabel('Notes', { exact: true }).fill('Owns brand and sponsorship naming');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group saved')).toBeVisible();
  await page.reload();
  await expect(row(page, 'Groups', name)).toContainText('sponsorship');

  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('toolbar', { name: 'Groups actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.reload();
  await expect(row(page, 'Groups', name)).toHaveCount(0);
});

test('[FOLDERS]: an admin adds, edits and deletes a folder; save waits for a change', async ({ page }) => {
  const name = uniqueName('Influencers');
  await page.goto('/admin/folders');
  await page.getByRole('button', { name: 'Add folder' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add folder' });
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeDisabled();
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Description', { exact: true }).fill('Creator partnerships');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Folder added')).toBeVisible();

  await row(page, 'Folders', name).getByText(name).click();
  const edit = page.getByRole('dialog', { name });
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel('Description', { exact: true }).fill('Creator and influencer partnerships');
  await expect(edit.getByRole('button', { name: 'Save' })).toBeEnabled();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Folder saved')).toBeVisible();

  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page
    .getByRole('toolbar', { name: 'Folders actions' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Folder deleted successfully')).toBeVisible();
  await page.reload();
  await expect(row(page, 'Folders', name)).toHaveCount(0);
});

test('[FOLDERS]: deleting a folder that holds templates shows the reason', async ({ page }) => {
  await page.goto('/admin/folders');
  await page.getByRole('checkbox', { name: 'Select Social' }).check();
  await page
    .getByRole('toolbar', { name: 'Folders actions' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('Folder "Social" holds 1 template. Move or delete them before deleting the folder.'),
  ).toBeVisible();
  await page.reload();
  await expect(row(page, 'Folders', 'Social')).toHaveCount(1);
});

test('[USERS]: a disabled user opens read-only', async ({ page }) => {
  await page.goto('/admin/users');
  await row(page, 'Users', 'Morgan Blake').getByText('Morgan Blake').click();
  const drawer = page.getByRole('dialog', { name: 'Morgan Blake' });
  await expect(drawer.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(drawer.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();
});

test('[SECURITY]: the admin screens run under the Content-Security-Policy without a violation', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto('/admin/users');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(row(page, 'Users', 'Morgan Blake')).toBeVisible();
  await row(page, 'Users', 'Morgan Blake').getByText('Morgan Blake').click();
  await expect(page.getByRole('dialog', { name: 'Morgan Blake' })).toBeVisible();
  await page.goto('/admin/lists');
  await expect(page.getByText('Countries').first()).toBeVisible();
  expect(violations).toEqual([]);
});
