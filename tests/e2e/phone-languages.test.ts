import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage } from './support/pages';
import { startSite, type RunningSite } from './support/server';
import { LOCALES } from '../../src/shared/locales';

/** The smallest phone the site is made for; German and Finnish have the longest words of its eleven languages. */
const SMALL_PHONE = { width: 320, height: 640 } as const;

/**
 * How far the page reaches beyond the screen sideways (0: nothing scrolls sideways), and the elements that stick out
 * past its right edge, so a failure names what to fix.
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0)
      .filter((el) => !el.closest('[hidden], .visually-hidden, dialog:not([open])'))
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { beyond: root.scrollWidth - width, culprits };
  });

/**
 * Buttons, tabs and chips whose text does not fit their box (cut off by an ellipsis or spilling out): named by tag,
 * classes and text, so a failure says which word to fix.
 */
const cutOff = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, .btn, .app-tab, .nav-link, .quick-chip')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('[hidden], .visually-hidden, dialog:not([open])'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent?.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`,
      ),
  );

/** Text messages from the page's member to another one; answers the conversation's id. */
const writeTo = (page: Page, to: number, text: string) =>
  page.evaluate(
    async ({ to, text }) => {
      const answer = await fetch('/api/message.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': Math.random().toString(36).slice(2) },
        body: JSON.stringify({ profile_id: to, text }),
      });
      if (!answer.ok) throw new Error(`message.php ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as { message: { conversation: number } }).message.conversation;
    },
    { to, text },
  );

describe.skipIf(!runE2e)('the member pages on a 320 px phone in every language', () => {
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

  it('When a member reads the site in any of its eleven languages at 320 × 640, then no member page scrolls sideways and no button, tab or chip cuts its text', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', SMALL_PHONE);
    const href = (await page.locator('.member-grid a.member-card').first().getAttribute('href')) as string;
    const profileId = Number(/\/members\/(\d+)/.exec(href)?.[1]);
    const conversation = await writeTo(page, profileId, 'Hallo! Mitgliederverwaltungsübersichtsseite ja kaikkiin tilanteisiin sopiva');
    // The main member pages in every language; German and Finnish, whose words are the longest, on every member page.
    const main = ['/members', href, '/likes', '/chats', `/chats/${conversation}`, '/me'];
    const all = [...main, '/likes/given', '/swipe-game', '/credits', '/transactions', '/settings', '/profile', '/notifications'];
    const found: string[] = [];
    for (const locale of LOCALES) {
      await page.goto(`${site.url}/locale/${locale}?return=${encodeURIComponent('/members')}`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
      for (const path of locale === 'de' || locale === 'fi' ? all : main) {
        await page.goto(`${site.url}${path}`);
        await page.locator('main').waitFor();
        const { beyond, culprits } = await overflow(page);
        if (beyond > 0) found.push(`${locale} ${path}: ${beyond} px too wide (${culprits.join(', ')})`);
        for (const cut of await cutOff(page)) found.push(`${locale} ${path}: cut off ${cut}`);
      }
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);
});
