import type { CollabStack } from '../support/collab-stack';
import { expect, test } from '../support/test';
import {
  cell,
  commentOnCell,
  lockOverlay,
  openEditor,
  openPanel,
  presence,
  seedList,
  startSpecStack,
  storedValues,
  suggestValue,
  takeLock,
} from './collab-helpers';

let stack: CollabStack;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

test.beforeAll(async () => {
  stack = await startSpecStack(0);
});
test.afterAll(async () => {
  await stack?.close();
});

test('[COLLAB]: commenters suggest, the approver reviews under the lock, saves, and everyone sees the result live', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const approverContext = await stack.signedIn(browser, 'approver');
  const jordanContext = await stack.signedIn(browser, 'commenter1');
  const samContext = await stack.signedIn(browser, 'commenter2');
  const list = await seedList(approverContext, 'Channels under review', ['Facebook', 'Google', 'Twitter']);

  const approver = await approverContext.newPage();
  const jordan = await jordanContext.newPage();
  const sam = await samContext.newPage();
  await openEditor(approver, list.id, 'Priya Shah');
  await openEditor(jordan, list.id, 'Jordan Lee');
  await openEditor(sam, list.id, 'Sam Rivera');

  // Presence: the approver sees both commenters arrive, live.
  await expect(presence(approver).getByRole('img', { name: 'Jordan Lee' })).toBeVisible();
  await expect(presence(approver).getByRole('img', { name: 'Sam Rivera' })).toBeVisible();

  // The commenters comment and suggest.
  await suggestValue(jordan, 0, 'Meta', 'Renamed in 2021');
  await suggestValue(sam, 2, 'X');
  await commentOnCell(sam, 1, 'Should this be Google Ads?');

  // The approver sees the review marks on the cells without reloading.
  await expect(cell(approver, 0).getByRole('img', { name: 'Pending suggestion' })).toBeVisible();
  await expect(cell(approver, 2).getByRole('img', { name: 'Pending suggestion' })).toBeVisible();
  await expect(cell(approver, 1).getByRole('img', { name: 'Has comments' })).toBeVisible();

  // Save is blocked while suggestions wait for a decision.
  const save = approver.getByRole('button', { name: 'Save', exact: true });

  // The approver moves the pointer over the table: they take the lock, the commenters see the overlay.
  await takeLock(approver);
  await expect(lockOverlay(jordan, 'Priya Shah')).toBeVisible();
  await expect(lockOverlay(sam, 'Priya Shah')).toBeVisible();
  await expect(jordan.getByRole('img', { name: /^Locked by Priya Shah since / })).toBeVisible();

  // Approve Jordan's suggestion, reject Sam's.
  const panel = await openPanel(approver);
  await expect(save).toHaveAttribute('data-disabled', 'true');
  const jordanSuggestion = panel.getByRole('article', { name: 'Suggestion by Jordan Lee' });
  const samSuggestion = panel.getByRole('article', { name: 'Suggestion by Sam Rivera' });
  await expect(jordanSuggestion).toContainText('Renamed in 2021');
  await jordanSuggestion.getByRole('button', { name: 'Approve' }).click();
  await expect(cell(approver, 0)).toHaveText('Meta');
  await samSuggestion.getByRole('button', { name: 'Reject' }).click();
  await expect(jordanSuggestion).toContainText('Approved (not saved yet)');
  await expect(samSuggestion).toContainText('Rejected (not saved yet)');

  await expect(save).not.toHaveAttribute('data-disabled', 'true');
  await save.click();
  await expect(approver.getByText('List saved')).toBeVisible();

  // The commenters see the new value and the statuses without reloading; the lock is released.
  await expect(cell(jordan, 0)).toHaveText('Meta');
  await expect(cell(sam, 0)).toHaveText('Meta');
  await expect(cell(sam, 2)).toHaveText('Twitter');
  await expect(lockOverlay(jordan, 'Priya Shah')).toBeHidden();
  await expect(lockOverlay(sam, 'Priya Shah')).toBeHidden();
  const jordanPanel = await openPanel(jordan);
  await expect(jordanPanel.getByRole('article', { name: 'Suggestion by Jordan Lee' })).toContainText(
    'Approved',
  );
  await expect(jordanPanel.getByRole('article', { name: 'Suggestion by Jordan Lee' })).toContainText(
    'Approved by Priya Shah',
  );
  await expect(jordanPanel.getByRole('article', { name: 'Suggestion by Sam Rivera' })).toContainText(
    'Rejected by Priya Shah',
  );
  // A decided (resolved) suggestion hides its mark.
  await expect(cell(jordan, 0).getByRole('img', { name: /suggestion/ })).toHaveCount(0);
  expect(await storedValues(approverContext, list.id)).toEqual(['Meta', 'Google', 'Twitter']);

  await approverContext.close();
  await jordanContext.close();
  await samContext.close();
});

test('[COLLAB]: rejecting every suggestion writes only the decisions, not the list', async ({ browser }) => {
  const approverContext = await stack.signedIn(browser, 'approver');
  const jordanContext = await stack.signedIn(browser, 'commenter1');
  const list = await seedList(approverContext, 'Only rejections', ['Email', 'SMS']);
  const before = await approverContext.request.get(`/api/v1/account/lists/${list.id}`);
  const { updated_at: updatedAt } = (await before.json()) as { updated_at: string };

  const jordan = await jordanContext.newPage();
  const approver = await approverContext.newPage();
  await openEditor(jordan, list.id, 'Jordan Lee');
  await openEditor(approver, list.id, 'Priya Shah');
  await suggestValue(jordan, 1, 'Text message');
  await suggestValue(jordan, 0, 'E-mail');

  // Both at once, with the bulk decision.
  const panel = await openPanel(approver);
  const suggestions = panel.getByRole('article', { name: 'Suggestion by Jordan Lee' });
  await expect(suggestions).toHaveCount(2);
  await panel.getByRole('checkbox', { name: 'Select all pending suggestions shown' }).check();
  await expect(panel.getByText('2 selected')).toBeVisible();
  await panel.getByRole('button', { name: 'Reject selected' }).click();
  await expect(suggestions.filter({ hasText: 'Rejected (not saved yet)' })).toHaveCount(2);
  await expect(cell(approver, 0)).toHaveText('Email');
  const lastSaved = await approver.getByTestId('last-saved').textContent();
  await approver.getByRole('button', { name: 'Save', exact: true }).click();
  // The save says what it did and why "Last saved" does not move (issue 8 item 17).
  await expect(
    approver.getByText(
      '2 rejections saved. The list’s values did not change, so it keeps its last-saved time.',
    ),
  ).toBeVisible();
  await expect(approver.getByTestId('last-saved')).toHaveText(lastSaved ?? '');

  const jordanPanel = await openPanel(jordan);
  await expect(
    jordanPanel
      .getByRole('article', { name: 'Suggestion by Jordan Lee' })
      .filter({ hasText: 'Rejected by Priya Shah' }),
  ).toHaveCount(2);
  const after = await approverContext.request.get(`/api/v1/account/lists/${list.id}`);
  expect(((await after.json()) as { updated_at: string }).updated_at).toBe(updatedAt);
  await expect(approver.getByRole('img', { name: 'You are reviewing this list' })).toBeHidden();

  await approverContext.close();
  await jordanContext.close();
});
