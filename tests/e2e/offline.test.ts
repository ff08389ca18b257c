import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * The service worker's app shell and the chat outbox, offline as the browser sees it (`context.setOffline`): a page
 * asked for without a network shows the site's offline page in the member's language, and a message sent in a
 * tunnel waits in the conversation and goes out once — charged once — when the network is back.
 */

/** Waits until the worker controls the page and keeps the offline page (its install is done). */
async function workerReady(page: Page, language = 'en'): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return null;
          const kept = await caches.match('/offline');
          return kept ? kept.headers.get('content-language') : null;
        }),
      { timeout: 15_000 },
    )
    .toBe(language);
}

/** With E2E_SCREENSHOTS=<dir>, the new screens are saved there at 390 px to look at. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

/** A text message from the page's member to another one; answers the conversation's id. */
const writeTo = (page: Page, to: number, text: string) =>
  page.evaluate(
    async ({ to, text }) => {
      const answer = await fetch('/api/message.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ profile_id: to, text }),
      });
      if (!answer.ok) throw new Error(`message.php ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as { message: { conversation: number } }).message.conversation;
    },
    { to, text },
  );

/** The conversation as the API has it: its messages' texts and what the member has left. */
const conversationOf = (page: Page, id: number) =>
  page.evaluate(async (id) => {
    const answer = await fetch(`/api/conversation.php?conversation=${id}`, { headers: { 'request-type': 'client' } });
    const body = (await answer.json()) as { messages: Array<{ text: string }>; allowance: { credits: number; message_credits: number } };
    return { texts: body.messages.map((m) => m.text), credits: body.allowance.credits, price: body.allowance.message_credits };
  }, id);

describe.skipIf(!runE2e)('offline: the app shell and the chat outbox', () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser({ serviceWorkers: true });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it("When a member's page has loaded once and the network goes, then a page he opens is the site's offline page in his language (not the browser's error), and it reloads by itself when the network is back", async () => {
    // A member of his own (the language he chooses here is saved for him): the chat test below reads English.
    const { page } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    await workerReady(page);
    // He reads the site in German: the worker's offline page follows.
    await page.goto(`${site.url}/locale/de?return=${encodeURIComponent('/likes')}`);
    await workerReady(page, 'de');

    await page.context().setOffline(true);
    await page.goto(`${site.url}/chats`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Du bist offline');
    expect(await page.title()).toMatch(/^Du bist offline \| /);
    expect(await page.locator('main p').textContent()).toBe('Prüfe deine Verbindung; diese Seite lädt neu, sobald du wieder online bist.');
    const retry = page.getByRole('button', { name: 'Erneut versuchen' });
    expect(await retry.isVisible()).toBe(true);
    // The site's own stylesheet, kept by the worker: its brand bar, and a page that fits the phone.
    expect(await page.locator('.brand-bar').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'offline-page-390');
    // Trying again offline shows it again.
    await retry.click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Du bist offline');

    await page.context().setOffline(false);
    // Back online, the page reloads itself into the page he asked for.
    await expect.poll(() => page.locator('html').getAttribute('data-hydrated'), { timeout: 15_000 }).not.toBeNull();
    expect(new URL(page.url()).pathname).toBe('/chats');
    expect(await page.locator('h1').first().textContent()).not.toBe('Du bist offline');
    await page.context().close();
  });

  it('When a member sends a message without a network, then it shows "Waiting for network" with Cancel; back online it is delivered once and charged once, and a cancelled one is never sent', async () => {
    const { page } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    // The worker is active before the conversation opens, so it controls that page.
    await workerReady(page);
    const href = (await page.locator('.member-grid a.member-card').first().getAttribute('href')) as string;
    const partner = Number(/\/members\/(\d+)/.exec(href)?.[1]);
    const conversation = await writeTo(page, partner, 'Before the tunnel');
    await page.goto(`${site.url}/chats/${conversation}`);
    const before = await conversationOf(page, conversation);
    // The page's late chunks are in (one that failed to load offline would reload the page into the offline page).
    await page.waitForLoadState('networkidle');

    await page.context().setOffline(true);
    const field = page.getByLabel(/^Your message to /);
    const pending = page.getByTestId('chat-pending');
    await field.fill('Sent from the tunnel');
    await field.press('Enter');
    await expect.poll(() => pending.count()).toBe(1);
    await field.fill('Never mind');
    await field.press('Enter');
    await expect.poll(() => pending.count()).toBe(2);
    expect(await pending.first().getByTestId('chat-pending-state').textContent()).toBe('Waiting for network');
    expect(await page.getByRole('status').filter({ hasText: 'Waiting for network' }).count()).toBe(1);
    expect(await field.inputValue()).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    // Kept in the browser for the member, so a reload would not lose them.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chat_outbox.')).length)).toBe(1);

    await shot(page, 'chat-outbox-390');
    await pending.filter({ hasText: 'Never mind' }).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => pending.count()).toBe(1);

    await page.context().setOffline(false);
    await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(0);
    // The sent message took the waiting bubble's place: once in the conversation, never twice.
    await expect.poll(() => page.getByTestId('chat-message').filter({ hasText: 'Sent from the tunnel' }).count()).toBe(1);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('chat-message').filter({ hasText: 'Sent from the tunnel' }).count()).toBe(1);
    const after = await conversationOf(page, conversation);
    expect(after.texts.filter((t) => t === 'Sent from the tunnel')).toHaveLength(1);
    expect(after.texts).not.toContain('Never mind');
    expect(before.credits - after.credits).toBe(before.price);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chat_outbox.')))).toEqual([]);
    await page.context().close();
  });

  it('When a message has waited for the network longer than its key may live, then it is never sent, its bubble says it waited too long and to write it again, and Remove takes it away', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', DESKTOP);
    const href = (await page.locator('.member-grid a.member-card').first().getAttribute('href')) as string;
    const partner = Number(/\/members\/(\d+)/.exec(href)?.[1]);
    const conversation = await writeTo(page, partner, 'Before the long trip');
    const before = await conversationOf(page, conversation);
    // A message the network took a day ago (23 hours and a minute), still in the browser's outbox.
    await page.evaluate(
      ({ partner }) =>
        fetch('/api/user.php', { headers: { 'request-type': 'client' } })
          .then((answer) => answer.json() as Promise<{ user: { id: number } }>)
          .then(({ user }) => {
            const queuedAt = new Date(Date.now() - (23 * 60 + 1) * 60_000).toISOString();
            localStorage.setItem(
              `chat_outbox.${user.id}`,
              JSON.stringify([{ key: crypto.randomUUID(), partner, text: 'Sent a day ago', queuedAt }]),
            );
          }),
      { partner },
    );
    await page.goto(`${site.url}/chats/${conversation}`);
    const bubble = page.getByTestId('chat-pending');
    await bubble.waitFor();
    expect(await bubble.textContent()).toContain('Sent a day ago');
    expect(await bubble.getByTestId('chat-pending-problem').textContent()).toBe('Not sent: it waited too long — write it again.');
    expect(await page.getByRole('status').filter({ hasText: 'Not sent: it waited too long — write it again.' }).count()).toBe(1);
    expect(await bubble.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'chat-outbox-expired-1280');
    // Back online it is not sent: the conversation and the balance are as they were.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(500);
    const after = await conversationOf(page, conversation);
    expect(after.texts).not.toContain('Sent a day ago');
    expect(after.credits).toBe(before.credits);
    await bubble.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => bubble.count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chat_outbox.')))).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
