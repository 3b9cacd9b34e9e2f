import type { CollabStack } from '../support/collab-stack';
import { expect, test } from '../support/test';
import { openEditor, openPanel, postGeneralComment, seedList, startSpecStack } from './collab-helpers';

const RECONNECTING = 'Reconnecting… your changes to comments will be sent when the connection is back.';

let stack: CollabStack;

test.beforeAll(async () => {
  stack = await startSpecStack(2);
});
test.afterAll(async () => {
  await stack?.close();
});

test('[COLLAB]: after the collab server restarts, clients reconnect by themselves and every acknowledged comment is kept', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const jordanContext = await stack.signedIn(browser, 'commenter1');
  const priyaContext = await stack.signedIn(browser, 'approver');
  const list = await seedList(priyaContext, 'Reconnecting list', ['Spring', 'Summer']);

  const jordan = await jordanContext.newPage();
  const priya = await priyaContext.newPage();
  await openEditor(jordan, list.id, 'Jordan Lee');
  await openEditor(priya, list.id, 'Priya Shah');

  await postGeneralComment(jordan, 'Written before the outage');
  const priyaPanel = await openPanel(priya);
  await expect(priyaPanel.getByText('Written before the outage')).toBeVisible();

  // Playwright cannot cut open WebSockets (FIELD-NOTES): stop the collab process instead.
  await stack.stopCollab(0);
  await expect(jordan.getByText(RECONNECTING)).toBeVisible({ timeout: 20_000 });
  await expect(priya.getByText(RECONNECTING)).toBeVisible({ timeout: 20_000 });

  // Written while offline: held back, shown as waiting, sent once the connection is back.
  const jordanPanel = await openPanel(jordan);
  await jordanPanel.getByRole('textbox', { name: 'General comment' }).fill('Written during the outage');
  await jordanPanel.getByRole('button', { name: 'Post comment' }).click();
  await expect(jordanPanel.getByRole('status', { name: 'Not sent yet' })).toContainText(
    'Written during the outage',
  );

  await stack.startCollab(0);
  await expect(jordan.getByText(RECONNECTING)).toBeHidden({ timeout: 30_000 });
  await expect(priya.getByText(RECONNECTING)).toBeHidden({ timeout: 30_000 });
  await expect(jordanPanel.getByRole('status', { name: 'Not sent yet' })).toBeHidden({ timeout: 20_000 });
  for (const body of ['Written before the outage', 'Written during the outage']) {
    await expect(
      jordanPanel.getByRole('article', { name: 'General comment by Jordan Lee' }).filter({ hasText: body }),
    ).toBeVisible();
    await expect(priyaPanel.getByRole('article').filter({ hasText: body })).toBeVisible();
  }

  // A fresh page reads the room from the server: nothing acknowledged was lost.
  const fresh = await priyaContext.newPage();
  await openEditor(fresh, list.id, 'Priya Shah');
  const freshPanel = await openPanel(fresh);
  await expect(freshPanel.getByRole('article', { name: 'General comment by Jordan Lee' })).toHaveCount(2);

  await jordanContext.close();
  await priyaContext.close();
});
