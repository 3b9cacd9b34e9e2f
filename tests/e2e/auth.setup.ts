import { expect, test as setup } from '@playwright/test';
import { DEMO_PASSWORD, ROLES, type RoleName, storageStateOf } from './support/roles';
import { e2eWorkers, workerEnv } from './support/worker';

// Signs in once per role through the real sign-in page and keeps the session for the tests
// (STYLE.md: sign in once per role in a setup project and reuse the storage state), on every
// worker's server (support/worker.ts), each in a context of its own: session cookies name the
// host, not the port, so one context would carry one server's session only.
for (const role of Object.keys(ROLES) as RoleName[]) {
  setup(`sign in as ${role}`, async ({ browser }) => {
    // The usual budget for each server's sign-in.
    setup.setTimeout(setup.info().timeout * e2eWorkers());
    for (let worker = 0; worker < e2eWorkers(); worker++) {
      const port = Number(workerEnv(worker).E2E_PORT);
      const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(ROLES[role]);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Admins land on their first admin page, a USER on /codes (issue 11 item 1).
      await expect(page).toHaveURL(/\/(admin|codes)(\/|$)/);
      await context.storageState({ path: storageStateOf(role, port) });
      await context.close();
    }
  });
}
