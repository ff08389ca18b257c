import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DEMO_PASSWORD, loggedInPage, PHONE, tab } from './support/pages';
import { startSite, type RunningSite } from './support/server';

// Without JavaScript nothing hydrates: the navigations wait for the document, then for its stylesheets.
const loaded = { waitUntil: 'domcontentloaded' } as const;

/** The stylesheets linked in the page's <head>, by URL path. */
const linkedSheets = (page: Page): Promise<string[]> =>
  page.$$eval('head link[rel="stylesheet"]', (links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));

const display = (page: Page, selector: string): Promise<string> =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).display);

/**
 * The entry's stylesheet is what every page shares; the styles of the pages further in (the chat, credits, likes,
 * profiles, landers, a member's tab bar) are sheets of their own, bundled with those pages' chunks
 * (src/client/styles/sheets.ts): the server links them in the page's <head> for the route it renders, and Vite's
 * preload helper inserts them on a client-side navigation before the page's module runs.
 */
describe.skipIf(!runE2e)('the stylesheets of the pages further in', () => {
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

  it("When a member opens /credits and a conversation with JavaScript off, then the server's <head> links their sheets and the members' sheet, and the pages are styled; the landing page links the entry's only", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${site.url}/`, loaded);
    await page.waitForLoadState('load');
    const landing = await linkedSheets(page);
    expect(landing).toHaveLength(1);

    await page.goto(`${site.url}/login`, loaded);
    await page.getByLabel(/e-?mail/i).fill('premium@demo.test');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/members/, loaded);

    await page.goto(`${site.url}/credits`, loaded);
    await page.waitForLoadState('load');
    const credits = await linkedSheets(page);
    // The entry's first (the members' and the route's come after it and win at equal specificity), then the members'
    // sheet and the credits page's.
    expect(credits[0]).toBe(landing[0]);
    expect(credits.length).toBeGreaterThanOrEqual(3);
    expect(await display(page, '[data-testid="credit-packages"]')).toBe('grid');
    // The tab bar of a member's phone, from the members' sheet.
    expect(await display(page, '.app-tabs')).toBe('block');

    await page.goto(`${site.url}/chats`, loaded);
    const conversation = await page.locator('a.chat-list-link').first().getAttribute('href');
    expect(conversation).toMatch(/^\/chats\/\d+$/);
    await page.goto(`${site.url}${conversation}`, loaded);
    await page.waitForLoadState('load');
    const chat = await linkedSheets(page);
    expect(chat.filter((sheet) => !credits.includes(sheet))).toHaveLength(1);
    expect(await display(page, '.chat-screen')).toBe('flex');
    expect(await page.locator('.chat-screen').evaluate((element) => getComputedStyle(element).maxWidth)).toBe('768px');
    await context.close();
  });

  it('When a member goes from the members page to his chats and on to a conversation in the browser, then each page is styled the moment it shows, its sheet linked once', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const before = await linkedSheets(page);
    // What each page's first element looked like the moment it entered the document (a mutation observer runs before
    // the browser paints): styled by its sheet, or not yet.
    await page.evaluate(() => {
      const seen: Record<string, string> = {};
      (window as unknown as { firstSeen: Record<string, string> }).firstSeen = seen;
      const watched = ['[data-testid="chat-list"]', '.chat-screen'];
      new MutationObserver(() => {
        for (const selector of watched) {
          const element = document.querySelector(selector);
          if (element && !(selector in seen)) seen[selector] = getComputedStyle(element).display;
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    const firstSeen = () => page.evaluate(() => (window as unknown as { firstSeen: Record<string, string> }).firstSeen);

    await tab(page, 'Chats').click();
    await page.waitForURL(/\/chats$/);
    await page.getByTestId('chat-list').waitFor();
    expect((await firstSeen())['[data-testid="chat-list"]']).toBe('grid');

    await page.locator('a.chat-list-link').first().click();
    await page.waitForURL(/\/chats\/\d+$/);
    await page.locator('.chat-screen').waitFor();
    expect((await firstSeen())['.chat-screen']).toBe('flex');

    // One more sheet, the chat's: the chats page and the conversation's layout share it, and it is linked once.
    const after = await linkedSheets(page);
    expect(after.filter((sheet) => !before.includes(sheet))).toHaveLength(1);
    expect(new Set(after).size).toBe(after.length);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
