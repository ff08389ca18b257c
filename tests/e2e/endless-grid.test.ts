import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

const PAGE_SIZE = 24;
const cards = (page: Page) => page.locator('.member-grid .member-card');
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Scrolls as a thumb does, to the end of what the page holds now. */
const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

describe.skipIf(!runE2e)('the endless member grid on a 390 px phone', () => {
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

  it('When a member scrolls to the end of the grid, then more cards come without a click; after a profile and Back he finds the same cards at the same place; in Dutch too; and without JavaScript the next page is a link', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    // The server's page holds one page of cards; a page that ends within the look-ahead of the screen (a phone whose
    // first 24 cards are shorter than the screen and 800 px) asks for the next one as soon as it is interactive.
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(PAGE_SIZE);
    // Once the page is interactive the pager's link is "Show more", the keyboard's way to the next page.
    await page.getByRole('link', { name: 'Show more' }).waitFor();

    await scrollToEnd(page);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(PAGE_SIZE);
    expect(await page.locator('ul.member-grid').count()).toBe(1);
    await expect.poll(() => page.getByTestId('grid-status').textContent()).toMatch(/^\d+ more members? shown$/);
    // Every card once, across the pages.
    const hrefs = await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);

    // A card far down the grid: its profile, then Back.
    const card = cards(page).nth(PAGE_SIZE + 2);
    await card.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(600);
    const href = await card.getAttribute('href');
    const top = () => page.locator(`.member-grid .member-card[href="${href}"]`).evaluate((a) => Math.round(a.getBoundingClientRect().top));
    const place = await top();
    // What the grid holds when he leaves (the page after may have come meanwhile).
    await expect.poll(() => page.locator('[data-testid="next-page"][aria-disabled]').count()).toBe(0);
    const before = await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await card.click();
    await page.waitForURL(/\/members\/\d+/);
    await page.locator('.member-grid').waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL(/\/members(\?|$)/);
    // The same cards in the same order (being near the end again, he may get the next page below them).
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(before.length);
    const back = await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(back.slice(0, before.length)).toEqual(before);
    // The card he opened is where it was on his screen.
    await expect.poll(async () => Math.abs((await top()) - place)).toBeLessThanOrEqual(4);
    expect(problems).toEqual([]);

    // Without JavaScript (the member's own session): the server's grid pages with a real link.
    const context = await browser.newContext({
      viewport: PHONE,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await context.newPage();
    await plain.goto(`${site.url}/members`, { waitUntil: 'domcontentloaded' });
    const next = plain.getByRole('link', { name: 'Next page' });
    expect(await next.getAttribute('href')).toMatch(/^\/members\?cursor=/);
    const firstNames = await cards(plain).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await next.click();
    await plain.waitForURL(/[?&]cursor=/, { waitUntil: 'domcontentloaded' });
    expect(await cards(plain).count()).toBeGreaterThan(0);
    const secondNames = await cards(plain).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(secondNames.filter((href) => firstNames.includes(href))).toEqual([]);
    await plain.getByRole('link', { name: 'First page' }).waitFor();
    await context.close();

    // In Dutch: the same endless grid, its link and its announcement in Dutch.
    await page.goto(`${site.url}/locale/nl?return=${encodeURIComponent('/members')}`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('nl');
    await page.getByRole('link', { name: 'Meer tonen' }).waitFor();
    const dutch = await cards(page).count();
    await scrollToEnd(page);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBeGreaterThan(dutch);
    await expect.poll(() => page.getByTestId('grid-status').textContent()).toMatch(/^\d+ (lid|leden) meer getoond$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
  });
});
