import type { Page } from '@playwright/test';

/**
 * Waits, after a drag handle was picked up with Space and dnd-kit announced it, until the drag
 * listens for the arrow keys. dnd-kit's keyboard sensor announces the pick-up at once but adds its
 * keydown listener in a 0 ms timer, so on a busy machine an arrow pressed before that timer ran is
 * lost. A 0 ms timer of the page's own, queued after dnd-kit's, runs after it: its end is the
 * condition, not a pause.
 */
export async function keyboardDragReady(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
