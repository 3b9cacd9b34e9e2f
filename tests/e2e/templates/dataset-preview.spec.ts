import type { APIRequestContext, Locator } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

/** A cell of the preview's submission grid (0-based row and column), by the grid's ARIA indexes. */
function cell(panel: Locator, row: number, col: number): Locator {
  return panel
    .getByTestId('submission-grid')
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/** How many submissions the admin has (the preview must add none). */
async function submissionCount(api: APIRequestContext): Promise<number> {
  const answer = await api.get('/api/v1/account/submissions?limit=500');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: unknown[] }).data.length;
}

test('[TEMPLATES]: the dataset preview governs the unsaved template’s cells, counts and jumps to an error, and stores nothing', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs('admin', baseURL!);
  const before = await submissionCount(api);
  const name = uniqueName('Preview launches');

  // An unsaved template: a name, a folder and two fields of the seeded field set.
  await page.goto('/admin/templates/edit-template/new/setup');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Folder', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/edit-template\/new\/govern$/);
  await page.getByRole('button', { name: 'Add fields' }).click();
  const picker = page.getByRole('dialog', { name: 'Add fields' });
  await picker.getByRole('combobox', { name: 'Field set' }).click();
  await page.getByRole('option', { name: 'Paid media' }).click();
  await picker.getByRole('checkbox', { name: 'Channel' }).check();
  await picker.getByRole('checkbox', { name: 'Campaign', exact: true }).check();
  await picker.getByRole('button', { name: 'Add 2 fields' }).click();
  await expect(page.getByTestId('validation-badge')).toHaveText('No errors');

  // The preview: a full-height panel with the template's submission table.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const panel = page.getByRole('dialog', { name: `Dataset preview · ${name}` });
  await expect(panel).toBeVisible();
  const grid = panel.getByTestId('submission-grid');
  const colOf = async (header: string) =>
    Number(
      await grid.getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-colindex'),
    ) - 2;
  const channel = await colOf('Channel');
  const campaign = await colOf('Campaign');
  await expect(panel.getByTestId('error-count')).toHaveText('No errors');

  // The channel comes from its list (loaded through preview-dependencies); a one-letter campaign
  // breaks the field's minimum length.
  await cell(panel, 0, channel).click();
  await page.keyboard.press('Enter');
  await page.getByRole('combobox').fill('Soc');
  await page.getByRole('option', { name: 'Social', exact: true }).click();
  await expect(cell(panel, 0, channel)).toHaveText('Social');
  await cell(panel, 0, campaign).click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('a');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('error-count')).toHaveText('1 error');
  await expect(cell(panel, 0, campaign)).toHaveAttribute('aria-description', /Campaign/);

  // Next error makes the problem cell the active one.
  await cell(panel, 2, channel).click();
  await panel.getByRole('button', { name: 'Next error' }).click();
  const activeId = await grid.getAttribute('aria-activedescendant');
  await expect(cell(panel, 0, campaign)).toHaveAttribute('id', activeId!);

  // Close: the editor is as it was, and nothing was stored.
  await panel.getByRole('button', { name: 'Close preview' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/edit-template\/new\/govern$/);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  expect(await submissionCount(api)).toBe(before);
  const templates = (await (await api.get('/api/v1/account/template')).json()) as {
    data: { name: string }[];
  };
  expect(templates.data.some((t) => t.name === name)).toBe(false);
  await api.dispose();
});
