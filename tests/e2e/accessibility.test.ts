import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('accessibility (axe)', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  // Issue 5 adds a lander, an information page, the complaints form and the site-entry warning dialog (NL visitor).
  const pages = ['/', '/login', '/members', '/members/3', '/no-such-page', '/landers/gallery', '/landers/video', '/landers/tinderswipe', '/pages/terms', '/complaints', '/?country=NL'];
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ]) {
    it.each(pages)(`When %s is checked by axe on a ${viewport.name}, then it has no serious or critical violation`, async (path) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${site.url}${path}`);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      await context.close();
    });
  }
});
