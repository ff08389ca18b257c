import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { bannerProblems, notClearOfTabBar } from './support/layout';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The page's width beyond the screen's: 0 when nothing scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether the element lies whole on the first screen and nothing covers its centre (a sheet, a toast, a bar). */
async function onScreenUncovered(page: Page, locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth || box.height === 0) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

/** Screenshots for a person to look at, only where SHOTS_DIR names a folder for them. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** The member's own profile id (GET /api/user.php as the page itself asks it). */
const profileIdOf = (page: Page) =>
  page.evaluate(
    async () =>
      ((await (await fetch('/api/user.php', { headers: { 'request-type': 'client' } })).json()) as { user: { profile: { id: number } } })
        .user.profile.id,
  );

/** Text messages from the page's member to another one; answers the conversation's id. */
const writeTo = (page: Page, to: number, lines: string[]) =>
  page.evaluate(
    async ({ to, lines }) => {
      let conversation = 0;
      for (const body of lines) {
        const answer = await fetch('/api/message.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Idempotency-Key': Math.random().toString(36).slice(2) },
          body: JSON.stringify({ profile_id: to, text: body }),
        });
        if (!answer.ok) throw new Error(`message.php ${answer.status}: ${await answer.text()}`);
        conversation = ((await answer.json()) as { message: { conversation: number } }).message.conversation;
      }
      return conversation;
    },
    { to, lines },
  );

async function inLanguage(page: Page, site: RunningSite, locale: 'en' | 'nl', path: string): Promise<void> {
  await page.goto(`${site.url}/locale/${locale}?return=${encodeURIComponent(path)}`);
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
}

describe.skipIf(!runE2e)('the member pages on a 390 × 844 phone', () => {
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

  it('When a member uses the site on a phone in English and Dutch, then faces, profile actions, the block confirmation, the swipe card and its buttons and the chats fit the first screen clear of the tab bar, one banner at most, and nothing scrolls sideways', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    for (const locale of ['en', 'nl'] as const) {
      // At least six member cards whole on the first screen, under the filter bar.
      await inLanguage(page, site, locale, '/members');
      const cards = page.locator('.member-grid .member-card');
      await cards.first().waitFor();
      const whole = await cards.evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().bottom <= window.innerHeight).length);
      expect(whole, locale).toBeGreaterThanOrEqual(6);
      expect(await sideways(page), locale).toBe(0);

      // A profile: name, Like and Message on the first screen, nothing over them.
      const href = (await page.locator('.member-grid a.member-card').first().getAttribute('href')) as string;
      await page.goto(`${site.url}${href}`);
      const name = page.locator('.profile-name');
      await name.waitFor();
      expect(await onScreenUncovered(page, name), `${locale} name`).toBe(true);
      expect(await onScreenUncovered(page, page.locator('.profile-action-bar .like-button')), `${locale} like`).toBe(true);
      expect(await onScreenUncovered(page, page.getByTestId('profile-chat')), `${locale} message`).toBe(true);
      expect(await sideways(page), locale).toBe(0);

      // Blocking asks first: its question and buttons whole above the tab bar, over the action bar (the block button
      // itself is just above them, once the browser has brought it into view); the question takes the focus, and
      // Escape closes it, back to the block button.
      const blockButton = page.locator('.profile-details a[role="button"][href$="?block=confirm"]');
      await blockButton.click();
      const confirmation = page.locator('form[aria-labelledby^="block-"]');
      await confirmation.waitFor();
      expect(
        await notClearOfTabBar(page, 'form[aria-labelledby^="block-"], form[aria-labelledby^="block-"] :is(button, .btn)'),
        locale,
      ).toEqual([]);
      expect(await confirmation.evaluate((form) => form.contains(document.activeElement)), locale).toBe(true);
      await page.keyboard.press('Escape');
      await confirmation.waitFor({ state: 'detached' });
      expect(await blockButton.evaluate((el) => el === document.activeElement), locale).toBe(true);

      // The swipe game: the card and its Like and Pass buttons on one screen, clear of the tab bar, under the banner the
      // new member has (the discount).
      await page.goto(`${site.url}/swipe-game`);
      const card = page.getByTestId('swipe-card');
      await card.waitFor();
      await page.locator('.sg-actions button[type="button"]').first().waitFor();
      expect(await notClearOfTabBar(page, '[data-testid="swipe-card"], .sg-actions .sg-btn'), locale).toEqual([]);
      expect(await bannerProblems(page), locale).toEqual([]);
      expect(await sideways(page), locale).toBe(0);

      // The chat list: every conversation names its last message.
      await page.goto(`${site.url}/chats`);
      const rows = page.locator('.chat-list-item');
      await rows.first().waitFor();
      const previews = await page.getByTestId('chat-last-message').allTextContents();
      expect(previews.length, locale).toBe(await rows.count());
      expect(
        previews.every((text) => text.trim().length > 0),
        locale,
      ).toBe(true);
      expect(await sideways(page), locale).toBe(0);
    }

    // At 320 px nothing scrolls sideways either.
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/members', '/chats', '/swipe-game']) {
      await page.goto(`${site.url}${path}`);
      expect(await sideways(page), path).toBe(0);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a conversation holds photos, then it opens at its newest message above the composer; removing a conversation asks first and can be undone', async () => {
    const premium = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const free = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const freeId = await free.page.evaluate(
      async () =>
        ((await (await fetch('/api/user.php', { headers: { 'request-type': 'client' } })).json()) as { user: { profile: { id: number } } })
          .user.profile.id,
    );

    // The premium member writes a few lines, two photos and a last line.
    const photo = (
      await sharp({ create: { width: 600, height: 800, channels: 3, background: '#a35' } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const conversation = await premium.page.evaluate(
      async ({ to, photo }) => {
        const key = () => Math.random().toString(36).slice(2);
        const text = async (body: string) =>
          (
            await fetch('/api/message.php', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'Idempotency-Key': key() },
              body: JSON.stringify({ profile_id: to, text: body }),
            })
          ).json();
        for (let i = 1; i <= 8; i++) await text(`Line ${i} of a longer conversation`);
        const bytes = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0));
        for (let i = 0; i < 2; i++) {
          const form = new FormData();
          form.append('profile_id', String(to));
          form.append('photo', new Blob([bytes], { type: 'image/jpeg' }), 'p.jpg');
          await fetch('/api/photo-message.php', { method: 'POST', headers: { 'Idempotency-Key': key() }, body: form });
        }
        const last = (await text('The newest line')) as { message: { conversation: number } };
        return last.message.conversation;
      },
      { to: freeId, photo },
    );

    await free.page.goto(`${site.url}/chats/${conversation}`);
    const newest = free.page.locator('.chat-message-list > li').last();
    await newest.waitFor();
    await free.page
      .locator('[data-testid="chat-photo"] img')
      .last()
      .evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));
    await expect
      .poll(() =>
        newest.evaluate((el) => {
          const composer = document.querySelector('.chat-composer')?.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          return composer !== undefined && box.top >= 0 && box.bottom <= composer.top + 1;
        }),
      )
      .toBe(true);
    expect(await newest.textContent()).toContain('The newest line');
    // The page is exactly the screen: no document scroll, no strip.
    const taller = await free.page.evaluate(() => ({
      by: document.documentElement.scrollHeight - window.innerHeight,
      what: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().bottom > window.innerHeight + 1 && getComputedStyle(e).position !== 'fixed')
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`),
    }));
    expect(taller.by, taller.what.join(', ')).toBeLessThanOrEqual(0);
    expect(await sideways(free.page)).toBe(0);

    // Removing asks first; Undo brings the conversation back (in English: the Dutch pass above saved nl to the account,
    // which the login made this browser's language).
    await free.page.context().addCookies([{ name: 'locale', value: 'en', url: site.url }]);
    await free.page.goto(`${site.url}/chats`);
    const items = free.page.locator('.chat-list-item');
    await items.first().waitFor();
    const before = await items.count();
    const name = (await items.first().locator('.chat-list-name').textContent())?.trim() ?? '';
    await free.page
      .getByRole('button', { name: `More for the chat with ${name}` })
      .first()
      .click();
    await free.page
      .getByRole('button', { name: `Remove the chat with ${name}` })
      .first()
      .click();
    const sheet = free.page.getByRole('dialog', { name: `Remove the conversation with ${name}?` });
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    expect(await items.count()).toBe(before);
    await free.page
      .getByRole('button', { name: `More for the chat with ${name}` })
      .first()
      .click();
    await free.page
      .getByRole('button', { name: `Remove the chat with ${name}` })
      .first()
      .click();
    await sheet.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => items.count()).toBe(before - 1);
    await free.page.getByTestId('chat-undo-toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => items.count()).toBe(before);
    expect(free.problems).toEqual([]);
    await premium.page.context().close();
    await free.page.context().close();
  });
  it('When a member opens a conversation with unread messages on a phone in English and Dutch, then "New messages" stands above the first unread one, the days are named and the composer is one compact row', async () => {
    // The free member writes (with his free messages), the premium member reads.
    const writer = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const reader = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const readerId = await profileIdOf(reader.page);
    const words = { en: { marker: 'New messages', today: 'Today' }, nl: { marker: 'Nieuwe berichten', today: 'Vandaag' } } as const;

    for (const locale of ['en', 'nl'] as const) {
      // Away from the conversation while the new messages arrive (an open conversation reads them at once).
      await reader.page.goto(`${site.url}/members`);
      const conversation = await writeTo(writer.page, readerId, [`First unread (${locale})`]);
      await inLanguage(reader.page, site, locale, `/chats/${conversation}`);
      const marker = reader.page.getByTestId('chat-new-marker');
      await marker.waitFor();
      expect(await marker.count(), locale).toBe(1);
      expect((await marker.textContent())?.trim(), locale).toBe(words[locale].marker);
      // It stands in the item of the first message that was unread, and today's messages are under "Today".
      expect(await marker.locator('xpath=ancestor::li[1]').textContent(), locale).toContain(`First unread (${locale})`);
      expect(await reader.page.getByTestId('chat-day').allTextContents(), locale).toContain(words[locale].today);

      // The composer: one row (gift, photo, a one-line field, send) of icon buttons with names and no words, no
      // character counter far from the limit, the price and balance at most once.
      const row = reader.page.locator('.chat-composer-row');
      const field = row.locator('textarea');
      const heights = await row.evaluate((el) => ({
        row: el.getBoundingClientRect().height,
        field: (el.querySelector('textarea') as HTMLTextAreaElement).getBoundingClientRect().height,
        composer: (document.querySelector('.chat-composer') as HTMLElement).getBoundingClientRect().height,
      }));
      expect(heights.field, locale).toBeLessThanOrEqual(48);
      expect(heights.row, locale).toBeLessThanOrEqual(52);
      expect(heights.composer, locale).toBeLessThanOrEqual(100);
      const buttons = await row.locator('button').evaluateAll((els) =>
        els.map((b) => ({
          label: b.getAttribute('aria-label') ?? '',
          text: (b.textContent ?? '').trim(),
          svg: b.querySelector('svg') !== null,
        })),
      );
      expect(buttons.length, locale).toBe(3);
      for (const b of buttons) expect(b, locale).toEqual({ label: expect.stringMatching(/\S/), text: '', svg: true });
      expect(await reader.page.getByTestId('chat-count').count(), locale).toBe(0);
      expect(
        await reader.page
          .locator('.chat-allowance')
          .getByText(/\d+ credits?\b/)
          .count(),
        locale,
      ).toBeLessThanOrEqual(1);
      await shot(reader.page, `conversation-${locale}`);

      // The field grows with the text; near the limit the counter appears.
      await field.fill('one\ntwo\nthree');
      await expect
        .poll(() => field.evaluate((el) => el.getBoundingClientRect().height), { timeout: 5_000 })
        .toBeGreaterThan(heights.field + 10);
      await field.fill('x'.repeat(900));
      await reader.page.getByTestId('chat-count').waitFor();
      await field.fill('');
      expect(await sideways(reader.page), locale).toBe(0);
    }
    expect(reader.problems).toEqual([]);
    expect(writer.problems).toEqual([]);
    await writer.page.context().close();
    await reader.page.context().close();
  });

  it('When a member pays and looks at his purchases on a phone in English and Dutch, then payment methods show drawn marks, purchases are cards that fit the screen, and a refund asks first', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const refundPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/refund.php') refundPosts.push(request.url());
    });
    for (const locale of ['en', 'nl'] as const) {
      // The methods of a bundle: every mark a drawn SVG, never a letter in a circle.
      await inLanguage(page, site, locale, '/credits');
      await page.getByTestId('package-100').click();
      const marks = page.getByTestId('payment-methods').locator('.payment-method-mark');
      await marks.first().waitFor();
      const drawn = await marks.evaluateAll((els) =>
        els.map((el) => ({ svg: el.querySelector('svg') !== null, letter: /^\S$/.test((el.textContent ?? '').trim()) })),
      );
      expect(drawn.length, locale).toBeGreaterThan(2);
      expect(
        drawn.every((m) => m.svg && !m.letter),
        locale,
      ).toBe(true);
      const past = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 3)
          .map((el) => `${el.tagName}.${el.className}`),
      );
      expect(await sideways(page), `${locale}: ${past.join(', ')}`).toBe(0);
      await shot(page, `credits-${locale}`);
      if (locale === 'en') {
        // A purchase by card, paid on the provider's test checkout: the purchase the page below lists and refunds.
        await page.getByTestId('method-creditcard').click();
        await page.getByTestId('pay-button').click();
        await page.waitForURL(/\/checkout\/tr_/);
        await page.getByRole('radio', { name: 'paid' }).check();
        await page.getByRole('button', { name: 'Complete test payment' }).click();
        await page.waitForURL(/\/transactions\/\d+$/);
        await page.getByRole('heading', { name: 'Payment completed' }).waitFor({ timeout: 20_000 });
      }

      // The purchases: cards within the screen's width, nothing scrolls sideways, not even inside the list.
      await page.goto(`${site.url}/transactions`);
      const purchases = page.getByTestId('transactions');
      await purchases.waitFor();
      const fit = await purchases.evaluate((table) => ({
        inner: table.scrollWidth - table.clientWidth,
        outer: table.parentElement ? table.parentElement.scrollWidth - table.parentElement.clientWidth : 0,
        rows: [...table.querySelectorAll('tbody tr')].map((row) => row.getBoundingClientRect().right <= window.innerWidth),
        cards: [...table.querySelectorAll('tbody tr')].map((row) => getComputedStyle(row).display),
      }));
      expect(fit.inner, locale).toBeLessThanOrEqual(0);
      expect(fit.outer, locale).toBeLessThanOrEqual(0);
      expect(fit.rows.length, locale).toBeGreaterThan(0);
      expect(fit.rows.every(Boolean), locale).toBe(true);
      expect(
        fit.cards.every((display) => display !== 'table-row'),
        locale,
      ).toBe(true);
      expect(await sideways(page), locale).toBe(0);
      await shot(page, `transactions-${locale}`);

      // A refund asks first: the question names the amount and the credits; nothing is refunded before the answer.
      const panel = page.getByTestId('refund-panel');
      await panel.getByTestId('refund-button').first().click();
      const question =
        locale === 'en' ? /^Refund €\s?[\d.,]+ for \d+ unused credits?\?$/ : /^€\s?[\d.,]+ terugbetalen voor \d+ ongebruikte credits?\?$/;
      const dialog = page.getByRole('dialog', { name: question });
      await dialog.waitFor();
      await shot(page, `refund-${locale}`);
      await page.waitForTimeout(300);
      expect(refundPosts, locale).toEqual([]);
      if (locale === 'en') {
        await dialog.getByRole('button', { name: 'Keep my credits' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(refundPosts).toEqual([]);
      } else {
        // Confirmed (in Dutch): the order then says the refund is under way or done.
        await dialog.getByTestId('confirm-refund').click();
        await page
          .getByTestId('refund-status')
          .filter({ hasText: /^(Terugbetaling in behandeling|Terugbetaald)$/ })
          .first()
          .waitFor();
        expect(refundPosts).toHaveLength(1);
        await shot(page, `transactions-refunded-${locale}`);

        // The purchase's own page says the same as the list.
        const detail = (await page.locator('.transaction-date a').first().getAttribute('href')) as string;
        await page.goto(`${site.url}${detail}`);
        await page
          .getByTestId('payment-result')
          .getByTestId('refund-status')
          .filter({ hasText: /^(Terugbetaling in behandeling|Terugbetaald)$/ })
          .waitFor();
        expect(await sideways(page), locale).toBe(0);
        await shot(page, `transaction-refunded-${locale}`);
      }
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
