import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

// The lists page, /admin/lists (spec 02 §2 "Lists page (older view)"), with data seeded through the API.

test.use({ storageState: storageStateOf('admin') });

/** Creates lists one after another (so the last one is the newest) and answers their ids. */
async function createLists(
  api: APIRequestContext,
  lists: { name: string; notes?: string; type?: string }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const list of lists) {
    const response = await api.put('/api/v1/account/lists/', {
      data: { id: null, name: list.name, notes: list.notes ?? '', type: list.type ?? 'drop-down' },
    });
    expect(response.status()).toBe(200);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

function listsTable(page: Page) {
  return page.getByRole('table', { name: 'Lists' });
}

function bodyRows(page: Page) {
  return listsTable(page).locator('tbody').getByRole('row');
}

function checkbox(page: Page, name: string) {
  return page.getByRole('checkbox', { name: `Select ${name}`, exact: true });
}

test('[LISTS]: the lists page finds lists by name, notes and type, newest change first', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueName('Search');
  const api = await apiAs('admin', baseURL!);
  await createLists(api, [
    { name: `${tag} regions`, notes: 'Sales territories', type: 'drill-down' },
    { name: `${tag} channels`, notes: 'Paid and owned media' },
  ]);
  await api.dispose();

  await page.goto('/admin/lists');
  const search = page.getByRole('textbox', { name: 'Search lists' });
  await search.fill(tag);
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(bodyRows(page).nth(0)).toContainText(`${tag} channels`);
  await expect(bodyRows(page).nth(1)).toContainText(`${tag} regions`);
  await expect(bodyRows(page).nth(1)).toContainText('Drill-down');
  await expect(bodyRows(page).nth(1)).toContainText('Sales territories');
  await expect(page).toHaveURL(/[?&]q=/);

  await search.fill(`${tag} territories`);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(`${tag} regions`);

  await search.fill(`${tag} nothing-like-this`);
  await expect(page.getByText(/No lists match/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(checkbox(page, 'Countries')).toBeVisible();
});

test('[LISTS]: shift-click selects a range; edit and duplicate need exactly one list selected', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueName('Range');
  const names = ['one', 'two', 'three', 'four', 'five'].map((n) => `${tag} ${n}`);
  const api = await apiAs('admin', baseURL!);
  const ids = await createLists(
    api,
    names.map((name) => ({ name })),
  );
  await api.dispose();
  // Newest first: five, four, three, two, one.
  const shown = [...names].reverse();

  await page.goto(`/admin/lists?q=${encodeURIComponent(tag)}`);
  await expect(bodyRows(page)).toHaveCount(5);
  const toolbar = page.getByRole('toolbar', { name: 'Lists actions' });
  const edit = toolbar.getByRole('button', { name: 'Edit' });
  const duplicate = toolbar.getByRole('button', { name: 'Duplicate' });
  const remove = toolbar.getByRole('button', { name: 'Delete' });
  await expect(edit).toBeDisabled();
  await expect(duplicate).toBeDisabled();
  await expect(remove).toBeDisabled();

  await checkbox(page, shown[1]!).click();
  await expect(edit).toBeEnabled();
  await expect(duplicate).toBeEnabled();

  await checkbox(page, shown[3]!).click({ modifiers: ['Shift'] });
  for (const name of shown.slice(1, 4)) await expect(checkbox(page, name)).toBeChecked();
  await expect(checkbox(page, shown[0]!)).not.toBeChecked();
  await expect(checkbox(page, shown[4]!)).not.toBeChecked();
  await expect(edit).toBeDisabled();
  await expect(duplicate).toBeDisabled();
  await expect(remove).toBeEnabled();
  await expect(page.getByText(/^5 of \d+ lists · 3 selected$/)).toBeVisible();

  // A shift-click on a row (not only its checkbox) extends from the row clicked last, upwards.
  await bodyRows(page)
    .filter({ hasText: shown[0]! })
    .getByText(shown[0]!)
    .click({ modifiers: ['Shift'] });
  for (const name of shown.slice(0, 4)) await expect(checkbox(page, name)).toBeChecked();
  await expect(page).toHaveURL(/\/admin\/lists\?q=/);

  // Shift-clicking a selected row clears the range back to the last click.
  await checkbox(page, shown[2]!).click({ modifiers: ['Shift'] });
  await expect(checkbox(page, shown[0]!)).not.toBeChecked();
  await expect(checkbox(page, shown[1]!)).not.toBeChecked();
  await expect(checkbox(page, shown[2]!)).not.toBeChecked();
  await expect(checkbox(page, shown[3]!)).toBeChecked();
  await expect(edit).toBeEnabled();

  await duplicate.click();
  await expect(page).toHaveURL(`/admin/lists/edit/new?duplicate=${ids[1]}`);

  await page.goto(`/admin/lists?q=${encodeURIComponent(tag)}`);
  await checkbox(page, shown[4]!).click();
  await page.getByRole('toolbar', { name: 'Lists actions' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/admin/lists/edit/${ids[0]}`);

  await page.goto('/admin/lists');
  await page.getByRole('button', { name: 'Add list' }).click();
  await expect(page).toHaveURL('/admin/lists/edit/new');
});

test('[LISTS]: bulk delete asks for confirmation, then removes the selected lists', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueName('Doomed');
  const api = await apiAs('admin', baseURL!);
  const ids = await createLists(api, [{ name: `${tag} a` }, { name: `${tag} b` }, { name: `${tag} c` }]);

  await page.goto(`/admin/lists?q=${encodeURIComponent(tag)}`);
  await expect(bodyRows(page)).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select all lists' }).click();
  const remove = page.getByRole('toolbar', { name: 'Lists actions' }).getByRole('button', { name: 'Delete' });

  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Delete 3 lists?' });
  await expect(dialog).toContainText(`${tag} c, ${tag} b, ${tag} a will be deleted`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(bodyRows(page)).toHaveCount(3);

  await remove.click();
  await page.getByRole('dialog', { name: 'Delete 3 lists?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('3 lists deleted successfully')).toBeVisible();
  await expect(page.getByText(/No lists match/)).toBeVisible();

  await page.reload();
  await expect(page.getByText(/No lists match/)).toBeVisible();
  for (const id of ids) expect((await api.get(`/api/v1/account/lists/${id}`)).status()).toBe(404);
  await api.dispose();
});
