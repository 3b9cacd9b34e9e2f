import type { Page } from '@playwright/test';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

// The demo history a fresh server seeds (server/src/seed/demo-history.ts; README "SEED_DEMO_HISTORY").
/** The demo submission waiting for approval by the admin. */
const PENDING_SUBMISSION = 'Retargeting wave, Europe';
/** The demo list with the campaign managers' open suggestions. */
const REVIEWED_LIST = 'Marketing channels';

test.use({ storageState: storageStateOf('admin'), timezoneId: 'UTC' });

/** The id of the account's list named `name`, read through the API as the signed-in admin. */
async function listId(page: Page, name: string): Promise<number> {
  const lists = (await (await page.request.get('/api/v1/account/lists/')).json()) as {
    data: { id: number; name: string }[];
  };
  return lists.data.find((l) => l.name === name)!.id;
}

test('[DEMO]: on a fresh server the reports show six months of codes submitted by several people', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/account\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByText('No codes submitted in the last 6 months')).toHaveCount(0);
  await expect(page.locator('.recharts-line')).toBeVisible();

  // Every month of the trend has codes.
  const months = page.getByRole('table', { name: 'Codes submitted per month' }).locator('tbody tr');
  await expect(months).toHaveCount(6);
  for (const month of await months.all()) {
    const codes = Number(await month.getByRole('cell').nth(1).textContent());
    expect(codes, (await month.getByRole('cell').first().textContent()) ?? '').toBeGreaterThan(0);
  }
  await expect(page.getByTestId('summary-submissions')).not.toHaveText('0');

  // The campaign managers and the coordinator are among the top users.
  for (const name of ['Jordan Lee', 'Sam Rivera', 'Taylor Kim'])
    await expect(page.getByRole('row', { name: `Open the report of ${name}` })).toBeVisible();
});

test('[DEMO]: the codes page shows the admin their submissions and the one waiting for their approval', async ({
  page,
}) => {
  await page.goto('/codes');
  await expect(page.getByRole('heading', { name: 'Codes', level: 1 })).toBeVisible();
  const mine = page.getByRole('table', { name: 'Your recent submissions' });
  await expect(mine.getByText('Display campaigns').first()).toBeVisible();

  const waiting = page.getByRole('table', { name: 'Waiting for your approval' });
  await expect(waiting.getByText(PENDING_SUBMISSION)).toBeVisible();
  await waiting.getByText(PENDING_SUBMISSION).click();
  await expect(page).toHaveURL(/\/codes\/submissions\/\d+$/);
  await expect(page.getByRole('heading', { name: PENDING_SUBMISSION })).toBeVisible();
  await expect(page.getByTestId('submission-status')).toHaveText('Pending');
  await expect(page.getByRole('heading', { name: 'Your decision' })).toBeVisible();
});

test("[DEMO]: the list review shows the campaign managers' open suggestions", async ({ page }) => {
  await page.goto('/admin/lists');
  const row = page.getByRole('row').filter({ hasText: REVIEWED_LIST });
  await expect(row.getByLabel('2 pending suggestions')).toBeVisible();

  await page.goto(`/admin/lists/edit/${await listId(page, REVIEWED_LIST)}`);
  await expect(page.getByRole('grid')).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Comments' });
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('article', { name: 'Suggestion by Jordan Lee' })).toContainText('X (Twitter)');
  await expect(panel.getByRole('article', { name: 'Suggestion by Sam Rivera' })).toContainText('YouTube');
});
