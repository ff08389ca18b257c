import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { bannerProblems, banners, notClearOfTabBar } from './support/layout';
import { loggedInPage, navigateInApp } from './support/pages';
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

/**
 * Card names that break badly: a word of the name broken across two lines, the age on a line of its own (apart from
 * the name's last word), or the age cut off or pushed out of the card. A long name wraps between its words.
 */
const cardNameProblems = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.member-card .member-name')].flatMap((line) => {
      const card = (line.closest('.member-card') as HTMLElement).getBoundingClientRect();
      const nameEl = line.querySelector<HTMLElement>('.name');
      const text = nameEl?.firstChild;
      const name = nameEl?.textContent ?? '';
      const age = line.querySelector<HTMLElement>('.member-age');
      const problems: string[] = [];
      if (!(text instanceof Text)) return problems;
      // Each word's letters on one line.
      let lastWordTop = 0;
      for (const m of name.matchAll(/\S+/g)) {
        const word = document.createRange();
        word.setStart(text, m.index);
        word.setEnd(text, m.index + m[0].length);
        const tops = new Set([...word.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`the word "${m[0]}" of "${name}" is broken across lines`);
        lastWordTop = word.getBoundingClientRect().top;
      }
      if (age) {
        const box = age.getBoundingClientRect();
        if (Math.abs(box.top - lastWordTop) > 4) problems.push(`the age of "${name}" is on a line of its own`);
        if (box.right > card.right + 0.5 || age.scrollWidth > age.clientWidth + 1) problems.push(`the age of "${name}" is cut off`);
      }
      return problems;
    }),
  );

/** The likes tabs, when they do not all fit their row (the row scrolls, or a tab reaches past it). */
const likesTabsProblems = (page: Page) =>
  page.evaluate(() => {
    const row = document.querySelector<HTMLElement>('.like-tabs');
    if (!row) return ['no likes tabs'];
    const edge = row.getBoundingClientRect().right;
    return [
      ...(row.scrollWidth > row.clientWidth + 1 ? [`the tabs are ${row.scrollWidth - row.clientWidth} px too wide`] : []),
      ...[...row.querySelectorAll<HTMLElement>('.nav-link')]
        .filter((tab) => tab.getBoundingClientRect().right > edge + 0.5)
        .map((tab) => `"${tab.textContent?.trim()}" reaches past the row`),
    ];
  });

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

/** Shares the page's member's private album with another member. */
const shareAlbumWith = (page: Page, id: number) =>
  page.evaluate(async (id) => {
    const answer = await fetch('/api/album-share.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id }),
    });
    if (!answer.ok) throw new Error(`album-share.php ${answer.status}: ${await answer.text()}`);
  }, id);

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

  it('When a member reads the site in any of its eleven languages at 320 × 640, then no member page (the list of album shares too) scrolls sideways, no button, tab or chip cuts its text, the swipe game and the block confirmation are clear of the tab bar, the likes tabs and card names fit, and at most one banner shows', async () => {
    // Two members share the languages: one member's page loads in a minute stay under the event stream's rate limit.
    const found: string[] = [];
    for (const [who, locales] of [
      ['premium@demo.test', LOCALES.slice(0, 6)],
      ['free@demo.test', LOCALES.slice(6)],
    ] as const) {
      const { page, problems } = await loggedInPage(browser, site.url, who, SMALL_PHONE);
      const href = (await page.locator('.member-grid a.member-card').first().getAttribute('href')) as string;
      const profileId = Number(/\/members\/(\d+)/.exec(href)?.[1]);
      const conversation = await writeTo(page, profileId, 'Hallo! Mitgliederverwaltungsübersichtsseite ja kaikkiin tilanteisiin sopiva');
      // His private album shared with that member: the list of shares has a row (a name, a date, its button) to lay out.
      await shareAlbumWith(page, profileId);
      // The block confirmation as a profile opens it without JavaScript (and with it, from the same address).
      const blocking = `${href}?block=confirm`;
      // The main member pages in every language; German and Finnish, whose words are the longest, on every member page.
      const main = [
        '/members',
        href,
        blocking,
        '/likes',
        '/swipe-game',
        '/pricing',
        '/chats',
        `/chats/${conversation}`,
        '/me',
        '/visitors',
        '/albums/shares',
      ];
      const all = [...main, '/likes/given', '/credits', '/transactions', '/settings', '/profile', '/notifications', '/sexual-health'];
      for (const locale of locales) {
        await page.goto(`${site.url}/locale/${locale}?return=${encodeURIComponent('/members')}`);
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
        // The address that switches languages loads a whole page; the member then moves from page to page in the app.
        for (const path of locale === 'de' || locale === 'fi' ? all : main) {
          await navigateInApp(page, path);
          const where = `${locale} ${path}`;
          if (path === '/swipe-game') await page.locator('.sg-actions button[type="button"]').first().waitFor();
          const { beyond, culprits } = await overflow(page);
          if (beyond > 0) found.push(`${where}: ${beyond} px too wide (${culprits.join(', ')})`);
          for (const cut of await cutOff(page)) found.push(`${where}: cut off ${cut}`);
          for (const problem of await bannerProblems(page)) found.push(`${where}: ${problem}`);
          if (path === '/members' || path.startsWith('/likes'))
            for (const problem of await cardNameProblems(page)) found.push(`${where}: ${problem}`);
          if (path === '/likes') for (const problem of await likesTabsProblems(page)) found.push(`${where}: ${problem}`);
          // The card and its buttons on the first screen, above the tab bar.
          if (path === '/swipe-game')
            for (const problem of await notClearOfTabBar(page, '[data-testid="swipe-card"], .sg-actions .sg-btn'))
              found.push(`${where}: ${problem}`);
          if (path === blocking)
            for (const problem of await notClearOfTabBar(page, 'form[aria-labelledby^="block-"] :is(button, .btn)'))
              found.push(`${where}: ${problem}`);
        }
      }
      expect(problems, who).toEqual([]);
      await page.context().close();
    }
    expect(found).toEqual([]);
  }, 420_000);

  it('When a new member has every prompt due at 320 × 640 (a language to offer, his address to confirm, a photo to add, the discount), then each page of every language shows one banner within a fifth of the screen, in their order, and the swipe game stays clear of the tab bar under it', async () => {
    // A German phone (its browser's own name: headless Chromium is taken for a bot, and bots are offered no language).
    const context = await browser.newContext({
      viewport: SMALL_PHONE,
      locale: 'de-DE',
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      extraHTTPHeaders: { 'Accept-Language': 'de' },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${site.url}/pricing`);
    const signedUp = await page.evaluate(
      async (email) => {
        const answer = await fetch('/api/signup.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'a-good-password', name: 'Bannerman', date_of_birth: '1990-05-17', country: 'NL' }),
        });
        const user = await fetch('/api/user.php', { headers: { 'request-type': 'client' } });
        return { status: answer.status, id: ((await user.json()) as { user: { id: number } }).user.id };
      },
      `new${Date.now() % 1_000_000}@example.test`,
    );
    expect(signedUp.status).toBe(200);
    // The time bonus's modal (40 s into his visit) is a dialog over the page, not a banner: closed before it comes.
    await context.addCookies([{ name: `dismissed_time_bonus_${signedUp.id}`, value: String(Date.now()), url: site.url }]);
    const shown = async () => (await banners(page)).map((b) => b.banner.split(' ')[0]);

    // A first page without a chosen language: the offer comes first, and nothing else shows beside it.
    const found: string[] = [];
    await context.clearCookies({ name: 'locale' });
    await page.goto(`${site.url}/members`);
    if ((await shown())[0] !== 'prompt-bar.language-offer') found.push(`first page: no language offer but ${(await shown()).join(', ')}`);
    for (const problem of await bannerProblems(page)) found.push(`first page: ${problem}`);

    const dismissed = (key: string) => ({ name: `dismissed_${key}_${signedUp.id}`, value: String(Date.now()), url: site.url });
    for (const locale of LOCALES) {
      await page.goto(`${site.url}/locale/${locale}?return=${encodeURIComponent('/members')}`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
      // Confirming the address comes next, on every page (the search and the swipe game, whose buttons stay clear): the
      // search as the language's switch loaded it, the swipe game a move inside the app.
      for (const path of ['/members', '/swipe-game']) {
        if (new URL(page.url()).pathname !== path) await navigateInApp(page, path);
        if (path === '/swipe-game') await page.locator('.sg-actions button[type="button"]').first().waitFor();
        if ((await page.getByTestId('activation-alert').count()) !== 1) found.push(`${locale} ${path}: no activation reminder`);
        for (const problem of await bannerProblems(page)) found.push(`${locale} ${path}: ${problem}`);
        if (path === '/swipe-game')
          for (const problem of await notClearOfTabBar(page, '[data-testid="swipe-card"], .sg-actions .sg-btn'))
            found.push(`${locale} ${path}: ${problem}`);
      }
      // Closed, the photo prompt takes its place; closed too, the discount.
      await context.addCookies([dismissed('activation_alert')]);
      await page.goto(`${site.url}/members`);
      if ((await page.getByTestId('photo-alert').count()) !== 1) found.push(`${locale}: no photo prompt after the reminder`);
      for (const problem of await bannerProblems(page)) found.push(`${locale} /members: ${problem}`);
      await context.addCookies([dismissed('photo_alert')]);
      await page.goto(`${site.url}/members`);
      if ((await page.getByTestId('time-bonus-banner').count()) !== 1) found.push(`${locale}: no discount after the photo prompt`);
      for (const problem of await bannerProblems(page)) found.push(`${locale} /members: ${problem}`);
      await context.clearCookies({ name: new RegExp(`^dismissed_(activation|photo)_alert_${signedUp.id}$`) });
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});
