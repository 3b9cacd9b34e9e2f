import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { keyboardDragReady } from '../support/drag';
import { storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

// The lists manager, /admin/lists-manager (spec 02 §2 "Lists manager (newer view)", §9), with
// data seeded through the API.

test.use({ storageState: storageStateOf('admin') });

interface SeedList {
  name: string;
  notes?: string;
  type?: string;
  /** Column name to its values, row by row ('' leaves a cell empty). */
  columns?: Record<string, string[]>;
}

/** Creates lists one after another (so the last one is the newest) and answers their ids. */
async function createLists(api: APIRequestContext, lists: SeedList[]): Promise<number[]> {
  const ids: number[] = [];
  for (const list of lists) {
    const list_columns = list.columns
      ? Object.entries(list.columns).map(([name, values], precedence) => ({
          name,
          precedence,
          list_values: values.map((value, row_number) => ({ row_number, value })),
        }))
      : undefined;
    const response = await api.put('/api/v1/account/lists/', {
      data: {
        id: null,
        name: list.name,
        notes: list.notes ?? '',
        type: list.type ?? 'drill-down',
        list_columns,
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

async function deleteLists(api: APIRequestContext, ids: number[]): Promise<void> {
  if (ids.length > 0) await api.post('/api/v1/account/lists/bulk/delete', { data: { list_ids: ids } });
}

async function listCount(api: APIRequestContext): Promise<number> {
  return ((await (await api.get('/api/v1/account/lists/')).json()) as { data: unknown[] }).data.length;
}

function listsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Lists' });
}

function bodyRows(page: Page): Locator {
  return listsTable(page).locator('tbody').getByRole('row');
}

/** The names of the rows the virtualised table has rendered, top to bottom. */
async function renderedNames(page: Page): Promise<string[]> {
  return bodyRows(page).getByRole('link').allInnerTexts();
}

/** The updated_at of the rendered rows, top to bottom, in milliseconds. */
async function renderedTimes(page: Page): Promise<number[]> {
  const times = await bodyRows(page)
    .locator('time')
    .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
  return times.map((t) => Date.parse(t ?? ''));
}

function checkbox(page: Page, name: string): Locator {
  return page.getByRole('checkbox', { name: `Select ${name}`, exact: true });
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

test('[LISTS]: the lists manager sorts by name and by updated date, newest first by default', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueName('!sort');
  const api = await apiAs('admin', baseURL!);
  const ids = await createLists(api, [
    { name: `${tag} Bravo` },
    { name: `${tag} Charlie` },
    { name: `${tag} Alpha` },
  ]);

  await page.goto('/admin/lists-manager');
  const nameHeader = listsTable(page).getByRole('columnheader', { name: 'Name' });
  const updatedHeader = listsTable(page).getByRole('columnheader', { name: 'Updated' });
  await expect(updatedHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(bodyRows(page).first()).toContainText(`${tag} Alpha`);
  let times = await renderedTimes(page);
  expect(times).toEqual([...times].sort((a, b) => b - a));

  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(updatedHeader).toHaveAttribute('aria-sort', 'none');
  // "!" sorts before letters and digits, so the seeded lists lead.
  await expect(bodyRows(page).nth(0)).toContainText(`${tag} Alpha`);
  await expect(bodyRows(page).nth(1)).toContainText(`${tag} Bravo`);
  await expect(bodyRows(page).nth(2)).toContainText(`${tag} Charlie`);
  let names = await renderedNames(page);
  expect(names).toEqual([...names].sort(collator.compare));

  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).first()).not.toContainText(tag);
  names = await renderedNames(page);
  expect(names).toEqual([...names].sort((a, b) => collator.compare(b, a)));

  await updatedHeader.getByRole('button').click();
  await expect(updatedHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).first()).toContainText(`${tag} Alpha`);

  await updatedHeader.getByRole('button').click();
  await expect(updatedHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(bodyRows(page).first()).not.toContainText(tag);
  times = await renderedTimes(page);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  const oldest = Math.min(
    ...(
      (await (await api.get('/api/v1/account/lists/')).json()) as { data: { updated_at: string }[] }
    ).data.map((l) => Date.parse(l.updated_at)),
  );
  expect(times[0]).toBe(oldest);

  await deleteLists(api, ids);
  await api.dispose();
});

test('[LISTS]: the lists manager pages through 50, 100 or 300 lists at a time', async ({ page, baseURL }) => {
  const tag = uniqueName('Page');
  const api = await apiAs('admin', baseURL!);
  const ids = await createLists(
    api,
    Array.from({ length: 55 }, (_, i) => ({ name: `${tag} ${String(i + 1).padStart(2, '0')}` })),
  );
  const total = await listCount(api);
  expect(total).toBeGreaterThan(55);

  try {
    await page.goto('/admin/lists-manager');
    const range = page.getByTestId('lists-range-label');
    const previous = page.getByRole('button', { name: 'Previous page' });
    const next = page.getByRole('button', { name: 'Next page' });
    const pageSize = page.getByLabel('Rows per page');
    await expect(range).toHaveText(`1–50 of ${total}`);
    await expect(pageSize).toHaveValue('50');
    await expect(previous).toBeDisabled();
    await expect(bodyRows(page).first()).toContainText(`${tag} 55`);
    await expect(listsTable(page)).toHaveAttribute('aria-rowcount', '51');

    await next.click();
    await expect(range).toHaveText(`51–${Math.min(100, total)} of ${total}`);
    await expect(previous).toBeEnabled();
    // Rows 51 to 55 of the newest-first order are the seeded lists 05 to 01.
    await expect(bodyRows(page).first()).toContainText(`${tag} 05`);
    await expect(bodyRows(page).filter({ hasText: `${tag} 55` })).toHaveCount(0);

    await previous.click();
    await expect(range).toHaveText(`1–50 of ${total}`);
    await expect(bodyRows(page).first()).toContainText(`${tag} 55`);

    await pageSize.selectOption('100');
    await expect(range).toHaveText(`1–${Math.min(100, total)} of ${total}`);
    await expect(listsTable(page)).toHaveAttribute('aria-rowcount', String(Math.min(100, total) + 1));
    if (total <= 100) await expect(next).toBeDisabled();

    await pageSize.selectOption('300');
    await expect(range).toHaveText(`1–${Math.min(300, total)} of ${total}`);

    // The table renders only the rows in view: scrolling to the end brings the oldest list in.
    const scroller = listsTable(page).locator('xpath=..');
    await scroller.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(bodyRows(page).last()).toHaveAttribute('aria-rowindex', String(Math.min(300, total) + 1));
    expect(await bodyRows(page).count()).toBeLessThan(Math.min(300, total));
  } finally {
    await deleteLists(api, ids);
    await api.dispose();
  }
});

test('[LISTS]: export downloads one CSV whose columns follow the dragged list order', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueName('Export');
  const regions = `${tag} Regions`;
  const channels = `${tag} Channels`;
  const sizes = `${tag} Sizes`;
  const api = await apiAs('admin', baseURL!);
  const ids = await createLists(api, [
    { name: regions, columns: { Region: ['EMEA', 'APAC', 'Americas, North'], Code: ['E', 'A', 'N'] } },
    { name: channels, type: 'drop-down', columns: { Channel: ['Email', 'Say "hi"', 'Café'] } },
    { name: sizes, type: 'drop-down', columns: { Size: ['S', 'M', 'L', 'XL'] } },
  ]);

  try {
    await page.goto('/admin/lists-manager');
    const toolbar = page.getByRole('toolbar', { name: 'List actions' });
    const exportButton = toolbar.getByRole('button', { name: 'Export lists as CSV' });
    await expect(exportButton).toBeDisabled();
    await checkbox(page, regions).click();
    await expect(toolbar.getByRole('button', { name: 'Edit list' })).toBeEnabled();
    await expect(toolbar.getByRole('button', { name: 'Duplicate list' })).toBeEnabled();
    await checkbox(page, channels).click();
    await checkbox(page, sizes).click();
    await expect(toolbar.getByRole('button', { name: 'Edit list' })).toBeDisabled();
    await expect(toolbar.getByRole('button', { name: 'Duplicate list' })).toBeDisabled();
    await expect(page.getByText('3 selected')).toBeVisible();

    await exportButton.click();
    const dialog = page.getByRole('dialog', { name: 'Export lists to CSV' });
    const items = dialog.getByRole('list', { name: 'Export order' }).getByRole('listitem');
    // The starting order is the table's: newest first.
    await expect(items).toHaveText([new RegExp(sizes), new RegExp(channels), new RegExp(regions)]);

    // Move Channels down one place with the keyboard (Space, ArrowDown, Space); each step is
    // announced by name in dnd-kit's live region.
    const announcement = page.locator('[id^="DndLiveRegion"]');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null))
      .toBe(true);
    await dialog.getByRole('button', { name: `Reorder ${channels}` }).press('Space');
    // "Picked up …", at once followed by "… is over position 2 of 3" (over itself).
    await expect(announcement).toContainText(`${channels}`);
    await expect(announcement).toContainText('position 2 of 3.');
    await keyboardDragReady(page);
    await page.keyboard.press('ArrowDown');
    await expect(announcement).toContainText(`${channels} is over position 3 of 3.`);
    await page.keyboard.press('Space');
    await expect(announcement).toContainText(`${channels} dropped at position 3 of 3.`);
    await expect(items).toHaveText([new RegExp(sizes), new RegExp(regions), new RegExp(channels)]);

    // Drag Regions (now second) to the top with the mouse.
    const handle = dialog.getByRole('button', { name: `Reorder ${regions}` });
    const from = (await handle.boundingBox())!;
    const to = (await items.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    await page.mouse.up();
    await expect(items).toHaveText([new RegExp(regions), new RegExp(sizes), new RegExp(channels)]);
    await expect(dialog).toBeVisible();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^lists-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')).toEqual([
      `${regions}: Region,${regions}: Code,${sizes}: Size,${channels}: Channel`,
      'EMEA,E,S,Email',
      'APAC,A,M,"Say ""hi"""',
      '"Americas, North",N,L,Café',
      ',,XL,',
    ]);
    await expect(page.getByText(/Exported 3 lists to lists-/)).toBeVisible();
    await expect(dialog).toBeHidden();
  } finally {
    await deleteLists(api, ids);
    await api.dispose();
  }
});

test('[LISTS]: export names the list it could not fetch and downloads nothing', async ({ page, baseURL }) => {
  const tag = uniqueName('Vanishing');
  const api = await apiAs('admin', baseURL!);
  const [keptId, goneId] = await createLists(api, [{ name: `${tag} kept` }, { name: `${tag} gone` }]);

  try {
    await page.goto('/admin/lists-manager');
    await checkbox(page, `${tag} kept`).click();
    await checkbox(page, `${tag} gone`).click();
    await page.getByRole('button', { name: 'Export lists as CSV' }).click();
    // Deleted elsewhere after it was listed.
    await deleteLists(api, [goneId!]);
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    const dialog = page.getByRole('dialog', { name: 'Export lists to CSV' });
    await dialog.getByRole('button', { name: 'Download CSV' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`Could not fetch “${tag} gone”`);
    await expect(dialog.getByRole('alert')).toContainText('Nothing was downloaded.');
    expect(downloads).toBe(0);
  } finally {
    await deleteLists(api, [keptId!]);
    await api.dispose();
  }
});

test('[LISTS]: delete in the lists manager asks for confirmation and the lists are gone after a reload', async ({
  page,
  baseURL,
}) => {
  const tag = uniqueName('Remove');
  const api = await apiAs('admin', baseURL!);
  const ids = await createLists(api, [{ name: `${tag} first` }, { name: `${tag} second` }]);

  await page.goto('/admin/lists-manager');
  const remove = page
    .getByRole('toolbar', { name: 'List actions' })
    .getByRole('button', { name: 'Delete lists' });
  await expect(remove).toBeDisabled();
  await checkbox(page, `${tag} first`).click();
  await checkbox(page, `${tag} second`).click();

  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 lists?' });
  await expect(dialog).toContainText(`${tag} second, ${tag} first will be deleted`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(bodyRows(page).filter({ hasText: tag })).toHaveCount(2);

  await remove.click();
  await page.getByRole('dialog', { name: 'Delete 2 lists?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 lists deleted successfully')).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: tag })).toHaveCount(0);

  await page.reload();
  await expect(bodyRows(page).first()).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: tag })).toHaveCount(0);
  for (const id of ids) expect((await api.get(`/api/v1/account/lists/${id}`)).status()).toBe(404);
  await api.dispose();
});

test('[LISTS]: /admin/lists-manager/new creates a list and lands on its edit route', async ({
  page,
  baseURL,
}) => {
  const name = uniqueName('Brand codes');
  await page.goto('/admin/lists-manager');
  await page.getByRole('link', { name: 'New list' }).first().click();
  await expect(page).toHaveURL('/admin/lists-manager/new');

  const create = page.getByRole('button', { name: 'Create' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('Codes per brand, for campaign names');
  await page.getByRole('radio', { name: 'Dependent' }).check();
  await create.click();

  await expect(page).toHaveURL(/\/admin\/lists-manager\/edit\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByText(`List “${name}” created`)).toBeVisible();

  const api = await apiAs('admin', baseURL!);
  const list = (await (await api.get(`/api/v1/account/lists/${id}`)).json()) as {
    name: string;
    notes: string;
    type: string;
    list_columns: unknown[];
  };
  expect(list).toMatchObject({ name, notes: 'Codes per brand, for campaign names', type: 'dependent' });

  // A click anywhere on its row in the manager opens the same edit route.
  await page.goto('/admin/lists-manager');
  // The name link covers its row, so the click lands on the Type column's empty space.
  await bodyRows(page)
    .filter({ hasText: name })
    .click({ position: { x: 640, y: 26 } });
  await expect(page).toHaveURL(`/admin/lists-manager/edit/${id}`);

  await deleteLists(api, [id]);
  await api.dispose();
});
