import type { Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/**
 * "Connecting never loses work" (spec 03 §4 "Integrations", §5; shared/src/integrations/readiness.ts):
 * an integration added in the connect step without its connected account does not block the save;
 * it is saved "Not ready", naming what is missing, stays so after a reload, and is ready once the
 * account is chosen and the template saved again.
 */

function saveButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Save', exact: true });
}

/** The panel of the integration named `name` (its jump target). */
function panel(page: Page, name: string): Locator {
  return page.locator('[data-issue-target^="integration:"]').filter({
    has: page.getByRole('button', { name: `Delete ${name}`, exact: true }),
  });
}

/** Expands an integration panel by its header. */
async function expand(panelLocator: Locator): Promise<void> {
  const header = panelLocator.locator('button[aria-expanded]').first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}

test('[TEMPLATES]: an integration without its connected account is saved "Not ready", stays parked after a reload, and is ready once the account is chosen and saved', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const accountName = uniqueName('Parked bucket');
  const connector = await api.post('/api/v1/account/connector/', {
    data: {
      name: accountName,
      connector_type_slug: 's3',
      metadata: { aws_key: 'KEY', aws_secret: 'SECRET' },
    },
  });
  expect(connector.status(), await connector.text()).toBe(200);
  await api.dispose();
  const name = uniqueName('Parked exports');

  // Setup: name and folder.
  await page.goto('/admin/templates');
  await page.getByRole('button', { name: 'Add template' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/setup$/);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/connect$/);

  // Connect: an S3 push with its folder, but no account chosen yet.
  const outbound = page.getByRole('region', { name: 'Outbound', exact: true });
  await outbound.getByRole('button', { name: 'Add outbound' }).click();
  await page.getByRole('textbox', { name: 'Search integration types' }).fill('s3-push');
  await page.getByRole('option', { name: 'Amazon S3', exact: true }).click();
  const drop = panel(page, 'Amazon S3');
  await drop.getByRole('textbox', { name: 'Name', exact: true }).fill('Bucket drop');
  const bucket = panel(page, 'Bucket drop');
  await bucket.getByRole('textbox', { name: 'Folder', exact: true }).fill('/exports/parked');
  await expect(bucket.getByText('Not ready: choose a connected account', { exact: true })).toBeVisible();
  await expect(bucket.getByText('Not ready', { exact: true })).toBeVisible();

  // Save is not blocked by it: the template saves, the integration parked as "Not ready".
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await expect(page.getByText('Template saved successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/edit-template\/\d+\/connect$/);
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0);

  // The notification popover says what is missing.
  await page.getByRole('button', { name: /^Template issues:/ }).click();
  const issues = page.getByRole('list', { name: 'Template issues' });
  await expect(
    issues.getByRole('listitem').filter({ hasText: 'Bucket drop: Not ready: choose a connected account' }),
  ).toHaveCount(1);
  await page.keyboard.press('Escape');

  // A reload finds it parked: the badge's tooltip and the form say what is missing.
  await page.reload();
  const parked = panel(page, 'Bucket drop');
  const badge = parked.getByText('Not ready', { exact: true });
  await expect(badge).toBeVisible();
  await badge.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Not ready: choose a connected account');
  await page.mouse.move(0, 0);
  await expand(parked);
  await expect(parked.getByRole('textbox', { name: 'Folder', exact: true })).toHaveValue('/exports/parked');
  await expect(parked.getByText('Not ready: choose a connected account', { exact: true })).toBeVisible();

  // Choosing the account completes it; saved again, it is ready.
  await parked.getByRole('combobox', { name: 'Account', exact: true }).click();
  await page.getByRole('option', { name: accountName, exact: true }).click();
  await expect(parked.getByText('Not ready: choose a connected account', { exact: true })).toHaveCount(0);
  await expect(parked.getByText('Not ready', { exact: true })).toHaveCount(0);
  await saveButton(page).click();
  await expect(page.getByText('Template saved successfully')).toBeVisible();
  await page.reload();
  const ready = panel(page, 'Bucket drop');
  await expect(ready).toBeVisible();
  await expect(ready.getByText('Not ready', { exact: true })).toHaveCount(0);
  await expand(ready);
  await expect(ready.getByLabel('Account')).toHaveValue(accountName);
});
