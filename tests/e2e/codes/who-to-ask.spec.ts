import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiAs, uniqueName } from '../support/api';
import { expect, test } from '../support/test';

/** DATA_DIR of the e2e server (start-server.mjs), where mail lands as files without SMTP. */
const DATA_DIR =
  process.env.E2E_DATA_DIR ??
  join(import.meta.dirname, '..', '..', '..', '.data', `e2e-${process.env.E2E_PORT ?? '3210'}`);

/** The first link of the newest mail to `email` in DATA_DIR/mail. */
function lastMailedLink(email: string): string {
  const folder = join(DATA_DIR, 'mail');
  const mail = readdirSync(folder)
    .sort()
    .reverse()
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .find((text) => text.includes(`\r\nTo: ${email}\r\n`));
  const link = mail?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail with a link to ${email} in ${folder}`);
  return link;
}

test("[CODES]: a user with no template sees the account's admins to ask", async ({ baseURL, browser }) => {
  const api = await apiAs('admin', baseURL!);
  const email = `${uniqueName('lonely').split(' ').pop()}@acme.test`;
  const created = await api.put('/api/v1/account/user', {
    data: { name: 'Lou Lonely', email, role: 'USER' },
  });
  expect(created.status()).toBe(200);
  const users = (await (await api.get('/api/v1/account/user')).json()) as {
    data: { name: string; role: string; disabled: boolean }[];
  };
  await api.dispose();
  const link = new URL(lastMailedLink(email));

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('welcome-aboard-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('welcome-aboard-1');
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page).toHaveURL(/\/codes$/);

  const admins = users.data.filter((u) => u.role === 'ADMIN' && !u.disabled).map((u) => u.name);
  expect(admins.length).toBeGreaterThan(0);
  const ask = page.getByText(/is shared with you yet: ask .+ to add one to your group or its folders\./);
  await expect(ask).toBeVisible();
  for (const name of admins) await expect(ask).toContainText(name);
  await expect(ask).not.toContainText('ask an admin');
  await context.close();
});
