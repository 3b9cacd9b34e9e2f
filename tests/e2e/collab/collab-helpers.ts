import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { type CollabStack, startCollabStack } from '../support/collab-stack';
import { e2ePort } from '../support/worker';

/**
 * Starts this spec file's stack (support/collab-stack.ts) on its own ports and database:
 * `slot` 0-5 picks ports COLLAB_E2E_PORT + 10 × slot (default base: the worker's server's port
 * + 30, so 3240 for the default E2E_PORT 3210) and the database <e2e database>_collab_<port>
 * (nomen_e2e_collab_<port> for the default E2E_DATABASE_URL), so spec files, workers
 * (support/worker.ts), and runs of other people on other bases, never meet.
 */
export function startSpecStack(
  slot: number,
  options: { collabInstances?: number; lockTimeoutMs?: number } = {},
): Promise<CollabStack> {
  const port = Number(process.env.COLLAB_E2E_PORT ?? e2ePort() + 30) + 10 * slot;
  const e2eDatabase = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nomen_e2e');
  return startCollabStack({ port, database: `${e2eDatabase.pathname.slice(1)}_collab_${port}`, ...options });
}

/** A list seeded for a collaboration test: its id, its one column and that column's values. */
export interface SeededList {
  id: number;
  name: string;
  columnId: number;
  columnName: string;
}

/**
 * Seeds a one-column drop-down list through the API as the signed-in user of `context` (STYLE.md:
 * seed through the API, not by clicking).
 */
export async function seedList(
  context: BrowserContext,
  name: string,
  values: readonly string[],
  columnName = 'Channel',
): Promise<SeededList> {
  const response = await context.request.put('/api/v1/account/lists/', {
    data: {
      id: null,
      name,
      notes: '',
      type: 'drop-down',
      list_columns: [
        {
          name: columnName,
          precedence: 0,
          list_values: values.map((value, row_number) => ({ row_number, value })),
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  const detail = await context.request.get(`/api/v1/account/lists/${id}`);
  const list = (await detail.json()) as { list_columns: { id: number; name: string }[] };
  const column = list.list_columns[0]!;
  return { id, name, columnId: column.id, columnName: column.name };
}

/** The values of the list's first column as stored, by row. */
export async function storedValues(context: BrowserContext, listId: number): Promise<string[]> {
  const response = await context.request.get(`/api/v1/account/lists/${listId}`);
  const list = (await response.json()) as {
    list_columns: { list_values: { row_number: number; value: string }[] }[];
  };
  const values = list.list_columns[0]?.list_values ?? [];
  const out: string[] = [];
  for (const v of values) out[v.row_number] = v.value;
  return out;
}

/** The grid cell at a 0-based data row and column (aria indexes count the header row and column). */
export function cell(page: Page, row: number, col = 0): Locator {
  return page
    .getByRole('grid')
    .locator(`[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`);
}

/** The people-in-this-list avatars of the toolbar. */
export function presence(page: Page): Locator {
  return page.getByRole('group', { name: 'People in this list' });
}

/**
 * Opens the list editor and waits until the room is joined (the signed-in user's own avatar is
 * shown once the room's presence arrives).
 */
export async function openEditor(page: Page, listId: number, selfName: string): Promise<void> {
  await page.goto(`/admin/lists/edit/${listId}`);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(presence(page).getByRole('img', { name: `${selfName} (you)` })).toBeVisible({
    timeout: 15_000,
  });
}

/** Opens the cell popover from the grid's context menu ("Comment" or "Suggest a value"). */
export async function openCellMenu(
  page: Page,
  row: number,
  action: 'Comment' | 'Suggest a value',
): Promise<Locator> {
  await cell(page, row).click({ button: 'right' });
  await page.getByRole('menuitem', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: /^Comments on / });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Comments on a cell through its popover and waits until the comment is in the thread. */
export async function commentOnCell(page: Page, row: number, body: string): Promise<void> {
  const dialog = await openCellMenu(page, row, 'Comment');
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(body);
  await dialog.getByRole('button', { name: 'Add comment' }).click();
  await expect(dialog.getByRole('article').filter({ hasText: body })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close comments on this cell' }).click();
  await expect(dialog).toBeHidden();
}

/** Suggests a value for a cell through its popover and waits until the suggestion is listed. */
export async function suggestValue(page: Page, row: number, value: string, why = ''): Promise<void> {
  const dialog = await openCellMenu(page, row, 'Suggest a value');
  await dialog.getByRole('textbox', { name: 'Suggested value' }).fill(value);
  if (why) await dialog.getByRole('textbox', { name: 'Why (optional)' }).fill(why);
  await dialog.getByRole('button', { name: 'Suggest' }).click();
  await expect(
    dialog.getByRole('article', { name: /^Suggestion by / }).filter({ hasText: value }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close comments on this cell' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the comments side panel from the toolbar (no-op when it is open). */
export async function openPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('complementary', { name: 'Comments' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(panel).toBeVisible();
  return panel;
}

/** Posts a general comment from the side panel and waits until it is listed. */
export async function postGeneralComment(page: Page, body: string): Promise<void> {
  const panel = await openPanel(page);
  await panel.getByRole('textbox', { name: 'General comment' }).fill(body);
  await panel.getByRole('button', { name: 'Post comment' }).click();
  await expect(
    panel.getByRole('article', { name: /^General comment by / }).filter({ hasText: body }),
  ).toBeVisible();
}

/** The overlay message shown while `holder` reviews the list (spec 02 §4). */
export function lockOverlay(page: Page, holder: string): Locator {
  return page.getByText(`${holder} is reviewing this list; it is read-only until they save or leave.`);
}

/** Takes the review lock as an approver: moves the pointer over the grid until the badge says so. */
export async function takeLock(page: Page): Promise<void> {
  const badge = page.getByRole('img', { name: 'You are reviewing this list' });
  await expect(async () => {
    const box = await page.getByRole('grid').boundingBox();
    if (!box) throw new Error('no grid');
    await page.mouse.move(box.x + box.width / 2, box.y + 60);
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + 80);
    await expect(badge).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}
