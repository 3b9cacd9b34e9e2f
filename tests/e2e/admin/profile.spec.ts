import { apiAs, uniqueName } from '../support/api';
import { lastMailedLink } from '../support/mail';
import { expect, test } from '../support/test';

test('[PROFILE]: a user renames themself, changes their password and signs out their other session', async ({
  baseURL,
  browser,
}) => {
  const api = await apiAs('admin', baseURL!);
  const email = `${uniqueName('profile').split(' ').pop()}@acme.test`;
  const created = await api.put('/api/v1/account/user', {
    data: { name: 'Pat Profile', email, role: 'USER' },
  });
  expect(created.status()).toBe(200);
  await api.dispose();
  const link = new URL(lastMailedLink(email));

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('first-password-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('first-password-1');
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page).toHaveURL(/\/codes$/);

  // The same person is also signed in on another computer.
  const elsewhere = await browser.newContext({ baseURL });
  const signedIn = await elsewhere.request.post('/api/v1/auth/login', {
    data: { email, password: 'first-password-1' },
  });
  expect(signedIn.status()).toBe(200);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();

  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Pat Profile');
  await name.fill('Pat Renamed');
  await page.getByLabel('Title', { exact: true }).fill('Media buyer');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Pat Renamed');

  const current = page.getByLabel('Current password', { exact: true });
  await current.fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password', { exact: true }).fill('second-password-2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('This is not your current password')).toBeVisible();
  await expect(current).toHaveAccessibleDescription(/This is not your current password/);
  await current.fill('first-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(current).toHaveValue('');

  await page.getByRole('button', { name: 'Sign out of other sessions' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out of other sessions?' });
  await confirm.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(page.getByText('Signed out of 1 other session')).toBeVisible();
  expect((await elsewhere.request.get('/api/v1/auth/me')).status()).toBe(401);
  await elsewhere.close();

  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Pat Renamed');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Media buyer');
  await page.getByRole('link', { name: 'Manage your API tokens' }).click();
  await expect(page).toHaveURL(/\/admin\/api-tokens$/);
  await context.close();
});
