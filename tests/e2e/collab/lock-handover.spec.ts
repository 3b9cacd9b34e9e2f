import type { CollabStack } from '../support/collab-stack';
import { expect, test } from '../support/test';
import { cell, lockOverlay, openEditor, seedList, startSpecStack, takeLock } from './collab-helpers';

/** A short idle timeout, so a holder who stays but goes idle would also release within the test. */
const LOCK_TIMEOUT_MS = 20_000;

let stack: CollabStack;

test.beforeAll(async () => {
  stack = await startSpecStack(1, { lockTimeoutMs: LOCK_TIMEOUT_MS });
});
test.afterAll(async () => {
  await stack?.close();
});

test('[COLLAB]: when the lock holder closes the page, a second approver can take the lock', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const priyaContext = await stack.signedIn(browser, 'approver');
  const alexContext = await stack.signedIn(browser, 'admin');
  const list = await seedList(priyaContext, 'Lock hand-over', ['North', 'South']);

  const priya = await priyaContext.newPage();
  const alex = await alexContext.newPage();
  await openEditor(priya, list.id, 'Priya Shah');
  await openEditor(alex, list.id, 'Alex Morgan');

  await takeLock(priya);
  // Alex, an approver too, is in review mode: read-only grid, overlay, header lock.
  await expect(lockOverlay(alex, 'Priya Shah')).toBeVisible();
  await expect(alex.getByRole('img', { name: /^Locked by Priya Shah since / })).toBeVisible();
  await expect(alex.getByRole('grid')).toHaveAttribute('aria-readonly', 'true');
  // Moving over the table does not take someone else's lock.
  await cell(alex, 0).hover();
  await cell(alex, 1).hover();
  await expect(alex.getByRole('img', { name: 'You are reviewing this list' })).toBeHidden();
  // Nor can Alex save through REST meanwhile: 423 with the holder's name.
  const refused = await alexContext.request.put('/api/v1/account/lists/', {
    data: { id: list.id, name: 'Renamed meanwhile', notes: '', type: 'drop-down' },
  });
  expect(refused.status()).toBe(423);

  // The holder leaves: the lock goes with their connection.
  await priya.close();
  await expect(lockOverlay(alex, 'Priya Shah')).toBeHidden({ timeout: LOCK_TIMEOUT_MS });
  await takeLock(alex);
  await expect(alex.getByRole('grid')).not.toHaveAttribute('aria-readonly', 'true');

  // Alex can now edit and save.
  await cell(alex, 1).dblclick();
  await alex.keyboard.press('Control+A');
  await alex.keyboard.type('South-East');
  await alex.keyboard.press('Enter');
  await alex.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(alex.getByText('List saved')).toBeVisible();

  await priyaContext.close();
  await alexContext.close();
});
