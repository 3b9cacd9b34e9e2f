import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

interface ListJson {
  id: number;
  name: string;
  updated_at: string;
  list_columns: {
    id: number;
    name: string;
    precedence: number;
    list_values: { id: number; row_number: number; value: string }[];
  }[];
}

/** The grid cell at a 0-based data row and column (aria-rowindex/aria-colindex count the headers). */
function cell(page: Page, row: number, col: number) {
  return page
    .getByRole('grid')
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/** Pastes text as the clipboard would (the headless clipboard is not reliable): a paste event on the grid. */
async function paste(page: Page, text: string): Promise<void> {
  await page.getByRole('grid').evaluate((grid, clipboardText) => {
    const data = new DataTransfer();
    data.setData('text/plain', clipboardText);
    grid.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Opens the grid's context menu on `target` with a right-click and picks `action`. */
async function menuAction(page: Page, target: ReturnType<Page['locator']>, action: string): Promise<void> {
  await target.click({ button: 'right' });
  await page.getByRole('menuitem', { name: action }).click();
}

async function getList(api: APIRequestContext, id: number): Promise<ListJson> {
  const response = await api.get(`/api/v1/account/lists/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ListJson;
}

/** The list's cells as rows of texts, columns by precedence ('' where no value is stored). */
function rowsOf(list: ListJson): { names: string[]; rows: string[][] } {
  const columns = [...list.list_columns].sort((a, b) => a.precedence - b.precedence);
  const rowCount = Math.max(0, ...columns.flatMap((c) => c.list_values.map((v) => v.row_number + 1)));
  const rows = Array.from({ length: rowCount }, (_, r) =>
    columns.map((c) => c.list_values.find((v) => v.row_number === r)?.value ?? ''),
  );
  return { names: columns.map((c) => c.name), rows };
}

async function createList(
  api: APIRequestContext,
  name: string,
  type: 'drop-down' | 'drill-down',
  columns: { name: string; values: string[] }[],
): Promise<ListJson> {
  const response = await api.put('/api/v1/account/lists/', {
    data: {
      id: null,
      name,
      notes: '',
      type,
      list_columns: columns.map((c, precedence) => ({
        name: c.name,
        precedence,
        list_values: c.values.map((value, row_number) => ({ row_number, value })),
      })),
    },
  });
  expect(response.status()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  return getList(api, id);
}

test('[LISTS]: a list created in the editor keeps what was typed, pasted and restructured', async ({
  page,
  baseURL,
}) => {
  const name = uniqueName('Regions');
  await page.goto('/admin/lists/edit/new');
  await expect(page.getByRole('heading', { name: 'New list' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Drill-down' }).click();

  // A new list: one column and ten empty rows (plus ten spare rows).
  const grid = page.getByRole('grid');
  await expect(page.getByRole('columnheader', { name: 'Column 1', exact: true })).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', '21');

  // Typing starts editing; Enter saves and moves down; Tab saves and moves right.
  await cell(page, 0, 0).click();
  await page.keyboard.type('Europe');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Asia');
  await page.keyboard.press('Tab');
  await expect(cell(page, 1, 0)).toHaveText('Asia');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('F2');
  await expect(page.getByRole('textbox', { name: 'Column 2, row 1' })).toBeFocused();
  await page.keyboard.type('France');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Japan');
  await page.keyboard.press('Escape');
  await expect(cell(page, 1, 1)).toHaveText('');
  await page.keyboard.type('Japan');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Column 2', exact: true })).toBeVisible();

  // Paste TSV as Excel writes it: a quoted multi-line cell and doubled quotes.
  await page.keyboard.press('Home');
  await paste(page, 'Africa\t"Kenya\nNairobi"\r\nOceania\t"Fiji ""Viti"""\r\n');
  await expect(cell(page, 3, 1)).toHaveText('Fiji "Viti"');
  await expect(cell(page, 2, 0)).toHaveText('Africa');

  // Every context-menu action.
  await menuAction(page, page.getByRole('columnheader', { name: 'Column 1', exact: true }), 'Rename column');
  let dialog = page.getByRole('dialog', { name: 'Rename column' });
  await dialog.getByLabel('Column name').fill('Region');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await cell(page, 0, 1).click();
  await page.keyboard.press('Shift+F10');
  await page.getByRole('menuitem', { name: 'Rename column' }).click();
  dialog = page.getByRole('dialog', { name: 'Rename column' });
  await dialog.getByLabel('Column name').fill('Country');
  await dialog.getByRole('button', { name: 'Rename' }).click();

  await menuAction(
    page,
    page.getByRole('columnheader', { name: 'Country', exact: true }),
    'Insert column left',
  );
  dialog = page.getByRole('dialog', { name: 'Insert column' });
  await expect(dialog.getByLabel('Column name')).toHaveValue('Column 3');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByRole('columnheader').nth(2)).toHaveText('Column 3');
  await cell(page, 0, 1).click();
  await page.keyboard.type('EU');
  await page.keyboard.press('Enter');
  await page.keyboard.type('AS');
  await page.keyboard.press('Enter');

  await menuAction(
    page,
    page.getByRole('columnheader', { name: 'Country', exact: true }),
    'Move column to start',
  );
  await expect(page.getByRole('columnheader').nth(1)).toHaveText('Country');
  await menuAction(page, cell(page, 1, 0), 'Insert row above');
  await expect(cell(page, 2, 0)).toHaveText('Japan');
  await cell(page, 1, 0).click();
  await page.keyboard.type('Spain');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Europe');
  await page.keyboard.press('Enter');
  await menuAction(page, cell(page, 4, 0), 'Remove row');
  await menuAction(page, page.getByRole('columnheader', { name: 'Column 3', exact: true }), 'Remove column');
  await expect(page.getByRole('columnheader', { name: 'Column 3', exact: true })).toHaveCount(0);

  const expected = {
    names: ['Country', 'Region'],
    rows: [
      ['France', 'Europe'],
      ['Spain', 'Europe'],
      ['Japan', 'Asia'],
      ['Kenya\nNairobi', 'Africa'],
    ],
  };
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'dirty');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('List saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/lists\/edit\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect(page.getByTestId('last-saved')).toHaveText(
    /^Last saved [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}(am|pm)$/,
  );
  const id = Number(page.url().split('/').pop());

  const api = await apiAs('admin', baseURL!);
  const saved = await getList(api, id);
  expect(saved.name).toBe(name);
  expect(rowsOf(saved)).toEqual(expected);

  await page.reload();
  await expect(page.getByRole('columnheader').nth(1)).toHaveText('Country');
  await expect(page.getByRole('columnheader').nth(2)).toHaveText('Region');
  for (const [r, row] of expected.rows.entries()) {
    for (const [c, text] of row.entries()) await expect(cell(page, r, c)).toHaveText(text);
  }
  await expect(grid).toHaveAttribute('aria-rowcount', String(4 + 10 + 1));

  // A later save sends only what changed, by saved id, through the delta endpoint.
  await cell(page, 2, 1).dblclick();
  await page.keyboard.press('End');
  await page.keyboard.type('-Pacific');
  await page.keyboard.press('Enter');
  const deltaRequest = page.waitForRequest((r) => r.url().endsWith(`/api/v1/account/lists/${id}/delta`));
  await page.getByRole('button', { name: 'Save' }).click();
  const delta = (await deltaRequest).postDataJSON() as Record<string, unknown>;
  const asiaId = saved.list_columns
    .find((c) => c.name === 'Region')!
    .list_values.find((v) => v.row_number === 2)!.id;
  expect(delta).toEqual({
    updated_at: saved.updated_at,
    values: {
      upsert: [{ id: asiaId, list_column_id: expect.any(Number), row_number: 2, value: 'Asia-Pacific' }],
      deleted_ids: [],
    },
  });
  await expect(page.getByText('List saved').first()).toBeVisible();
  const after = await getList(api, id);
  expect(rowsOf(after).rows[2]).toEqual(['Japan', 'Asia-Pacific']);
  const ids = (list: ListJson) => list.list_columns.flatMap((c) => c.list_values.map((v) => v.id)).sort();
  expect(ids(after)).toEqual(ids(saved));
  await api.dispose();
});

test('[LISTS]: undo and redo cover edits, pastes and structure changes', async ({ page }) => {
  await page.goto('/admin/lists/edit/new');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Drill-down' }).click();
  await cell(page, 0, 0).click();
  await page.keyboard.type('one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('two');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell(page, 1, 0)).toHaveText('');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell(page, 0, 0)).toHaveText('');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(cell(page, 0, 0)).toHaveText('one');
  await page.keyboard.press('ControlOrMeta+y');
  await expect(cell(page, 1, 0)).toHaveText('two');

  // A paste of many cells is one step.
  await cell(page, 2, 0).click();
  await paste(page, 'a\tb\nc\td\ne\tf');
  await expect(cell(page, 4, 1)).toHaveText('f');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell(page, 2, 0)).toHaveText('');
  await expect(page.getByRole('columnheader', { name: 'Column 2', exact: true })).toHaveCount(0);
  await expect(cell(page, 1, 0)).toHaveText('two');

  // Structure changes undo too, also from the toolbar.
  await page.getByRole('button', { name: 'Add column' }).click();
  await expect(page.getByRole('columnheader', { name: 'Column 2', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('columnheader', { name: 'Column 2', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByRole('columnheader', { name: 'Column 2', exact: true })).toBeVisible();

  // Delete clears a range.
  await cell(page, 0, 0).click();
  await cell(page, 1, 0).click({ modifiers: ['Shift'] });
  await page.keyboard.press('Delete');
  await expect(cell(page, 0, 0)).toHaveText('');
  await expect(cell(page, 1, 0)).toHaveText('');
});

test('[LISTS]: an Enter that ends an IME composition does not save the cell', async ({ page }) => {
  await page.goto('/admin/lists/edit/new');
  await cell(page, 0, 0).click();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('textbox', { name: 'Column 1, row 1' });
  await expect(editor).toBeFocused();
  await editor.fill('日本');
  await editor.evaluate((element) =>
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true })),
  );
  await expect(editor).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(cell(page, 0, 0)).toHaveText('日本');
});

test('[LISTS]: a drop-down list keeps one column: pasting trims, adding columns is disabled', async ({
  page,
}) => {
  await page.goto('/admin/lists/edit/new');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Drop-down');
  await expect(page.getByRole('button', { name: 'Add column' })).toHaveAttribute('aria-disabled', 'true');
  await cell(page, 0, 0).click();
  await paste(page, 'USD\tUS Dollar\nEUR\tEuro');
  await expect(
    page.getByText('This list has a single column: 1 extra pasted column was left out.'),
  ).toBeVisible();
  await expect(cell(page, 1, 0)).toHaveText('EUR');
  await expect(page.getByRole('columnheader')).toHaveCount(2);
  await page.getByRole('grid').press('Shift+F10');
  await expect(page.getByRole('menuitem', { name: 'Insert column left' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Pasting past 10,000 rows is refused with a message, not truncated.
  await cell(page, 5, 0).click();
  await paste(page, Array.from({ length: 10_000 }, (_, i) => `v${i}`).join('\n'));
  await expect(page.getByText(/a list holds at most 10,000\. Nothing was pasted\./)).toBeVisible();
  await expect(cell(page, 5, 0)).toHaveText('');
});

test('[LISTS]: leaving with unsaved changes asks first', async ({ page, baseURL }) => {
  const api = await apiAs('admin', baseURL!);
  const list = await createList(api, uniqueName('Leave'), 'drop-down', [
    { name: 'Value', values: ['a', 'b'] },
  ]);
  await api.dispose();
  await page.goto(`/admin/lists/edit/${list.id}`);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await cell(page, 0, 0).click();
  await page.keyboard.type('changed');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'dirty');

  await page.getByRole('button', { name: 'Back to lists' }).click();
  const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/lists/edit/${list.id}$`));
  await expect(cell(page, 0, 0)).toHaveText('changed');

  await page.getByRole('button', { name: 'Back to lists' }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  await expect(page).toHaveURL(/\/admin\/lists$/);
});

test('[LISTS]: a save over a newer version offers to reload', async ({ page, baseURL }) => {
  const api = await apiAs('admin', baseURL!);
  const list = await createList(api, uniqueName('Stale'), 'drill-down', [
    { name: 'Value', values: ['a', 'b'] },
  ]);
  await page.goto(`/admin/lists-manager/edit/${list.id}`);
  await expect(cell(page, 0, 0)).toHaveText('a');
  const other = await api.post(`/api/v1/account/lists/${list.id}/delta`, {
    data: {
      updated_at: list.updated_at,
      values: {
        upsert: [
          {
            id: list.list_columns[0]!.list_values[1]!.id,
            list_column_id: list.list_columns[0]!.id,
            row_number: 1,
            value: 'theirs',
          },
        ],
      },
    },
  });
  expect(other.status()).toBe(200);
  await api.dispose();

  await cell(page, 0, 0).click();
  await page.keyboard.type('mine');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/changed by someone else since you opened it/)).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(cell(page, 1, 0)).toHaveText('theirs');
  await expect(cell(page, 0, 0)).toHaveText('a');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
});

test('[LISTS]: a duplicate opens as an unsaved copy; copy, CSV export and import work on it', async ({
  page,
  baseURL,
}) => {
  const api = await apiAs('admin', baseURL!);
  const source = await createList(api, uniqueName('Channels'), 'drill-down', [
    { name: 'Channel', values: ['Paid', 'Social'] },
    { name: 'Source', values: ['Google, Inc.', 'Line one\nline two'] },
  ]);
  await page.goto(`/admin/lists/edit/new?duplicate=${source.id}`);
  await expect(page.getByRole('heading', { name: 'New list' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${source.name} (copy)`);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'dirty');
  await expect(cell(page, 1, 0)).toHaveText('Social');

  // Copy a range as TSV (quoted as Excel does).
  await cell(page, 0, 0).click();
  await cell(page, 1, 1).click({ modifiers: ['Shift'] });
  const copied = await page.getByRole('grid').evaluate((grid) => {
    const data = new DataTransfer();
    grid.dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true, cancelable: true }));
    return data.getData('text/plain');
  });
  expect(copied).toBe('Paid\tGoogle, Inc.\nSocial\t"Line one\nline two"');

  // CSV export: a header row of column names, the file named after the list.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${source.name} (copy).csv`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString('utf8')).toBe(
    'Channel,Source\r\nPaid,"Google, Inc."\r\nSocial,"Line one\nline two"',
  );

  // CSV import replaces the content after a confirmation.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'regions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Region,Code\r\nEurope,EU\r\nAsia,AS\r\nAfrica,AF\r\n'),
  });
  await page
    .getByRole('dialog', { name: 'Replace the list’s content?' })
    .getByRole('button', { name: 'Replace' })
    .click();
  await expect(page.getByRole('columnheader').nth(1)).toHaveText('Region');
  await expect(cell(page, 2, 1)).toHaveText('AF');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('List saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/lists\/edit\/\d+$/);
  const copy = await getList(api, Number(page.url().split('/').pop()));
  expect(rowsOf(copy)).toEqual({
    names: ['Region', 'Code'],
    rows: [
      ['Europe', 'EU'],
      ['Asia', 'AS'],
      ['Africa', 'AF'],
    ],
  });
  expect(rowsOf(await getList(api, source.id)).rows[0]).toEqual(['Paid', 'Google, Inc.']);
  await api.dispose();
});

test('[LISTS]: the seeded Countries list opens and scrolls to its last row', async ({ page, baseURL }) => {
  const api = await apiAs('admin', baseURL!);
  const { data } = (await (await api.get('/api/v1/account/lists/')).json()) as {
    data: { id: number; name: string }[];
  };
  const countries = await getList(api, data.find((l) => l.name === 'Countries')!.id);
  await api.dispose();
  const { names, rows } = rowsOf(countries);
  const last = rows[rows.length - 1]!;

  await page.goto(`/admin/lists/edit/${countries.id}`);
  const grid = page.getByRole('grid', { name: 'Countries values' });
  await expect(grid).toHaveAttribute('aria-rowcount', String(rows.length + 10 + 1));
  await expect(grid).toHaveAttribute('aria-colcount', String(names.length + 1 + 1));
  await expect(page.getByRole('columnheader', { name: names[0]!, exact: true })).toBeVisible();
  // Only the visible window is in the DOM.
  expect(await grid.getByRole('gridcell').count()).toBeLessThan(rows.length);

  await cell(page, 0, 0).click();
  await page.keyboard.press('ControlOrMeta+End');
  const lastRow = grid.locator(`[role="row"][aria-rowindex="${rows.length + 1}"]`);
  await expect(lastRow.getByRole('rowheader')).toHaveText(String(rows.length));
  await expect(lastRow.getByRole('rowheader')).toBeInViewport();
  for (const [c, text] of last.entries()) await expect(cell(page, rows.length - 1, c)).toHaveText(text);
  await expect(cell(page, rows.length - 1, names.length - 1)).toHaveAttribute('aria-selected', 'true');
  await expect(grid).toHaveAttribute('aria-activedescendant', /.+/);
});
