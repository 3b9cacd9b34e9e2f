import { expect, test as setup } from '@playwright/test';
import { DEMO_PASSWORD, ROLES, type RoleName, storageStateOf } from './support/roles';

// Signs in once per role through the real sign-in page and keeps the session for the tests
// (STYLE.md: sign in once per role in a setup project and reuse the storage state).
for (const role of Object.keys(ROLES) as RoleName[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(ROLES[role]);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Admins land on their first admin page, a USER on /codes (issue 11 item 1).
    await expect(page).toHaveURL(/\/(admin|codes)(\/|$)/);
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
