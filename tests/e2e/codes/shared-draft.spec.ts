import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  Locator,
  Page,
  WebSocketRoute,
} from '@playwright/test';
import { apiAs, uniqueName } from '../support/api';
import { type RoleName, storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

// Live co-edited submission drafts: the owner shares a draft, three people fill it at once
// (different cells, the same cell, a 500-row paste, concurrent removals, one of them offline for
// a while), comment on a cell, and one of them submits it; every row is submitted exactly once.
// The seeded Display campaigns template is shared with every demo group, so the three people may
// all use it without a template of the test's own.

/** The demo "Display campaigns" template (every demo group may use it): its columns, in order. */
const COL = { channel: 0, source: 1, region: 2, country: 3, currency: 4, campaign: 5, launch: 6, key: 7 };
const TEMPLATE = 'Display campaigns';

/** The three people of the demo account in the draft (all may use Display campaigns). */
const PEOPLE = {
  owner: { role: 'commenter1', name: 'Jordan Lee' },
  second: { role: 'commenter2', name: 'Sam Rivera' },
  third: { role: 'user', name: 'Taylor Kim' },
} as const satisfies Record<string, { role: RoleName; name: string }>;

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

/** Selects a cell as a person does: a click on its row number, Home, then ArrowRight to its column. */
async function selectCell(page: Page, row: number, col: number): Promise<void> {
  await rowNumber(page, row).scrollIntoViewIfNeeded();
  await rowNumber(page, row).click();
  await page.keyboard.press('Home');
  for (let i = 0; i < col; i++) await page.keyboard.press('ArrowRight');
}

/** Types `text` over a cell as in a spreadsheet: selects it, types (replacing its value), Enter to commit. */
async function typeInto(page: Page, row: number, col: number, text: string): Promise<void> {
  await selectCell(page, row, col);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
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

/** Removes one row through its row number's context menu. */
async function removeRow(page: Page, row: number): Promise<void> {
  await rowNumber(page, row).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Remove row' }).click();
}

/**
 * Two people remove a row each at the same moment, both online: both open their row's menu, then
 * both click "Remove row" at once (a menu acts on the row it was opened on, wherever it moved).
 */
async function removeAtOnce(a: { page: Page; row: number }, b: { page: Page; row: number }): Promise<void> {
  const items: Locator[] = [];
  for (const { page, row } of [a, b]) {
    await rowNumber(page, row).click({ button: 'right' });
    items.push(page.getByRole('menuitem', { name: 'Remove row' }));
    await expect(items.at(-1)!).toBeVisible();
  }
  await Promise.all(items.map((item) => item.click()));
}

/** The cells of a valid row (Channel to Campaign) as pasted, tab-separated. */
function validRow(campaign: string): string {
  return ['Social', 'Facebook', 'Europe', 'France', 'EUR - Euro', campaign].join('\t');
}

/** The toolbar's count of rows to send. */
function rowCount(page: Page): Locator {
  return page.getByTestId('row-count');
}

/** What the test's people share: the draft, its template and its fields. */
interface SeededDraft {
  id: number;
  name: string;
  templateId: number;
  /** Template field id (as a row's key) by field name. */
  keys: Record<string, string>;
}

/**
 * Saves through the API, as the owner, a draft of Display campaigns named `name` with the valid
 * rows of `campaigns` (STYLE.md: seed through the API).
 */
async function seedDraft(
  api: APIRequestContext,
  name: string,
  campaigns: readonly string[],
): Promise<SeededDraft> {
  const templates = (await (await api.get('/api/v1/account/submissions/templates')).json()) as {
    data: { id: number; name: string }[];
  };
  const templateId = templates.data.find((t) => t.name === TEMPLATE)!.id;
  const form = (await (await api.get(`/api/v1/account/submissions/templates/${templateId}/form`)).json()) as {
    fields: { id: number; field: { name: string } }[];
  };
  const keys = Object.fromEntries(form.fields.map((f) => [f.field.name, String(f.id)]));
  const rows = campaigns.map((campaign) => ({
    [keys.Channel!]: 'Social',
    [keys.Source!]: 'Facebook',
    [keys.Region!]: 'Europe',
    [keys.Country!]: 'France',
    [keys.Currency!]: 'EUR - Euro',
    [keys.Campaign!]: campaign,
  }));
  const saved = await api.post('/api/v1/account/submissions', {
    data: { template_id: templateId, name, rows, draft: true },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return { id: ((await saved.json()) as { id: number }).id, name, templateId, keys };
}

/** The draft's page (its editor). */
function draftPath(draft: SeededDraft): string {
  return `/codes/new/${draft.templateId}?draft=${draft.id}`;
}

/**
 * A page whose collaboration WebSocket runs through a proxy the test can stop (FIELD-NOTES:
 * Playwright's setOffline does not cut open WebSockets): `goOffline` closes the open sockets,
 * refuses new ones and takes the browser offline; `goOnline` lets them through again.
 */
async function cuttablePage(context: BrowserContext) {
  const page = await context.newPage();
  let isOffline = false;
  const open: { ws: WebSocketRoute; server: WebSocketRoute }[] = [];
  await page.routeWebSocket(/\/collab/, (ws) => {
    if (isOffline) {
      void ws.close();
      return;
    }
    open.push({ ws, server: ws.connectToServer() });
  });
  return {
    page,
    async goOffline() {
      isOffline = true;
      await context.setOffline(true);
      for (const { ws, server } of open.splice(0)) {
        await server.close().catch(() => {});
        await ws.close().catch(() => {});
      }
    },
    async goOnline() {
      isOffline = false;
      await context.setOffline(false);
    },
  };
}

/** A browser context signed in as `role` (the setup project's session). */
function signedIn(browser: Browser, role: RoleName): Promise<BrowserContext> {
  return browser.newContext({ storageState: storageStateOf(role) });
}

/** The owner shares the draft with two people through "Share draft". */
async function shareWith(page: Page, names: readonly string[]): Promise<void> {
  await page.getByRole('button', { name: 'Share draft' }).click();
  const dialog = page.getByRole('dialog', { name: /^Share / });
  await expect(dialog.getByRole('switch', { name: `Everyone who may use ${TEMPLATE}` })).not.toBeChecked();
  const picker = dialog.getByRole('combobox', { name: 'People' });
  for (const name of names) {
    await picker.click();
    await picker.fill(name.split(' ')[0]!);
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  }
  // The picker's list stays open for more picks: a click elsewhere in the dialog closes it.
  await dialog.getByText('Only people who may use this template can be invited.').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Shared with ${names.length} people`)).toBeVisible();
}

/** Opens a shared draft from the /codes "Shared drafts" table, checking its owner and people. */
async function openFromCodes(page: Page, draft: SeededDraft, selfName: string): Promise<void> {
  await page.goto('/codes');
  const table = page.getByRole('table', { name: 'Shared drafts' });
  const row = table.getByRole('row').filter({ hasText: draft.name });
  await expect(row).toContainText(TEMPLATE);
  await expect(row).toContainText(PEOPLE.owner.name);
  await expect(row).toContainText(`${PEOPLE.second.name} and ${PEOPLE.third.name}`);
  await row.getByText(draft.name, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/codes/new/${draft.templateId}\\?draft=${draft.id}$`));
  await expect(
    page.getByText(`Shared by ${PEOPLE.owner.name} with ${PEOPLE.second.name} and ${PEOPLE.third.name}`),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: `${selfName} (you)` })).toBeVisible({ timeout: 20_000 });
}

/**
 * A cell's value as shown, without the name tag of someone else who has it selected; null while
 * the cell is not rendered (the grid renders the rows and columns in view).
 */
async function cellValue(page: Page, row: number, col: number): Promise<string | null> {
  const target = cell(page, row, col);
  if ((await target.count()) === 0) return null;
  return target.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const tag of Array.from(copy.querySelectorAll('[data-testid="presence-name"]'))) tag.remove();
    return copy.textContent;
  });
}

/** Waits until the cell shows `text` on `page`. */
async function expectCell(page: Page, row: number, col: number, text: string): Promise<void> {
  await expect.poll(() => cellValue(page, row, col).catch(() => null), { timeout: 15_000 }).toBe(text);
}

/** Every page shows `text` in the cell. */
async function expectEverywhere(
  pages: readonly Page[],
  row: number,
  col: number,
  text: string,
): Promise<void> {
  for (const page of pages) await expectCell(page, row, col, text);
}

/** The draft's rows as the server answers them (the room's rows while shared). */
async function storedRows(api: APIRequestContext, id: number) {
  const detail = (await (await api.get(`/api/v1/account/submissions/${id}`)).json()) as {
    status: string;
    rows: { cv_id: string; data: Record<string, string> }[];
  };
  return detail;
}

// A step that cannot happen says so within 20 s rather than at the five-minute test timeout.
test.use({ actionTimeout: 20_000 });

test('[CODES]: three people fill a shared draft together, comment on a cell, and one submits every row exactly once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const ownerApi = await apiAs(PEOPLE.owner.role, baseURL!);
  const draft = await seedDraft(ownerApi, uniqueName('Team launches'), [
    'seed-a',
    'seed-b',
    'seed-c',
    'seed-d',
  ]);
  const contexts = await Promise.all(Object.values(PEOPLE).map((p) => signedIn(browser, p.role)));
  const [jordanContext, samContext, taylorContext] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  const jordan = await jordanContext.newPage();
  const samLink = await cuttablePage(samContext);
  const sam = samLink.page;
  const taylorLink = await cuttablePage(taylorContext);
  const taylor = taylorLink.page;
  const everyone = [jordan, sam, taylor];

  await test.step('the owner shares the draft with two people; they open it from /codes', async () => {
    await jordan.goto(draftPath(draft));
    await expect(grid(jordan)).toBeVisible();
    await shareWith(jordan, [PEOPLE.second.name, PEOPLE.third.name]);
    await expect(jordan.getByRole('img', { name: `${PEOPLE.owner.name} (you)` })).toBeVisible({
      timeout: 20_000,
    });
    await openFromCodes(sam, draft, PEOPLE.second.name);
    await openFromCodes(taylor, draft, PEOPLE.third.name);
    await expectEverywhere(everyone, 3, COL.campaign, 'seed-d');
  });

  await test.step('two people fill different cells at once: both are kept', async () => {
    await Promise.all([
      typeInto(jordan, 0, COL.campaign, 'jordan-a'),
      typeInto(sam, 1, COL.campaign, 'sam-b'),
    ]);
    await expectEverywhere(everyone, 0, COL.campaign, 'jordan-a');
    await expectEverywhere(everyone, 1, COL.campaign, 'sam-b');
  });

  await test.step('two people fill the same cell: the last one wins and the other is told', async () => {
    await typeInto(sam, 2, COL.campaign, 'sam-same');
    await expectCell(jordan, 2, COL.campaign, 'sam-same');
    await typeInto(jordan, 2, COL.campaign, 'jordan-same');
    await expectEverywhere(everyone, 2, COL.campaign, 'jordan-same');
    await expect(sam.getByRole('alert').filter({ hasText: PEOPLE.owner.name })).toBeVisible({
      timeout: 15_000,
    });
  });

  const pasted = Array.from({ length: 500 }, (_, i) => `p-${i + 1}`);
  await test.step('one person pastes 500 rows at once: everyone has them', async () => {
    await selectCell(taylor, 4, COL.channel);
    await paste(taylor, pasted.map(validRow).join('\r\n'));
    for (const page of everyone) await expect(rowCount(page)).toHaveText('504 rows', { timeout: 30_000 });
    await expectEverywhere(everyone, 4, COL.campaign, 'p-1');
  });

  await test.step('two people remove rows at once: the same row goes once, different rows both go', async () => {
    // At once for the server: Sam removes while his connection is cut, so neither removal knows
    // of the other, and his reaches the room after Jordan's.
    await samLink.goOffline();
    await removeRow(jordan, 3);
    await removeRow(sam, 3);
    await samLink.goOnline();
    for (const page of everyone) await expect(rowCount(page)).toHaveText('503 rows', { timeout: 30_000 });
    await expectEverywhere(everyone, 3, COL.campaign, 'p-1');

    await samLink.goOffline();
    await removeRow(jordan, 3);
    await removeRow(sam, 4);
    await samLink.goOnline();
    for (const page of everyone) await expect(rowCount(page)).toHaveText('501 rows', { timeout: 30_000 });
    await expectEverywhere(everyone, 3, COL.campaign, 'p-3');

    // Both online, at the same moment.
    await removeAtOnce({ page: jordan, row: 3 }, { page: sam, row: 4 });
    for (const page of everyone) await expect(rowCount(page)).toHaveText('499 rows', { timeout: 30_000 });
    await expectEverywhere(everyone, 3, COL.campaign, 'p-5');
  });

  await test.step('one person goes offline and keeps editing; their edits merge when they return', async () => {
    await taylorLink.goOffline();
    await typeInto(taylor, 1, COL.launch, '2026-05-01');
    await expectCell(taylor, 1, COL.launch, '2026-05-01');
    await typeInto(jordan, 0, COL.launch, '2026-05-02');
    // Sam brings the launch dates into view (the grid renders the columns in view).
    await selectCell(sam, 2, COL.launch);
    await expectCell(sam, 0, COL.launch, '2026-05-02');
    // Nothing of the offline edit reaches the others while the connection is cut.
    expect(await cellValue(sam, 1, COL.launch)).toBe('');
    await taylorLink.goOnline();
    await expectEverywhere(everyone, 1, COL.launch, '2026-05-01');
    await expectEverywhere(everyone, 0, COL.launch, '2026-05-02');
  });

  await test.step('a cell comment made by one is seen and resolved by another; a general comment reaches them', async () => {
    await selectCell(sam, 1, COL.campaign);
    await sam.getByRole('button', { name: 'Comment on cell' }).click();
    const popover = sam.getByRole('dialog', { name: 'Comments on Campaign, row 2' });
    await popover.getByRole('textbox', { name: 'Comment' }).fill('Is this the summer one?');
    await popover.getByRole('button', { name: 'Add comment' }).click();
    await expect(popover.getByRole('article', { name: `Comment by ${PEOPLE.second.name}` })).toBeVisible();

    // The cell is marked for everyone while its thread is open.
    const mark = cell(jordan, 1, COL.campaign).getByRole('img', { name: 'Has comments' });
    await expect(mark).toBeVisible({ timeout: 15_000 });
    await jordan.getByRole('button', { name: 'Comments', exact: true }).click();
    const panel = jordan.getByRole('complementary', { name: 'Comments' });
    const thread = panel.getByRole('article', { name: `Comment by ${PEOPLE.second.name}` });
    await expect(thread).toContainText('Is this the summer one?', { timeout: 15_000 });
    await expect(thread.getByRole('button', { name: 'Go to Campaign, row 2' })).toBeVisible();
    await thread.getByRole('button', { name: 'Resolve' }).click();
    await expect(popover.getByText('Resolved')).toBeVisible({ timeout: 15_000 });
    await expect(mark).toHaveCount(0);
    await popover.getByRole('button', { name: 'Close comments on this cell' }).click();

    // A general comment on the draft reaches the others too.
    await panel.getByRole('textbox', { name: 'General comment' }).fill('Launch list frozen on Friday');
    await panel.getByRole('button', { name: 'Post comment' }).click();
    await sam.getByRole('button', { name: 'Comments', exact: true }).click();
    const samPanel = sam.getByRole('complementary', { name: 'Comments' });
    await expect(
      samPanel.getByRole('article', { name: `General comment by ${PEOPLE.owner.name}` }),
    ).toContainText('Launch list frozen on Friday', { timeout: 15_000 });
    await samPanel.getByRole('button', { name: 'Close comments' }).click();
    await panel.getByRole('button', { name: 'Close comments' }).click();
    await expect(panel).toBeHidden();
  });

  const expected = ['jordan-a', 'sam-b', 'jordan-same', ...pasted.slice(4)];
  await test.step('all three see the same table', async () => {
    for (const page of everyone) await expect(rowCount(page)).toHaveText(`${expected.length} rows`);
    for (let row = 0; row < 6; row++) await expectEverywhere(everyone, row, COL.campaign, expected[row]!);
    const room = await storedRows(ownerApi, draft.id);
    expect(room.rows.map((r) => r.data[draft.keys.Campaign!])).toEqual(expected);
  });

  await test.step('the third submits: the others see who submitted it and the codes', async () => {
    await taylor.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(taylor).toHaveURL(/\/codes\/submissions\/\d+$/, { timeout: 60_000 });
    for (const page of [jordan, sam]) {
      await expect(page.getByText(new RegExp(`Submitted by ${PEOPLE.third.name}`)).first()).toBeVisible({
        timeout: 30_000,
      });
      await page.getByRole('link', { name: 'See the submission and its codes' }).click();
      await expect(page.getByTestId('submission-status')).toHaveText('Submitted');
      await expect(page.getByText('Social_France_jordan-a').first()).toBeVisible({ timeout: 30_000 });
    }
  });

  await test.step('every row is submitted exactly once, with its code', async () => {
    const submitted = await storedRows(ownerApi, draft.id);
    expect(submitted.status).toBe('Submitted');
    const campaigns = submitted.rows.map((r) => r.data[draft.keys.Campaign!]);
    expect(campaigns).toHaveLength(expected.length);
    expect(new Set(campaigns)).toEqual(new Set(expected));
    expect(new Set(submitted.rows.map((r) => r.cv_id)).size).toBe(expected.length);
    for (const row of submitted.rows)
      expect(row.data[draft.keys['Campaign key']!]).toBe(`Social_France_${row.data[draft.keys.Campaign!]}`);
  });

  await ownerApi.dispose();
  for (const context of contexts) await context.close();
});

test('[CODES]: a draft shared with everyone who may use its template shows read-only to them, and Stop sharing asks first and gives it back to its owner', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ownerApi = await apiAs(PEOPLE.owner.role, baseURL!);
  const draft = await seedDraft(ownerApi, uniqueName('Open launches'), ['open-a', 'open-b']);
  const [jordanContext, taylorContext, priyaContext] = await Promise.all(
    (['commenter1', 'user', 'approver'] as const).map((role) => signedIn(browser, role)),
  );
  const jordan = await jordanContext!.newPage();
  const taylor = await taylorContext!.newPage();
  const priya = await priyaContext!.newPage();

  await jordan.goto(draftPath(draft));
  await jordan.getByRole('button', { name: 'Share draft' }).click();
  const dialog = jordan.getByRole('dialog', { name: /^Share / });
  const everyoneSwitch = dialog.getByRole('switch', { name: `Everyone who may use ${TEMPLATE}` });
  await everyoneSwitch.click();
  await expect(everyoneSwitch).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(jordan.getByText('Shared with everyone')).toBeVisible();

  // Anyone who may use the template finds it on /codes and sees who shared it, read-only.
  await taylor.goto('/codes');
  const row = taylor
    .getByRole('table', { name: 'Shared drafts' })
    .getByRole('row')
    .filter({ hasText: draft.name });
  await expect(row).toContainText('Everyone who may use it');
  await row.getByText(draft.name, { exact: true }).click();
  await expect(
    taylor.getByText(`Shared by ${PEOPLE.owner.name} with everyone who may use ${TEMPLATE}`),
  ).toBeVisible();
  await expect(taylor.getByRole('button', { name: 'Share draft' })).toHaveCount(0);
  await expectCell(taylor, 1, COL.campaign, 'open-b');

  // Stop sharing asks first; Cancel keeps it shared.
  await jordan.getByRole('button', { name: 'Share draft' }).click();
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  const confirm = jordan.getByRole('dialog', { name: 'Stop sharing this draft?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(jordan.getByText('Shared with everyone')).toBeVisible();
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await confirm.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog).toBeHidden();
  await expect(jordan.getByText('Shared with everyone')).toHaveCount(0);

  // The draft is its owner's alone again, with its rows; nobody else lists it.
  const detail = (await (await ownerApi.get(`/api/v1/account/submissions/${draft.id}`)).json()) as {
    shared: boolean;
    rows: { data: Record<string, string> }[];
  };
  expect(detail.shared).toBe(false);
  expect(detail.rows.map((r) => r.data[draft.keys.Campaign!])).toEqual(['open-a', 'open-b']);
  // Other specs may leave drafts shared with her, so only this one is looked for, once her
  // shared drafts have been read.
  const sharedRead = priya.waitForResponse((r) => r.url().includes('scope=shared') && r.ok());
  await priya.goto('/codes');
  await sharedRead;
  await expect(priya.getByRole('heading', { name: 'Shared drafts' })).toBeVisible();
  await expect(priya.getByText(draft.name)).toHaveCount(0);

  await ownerApi.dispose();
  for (const context of [jordanContext, taylorContext, priyaContext]) await context!.close();
});
