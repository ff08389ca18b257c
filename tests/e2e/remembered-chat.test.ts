import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, logIn, PHONE, tab, watchedPage } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** Whether the page is wider than the phone (something scrolls sideways). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(!runE2e)('remembered chat, the photo login prompt and the delete discount on a 390 px phone', () => {
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

  it('When a member opens a chat and reloads the chat list, then it offers "Back to your chat with …" with the date; axe finds nothing serious and nothing scrolls sideways', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE, '/chats');
    const first = page.locator('.chat-list-link').first();
    await first.waitFor();
    const name = (await first.locator('.chat-list-name').textContent())?.trim() ?? '';
    await first.click();
    await page.waitForURL(/\/chats\/\d+$/);
    const conversation = new URL(page.url()).pathname;
    await page.getByRole('textbox').waitFor();
    // A reload of the list: the remembered chat comes from the browser's storage.
    await page.goto(`${site.url}/chats`);
    await page.reload();
    const back = page.getByTestId('last-chat');
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe(conversation);
    expect(await back.textContent()).toContain(`Back to your chat with ${name}`);
    expect(await back.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  /** What the browser keeps for the site: its local and session storage keys. */
  const storedKeys = (page: Page) =>
    page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage).sort() }));
  /** Keys that are a member's: the outbox, the remembered chat, whose data it is, a draft. */
  const memberKeys = (keys: { local: string[]; session: string[] }) =>
    [...keys.local, ...keys.session].filter((key) => /^(chat_outbox\.|last_chat$|device_member$|chat\.draft\.)/.test(key));

  it('When a member with a remembered chat and a message waiting for the network logs out on his phone, then nothing of his stays in the browser and the next account there sees none of it', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE, '/chats');
    await page.locator('.chat-list-link').first().click();
    await page.waitForURL(/\/chats\/\d+$/);
    // Sends fail as without a network: the message waits in the outbox.
    await page.route('**/api/message.php', (route) => route.abort('internetdisconnected'));
    const field = page.getByLabel(/^Your message to /);
    await field.fill('Sent from the tunnel');
    await field.press('Enter');
    await page.getByTestId('chat-pending').waitFor();
    await field.fill('A draft he never sent');
    await expect
      .poll(async () =>
        memberKeys(await storedKeys(page)).map((key) => (key.startsWith('chat.draft.') ? 'chat.draft' : key.replace(/\d+/g, 'n'))),
      )
      .toEqual(expect.arrayContaining(['chat_outbox.n', 'last_chat', 'chat.draft']));

    // A conversation has no tab bar: back to the chats, then "me" and its logout.
    await page.goto(`${site.url}/chats`);
    await tab(page, 'Me').click();
    await page.waitForURL(/\/me$/);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.locator('html[data-hydrated]').waitFor();
    expect(memberKeys(await storedKeys(page))).toEqual([]);

    // The next account on the phone: no "Back to your chat", no waiting message of the last member.
    await page.unroute('**/api/message.php');
    await logIn(page, site.url, 'premium@demo.test');
    await page.goto(`${site.url}/chats`);
    await page.locator('.chat-list-link').first().waitFor();
    expect(await page.getByTestId('last-chat').count()).toBe(0);
    expect((await storedKeys(page)).local.filter((key) => key.startsWith('chat_outbox.') || key === 'last_chat')).toEqual([]);
    expect(problems.filter((p) => !/internetdisconnected|message\.php/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('When a member’s session has ended without the logout form (it ran out, or he logged out where no script ran), then the next page he opens removes his data from the browser', async () => {
    const { page } = await loggedInPage(browser, site.url, 'premium@demo.test', { width: 1280, height: 900 }, '/chats');
    await page.locator('.chat-list-link').first().click();
    await page.waitForURL(/\/chats\/\d+$/);
    await expect.poll(async () => memberKeys(await storedKeys(page))).toContain('last_chat');
    // The session is gone (the cookie with it), as after a logout posted without JavaScript.
    expect((await page.request.get(`${site.url}/api/logout.php`)).status()).toBe(200);
    await page.goto(`${site.url}/`);
    await page.locator('html[data-hydrated]').waitFor();
    await expect.poll(async () => memberKeys(await storedKeys(page))).toEqual([]);
    await page.context().close();
  });

  it('When a visitor opens a locked photo, then he is asked to log in or sign up; axe finds nothing serious and nothing scrolls sideways', async () => {
    const { page } = await watchedPage(browser, { viewport: PHONE });
    // A profile with a photo a visitor only sees blurred.
    let id: number | null = null;
    for (let candidate = 1; candidate <= 60 && id === null; candidate++) {
      const res = await page.request.get(`${site.url}/api/profile.php?id=${candidate}`);
      if (!res.ok()) continue;
      const body = (await res.json()) as { profile?: { images?: { locked?: boolean }[] } };
      if (body.profile?.images?.some((i) => i.locked)) id = candidate;
    }
    expect(id).not.toBeNull();
    await page.goto(`${site.url}/members/${id}`);
    await page.locator('.gallery-thumbs .is-locked').first().click();
    await page.getByText(/You need to be logged in to see more photos of/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await page.context().close();
  });

  it('When a member about to delete his account says it is too expensive, then the delete discount is offered and gives his code; axe finds nothing serious and nothing scrolls sideways', async () => {
    const { page } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE, '/settings');
    await page.getByLabel('It is too expensive').check();
    const offer = page.getByTestId('delete-discount');
    await offer.getByRole('button', { name: /Stay and take \d+% off/ }).click();
    await offer.getByText(/Your code STAY-\d+ takes \d+% off your next purchase/).waitFor();
    expect(await offer.getByRole('link', { name: 'Buy credits with it' }).getAttribute('href')).toMatch(/^\/credits\?code=STAY-\d+$/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await page.context().close();
  });
});
