import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('user') });

const ROW_COUNT = 5_000;
/** File rows (0-based data rows) holding a near miss and a value of no list. */
const NEAR_MISS_ROW = 6;
const UNKNOWN_ROW = 3_999;

/** A cell of the submission grid (0-based row and column), by the grid's ARIA indexes. */
function cell(page: Page, row: number, col: number) {
  return page
    .getByTestId('submission-grid')
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/**
 * A CSV of the Display campaigns template's fields as people export them: headers in their own
 * words and case, list values in any case, one near miss and one value of no list.
 */
function writeCsv(): string {
  const lines = ['channel,SOURCE,Region,country,Currency,Campaign name,Launch date'];
  for (let i = 0; i < ROW_COUNT; i++) {
    const country = i === NEAR_MISS_ROW ? 'Frence' : 'france';
    const region = i === UNKNOWN_ROW ? 'Atlantis' : 'europe';
    lines.push(`social,facebook,${region},${country},EUR - Euro,launch-${i},2026-05-01`);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'nomen-import-')), 'display-launches.csv');
  writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
  return file;
}

test('[CODES]: a USER imports a 5,000-row CSV, the mapping is guessed, errors show in the grid and are fixed there, and it submits', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/codes');
  await page.getByRole('button', { name: 'New submission with Display campaigns' }).click();
  await page.getByLabel('Submission name').fill('Imported launches');

  await page.getByRole('button', { name: 'Import file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import rows from a file' });
  await dialog.locator('input[type="file"]').setInputFiles(writeCsv());
  await expect(dialog.getByText('5,000 rows in display-launches.csv.')).toBeVisible();
  // Guessed by name, whatever the case; "Campaign name" contains the field's name.
  const mapping = dialog.getByRole('table', { name: 'Column mapping' });
  const guessed: [header: string, field: string][] = [
    ['channel', 'Channel'],
    ['SOURCE', 'Source'],
    ['country', 'Country'],
    ['Campaign name', 'Campaign'],
    ['Launch date', 'Launch date'],
  ];
  for (const [header, field] of guessed)
    await expect(mapping.getByRole('combobox', { name: `Field for ${header}` })).toHaveValue(field);
  await dialog.getByRole('button', { name: 'Import 5,000 rows' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('row-count')).toHaveText('5,000 rows', { timeout: 30_000 });
  await expect(page.getByTestId('error-count')).not.toHaveText('No errors');
  // Values matched case-insensitively take the list's spelling; the near miss says what was meant.
  await expect(cell(page, 0, 0)).toHaveText('Social');
  await expect(cell(page, NEAR_MISS_ROW, 3)).toHaveAttribute('aria-description', /Did you mean "France"\?/);

  // Fixed in the grid: Next error goes to each problem, the picker puts the right value in.
  const fixes: [typed: string, value: string][] = [
    ['Fra', 'France'],
    ['Eur', 'Europe'],
  ];
  for (const [typed, value] of fixes) {
    await page.getByRole('button', { name: 'Next error' }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('combobox').fill(typed);
    await page.getByRole('option', { name: value, exact: true }).click();
  }
  await expect(page.getByTestId('error-count')).toHaveText('No errors');

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/codes\/submissions\/\d+$/, { timeout: 60_000 });
  await expect(page.getByTestId('submission-status')).toHaveText('Submitted');
});
