import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { chromiumLaunch, PLAYWRIGHT_DISABLED_FEATURES } from './e2e/support/chromium';

/** The features the installed Playwright turns off, read from its bundled `chromiumSwitches`. */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const core = dirname(require.resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(core, 'lib', 'coreBundle.js'), 'utf8');
  const list = bundle.match(/disabledFeatures = \[([\s\S]*?)\]\.filter/)?.[1];
  if (!list) throw new Error('Playwright no longer declares disabledFeatures in lib/coreBundle.js');
  return [...list.replace(/\/\/[^\n]*/g, '').matchAll(/"([^"]+)"/g)].map((match) => match[1] as string);
}

describe('the end-to-end tests’ Chromium (tests/e2e/support/chromium.ts)', () => {
  it('keeps every feature Playwright turns off, since Chromium reads only the last --disable-features', () => {
    const ours: readonly string[] = PLAYWRIGHT_DISABLED_FEATURES;
    const missing = playwrightDisabledFeatures().filter((feature) => !ours.includes(feature));
    expect(missing).toEqual([]);
  });

  it("opens a context without the address bar's WebUI popups", async () => {
    const browser = await chromium.launch(chromiumLaunch);
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('about:blank');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
      const urls = targetInfos.map((target) => target.url);
      expect(urls).toContain('about:blank');
      expect(urls.filter((url) => url.includes('omnibox'))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 30_000);
});
