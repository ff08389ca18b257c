import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The logged-in member's own profile id and name, as the app knows them. */
async function me(page: Page): Promise<{ id: number; name: string }> {
  return page.evaluate(async () => {
    const body = (await (await fetch('/api/user.php', { headers: { 'request-type': 'client' } })).json()) as {
      user: { profile: { id: number; name: string } };
    };
    return { id: body.user.profile.id, name: body.user.profile.name };
  });
}

/** Members the logged-in member has no conversation with yet. */
async function strangers(page: Page, count: number, exclude: number[]): Promise<number[]> {
  return page.evaluate(
    async ({ count, exclude }) => {
      const chats = (await (await fetch('/api/chats.php')).json()) as { chats: { profile: { id: number } }[] };
      const known = new Set([...exclude, ...chats.chats.map((c) => c.profile.id)]);
      const list = (await (await fetch('/api/members.php?limit=60')).json()) as { profiles: { id: number }[] };
      return list.profiles
        .map((p) => p.id)
        .filter((id) => !known.has(id))
        .slice(0, count);
    },
    { count, exclude },
  );
}

const badge = (page: Page) => page.locator('a[href="/chats"]:visible .badge [aria-hidden="true"]');

/**
 * The pages the browser posts from now on (a form sent by the browser itself): with JavaScript the composer runs the
 * conversation's route action through its fetcher instead, so none.
 */
function pagePostsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.isNavigationRequest()) posts.push(r.url());
  });
  return posts;
}

describe.skipIf(!runE2e)('chat in two browsers', () => {
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

  it("When two members chat on a phone and a desktop, then each sees the other's messages, typing and read state without reloading", async () => {
    const premium = await loggedInPage(browser, site.url, 'premium@demo.test', DESKTOP);
    const free = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const freeMe = await me(free.page);
    const premiumMe = await me(premium.page);
    const unreadBefore = Number((await badge(free.page).textContent()) ?? '0');
    const pagePosts = [premium.page, free.page].map(pagePostsOf);

    // The premium member starts the conversation from the free member's profile.
    await premium.page.goto(`${site.url}/members/${freeMe.id}`);
    await premium.page.getByTestId('profile-chat').click();
    await premium.page.waitForURL(/\/members\/\d+\/chat$/);
    await premium.page.locator('html[data-hydrated]').waitFor();
    await premium.page.getByLabel(`Your message to ${freeMe.name}`).fill('Hello from the premium member');
    await premium.page.getByRole('button', { name: 'Send', exact: true }).click();
    await premium.page.waitForURL(/\/chats\/\d+$/);
    const conversationUrl = premium.page.url();

    // The free member, elsewhere on the site, gets a toast and a higher unread badge (and title prefix) at once.
    const toast = free.page.getByTestId('message-toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Hello from the premium member');
    await expect.poll(() => badge(free.page).textContent()).toBe(String(unreadBefore + 1));
    await expect.poll(() => free.page.title()).toMatch(/^\(\d+\) /);
    const toastBox = await toast.boundingBox();
    expect(toastBox?.width ?? 999).toBeLessThanOrEqual(350);
    await toast.getByRole('button', { name: /Open the conversation/ }).click();
    await free.page.waitForURL(conversationUrl.replace(site.url, `${site.url}`));
    await free.page.getByText('Hello from the premium member').waitFor();

    // Opening it reads it: the premium member sees "Read" without reloading.
    await premium.page.getByTestId('chat-read').waitFor();

    // Typing reaches the other side, and so does the answer. "Typing" is a signal at most every 3 s while he types,
    // shown for 6 s and never stored (one sent while the other side's stream reconnects is gone), so he types on, a
    // key a second, until the other side shows it — as a member who writes a sentence does.
    const composer = premium.page.getByLabel(`Your message to ${freeMe.name}`);
    const typingShown = free.page.getByText(`${premiumMe.name} is typing…`);
    await composer.pressSequentially('Are you', { delay: 30 });
    await expect
      .poll(
        async () => {
          if (await typingShown.isVisible()) return true;
          await composer.press('.');
          return typingShown.isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    const reply = free.page.getByLabel(`Your message to ${premiumMe.name}`);
    await reply.fill('Hi! Nice to hear from you');
    // Far from the limit the composer shows no character counter.
    expect(await free.page.getByTestId('chat-count').count()).toBe(0);
    await reply.press('Enter');
    await premium.page.getByText('Hi! Nice to hear from you').waitFor();
    await free.page.getByTestId('chat-read').waitFor();

    // A gift (gift_credits from the premium member's balance) arrives as a picture with its name.
    await premium.page.getByRole('button', { name: 'Send a gift' }).click();
    await premium.page.getByTestId('gift-rose').click();
    await premium.page.getByText('You sent a gift: Rose').waitFor();
    await free.page.getByText(`${premiumMe.name} sent you a gift: Rose`).waitFor();

    // A photo (photo_credits): previewed with its price, sent, and seen by the other member, who opens it larger.
    const { default: sharp } = await import('sharp');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e73' } })
      .png()
      .toBuffer();
    await premium.page.getByTestId('chat-photo-input').setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: photo });
    await premium.page.getByTestId('chat-photo-preview').waitFor();
    await premium.page.getByTestId('chat-photo-send').click();
    await premium.page.getByRole('button', { name: 'Your photo' }).waitFor();
    const received = free.page.getByRole('button', { name: `Photo from ${premiumMe.name}` });
    await received.waitFor();
    await expect
      .poll(() => received.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await received.click();
    await free.page.getByTestId('chat-photo-viewer').waitFor();
    await free.page.keyboard.press('Escape');
    await expect.poll(() => free.page.getByTestId('chat-photo-viewer').count()).toBe(0);

    // The messages, the gift and the photo ran the conversation's route action in the page: no page was posted.
    expect(pagePosts).toEqual([[], []]);
    expect(premium.problems).toEqual([]);
    expect(free.problems).toEqual([]);
    await premium.page.context().close();
    await free.page.context().close();
  });

  it('When a free member has used his free messages, then he is asked to buy credits; his third started conversation asks for premium', async () => {
    const free = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const freeMe = await me(free.page);
    const [a, b, c] = await strangers(free.page, 3, [freeMe.id]);
    const pagePosts = pagePostsOf(free.page);
    for (const id of [a, b]) {
      await free.page.goto(`${site.url}/members/${id}/chat`);
      await free.page.locator('html[data-hydrated]').waitFor();
      await free.page.getByTestId('chat-first-left').waitFor();
      await free.page.getByRole('textbox').fill(`Hello number ${id}`);
      await free.page.getByRole('button', { name: 'Send', exact: true }).click();
      await free.page.waitForURL(/\/chats\/\d+$/);
      await free.page.getByText(`Hello number ${id}`).waitFor();
    }
    await free.page.goto(`${site.url}/members/${c}/chat`);
    await free.page.locator('html[data-hydrated]').waitFor();
    expect(await free.page.getByTestId('chat-first-left').textContent()).toContain('no free conversations left');
    await free.page.getByRole('textbox').fill('A third conversation');
    await free.page.getByRole('button', { name: 'Send', exact: true }).click();
    await free.page.getByTestId('chat-alert-premium').waitFor();
    expect(await free.page.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');

    // Free messages: whatever is left is used up in the first conversation, then the credit alert.
    await free.page.goto(`${site.url}/members/${a}/chat`);
    await free.page.locator('html[data-hydrated]').waitFor();
    await free.page.getByRole('textbox').waitFor();
    for (let i = 0; (await free.page.getByTestId('chat-free-left').count()) > 0; i++) {
      await free.page.getByRole('textbox').fill(`One more free message ${i}`);
      await free.page.getByRole('button', { name: 'Send', exact: true }).click();
      await free.page.getByText(`One more free message ${i}`, { exact: true }).waitFor();
    }
    await free.page.getByRole('textbox').fill('This one costs credits');
    await free.page.getByRole('button', { name: 'Send', exact: true }).click();
    await free.page.getByTestId('credit-alert').waitFor();
    expect(await free.page.getByTestId('credit-alert').textContent()).toContain("You don't have enough credits");
    expect(await free.page.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    // Nothing was sent: the text is still in the field for after the purchase.
    expect(await free.page.getByRole('textbox').inputValue()).toBe('This one costs credits');
    // Every message and refusal came through the composer's fetcher: no page post.
    expect(pagePosts).toEqual([]);
    expect(free.problems.filter((p) => !/status of 40[2]|status of 422/.test(p))).toEqual([]);
    await free.page.context().close();
  });

  it('When a chat is removed through its menu and the sheet that asks first, then it leaves the list, can be undone, and otherwise stays gone after a reload', async () => {
    const free = await loggedInPage(browser, site.url, 'free@demo.test', DESKTOP);
    // The event stream opens once the page has hydrated: then the buttons work.
    const streaming = free.page.waitForResponse((r) => r.url().includes('/api/events.php'));
    await free.page.goto(`${site.url}/chats`);
    await streaming;
    const items = free.page.locator('.chat-list-item');
    await items.first().waitFor();
    const before = await items.count();
    const name = (await items.first().locator('.chat-list-name').textContent())?.trim() ?? '';
    const removeOnce = async () => {
      await free.page
        .getByRole('button', { name: `More for the chat with ${name}` })
        .first()
        .click();
      await free.page
        .getByRole('button', { name: `Remove the chat with ${name}` })
        .first()
        .click();
      const sheet = free.page.getByRole('dialog', { name: `Remove the conversation with ${name}?` });
      await sheet.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect.poll(() => items.count()).toBe(before - 1);
    };
    // Undo brings it back.
    await removeOnce();
    await free.page.getByTestId('chat-undo-toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => items.count()).toBe(before);
    // Without undo the removal goes to the server once the toast is gone.
    await removeOnce();
    const deleted = free.page.waitForResponse((r) => r.url().includes('/api/chat') && r.request().method() !== 'GET');
    await deleted;
    await expect.poll(() => free.page.getByTestId('chat-undo-toast').count()).toBe(0);
    await free.page.reload();
    await items.first().waitFor();
    expect(await items.count()).toBe(before - 1);
    await free.page.context().close();
  });
});
