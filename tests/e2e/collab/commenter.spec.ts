import type { CollabStack } from '../support/collab-stack';
import { expect, test } from '../support/test';
import {
  cell,
  commentOnCell,
  openEditor,
  openPanel,
  postGeneralComment,
  seedList,
  startSpecStack,
  storedValues,
  suggestValue,
} from './collab-helpers';

let stack: CollabStack;

test.beforeAll(async () => {
  stack = await startSpecStack(4);
});
test.afterAll(async () => {
  await stack?.close();
});

test('[COLLAB]: a commenter cannot edit cells but comments and suggests; markup in a comment renders as text', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const priyaContext = await stack.signedIn(browser, 'approver');
  const jordanContext = await stack.signedIn(browser, 'commenter1');
  const list = await seedList(priyaContext, 'Commenter rights', ['Display', 'Video']);

  const jordan = await jordanContext.newPage();
  const priya = await priyaContext.newPage();
  const dialogs: string[] = [];
  for (const page of [jordan, priya])
    page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  await openEditor(jordan, list.id, 'Jordan Lee');
  await openEditor(priya, list.id, 'Priya Shah');

  // Read-only grid: typing, Enter and a double-click do not edit.
  const grid = jordan.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-readonly', 'true');
  await cell(jordan, 0).dblclick();
  await expect(jordan.getByRole('textbox', { name: /row 1/ })).toHaveCount(0);
  await jordan.keyboard.type('Hacked');
  await jordan.keyboard.press('Enter');
  await jordan.keyboard.press('Delete');
  await expect(cell(jordan, 0)).toHaveText('Display');
  await expect(jordan.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute(
    'data-disabled',
    'true',
  );

  // The keyboard shortcut opens the popover on the active cell too.
  await cell(jordan, 1).click();
  await jordan.keyboard.press('Control+Alt+M');
  const dialog = jordan.getByRole('dialog', { name: 'Comments on Channel, row 2' });
  await expect(dialog).toBeVisible();
  await jordan.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Comments and suggestions work.
  const markup = '<script>window.__pwned = true</script><b>bold?</b>';
  await commentOnCell(jordan, 0, markup);
  await suggestValue(jordan, 1, 'Online video');
  await postGeneralComment(jordan, '<img src=x onerror="window.__pwned = true">');

  // Everyone sees the markup as text, and nothing ran.
  const priyaPanel = await openPanel(priya);
  await expect(priyaPanel.getByRole('article', { name: 'Comment by Jordan Lee', exact: true })).toContainText(
    markup,
  );
  await expect(priyaPanel.getByText('<img src=x onerror="window.__pwned = true">')).toBeVisible();
  await expect(priyaPanel.locator('script')).toHaveCount(0);
  await expect(priyaPanel.locator('b')).toHaveCount(0);
  for (const page of [jordan, priya]) {
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
  await expect(cell(priya, 0).getByRole('img', { name: 'Has comments' })).toBeVisible();
  await expect(cell(priya, 1).getByRole('img', { name: 'Pending suggestion' })).toBeVisible();

  // The panel's feedback button sends feedback with a 5-second snackbar.
  const jordanPanel = await openPanel(jordan);
  await jordanPanel.getByRole('button', { name: 'Send feedback' }).click();
  const feedback = jordan.getByRole('dialog', { name: 'Send feedback' });
  await feedback.getByRole('textbox', { name: 'Your feedback' }).fill('Suggesting is quick');
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(jordan.getByText('Thanks! Your feedback was sent.')).toBeVisible();
  await expect(feedback).toBeHidden();

  // Nothing the commenter did reached the list itself.
  expect(await storedValues(priyaContext, list.id)).toEqual(['Display', 'Video']);

  await priyaContext.close();
  await jordanContext.close();
});
