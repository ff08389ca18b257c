import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { logIn } from './support/pages';
import { startSite, type RunningSite } from './support/server';

const BAND_ORDER = ['< 5 km', '5–10 km', '10–25 km', '25–50 km', '50–100 km', '> 100 km'];

describe.skipIf(!runE2e)('the visitor chooses his country; members sort by distance', () => {
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

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    return context.newPage();
  }

  it('When a visitor picks Belgium in the footer, then it is kept and the language menu offers Dutch, French and German', async () => {
    const page = await newPage();
    await page.goto(`${site.url}/pages/faq`);
    await page.getByRole('button', { name: /^your country/i }).click();
    await page.getByRole('link', { name: 'Belgium' }).click();
    await page.waitForURL(`${site.url}/pages/faq`);
    expect((await page.context().cookies()).find((c) => c.name === 'country')?.value).toBe('BE');
    await page.goto(`${site.url}/members`);
    await expect.poll(() => page.getByRole('button', { name: /^your country: belgium/i }).count()).toBe(1);
    const languages = await page.locator('a[hreflang]').evaluateAll((links) => links.map((a) => a.getAttribute('hreflang')));
    for (const code of ['nl', 'fr', 'de']) expect(languages).toContain(code);
  });

  it('When a member with a shared location orders by nearest first, then the cards come in distance bands, nearest first', async () => {
    const page = await newPage();
    await logIn(page, site.url, 'premium@demo.test');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Order').selectOption('distance');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/sort=distance/);
    // The URL changes as the search starts; the cards of the previous order stay until the new answer is shown.
    const ranksShown = async () => {
      const bands = await page
        .locator('.member-distance')
        .evaluateAll((spans) => spans.map((s) => (s.textContent ?? '').replace(/^\s*·\s*/, '').trim()));
      return bands.map((b) => BAND_ORDER.indexOf(b));
    };
    await expect
      .poll(
        async () => {
          const ranks = await ranksShown();
          return ranks.length > 3 && ranks.every((r, i) => r >= 0 && (i === 0 || (ranks[i - 1] as number) <= r));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });
});
