import { HocuspocusProvider } from '@hocuspocus/provider';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import * as Y from 'yjs';
import { apiAs, uniqueName } from '../support/api';
import { type RoleName, storageStateOf } from '../support/roles';
import { expect, test } from '../support/test';

// The live grid of a shared draft: presence (avatars, the others' selected cell with their name,
// their typing shown live), edits both ways, undo of one's own edits only, and "Submitted by".

const TEMPLATE = 'Display campaigns';
const CAMPAIGN = 5;

function grid(page: Page): Locator {
  return page.getByTestId('submission-grid');
}

function cell(page: Page, row: number, col: number): Locator {
  return grid(page).locator(
    `[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`,
  );
}

async function selectCell(page: Page, row: number, col: number): Promise<void> {
  await cell(page, row, col).click();
}

/** Saves, as `owner`, a draft of Display campaigns with two valid rows; answers it and its Campaign key. */
async function seedDraft(owner: APIRequestContext, name: string) {
  const templates = (await (await owner.get('/api/v1/account/submissions/templates')).json()) as {
    data: { id: number; name: string }[];
  };
  const templateId = templates.data.find((t) => t.name === TEMPLATE)!.id;
  const form = (await (
    await owner.get(`/api/v1/account/submissions/templates/${templateId}/form`)
  ).json()) as {
    fields: { id: number; field: { name: string } }[];
  };
  const keys = Object.fromEntries(form.fields.map((f) => [f.field.name, String(f.id)]));
  const rows = ['seed-a', 'seed-b'].map((campaign) => ({
    [keys.Channel!]: 'Social',
    [keys.Source!]: 'Facebook',
    [keys.Region!]: 'Europe',
    [keys.Country!]: 'France',
    [keys.Currency!]: 'EUR - Euro',
    [keys.Campaign!]: campaign,
  }));
  const saved = await owner.post('/api/v1/account/submissions', {
    data: { template_id: templateId, name, rows, draft: true },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { id: ((await saved.json()) as { id: number }).id, templateId, campaignKey: keys.Campaign! };
}

/** Saves a draft (see seedDraft) and shares it, through the API, with the person named `with_`. */
async function seedSharedDraft(owner: APIRequestContext, name: string, with_: string) {
  const draft = await seedDraft(owner, name);
  const candidates = (await (
    await owner.get(`/api/v1/account/submissions/${draft.id}/share-candidates`)
  ).json()) as { data: { id: number; name: string }[] };
  const shared = await owner.put(`/api/v1/account/submissions/${draft.id}/sharing`, {
    data: { everyone: false, user_ids: [candidates.data.find((c) => c.name === with_)!.id] },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  return draft;
}

function signedIn(browser: Browser, role: RoleName): Promise<BrowserContext> {
  return browser.newContext({ storageState: storageStateOf(role) });
}

test('[CODES]: two people in a shared draft see each other, type live, undo their own edits and see who submitted', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ownerApi = await apiAs('commenter1', baseURL!);
  const draft = await seedSharedDraft(ownerApi, uniqueName('Live grid'), 'Sam Rivera');
  const contexts = [await signedIn(browser, 'commenter1'), await signedIn(browser, 'commenter2')];
  const jordan = await contexts[0]!.newPage();
  const sam = await contexts[1]!.newPage();
  const path = `/codes/new/${draft.templateId}?draft=${draft.id}`;
  await jordan.goto(path);
  await sam.goto(path);

  await test.step('each sees the other among the avatars and the seeded rows', async () => {
    await expect(jordan.getByRole('img', { name: 'Sam Rivera' })).toBeVisible({ timeout: 20_000 });
    await expect(sam.getByRole('img', { name: 'Jordan Lee' })).toBeVisible({ timeout: 20_000 });
    await expect(cell(sam, 1, CAMPAIGN)).toHaveText('seed-b');
  });

  await test.step('the other’s selected cell is outlined with their name; their typing shows live, Escape takes it back', async () => {
    await selectCell(jordan, 0, CAMPAIGN);
    await expect(cell(sam, 0, CAMPAIGN).getByTestId('presence-name')).toHaveText('Jordan Lee');
    await jordan.keyboard.type('live');
    await expect(cell(sam, 0, CAMPAIGN)).toContainText('live');
    await jordan.keyboard.press('Escape');
    await expect(cell(sam, 0, CAMPAIGN)).toContainText('seed-a');
  });

  await test.step('a typed cell reaches the other; typing past the last row adds a row for both', async () => {
    await selectCell(jordan, 0, CAMPAIGN);
    await jordan.keyboard.press('Enter');
    await jordan.keyboard.press('ControlOrMeta+a');
    await jordan.keyboard.type('jordan-x');
    await jordan.keyboard.press('Enter');
    await expect(cell(sam, 0, CAMPAIGN)).toContainText('jordan-x');
    await selectCell(sam, 2, CAMPAIGN);
    await sam.keyboard.type('sam-new');
    await sam.keyboard.press('Enter');
    await expect(cell(jordan, 2, CAMPAIGN)).toContainText('sam-new');
    await expect(jordan.getByTestId('row-count')).toHaveText('3 rows');
  });

  await test.step('undo takes back one’s own edit only', async () => {
    await grid(jordan).focus();
    await jordan.keyboard.press('ControlOrMeta+z');
    await expect(cell(sam, 0, CAMPAIGN)).toContainText('seed-a');
    await expect(cell(jordan, 2, CAMPAIGN)).toContainText('sam-new');
    await jordan.keyboard.press('ControlOrMeta+Shift+z');
    await expect(cell(sam, 0, CAMPAIGN)).toContainText('jordan-x');
  });

  await test.step('a removed row goes for both; its remover’s undo brings it back', async () => {
    await grid(sam).locator('[role="row"][aria-rowindex="3"] [role="rowheader"]').click({ button: 'right' });
    await sam.getByRole('menuitem', { name: 'Remove row' }).click();
    await expect(jordan.getByTestId('row-count')).toHaveText('2 rows');
    await expect(cell(jordan, 1, CAMPAIGN)).toContainText('sam-new');
    await grid(sam).focus();
    await sam.keyboard.press('ControlOrMeta+z');
    await expect(cell(jordan, 1, CAMPAIGN)).toContainText('seed-b');
    await expect(jordan.getByTestId('row-count')).toHaveText('3 rows');
  });

  await test.step('when one submits, the other sees who submitted it and the codes, and cannot edit', async () => {
    // The row typed past the end has only a campaign: the same errors show for both, so it goes first.
    await expect(jordan.getByTestId('error-count')).toHaveText('5 errors');
    await grid(sam).locator('[role="row"][aria-rowindex="4"] [role="rowheader"]').click({ button: 'right' });
    await sam.getByRole('menuitem', { name: 'Remove row' }).click();
    await expect(jordan.getByTestId('error-count')).toHaveText('No errors');
    await sam.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(sam).toHaveURL(/\/codes\/submissions\/\d+$/, { timeout: 60_000 });
    await expect(jordan.getByText('Submitted by Sam Rivera')).toBeVisible({ timeout: 30_000 });
    // The rows as stored, codes first, read-only.
    const submitted = jordan.getByTestId('submission-rows');
    await expect(submitted).toHaveAttribute('aria-readonly', 'true', { timeout: 30_000 });
    await expect(submitted.getByText('Social_France_jordan-x')).toBeVisible();
    await expect(jordan.getByRole('link', { name: 'See the submission and its codes' })).toBeVisible();
  });

  await ownerApi.dispose();
  for (const context of contexts) await context.close();
});

test('[CODES]: what the owner typed but did not save is kept when they share the draft', async ({
  browser,
  baseURL,
}) => {
  const ownerApi = await apiAs('commenter1', baseURL!);
  const draft = await seedDraft(ownerApi, uniqueName('Handover'));
  const context = await signedIn(browser, 'commenter1');
  const page = await context.newPage();
  await page.goto(`/codes/new/${draft.templateId}?draft=${draft.id}`);
  await selectCell(page, 1, CAMPAIGN);
  await page.keyboard.type('unsaved-x');
  await page.keyboard.press('Enter');

  await page.getByRole('button', { name: 'Share draft' }).click();
  const dialog = page.getByRole('dialog', { name: /^Share / });
  await dialog.getByRole('switch', { name: `Everyone who may use ${TEMPLATE}` }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The room's editor opens with the typed value in it, and the room holds it.
  await expect(page.getByRole('img', { name: 'Jordan Lee (you)' })).toBeVisible({ timeout: 20_000 });
  await expect(cell(page, 1, CAMPAIGN)).toHaveText('unsaved-x');
  await expect
    .poll(async () => {
      const detail = (await (await ownerApi.get(`/api/v1/account/submissions/${draft.id}`)).json()) as {
        rows: { data: Record<string, string> }[];
      };
      return detail.rows.map((r) => r.data[draft.campaignKey]);
    })
    .toEqual(['seed-a', 'unsaved-x']);

  await ownerApi.dispose();
  await context.close();
});

/**
 * Counts, in the page, the components React renders in each commit, through the hook React
 * DevTools uses (React calls `onCommitFiberRoot` after every commit, production builds too). A
 * component rendered in a commit has the PerformedWork flag; only subtrees React worked on in that
 * commit are walked (a bailed-out parent keeps its old children). Each rendered component is named
 * by its first DOM element: a grid row or cell by its ARIA indexes, anything else as 'other'.
 */
const RENDER_COUNTER = `(() => {
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const commits = [];
  const firstElement = (fiber) => {
    for (let f = fiber; f; f = f.child) if (f.tag === 5) return f.stateNode;
    return null;
  };
  const labelOf = (fiber) => {
    const el = firstElement(fiber);
    const role = el?.getAttribute?.('role');
    if (role === 'row') return 'row ' + el.getAttribute('aria-rowindex');
    if (role === 'gridcell') return 'cell ' + el.closest('[role="row"]')?.getAttribute('aria-rowindex') + ':' + el.getAttribute('aria-colindex');
    return 'other';
  };
  const walk = (fiber, out) => {
    for (let f = fiber; f; f = f.sibling) {
      if (COMPONENT_TAGS.has(f.tag) && (f.flags & PERFORMED_WORK) !== 0) out.push(labelOf(f));
      if (!f.alternate || f.child !== f.alternate.child) walk(f.child, out);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => {
      const rendered = [];
      walk(root.current.child, rendered);
      commits.push(rendered);
    },
  };
  window.__renders = { commits };
})()`;

/** Joins the draft's room as `role` through the collab protocol (no browser): answers the room's row ids and a cells.set sender. */
async function protocolPeer(api: APIRequestContext, baseURL: string, draftId: number) {
  const answer = await api.post(`/api/v1/account/submissions/${draftId}/collab-token`, {
    headers: { origin: baseURL },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { token, room, url } = (await answer.json()) as { token: string; room: string; url: string | null };
  const doc = new Y.Doc();
  const acks = new Set<string>();
  const provider = await new Promise<HocuspocusProvider>((resolve, reject) => {
    const p: HocuspocusProvider = new HocuspocusProvider({
      url: url ?? `${baseURL.replace(/^http/, 'ws')}/collab`,
      name: room,
      document: doc,
      token,
      onSynced: () => resolve(p),
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      onStateless: ({ payload }) => {
        const message = JSON.parse(payload) as { type: string; id?: string };
        if (message.type === 'ack' && message.id) acks.add(message.id);
      },
    });
  });
  return {
    rowIds: doc.getArray<string>('order').toArray(),
    /** Sends cells.set of one cell; resolves once the server acknowledged it. */
    async setCell(row: string, field: string, value: string) {
      const id = crypto.randomUUID();
      provider.sendStateless(JSON.stringify({ id, type: 'cells.set', cells: [{ row, field, value }] }));
      await expect.poll(() => acks.has(id)).toBe(true);
    },
    close: () => provider.destroy(),
  };
}

test('[CODES]: another person’s edit of one cell re-renders that cell and its row only, not the page, the other rows or cells', async ({
  browser,
  baseURL,
}) => {
  const ownerApi = await apiAs('commenter1', baseURL!);
  const samApi = await apiAs('commenter2', baseURL!);
  const draft = await seedSharedDraft(ownerApi, uniqueName('Renders'), 'Sam Rivera');
  const context = await signedIn(browser, 'commenter1');
  await context.addInitScript(RENDER_COUNTER);
  const page = await context.newPage();
  await page.goto(`/codes/new/${draft.templateId}?draft=${draft.id}`);
  await expect(page.getByRole('img', { name: 'Jordan Lee (you)' })).toBeVisible({ timeout: 20_000 });
  await expect(cell(page, 1, CAMPAIGN)).toHaveText('seed-b');
  const sam = await protocolPeer(samApi, baseURL!, draft.id);

  // Settled first (Sam's joining is told through presence), then only the edit is counted.
  await sam.setCell(sam.rowIds[0]!, draft.campaignKey, 'warm-up');
  await expect(cell(page, 0, CAMPAIGN)).toHaveText('warm-up');
  await page.evaluate('window.__renders.commits.length = 0');
  await sam.setCell(sam.rowIds[1]!, draft.campaignKey, 'remote-x');
  await expect(cell(page, 1, CAMPAIGN)).toHaveText('remote-x');

  const rendered = ((await page.evaluate('window.__renders.commits')) as string[][]).flat();
  // The second data row is aria-rowindex 3; the Campaign column aria-colindex CAMPAIGN + 2.
  expect(rendered.filter((label) => label.startsWith('row '))).toEqual(['row 3']);
  expect(rendered.filter((label) => label.startsWith('cell '))).toEqual([`cell 3:${CAMPAIGN + 2}`]);
  // The page, the room's bar, the toolbar and the editor's header keep their props: a handful of
  // components on the way from the room to the grid render, not the hundreds a whole page is.
  expect(rendered.filter((label) => label === 'other').length).toBeLessThan(20);

  sam.close();
  await samApi.dispose();
  await ownerApi.dispose();
  await context.close();
});
