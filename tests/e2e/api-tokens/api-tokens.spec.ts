import { request } from '@playwright/test';
import { uniqueName } from '../support/api';
import { ROLES, storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('user') });

test('[API TOKENS]: a person makes a token, copies it once, uses it from a script, and revokes it', async ({
  page,
  context,
  baseURL,
}) => {
  // Two reloads and a script's requests beside the page: more steps than most tests.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const name = uniqueName('Nightly import');

  await page.goto('/admin');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/admin\/api-tokens$/);
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();

  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Expires' }).click();
  await page.getByRole('option', { name: '7 days' }).click();
  await dialog.getByRole('button', { name: 'Create token' }).click();

  await expect(dialog.getByText('Shown only this once')).toBeVisible();
  const secret = (await dialog.getByTestId('new-token-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^nomen_pat_/);
  await dialog.getByRole('button', { name: 'Copy token' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Listed by name, its first characters and its expiry; the secret is never shown again.
  const table = page.getByRole('table', { name: 'API tokens' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(`${secret.slice(0, 14)}…`);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('In 7 days');
  await expect(row).toContainText('Never'); // not used yet
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A script with nothing but the token acts as the person.
  const script = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });
  const me = await script.get('/api/v1/auth/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe(ROLES.user);
  expect((await script.get('/api/v1/account/submissions')).status()).toBe(200);

  await page.reload();
  await expect(row).toContainText('In 7 days');
  await expect(row).not.toContainText('Never'); // its last use is shown
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('stop working at once');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');

  // Refused at once.
  expect((await script.get('/api/v1/auth/me')).status()).toBe(401);
  await script.dispose();
});
