import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The site's own texts (settings.php) follow the page language, as the interface does. */
describe.skipIf(!runE2e)('site texts in the page language', () => {
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

  it('When a visitor reads the English site in Dutch (or German) on a phone, then the fictional-profile warning and the page description are in that language', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'nl-NL' });
    await context.addCookies([{ name: 'locale', value: 'nl', url: site.url }]);
    const page = await context.newPage();
    await page.goto(`${site.url}/login`);
    const disclaimer = page.getByTestId('site-disclaimer');
    await expect.poll(() => disclaimer.textContent()).toContain('Profielen met ★ zijn fictieve gastheren');
    expect(await disclaimer.textContent()).not.toContain('fictional hosts');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Ontmoet homo- en bi-mannen');

    await context.addCookies([{ name: 'locale', value: 'de', url: site.url }]);
    await page.goto(`${site.url}/login`);
    await expect.poll(() => page.getByTestId('site-disclaimer').textContent()).toContain('Mit ★ markierte Profile sind fiktive Gastgeber');
    await context.close();
  });
});
