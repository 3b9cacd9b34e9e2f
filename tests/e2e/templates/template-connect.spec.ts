import type { Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

const NEW_CONNECT = '/admin/templates/edit-template/new/connect';

/** The Inbound or Outbound list of the connect step. */
function list(page: Page, name: 'Inbound' | 'Outbound'): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The panel of the integration named `name` (its jump target). */
function panel(page: Page, name: string): Locator {
  return page.locator('[data-issue-target^="integration:"]').filter({
    has: page.getByRole('button', { name: `Delete ${name}`, exact: true }),
  });
}

/** Opens a list's picker, searches `search` and picks the type `label`. */
async function addIntegration(page: Page, listName: 'Inbound' | 'Outbound', search: string, label: string) {
  await list(page, listName)
    .getByRole('button', { name: `Add ${listName.toLowerCase()}` })
    .click();
  await page.getByRole('textbox', { name: 'Search integration types' }).fill(search);
  await page.getByRole('option', { name: label, exact: true }).click();
}

/**
 * Records every change of a jump target's highlight (`data-highlighted`) from now on, so that a
 * one-second highlight is seen however slow the machine is; answers a reader of the records.
 */
async function watchHighlights(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const records: string[] = [];
    (window as unknown as { highlightRecords: string[] }).highlightRecords = records;
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        const target = m.target as HTMLElement;
        records.push(
          `${target.dataset.issueTarget ?? ''}=${target.getAttribute('data-highlighted') ?? 'off'}`,
        );
      }
    }).observe(document.body, { attributes: true, attributeFilter: ['data-highlighted'], subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { highlightRecords: string[] }).highlightRecords);
}

/** Expands a collapsed panel by its header. */
async function expand(panelLocator: Locator) {
  const control = panelLocator.locator('button[aria-expanded]').first();
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
}

test('[TEMPLATES]: a new template starts with the email output, whose form shows the example file name', async ({
  page,
}) => {
  await page.goto(NEW_CONNECT);
  await expect(list(page, 'Inbound')).toContainText('No inbound integrations yet');
  const email = panel(page, 'Email');
  await expect(list(page, 'Outbound').locator('[data-issue-target]')).toHaveCount(1);
  await expect(email).toContainText('Email');
  await expand(email);

  const to = email.getByRole('combobox', { name: 'To', exact: true });
  await to.fill('ops@example.com');
  await to.press('Enter');
  await expect(email.getByText('ops@example.com', { exact: true })).toBeVisible();
  await to.fill('not-an-email');
  await to.press('Enter');
  await expect(email.getByText('not-an-email is not a valid email address')).toBeVisible();
  await email.getByRole('textbox', { name: 'Subject', exact: true }).fill('Weekly campaign codes');

  await email.getByRole('checkbox', { name: 'JSON' }).check();
  const pattern = email.getByRole('textbox', { name: 'File name pattern' });
  await pattern.fill('{template_name}-weekly');
  await email.getByRole('button', { name: 'Submission name' }).click();
  await expect(pattern).toHaveValue('{template_name}-weekly{submission_name}');
  const example = email.getByTestId('filename-example');
  await expect(example).toContainText('Untitled template-weeklySpring launch.csv');
  await expect(example).toContainText('Untitled template-weeklySpring launch.json');

  await pattern.fill('{template_name}_{week}');
  await expect(email).toContainText('Email: {week} is not a placeholder');
  await expect(email.getByText('1 error', { exact: true })).toBeVisible();
  await pattern.fill('{template_name}_{submitted_at}');
  await expect(email).not.toContainText('is not a placeholder');
  await expect(example).toContainText(/Untitled template_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv/);
});

test('[TEMPLATES]: integration types are added from the Inbound and Outbound pickers, and deleting one deletes its paired twin after confirmation', async ({
  page,
}) => {
  await page.goto(NEW_CONNECT);
  await expect(list(page, 'Inbound')).toContainText('No inbound integrations yet');

  await addIntegration(page, 'Inbound', 'tiktok', 'TikTok inbound');
  const inbound = panel(page, 'TikTok inbound');
  await expect(inbound).toBeVisible();
  await expect(list(page, 'Inbound')).not.toContainText('No inbound integrations yet');
  // The new panel is open with the generic form: the account picker and the data type.
  await expect(inbound.getByText('No connected accounts yet')).toBeVisible();
  await expect(inbound.getByRole('button', { name: 'Connect an account' })).toBeVisible();
  await expect(inbound.getByLabel('Data type')).toBeVisible();

  await addIntegration(page, 'Outbound', 'TikTok', 'TikTok outbound');
  await expect(panel(page, 'TikTok outbound')).toBeVisible();
  // One panel per list is open: the email output's stays closed beside the new one.
  await expect(list(page, 'Outbound').locator('button[aria-expanded="true"]')).toHaveCount(1);

  await inbound.getByRole('button', { name: 'Delete TikTok inbound' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Are you sure? Deleting TikTok inbound also deletes its paired outbound integration TikTok outbound.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(inbound).toBeVisible();

  await inbound.getByRole('button', { name: 'Delete TikTok inbound' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(panel(page, 'TikTok inbound')).toHaveCount(0);
  await expect(panel(page, 'TikTok outbound')).toHaveCount(0);
  await expect(list(page, 'Inbound')).toContainText('No inbound integrations yet');
  await expect(panel(page, 'Email')).toBeVisible();

  await panel(page, 'Email').getByRole('button', { name: 'Delete Email' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'You are about to delete your connection to Email, and will lose all mappings, filters and configuration for this integration.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(list(page, 'Outbound')).toContainText('No outbound integrations yet');
});

test('[TEMPLATES]: deleting a saved integration deletes it on the server at once', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const folder = await api.put('/api/v1/account/folder', {
    data: { name: uniqueName('Connect folder'), description: '' },
  });
  expect(folder.status()).toBe(200);
  const folderId = ((await folder.json()) as { folder: { id: number } }).folder.id;
  const saved = await api.put('/api/v1/account/template/', {
    data: {
      name: uniqueName('Connect template'),
      folder_id: folderId,
      integrations: [
        {
          id: 'TEMP_weekly',
          name: 'Weekly export',
          slug: 'email-output',
          integration_type: 'OUTPUT',
          integration_id: 13,
          connector_id: null,
          connector_type_id: null,
          metadata: { to: ['ops@example.com'], cc: [], bcc: [], subject: 'Codes', sendToSubmitter: 0 },
          file_type: ['csv'],
          delimiter: 'comma',
          filename_pattern: '{template_name}_{submitted_at}',
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  const { id } = (await saved.json()) as { id: number };

  await page.goto(`/admin/templates/edit-template/${id}/connect`);
  const weekly = panel(page, 'Weekly export');
  await expand(weekly);
  await expect(weekly.getByText('ops@example.com', { exact: true })).toBeVisible();
  await weekly.getByRole('button', { name: 'Delete Weekly export' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 integration deleted.')).toBeVisible();
  await expect(list(page, 'Outbound')).toContainText('No outbound integrations yet');

  const after = await api.get(`/api/v1/account/template/${id}`);
  expect(((await after.json()) as { integrations: unknown[] }).integrations).toEqual([]);
  await api.dispose();
});

test('[TEMPLATES]: an integration error shows in the notification popover, and a click jumps to its panel and highlights it', async ({
  page,
}) => {
  await page.goto(NEW_CONNECT);
  const email = panel(page, 'Email');
  await expand(email);
  // A placeholder that does not exist is an error (a missing setting would only make it "Not ready").
  await email.getByRole('textbox', { name: 'File name pattern' }).fill('{template_name}_{week}');
  const message =
    'Email: {week} is not a placeholder; use template name, submission name, submitted at or submitted by';
  await expect(email.getByText(message)).toBeVisible();
  const targetKey = await email.getAttribute('data-issue-target');
  // Collapse it and leave the step: the jump must bring both back.
  await email.locator('button[aria-expanded]').first().click();
  await expect(email.locator('button[aria-expanded]').first()).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/new\/setup$/);

  const highlights = await watchHighlights(page);
  await page.getByRole('button', { name: /^Template issues/ }).click();
  await page
    .getByRole('list', { name: 'Template issues' })
    .getByRole('listitem')
    .filter({ hasText: message })
    .click();
  await expect(page).toHaveURL(/\/new\/connect$/);
  const jumped = panel(page, 'Email');
  await expect(jumped.locator('button[aria-expanded]').first()).toHaveAttribute('aria-expanded', 'true');
  await expect(jumped.getByText(message)).toBeVisible();
  // The panel was highlighted, and the highlight ended after its second (spec 03 §9).
  await expect.poll(highlights).toEqual([`${targetKey}=true`, `${targetKey}=off`]);
  await expect(jumped).not.toHaveAttribute('data-highlighted', 'true');
});

test('[TEMPLATES]: a missing account names its integration, in the panel and in the notification popover', async ({
  page,
}) => {
  await page.goto(NEW_CONNECT);
  await addIntegration(page, 'Inbound', 'tiktok', 'TikTok inbound');
  await addIntegration(page, 'Outbound', 'TikTok', 'TikTok outbound');
  await expect(
    panel(page, 'TikTok outbound').getByText('TikTok outbound: Account is required'),
  ).toBeVisible();
  await expand(panel(page, 'TikTok inbound'));
  await expect(panel(page, 'TikTok inbound').getByText('TikTok inbound: Account is required')).toBeVisible();

  // The popover lists each one once, as "Not ready" naming what is missing (it saves parked).
  await page.getByRole('button', { name: /^Template issues/ }).click();
  const issues = page.getByRole('list', { name: 'Template issues' });
  await expect(
    issues.getByRole('listitem').filter({ hasText: 'TikTok inbound: Not ready: choose a connected account' }),
  ).toHaveCount(1);
  await expect(
    issues
      .getByRole('listitem')
      .filter({ hasText: 'TikTok outbound: Not ready: choose a connected account' }),
  ).toHaveCount(1);
});

test('[TEMPLATES]: "Connect an account" opens the connected-account drawer over the unsaved template and chooses the new account', async ({
  page,
}) => {
  await page.goto(NEW_CONNECT);
  await addIntegration(page, 'Outbound', 'kochava', 'Kochava');
  const kochava = panel(page, 'Kochava');
  await expect(kochava.getByText('Kochava: Account is required')).toBeVisible();
  await kochava.getByRole('button', { name: 'Connect an account' }).click();

  const drawer = page.getByRole('dialog', { name: 'Add connected account' });
  await expect(drawer.getByLabel('Connector type', { exact: true })).toHaveValue('Kochava');
  const name = uniqueName('Kochava main');
  await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await drawer.getByLabel('API key', { exact: true }).fill('kochava-key');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connected account added')).toBeVisible();
  await expect(drawer).toBeHidden();

  // Still the same unsaved template, with the new account chosen for the integration.
  await expect(page).toHaveURL(/\/new\/connect$/);
  await expect(panel(page, 'Kochava').getByLabel('Account')).toHaveValue(name);
  await expect(panel(page, 'Kochava').getByText('Kochava: Account is required')).toHaveCount(0);
});
