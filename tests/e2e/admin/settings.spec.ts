import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

test('[SETTINGS]: the datasets-page flag switches the wording at once', async ({ page }) => {
  await page.goto('/admin/settings');
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'Templates', exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Datasets wording' }).click({ force: true });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Datasets', exact: true })).toBeVisible();

  await page.getByRole('switch', { name: 'Datasets wording' }).click({ force: true });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(nav.getByRole('link', { name: 'Templates', exact: true })).toBeVisible();
});

test('[ACTIVITY]: configuration changes appear in the activity log, page by page', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const prefix = uniqueName('Audit');
  for (let i = 1; i <= 32; i++) {
    const res = await api.put('/api/v1/account/folder', {
      data: { name: `${prefix} ${String(i).padStart(2, '0')}` },
    });
    expect(res.status()).toBe(200);
  }
  await api.dispose();

  await page.goto('/admin/activities');
  const table = page.getByRole('table', { name: 'User activity' });
  await expect(table.getByRole('row').nth(1)).toContainText(`${prefix} 32`);
  await expect(page.getByTestId('activity-range-label')).toHaveText(/^1-30 of \d+$/);
  const pages = page.getByRole('navigation', { name: 'Activity pages' });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('activity-range-label')).toHaveText(/^31-\d+ of \d+$/);
  await expect(table).toContainText(`${prefix} 02`);
  await pages.getByRole('button', { name: 'First' }).click();
  await expect(page.getByTestId('activity-range-label')).toHaveText(/^1-30 of \d+$/);
  await table.getByRole('button', { name: `Show changes of ${prefix} 32` }).click();
  await expect(table).toContainText('name');
});
