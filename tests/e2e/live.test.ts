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

const thread = (page: Page) => page.getByTestId('chat-message');

describe.skipIf(!runE2e)('the live channel in two browsers', () => {
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

  it("When a chat page is open before the conversation exists, then its first messages, the answer and both read markers appear without a reload, in the sender's other tab too", async () => {
    const a = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const b = await loggedInPage(browser, site.url, 'premium@demo.test', DESKTOP);
    const aMe = await me(a.page);
    const bMe = await me(b.page);

    // A opens B's chat: no conversation yet.
    await a.page.goto(`${site.url}/members/${bMe.id}/chat`);
    await a.page.getByText(`No messages yet. Say hello to ${bMe.name}!`).waitFor();
    // B has A's chat open in two tabs.
    await b.page.goto(`${site.url}/members/${aMe.id}/chat`);
    const bOtherTab = await b.page.context().newPage();
    await bOtherTab.goto(`${site.url}/members/${aMe.id}/chat`);
    await bOtherTab.getByText(`No messages yet. Say hello to ${aMe.name}!`).waitFor();

    // B writes twice.
    const field = b.page.getByLabel(`Your message to ${aMe.name}`);
    await field.fill('First of all, hello');
    await field.press('Enter');
    await b.page.waitForURL(/\/chats\/\d+$/);
    await b.page.getByLabel(`Your message to ${aMe.name}`).fill('And a second one');
    await b.page.getByLabel(`Your message to ${aMe.name}`).press('Enter');
    await b.page.getByText('And a second one').waitFor();

    // A's page, opened before the conversation existed, shows both; so does B's other tab.
    await a.page.getByText('First of all, hello').waitFor();
    await a.page.getByText('And a second one').waitFor();
    await bOtherTab.getByText('First of all, hello').waitFor();
    await bOtherTab.getByText('And a second one').waitFor();

    // A's page read them: B sees "Read" without reloading.
    await b.page.getByTestId('chat-read').waitFor();

    // A answers: his thread shows all three, B's too, and A sees B's read marker.
    await a.page.getByLabel(`Your message to ${bMe.name}`).fill('Hi, nice to meet you');
    await a.page.getByLabel(`Your message to ${bMe.name}`).press('Enter');
    await b.page.getByText('Hi, nice to meet you').waitFor();
    await expect.poll(() => thread(a.page).count()).toBe(3);
    await expect.poll(() => thread(b.page).count()).toBe(3);
    await a.page.getByTestId('chat-read').waitFor();
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
  });
});
