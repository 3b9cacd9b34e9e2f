import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

// The submission grid keeps what people type (issue 11 item 2): dates, Tab, list suggestions,
// the selected cell's problem, "did you mean", row actions on every selected row, the import toast.

/** The columns of the demo "Display campaigns" template (the "Paid media" field set), in order. */
const COL = {
  channel: 0,
  source: 1,
  region: 2,
  country: 3,
  currency: 4,
  campaign: 5,
  launch: 6,
  key: 7,
} as const;

function grid(page: Page): Locator {
  return page.getByTestId('submission-grid');
}

/** A cell of the submission grid (0-based row and column), by the grid's ARIA indexes. */
function cell(page: Page, row: number, col: number): Locator {
  return grid(page).locator(
    `[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`,
  );
}

/** The row number of a row of the submission grid (0-based). */
function rowNumber(page: Page, row: number): Locator {
  return grid(page).locator(`[role="row"][aria-rowindex="${row + 2}"] [role="rowheader"]`);
}

/**
 * Selects a cell as a person does when it may be scrolled out of view (the grid renders only the
 * columns in view): a click on its row number, Home, then ArrowRight to its column.
 */
async function selectCell(page: Page, row: number, col: number): Promise<void> {
  await rowNumber(page, row).click();
  await page.keyboard.press('Home');
  for (let i = 0; i < col; i++) await page.keyboard.press('ArrowRight');
}

/** The line under the grid that says what is wrong with the selected cell. */
function cellProblem(page: Page): Locator {
  return page.getByTestId('cell-problem');
}

/** Pastes text as the clipboard would (the headless clipboard is not reliable): a paste event on the grid. */
async function paste(page: Page, text: string): Promise<void> {
  await grid(page).evaluate((element, clipboardText) => {
    const data = new DataTransfer();
    data.setData('text/plain', clipboardText);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** Tab-separated list cells of a valid row (Channel to Campaign) with `campaign`. */
function validRow(campaign: string): string {
  return ['Social', 'Facebook', 'Europe', 'France', 'EUR - Euro', campaign].join('\t');
}

/** Opens a new Display campaigns submission named `name`, ready to type in. */
async function newSubmission(page: Page, name: string): Promise<void> {
  await page.goto('/codes');
  await page.getByRole('button', { name: 'New submission with Display campaigns' }).click();
  await expect(page).toHaveURL(/\/codes\/new\/\d+$/);
  await page.getByLabel('Submission name').fill(name);
  await expect(grid(page).getByRole('columnheader', { name: 'Channel', exact: true })).toBeVisible();
}

/** Submits and answers the stored rows' values by field name, read through the API. */
async function submitAndRead(page: Page, baseURL: string): Promise<Record<string, string>[]> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/codes\/submissions\/\d+$/);
  await expect(page.getByTestId('submission-status')).toHaveText('Submitted');
  const id = /\/codes\/submissions\/(\d+)$/.exec(page.url())![1];
  const api = await apiAs('user', baseURL);
  const detail = (await (await api.get(`/api/v1/account/submissions/${id}`)).json()) as {
    template_id: number;
    rows: { data: Record<string, string> }[];
  };
  const form = (await (
    await api.get(`/api/v1/account/submissions/templates/${detail.template_id}/form`)
  ).json()) as { fields: { id: number; field: { name: string } }[] };
  await api.dispose();
  const names = new Map(form.fields.map((f) => [String(f.id), f.field.name]));
  return detail.rows.map((row) =>
    Object.fromEntries(Object.entries(row.data).map(([key, value]) => [names.get(key) ?? key, value])),
  );
}

test.describe('the submission grid', () => {
  test.use({ storageState: storageStateOf('user') });

  test('[CODES]: a date typed or pasted as YYYY-MM-DD or picked in the calendar is kept; anything else is an error on its cell', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await newSubmission(page, uniqueName('Dated launches'));
    await selectCell(page, 0, COL.channel);
    await paste(page, [validRow('alpha'), validRow('beta'), validRow('gamma')].join('\r\n'));
    await expect(page.getByTestId('row-count')).toHaveText('3 rows');

    // Typed: the text box keeps the digits in the order they are typed.
    await selectCell(page, 0, COL.launch);
    await page.keyboard.type('2026-03-02');
    await expect(page.getByRole('textbox', { name: 'Launch date, row 1' })).toHaveValue('2026-03-02');
    await page.keyboard.press('Enter');
    await expect(cell(page, 0, COL.launch)).toHaveText('2026-03-02');

    // Pasted into the next cell (Enter moved there).
    await paste(page, '2026-04-15');
    await expect(cell(page, 1, COL.launch)).toHaveText('2026-04-15');

    // A date in another order is not read as something else: it is an error, said on the cell.
    await selectCell(page, 2, COL.launch);
    await page.keyboard.type('03/02/2026');
    await page.keyboard.press('Enter');
    await expect(cell(page, 2, COL.launch)).toHaveText('03/02/2026');
    await expect(page.getByTestId('error-count')).toHaveText('1 error');
    await page.keyboard.press('ArrowUp');
    await expect(cellProblem(page)).toHaveText(
      'Launch date, row 3: "03/02/2026" is not a date (use YYYY-MM-DD or 2026-11-21)',
    );

    // The calendar follows the typed date and a click on a day saves it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('2026-05-01');
    await page.getByRole('button', { name: '20 May 2026', exact: true }).click();
    await expect(cell(page, 2, COL.launch)).toHaveText('2026-05-20');
    await expect(page.getByTestId('error-count')).toHaveText('No errors');
    await expect(cellProblem(page)).toHaveText('');

    const stored = await submitAndRead(page, baseURL!);
    expect(stored.map((row) => row['Launch date'])).toEqual(['2026-03-02', '2026-04-15', '2026-05-20']);
  });

  test('[CODES]: Tab and Shift+Tab move across the grid, wrapping rows, and what is typed next lands in the grid', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await newSubmission(page, uniqueName('Tabbed launches'));
    await selectCell(page, 0, COL.channel);
    await paste(page, [validRow('alpha'), validRow('beta')].join('\r\n'));

    // Tab from a selected cell (not being edited) moves right; typing then edits that cell.
    await selectCell(page, 0, COL.campaign);
    await page.keyboard.press('Tab');
    await page.keyboard.type('2026-06-01');
    await page.keyboard.press('Enter');
    await expect(cell(page, 0, COL.launch)).toHaveText('2026-06-01');
    await expect(grid(page)).toBeFocused();

    // Past the last column Tab wraps to the next row's first cell; Shift+Tab wraps back.
    await selectCell(page, 0, COL.key);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Delete');
    await expect(cell(page, 1, COL.channel)).toHaveText('');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('2026-06-02');
    await page.keyboard.press('Enter');
    await expect(cell(page, 0, COL.launch)).toHaveText('2026-06-02');
    await selectCell(page, 1, COL.source);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Social');
    await page.getByRole('option', { name: 'Social', exact: true }).click();
    await expect(cell(page, 1, COL.channel)).toHaveText('Social');
    await expect(page.getByRole('link', { name: 'Skip to content' })).not.toBeFocused();

    // Focus leaves the grid only past its last cell.
    await page.keyboard.press('ControlOrMeta+ArrowDown');
    await page.keyboard.press('ControlOrMeta+ArrowRight');
    await expect(grid(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(grid(page)).not.toBeFocused();

    const stored = await submitAndRead(page, baseURL!);
    expect(stored.map((row) => [row.Channel, row['Launch date'] ?? ''])).toEqual([
      ['Social', '2026-06-02'],
      ['Social', ''],
    ]);
  });

  test('[CODES]: Tab and Enter take the highlighted list value; Escape closes the suggestions and keeps what was typed', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await newSubmission(page, uniqueName('Suggested launches'));
    await selectCell(page, 0, COL.source);
    await paste(page, ['Google', 'Google', 'Google'].join('\r\n'));

    // "Pai" offers only "Paid", highlighted: Tab saves it and moves right.
    await selectCell(page, 0, COL.channel);
    await page.keyboard.type('Pai');
    await expect(page.getByRole('option', { name: 'Paid', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Tab');
    await expect(cell(page, 0, COL.channel)).toHaveText('Paid');

    // Enter saves it too and moves down.
    await selectCell(page, 1, COL.channel);
    await page.keyboard.type('Pai');
    await page.keyboard.press('Enter');
    await expect(cell(page, 1, COL.channel)).toHaveText('Paid');

    // Escape closes the suggestions and keeps "Pai"; Enter then saves it as typed, an error.
    await page.keyboard.type('Pai');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Channel, row 3' })).toHaveValue('Pai');
    await page.keyboard.press('Enter');
    await expect(cell(page, 2, COL.channel)).toHaveText('Pai');
    await page.keyboard.press('ArrowUp');
    await expect(cellProblem(page)).toHaveText(
      'Channel, row 3: "Pai" is not in the list Marketing channels. Did you mean "Paid"?',
    );

    // A second Escape cancels the edit: the cell keeps what it held.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Refer');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(cell(page, 2, COL.channel)).toHaveText('Pai');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('pai');
    await page.keyboard.press('Enter');
    await expect(cell(page, 2, COL.channel)).toHaveText('Paid');

    await selectCell(page, 0, COL.region);
    await paste(
      page,
      ['one', 'two', 'three'].map((c) => validRow(c).split('\t').slice(2).join('\t')).join('\r\n'),
    );
    await expect(page.getByTestId('error-count')).toHaveText('No errors');
    const stored = await submitAndRead(page, baseURL!);
    expect(stored.map((row) => row.Channel)).toEqual(['Paid', 'Paid', 'Paid']);
  });

  test('[CODES]: the selected cell says what is wrong with it under the grid, also after Next error', async ({
    page,
  }) => {
    await newSubmission(page, uniqueName('Explained launches'));
    await selectCell(page, 0, COL.channel);
    await paste(page, ['Social', 'Facebook', 'Europe', 'Atlantis', 'EUR - Euro', 'ok'].join('\t'));
    await expect(page.getByTestId('error-count')).toHaveText('1 error');
    const status = page.getByRole('status').filter({ has: page.getByText('Country, row 1') });
    await expect(status).toHaveCount(0);

    await page.getByRole('button', { name: 'Next error' }).click();
    await expect(cellProblem(page)).toHaveAttribute('aria-live', 'polite');
    await expect(cellProblem(page)).toHaveText('Country, row 1: "Atlantis" is not in the list Countries');
    await expect(status).toHaveCount(1);

    // By keyboard: moving off the cell clears the line, moving back reads it again.
    await page.keyboard.press('ArrowLeft');
    await expect(cellProblem(page)).toHaveText('');
    await page.keyboard.press('ArrowRight');
    await expect(cellProblem(page)).toHaveText('Country, row 1: "Atlantis" is not in the list Countries');
  });

  test('[CODES]: a swap of two neighbouring letters gets "Did you mean" ("Itlay": Italy), as a missing letter does', async ({
    page,
  }) => {
    await newSubmission(page, uniqueName('Misspelt launches'));
    await selectCell(page, 0, COL.channel);
    await paste(page, ['Social', 'Facebok', 'Europe', 'Itlay', 'EUR - Euro', 'ok'].join('\t'));
    await expect(page.getByTestId('error-count')).not.toHaveText('No errors');
    // Each cell describes its problem (aria-description, the tooltip).
    await expect(cell(page, 0, COL.source)).toHaveAttribute(
      'aria-description',
      'Source: "Facebok" is not in the list Marketing channels. Did you mean "Facebook"?',
    );
    await expect(cell(page, 0, COL.country)).toHaveAttribute(
      'aria-description',
      'Country: "Itlay" is not in the list Countries. Did you mean "Italy"?',
    );
    await selectCell(page, 0, COL.country);
    await expect(cellProblem(page)).toHaveText(
      'Country, row 1: "Itlay" is not in the list Countries. Did you mean "Italy"?',
    );
  });

  test('[CODES]: Remove row removes every selected row, selected with Shift+ArrowDown or shift-click on row numbers', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await newSubmission(page, uniqueName('Trimmed launches'));
    await selectCell(page, 0, COL.channel);
    const names = ['r-1', 'r-2', 'r-3', 'r-4', 'r-5', 'r-6', 'r-7', 'r-8'];
    await paste(page, names.map(validRow).join('\r\n'));
    await expect(page.getByTestId('row-count')).toHaveText('8 rows');

    // Shift+ArrowDown from row 1 to row 4, then the menu on the selection.
    await selectCell(page, 0, COL.campaign);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+F10');
    await page.getByRole('menuitem', { name: 'Remove 4 rows' }).click();
    await expect(page.getByTestId('row-count')).toHaveText('4 rows');
    await expect(cell(page, 0, COL.campaign)).toHaveText('r-5');

    // Click row number 1, shift-click row number 3, right-click the selection.
    await rowNumber(page, 0).click();
    await rowNumber(page, 2).click({ modifiers: ['Shift'] });
    await rowNumber(page, 1).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Remove 3 rows' }).click();
    await expect(page.getByTestId('row-count')).toHaveText('1 row');
    await expect(cell(page, 0, COL.campaign)).toHaveText('r-8');

    const stored = await submitAndRead(page, baseURL!);
    expect(stored.map((row) => row.Campaign)).toEqual(['r-8']);
  });

  test('[CODES]: after an import the toast says cells need fixing only when some do', async ({ page }) => {
    const folder = mkdtempSync(join(tmpdir(), 'nomen-grid-import-'));
    const header = 'Channel,Source,Region,Country,Currency,Campaign,Launch date';
    const clean = join(folder, 'clean-launches.csv');
    writeFileSync(
      clean,
      `${header}\r\nSocial,Facebook,Europe,France,EUR - Euro,clean-1,2026-05-01\r\nEmail,AOL Mail,Asia,Japan,JPY - Yen,clean-2,2026-05-02\r\n`,
    );
    const broken = join(folder, 'broken-launches.csv');
    writeFileSync(broken, `${header}\r\nSocial,Facebook,Europe,Frence,EUR - Euro,broken-1,2026-05-01\r\n`);

    await newSubmission(page, uniqueName('Imported launches'));
    const importFile = async (file: string, rows: string) => {
      await page.getByRole('button', { name: 'Import file' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import rows from a file' });
      await dialog.locator('input[type="file"]').setInputFiles(file);
      await dialog.getByRole('button', { name: `Import ${rows}` }).click();
      await expect(dialog).toBeHidden();
    };

    await importFile(clean, '2 rows');
    await expect(page.getByTestId('row-count')).toHaveText('2 rows');
    await expect(page.getByText('2 rows imported from clean-launches.csv.', { exact: true })).toBeVisible();
    await expect(page.getByText(/outlined in red|need fixing|needs fixing/)).toHaveCount(0);

    await importFile(broken, '1 rows');
    await expect(page.getByTestId('row-count')).toHaveText('3 rows');
    await expect(
      page.getByText(
        '1 row imported from broken-launches.csv. 1 cell needs fixing before you submit: they are outlined in red (Next error goes to each).',
        { exact: true },
      ),
    ).toBeVisible();
  });
});

test.describe('the list editor grid', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('[LISTS]: Tab on a selected cell moves right and what is typed next lands in the grid', async ({
    page,
  }) => {
    await page.goto('/admin/lists/edit/new');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Drill-down' }).click();
    const listGrid = page.getByRole('grid');
    const listCell = (row: number, col: number) =>
      listGrid.locator(
        `[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`,
      );
    await listCell(0, 0).click();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Europe');
    await page.keyboard.press('Enter');
    await expect(listCell(0, 1)).toHaveText('Europe');
    await expect(page.getByRole('columnheader', { name: 'Column 2', exact: true })).toBeVisible();
    // Shift+Tab from a row's first cell goes to the previous row's last one (the spare column).
    await listCell(1, 0).click();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('France');
    await page.keyboard.press('Enter');
    await expect(listCell(0, 2)).toHaveText('France');
    await expect(listGrid).toBeFocused();
  });
});
