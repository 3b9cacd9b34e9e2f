import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('user') });

/** A cell of the submission grid (0-based row and column), by the grid's ARIA indexes. */
function cell(page: Page, row: number, col: number) {
  return page
    .getByTestId('submission-grid')
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/** Opens the active cell's list picker, types `typed` and picks the option `option`; moves right. */
async function pick(page: Page, typed: string, option: string | RegExp) {
  await page.keyboard.press('Enter');
  const box = page.getByRole('combobox');
  await box.fill(typed);
  await page
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .click();
  await expect(box).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
}

/** Types into the active cell's text editor and moves right. */
async function typeText(page: Page, text: string) {
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

const ROWS = [
  {
    channel: 'Social',
    source: 'Facebook',
    region: 'Europe',
    country: 'France',
    currency: /^EUR - Euro$/,
    campaign: 'Spring Sale',
  },
  {
    channel: 'Social',
    source: 'Flickr',
    region: 'Americas',
    country: 'Brazil',
    currency: /^USD - US Dollar$/,
    campaign: 'Summer Days',
  },
  {
    channel: 'Email',
    source: 'AOL Mail',
    region: 'Asia',
    country: 'Japan',
    currency: /^JPY - Yen$/,
    campaign: 'autumn',
  },
];
const CODES = ['Social_France_spring-sale', 'Social_Brazil_summer-days', 'Email_Japan_autumn'];

test('[CODES]: a USER lands on codes, submits three rows with list pickers, sees their codes and downloads the dataset', async ({
  page,
}) => {
  // One long journey (three rows typed cell by cell, then three pages): more than the default minute
  // on a loaded machine.
  test.setTimeout(150_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/codes$/);
  await expect(page.getByRole('heading', { name: 'Codes', level: 1 })).toBeVisible();
  // The USER's group shares the display template only (spec 01 §2.7).
  const templates = page.getByRole('table', { name: 'Templates you can use' });
  await expect(templates.getByText('Display campaigns', { exact: true })).toBeVisible();
  await expect(templates.getByText('Paid social campaigns', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'New submission with Display campaigns' }).click();

  await expect(page).toHaveURL(/\/codes\/new\/\d+$/);
  await page.getByLabel('Submission name').fill('Q3 display launches');
  const grid = page.getByTestId('submission-grid');
  await expect(grid.getByRole('columnheader', { name: 'Channel' })).toBeVisible();

  await cell(page, 0, 0).click();
  for (const [r, row] of ROWS.entries()) {
    if (r > 0) {
      // Back to the first column (the grid scrolls there) and down a row, by keyboard.
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
    }
    await pick(page, row.channel.slice(0, 3), row.channel);
    // Drill-down: the sources offered are those under the channel just picked.
    await pick(page, row.source.slice(0, 3), row.source);
    await pick(page, row.region, row.region);
    await pick(page, row.country.slice(0, 4), row.country);
    await pick(page, row.currency.source.slice(1, 4), row.currency);
    await typeText(page, row.campaign);
  }
  await expect(page.getByTestId('row-count')).toHaveText('3 rows');
  await expect(page.getByTestId('error-count')).toHaveText('No errors');
  // The campaign key computes live from channel, country and the transformed campaign.
  for (const code of CODES)
    await expect(grid.getByRole('gridcell', { name: code, exact: true })).toHaveCount(1);

  // A wrong value is outlined with its problem and counted, then fixed.
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByRole('combobox').fill('Atlantis');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('error-count')).toHaveText('1 error');
  await expect(cell(page, 2, 3)).toHaveAttribute(
    'aria-description',
    /"Atlantis" is not in the list Countries/,
  );
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('error-count')).toHaveText('No errors');

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/codes\/submissions\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Q3 display launches' })).toBeVisible();
  await expect(page.getByTestId('submission-status')).toHaveText('Submitted');
  const rows = page.getByTestId('submission-rows');
  for (const code of CODES)
    await expect(rows.getByRole('gridcell', { name: code, exact: true })).toBeVisible();

  // The dataset page shows the rows with their codes and submitter, filters, and downloads CSV.
  await page.getByRole('link', { name: 'Dataset rows' }).click();
  await expect(page).toHaveURL(/\/codes\/details\/\d+\/data$/);
  const data = page.getByTestId('dataset-rows');
  // Other specs submit through the same template: this submission's rows are found by its name.
  const filter = page.getByLabel('Filter rows');
  await filter.fill('Q3 display launches');
  await expect(page.getByTestId('dataset-total')).toHaveText('3 rows');
  for (const code of CODES)
    await expect(data.getByRole('gridcell', { name: code, exact: true })).toBeVisible();
  await filter.fill('japan');
  await expect(page).toHaveURL(/\/codes\/details\/\d+\/data\?q=japan$/);
  await expect(page.getByTestId('dataset-total')).toHaveText('1 row');
  await expect(data.getByRole('gridcell', { name: 'Japan', exact: true })).toBeVisible();
  await filter.fill('Q3 display launches');
  await expect(page.getByTestId('dataset-total')).toHaveText('3 rows');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Display-campaigns.csv');
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  expect(header).toContain('Campaign key');
  expect(lines).toHaveLength(3);
  for (const [i, code] of CODES.entries()) expect(lines[i]).toContain(code);
  expect(lines[0]).toContain('Taylor Kim');

  await page.getByRole('link', { name: 'Codes', exact: true }).first().click();
  const mine = page.getByRole('table', { name: 'Your recent submissions' });
  await expect(mine.getByText('Q3 display launches')).toBeVisible();
});

test('[CODES]: a USER saves a draft and reopens it with its rows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/codes');
  await page.getByRole('button', { name: 'New submission with Display campaigns' }).click();
  await page.getByLabel('Submission name').fill('Draft launches');
  await cell(page, 0, 0).click();
  await pick(page, 'Ema', 'Email');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/codes\/submissions\/\d+$/);
  await expect(page.getByTestId('submission-status')).toHaveText('Draft');

  await page.getByRole('button', { name: 'Continue editing' }).click();
  await expect(page).toHaveURL(/\/codes\/new\/\d+\?draft=\d+$/);
  await expect(page.getByLabel('Submission name')).toHaveValue('Draft launches');
  await expect(cell(page, 0, 0)).toHaveText('Email');
  // The draft is not complete: the table says what is missing before anything is submitted.
  await expect(page.getByTestId('error-count')).not.toHaveText('No errors');
});
