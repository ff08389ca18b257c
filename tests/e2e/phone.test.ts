import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
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

  it('When a member uses the site on a phone in English and Dutch, then faces, profile actions, the swipe card and the chats fit the first screen and nothing scrolls sideways', async () => {
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

      // The swipe game: the card and its Like and Pass buttons on one screen.
      await page.goto(`${site.url}/swipe-game`);
      const card = page.getByTestId('swipe-card');
      await card.waitFor();
      const fits = await page.evaluate(() => {
        const bottom = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().bottom ?? Infinity;
        return Math.max(bottom('[data-testid="swipe-card"]'), bottom('.sg-like'), bottom('.sg-pass')) <= window.innerHeight;
      });
      expect(fits, locale).toBe(true);
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
    const newest = free.page.locator('.chat-message-list li').last();
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
});
