import type { Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

test.use({ storageState: storageStateOf('admin') });

const ROWS = 3000;
const COLUMNS = 4;

/** The grid cell at a 0-based data row and column (aria-rowindex/aria-colindex count the headers). */
function cell(page: Page, row: number, col: number) {
  return page
    .getByRole('grid')
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/**
 * The text of a seeded cell: "Campaign r-c" everywhere, "Needle" in every 500th row of column 2,
 * and "Haystack end" once, in the last row's last column.
 */
function seededText(row: number, col: number): string {
  if (row === ROWS - 1 && col === COLUMNS - 1) return 'Haystack end';
  if (col === 2 && row % 500 === 10) return `needle ${row}`;
  return `Campaign ${row}-${col}`;
}

/** Seeds a drill-down list of ROWS x COLUMNS through the API; returns its id. */
async function seedBigList(baseURL: string): Promise<number> {
  const api = await apiAs('admin', baseURL);
  const response = await api.put('/api/v1/account/lists/', {
    data: {
      id: null,
      name: uniqueName('Find'),
      notes: '',
      type: 'drill-down',
      list_columns: Array.from({ length: COLUMNS }, (_, col) => ({
        name: `Column ${col + 1}`,
        precedence: col,
        list_values: Array.from({ length: ROWS }, (_, row_number) => ({
          row_number,
          value: seededText(row_number, col),
        })),
      })),
    },
  });
  expect(response.status()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  await api.dispose();
  return id;
}

test('[LISTS]: Ctrl+F finds values in the grid, counts them, moves between them and jumps to each cell', async ({
  page,
  baseURL,
}) => {
  const id = await seedBigList(baseURL!);
  await page.goto(`/admin/lists/edit/${id}`);
  const grid = page.getByRole('grid');
  await expect(cell(page, 0, 0)).toHaveText('Campaign 0-0');

  // Ctrl+F in the grid opens the find bar with the focus in its field.
  await cell(page, 0, 0).click();
  await page.keyboard.press('ControlOrMeta+f');
  const field = page.getByRole('textbox', { name: 'Find in list' });
  await expect(field).toBeFocused();
  const count = page.getByTestId('find-count');

  // Six "needle" cells, case-insensitively; the first one is made active and highlighted.
  await field.fill('NEEDLE');
  await expect(count).toHaveText('1 of 6');
  await expect(cell(page, 10, 2)).toHaveAttribute('data-find', 'current');
  await expect(cell(page, 10, 2)).toHaveAttribute('aria-selected', 'true');
  // Enter goes to the next one, scrolling the grid to it; Shift+Enter back.
  await field.press('Enter');
  await expect(count).toHaveText('2 of 6');
  await expect(cell(page, 510, 2)).toHaveAttribute('data-find', 'current');
  await expect(cell(page, 510, 2)).toBeInViewport();
  await field.press('Shift+Enter');
  await field.press('Shift+Enter');
  await expect(count).toHaveText('6 of 6');
  await expect(cell(page, 2510, 2)).toBeInViewport();
  await expect(cell(page, 2510, 2)).toHaveText('needle 2510');
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(count).toHaveText('1 of 6');
  await expect(cell(page, 10, 2)).toBeInViewport();

  // Many matches: the visible ones are all highlighted, the count covers the whole list.
  // A new query starts at the active cell (the first needle, row 11, column 3): the next match
  // in reading order is the cell to its right.
  let expected = 0;
  let before = 0;
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLUMNS; col++) {
      if (!seededText(row, col).toLowerCase().includes('campaign 1')) continue;
      expected++;
      if (row < 10 || (row === 10 && col < 2)) before++;
    }
  }
  await field.fill('campaign 1');
  await expect(count).toHaveText(`${before + 1} of ${expected.toLocaleString('en-US')}`);
  await expect(cell(page, 10, 3)).toHaveAttribute('data-find', 'current');
  await expect(grid.locator('[data-find="match"]').first()).toBeVisible();
  expect(await grid.locator('[data-find="match"], [data-find="current"]').count()).toBeGreaterThan(4);

  // A value far away: the virtualised grid scrolls to the last row.
  await field.fill('haystack');
  await expect(count).toHaveText('1 of 1');
  await expect(cell(page, ROWS - 1, COLUMNS - 1)).toBeInViewport();
  await expect(cell(page, ROWS - 1, COLUMNS - 1)).toHaveAttribute('data-find', 'current');

  await field.fill('nothing like this');
  await expect(count).toHaveText('No matches');

  // Escape closes the bar and gives the focus back to the grid; no highlight remains.
  await field.press('Escape');
  await expect(field).toBeHidden();
  await expect(grid).toBeFocused();
  await expect(grid.locator('[data-find]')).toHaveCount(0);

  // The toolbar's search control opens it too, with the last query selected.
  await page.getByRole('button', { name: 'Find (Ctrl+F)' }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('nothing like this');
});
