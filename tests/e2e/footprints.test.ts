import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The member behind the page's session, through the app's own API call. */
async function me(page: Page): Promise<{ id: number; name: string }> {
  return page.evaluate(async () => {
    const body = (await (await fetch('/api/user.php')).json()) as { user: { profile: { id: number; name: string } } };
    return { id: body.user.profile.id, name: body.user.profile.name };
  });
}

const visitorsBadge = (page: Page) => page.locator('header a[href="/visitors"] .badge [aria-hidden="true"]');
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(!runE2e)('footprints in the browser', () => {
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

  it('When B opens A’s profile on a phone, then A sees the Visitors badge and B on his Visitors page, in English and in German, and can switch footprints off', async () => {
    const a = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const b = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const [pieter, floris] = [await me(a.page), await me(b.page)];

    await b.page.goto(`${site.url}/members/${pieter.id}`);
    await b.page.getByRole('heading', { level: 1, name: new RegExp(pieter.name) }).waitFor();

    // A's next page: the badge in the top bar (phones keep it there), the link named with the count.
    await a.page.goto(`${site.url}/members`);
    await expect.poll(() => visitorsBadge(a.page).textContent()).toBe('1');
    const link = a.page.getByRole('link', { name: /Visitors.*1 new visitor/ });
    await link.click();
    await a.page.waitForURL(/\/visitors$/);
    await a.page.getByRole('heading', { level: 1, name: 'Visitors' }).waitFor();
    const card = a.page.getByTestId('footprint').filter({ hasText: floris.name });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/New.*Viewed (now|\d+ (second|minute)s? ago)/);
    // Opening the list marked the visit seen: the badge goes.
    await expect.poll(() => visitorsBadge(a.page).count()).toBe(0);
    expect(await scrollsSideways(a.page)).toBe(false);

    // The same page in German; the switch off leaves the list empty and says why.
    await a.page.goto(`${site.url}/locale/de?return=${encodeURIComponent('/visitors')}`);
    await expect.poll(() => a.page.locator('html').getAttribute('lang')).toBe('de');
    await a.page.getByRole('heading', { level: 1, name: 'Besucher' }).waitFor();
    expect(await a.page.getByTestId('footprint').filter({ hasText: floris.name }).textContent()).toMatch(
      /Besucht (jetzt|vor \d+ (Sekunden?|Minuten?))/,
    );
    await a.page.locator('html[data-hydrated]').waitFor();
    await a.page.getByRole('switch', { name: /Fußspuren hinterlassen/ }).click();
    await a.page.getByTestId('footprints-off').waitFor();
    await a.page.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor();
    expect(await a.page.getByTestId('footprint').count()).toBe(0);
    expect(await scrollsSideways(a.page)).toBe(false);

    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
  });
});
