import type { Locator } from '@playwright/test';
import type { CollabStack } from '../support/collab-stack';
import { expect, test } from '../support/test';
import {
  cell,
  lockOverlay,
  openCellMenu,
  openEditor,
  openPanel,
  seedList,
  startSpecStack,
  storedValues,
  suggestValue,
  takeLock,
} from './collab-helpers';

let stack: CollabStack;

test.beforeAll(async () => {
  stack = await startSpecStack(5);
});
test.afterAll(async () => {
  await stack?.close();
});

/** The words of the note and of the disabled Save's tooltip for a user without approve_suggestions. */
const APPROVE_RIGHT_NEEDED =
  'You can comment on cells and suggest values; editing and saving this list need the approve suggestions right.';

/** Whether two elements' boxes share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) throw new Error('not laid out');
  return x.x < y.x + y.width && x.x + x.width > y.x && x.y < y.y + y.height && x.y + x.height > y.y;
}

test('[COLLAB]: a manager without the approve right is told why the grid is read-only, and still suggests', async ({
  browser,
}) => {
  const priyaContext = await stack.signedIn(browser, 'approver');
  const jordanContext = await stack.signedIn(browser, 'commenter1');
  const list = await seedList(jordanContext, 'Rights of a manager', ['Print', 'Radio']);
  const jordan = await jordanContext.newPage();
  await openEditor(jordan, list.id, 'Jordan Lee');

  // The note says why, even on the list Jordan created.
  await expect(jordan.getByText(APPROVE_RIGHT_NEEDED)).toBeVisible();
  await expect(jordan.getByRole('grid')).toHaveAttribute('aria-readonly', 'true');
  // Save is disabled and its tooltip says the same.
  const save = jordan.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('data-disabled', 'true');
  await save.hover();
  await expect(jordan.getByRole('tooltip')).toHaveText(APPROVE_RIGHT_NEEDED);
  // So does a disabled toolbar action (once Save's tooltip has gone).
  await jordan.mouse.move(0, 0);
  await expect(jordan.getByRole('tooltip')).toHaveCount(0);
  await jordan.getByRole('button', { name: 'Add column' }).hover();
  await expect(jordan.getByRole('tooltip')).toHaveText(APPROVE_RIGHT_NEEDED);

  // Suggesting still works; the approver has no such note.
  await suggestValue(jordan, 1, 'Podcast');
  const priya = await priyaContext.newPage();
  await openEditor(priya, list.id, 'Priya Shah');
  await expect(cell(priya, 1).getByRole('img', { name: 'Pending suggestion' })).toBeVisible();
  await expect(priya.getByText(APPROVE_RIGHT_NEEDED)).toHaveCount(0);

  await priyaContext.close();
  await jordanContext.close();
});

test('[COLLAB]: nobody resolves a pending suggestion; its author withdraws it after confirming', async ({
  browser,
}) => {
  const priyaContext = await stack.signedIn(browser, 'approver');
  const jordanContext = await stack.signedIn(browser, 'commenter1');
  const list = await seedList(priyaContext, 'Withdrawn suggestion', ['Outdoor', 'Cinema']);
  const jordan = await jordanContext.newPage();
  const priya = await priyaContext.newPage();
  await openEditor(jordan, list.id, 'Jordan Lee');
  await openEditor(priya, list.id, 'Priya Shah');
  await suggestValue(jordan, 0, 'Billboards');

  const jordanPanel = await openPanel(jordan);
  const mine = jordanPanel.getByRole('article', { name: 'Suggestion by Jordan Lee' });
  await expect(mine).toContainText('Pending');
  await expect(mine.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  const priyaPanel = await openPanel(priya);
  const theirs = priyaPanel.getByRole('article', { name: 'Suggestion by Jordan Lee' });
  await expect(theirs.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);

  // Cancelling the confirmation keeps it.
  await mine.getByRole('button', { name: 'Withdraw' }).click();
  const confirm = jordan.getByRole('dialog', { name: 'Withdraw your suggestion?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(mine).toBeVisible();

  await mine.getByRole('button', { name: 'Withdraw' }).click();
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(mine).toHaveCount(0);
  // Gone for the approver too, live: no card, no mark, nothing blocks the save.
  await expect(theirs).toHaveCount(0);
  await expect(cell(priya, 0).getByRole('img', { name: 'Pending suggestion' })).toHaveCount(0);
  // The lists page's count drops to 0 (the projection collab keeps).
  await expect
    .poll(async () => {
      const answer = await priyaContext.request.get('/api/v1/account/lists/collab-state');
      const { data } = (await answer.json()) as { data: { listId: number; pendingSuggestions: number }[] };
      return data.find((state) => state.listId === list.id)?.pendingSuggestions ?? 0;
    })
    .toBe(0);
  expect(await storedValues(priyaContext, list.id)).toEqual(['Outdoor', 'Cinema']);

  await priyaContext.close();
  await jordanContext.close();
});

test('[COLLAB]: only an approver reopens a moderated suggestion, which can then be approved or rejected again', async ({
  browser,
}) => {
  const priyaContext = await stack.signedIn(browser, 'approver');
  const jordanContext = await stack.signedIn(browser, 'commenter1');
  const list = await seedList(priyaContext, 'Reopened suggestion', ['Affiliate']);
  const jordan = await jordanContext.newPage();
  const priya = await priyaContext.newPage();
  await openEditor(jordan, list.id, 'Jordan Lee');
  await openEditor(priya, list.id, 'Priya Shah');
  await suggestValue(jordan, 0, 'Partners');

  const priyaPanel = await openPanel(priya);
  const card = priyaPanel.getByRole('article', { name: 'Suggestion by Jordan Lee' });
  await card.getByRole('button', { name: 'Reject' }).click();
  await priya.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card).toContainText('Rejected by Priya Shah');

  // The author cannot reopen it; the approver can, and it is pending again with Approve/Reject.
  const jordanCard = (await openPanel(jordan)).getByRole('article', { name: 'Suggestion by Jordan Lee' });
  await expect(jordanCard).toContainText('Rejected by Priya Shah');
  await expect(jordanCard.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Reopen' }).click();
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(card).toContainText('Pending');
  await expect(cell(priya, 0).getByRole('img', { name: 'Pending suggestion' })).toBeVisible();

  await card.getByRole('button', { name: 'Approve' }).click();
  await priya.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(priya.getByText('List saved')).toBeVisible();
  expect(await storedValues(priyaContext, list.id)).toEqual(['Partners']);

  await priyaContext.close();
  await jordanContext.close();
});

test("[COLLAB]: a commenter's open cell popover leaves the lock overlay's message readable", async ({
  browser,
}) => {
  const priyaContext = await stack.signedIn(browser, 'approver');
  const jordanContext = await stack.signedIn(browser, 'commenter1');
  const list = await seedList(
    priyaContext,
    'Popover and lock',
    Array.from({ length: 30 }, (_, i) => `Value ${i + 1}`),
  );
  const jordan = await jordanContext.newPage();
  const priya = await priyaContext.newPage();
  await openEditor(jordan, list.id, 'Jordan Lee');
  await openEditor(priya, list.id, 'Priya Shah');

  // Jordan opens the popover on a cell in the middle of the grid, then Priya starts reviewing.
  const popover = await openCellMenu(jordan, 6, 'Comment');
  await takeLock(priya);
  const message = lockOverlay(jordan, 'Priya Shah');
  await expect(message).toBeVisible();
  await expect(popover).toBeVisible();
  // The popover (drawn above the grid) moved aside: no pixel of the message is under it.
  await expect.poll(() => overlap(popover, message)).toBe(false);
  await expect(popover.getByRole('textbox', { name: 'Comment' })).toBeVisible();

  // One time format (issue 8 item 23): the lock tooltip writes "5:04pm" as "Last saved" does.
  await expect(jordan.getByTestId('last-saved')).toHaveText(
    /^Last saved [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}[ap]m$/,
  );
  await expect(
    jordan.getByRole('img', { name: /^Locked by Priya Shah since \d{1,2}:\d{2}[ap]m$/ }),
  ).toBeVisible();

  await priyaContext.close();
  await jordanContext.close();
});
