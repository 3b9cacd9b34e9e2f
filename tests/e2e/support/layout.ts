import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The accessible names (or texts) of the visible controls whose box overlaps `cover`'s box, e.g.
 * a toast (issue 8 item 19: toasts hide no control). Controls inside `cover` do not count.
 */
export async function controlsUnder(page: Page, cover: Locator): Promise<string[]> {
  const box = await cover.boundingBox();
  expect(box).not.toBeNull();
  const marker = `cover-${Date.now().toString(36)}`;
  await cover.evaluate((el, m) => el.setAttribute('data-cover', m), marker);
  return page.evaluate(
    ({ t, m }) => {
      const selector =
        'button, a[href], input, select, textarea, [role="button"], [role="switch"], [role="checkbox"], [role="combobox"], [role="tab"]';
      const covered: string[] = [];
      for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        if (el.closest(`[data-cover="${m}"]`)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        const overlaps = r.left < t.x + t.width && r.right > t.x && r.top < t.y + t.height && r.bottom > t.y;
        if (overlaps) covered.push(el.getAttribute('aria-label') || el.innerText.trim() || el.tagName);
      }
      return covered;
    },
    { t: box!, m: marker },
  );
}
