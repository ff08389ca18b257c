import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_MESSAGES } from '../../src/shared/chat';
import { LOCALES } from '../../src/shared/locales';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, logIn, PHONE, watchedPage } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * A new member's first days: what writing costs is said before he writes (the match pop-up, the composer), the header
 * shows his balance, the signup says what it accepts and lets him see and change his country, a moderator meets no
 * welcome-discount countdown, and quick filters that leave nobody are cleared in one tap. The numbers are the
 * backend's (the site's settings, the member's answer), never the test's own.
 */

/** With E2E_SCREENSHOTS=<dir>, the screens of this file are saved there to look at. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

/** Calls the API from the page, as the app does (same origin, the member's cookie). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await (await fetch(`/api${p}`)).json()) as T, path) as Promise<T>;
}

interface Me {
  credits: number;
  paid_user: boolean;
  free_messages_left?: number;
}
const me = async (page: Page) => (await api<{ user: Me }>(page, '/user.php')).user;
const messagePrice = async (page: Page) => (await api<{ message_credits: number }>(page, '/settings.php')).message_credits;

/** What the pop-up and the composer say while free messages are left, in English. */
const freeThen = (free: number, price: number) =>
  `${free} free ${free === 1 ? 'message' : 'messages'} left, then ${price} ${price === 1 ? 'credit' : 'credits'} a message`;

/** A member who liked the page's member and whom he has not liked back: liking him makes a match. */
async function likerToMatch(page: Page): Promise<{ id: number; name: string }> {
  const likes = await api<{ profiles: Array<{ direction: string; match: boolean; profile: { id: number; name: string } }> }>(
    page,
    '/likes.php',
  );
  const liker = likes.profiles.find((l) => l.direction === 'received' && !l.match)?.profile;
  if (!liker) throw new Error('no liker left to match with');
  return liker;
}

/** Likes `liker` back on his profile: the match pop-up opens. */
async function matchWith(page: Page, siteUrl: string, liker: { id: number; name: string }) {
  await page.goto(`${siteUrl}/members/${liker.id}`);
  await page.locator('html[data-hydrated]').waitFor();
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  const popup = page.getByTestId('like-popup');
  await popup.getByRole('heading', { name: "It's a match!" }).waitFor();
  return popup;
}

describe.skipIf(!runE2e)("a new member's first days", () => {
  let site: RunningSite;
  let browser: Browser;

  beforeAll(async () => {
    // The site trusts its edge's country header, as behind a CDN: the visitor's country is derived from his address.
    site = await startSite({ TRUST_PROXY: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it.each([
    ['a 390 px phone', PHONE],
    ['a desktop', DESKTOP],
  ])(
    'When a free member on %s gets a match, then the pop-up and the composer say how many free messages are left and what a message costs after them, and after a send one fewer',
    async (_name, viewport) => {
      const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', viewport);
      const price = await messagePrice(page);
      const before = await me(page);
      const free = before.free_messages_left ?? -1;
      // The phone comes first: the demo member has written nothing free yet.
      if (viewport === PHONE) expect(free).toBe(FREE_MESSAGES);
      expect(free).toBeGreaterThan(0);

      // The header shows his balance.
      const balance = page.getByTestId('nav-balance');
      expect(await balance.isVisible()).toBe(true);
      expect(await balance.locator('.nav-balance').textContent()).toBe(String(before.credits));

      const liker = await likerToMatch(page);
      const popup = await matchWith(page, site.url, liker);
      expect(await popup.getByTestId('like-popup-free-left').textContent()).toBe(freeThen(free, price));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `match-popup-${viewport.width}`);

      await popup.getByRole('link', { name: `Send ${liker.name} a message` }).click();
      await page.waitForURL(`**/members/${liker.id}/chat`);
      await page.locator('html[data-hydrated]').waitFor();
      const cost = page.getByTestId('chat-free-left');
      expect(await cost.textContent()).toBe(freeThen(free, price));
      await page.getByRole('textbox').fill(`Hello ${liker.name}, nice to match`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.waitForURL(/\/chats\/\d+$/);
      await page.getByText(`Hello ${liker.name}, nice to match`).waitFor();
      await expect.poll(() => cost.textContent()).toBe(freeThen(free - 1, price));
      await shot(page, `composer-${viewport.width}`);
      expect((await me(page)).free_messages_left).toBe(free - 1);

      if (viewport === PHONE) {
        // The next match says it too: one free message fewer.
        const next = await matchWith(page, site.url, await likerToMatch(page));
        expect(await next.getByTestId('like-popup-free-left').textContent()).toBe(freeThen(free - 1, price));
      }
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it.each([
    ['a 390 px phone', PHONE],
    ['a desktop', DESKTOP],
  ])(
    'When a premium member on %s writes, then the composer says what his next message costs and his balance, and the header shows the balance that is left',
    async (_name, viewport) => {
      const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', viewport);
      const price = await messagePrice(page);
      const { credits } = await me(page);
      const balance = page.getByTestId('nav-balance');
      expect(await balance.locator('.nav-balance').textContent()).toBe(String(credits));
      const box = await balance.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);

      await page.goto(`${site.url}/chats`);
      await page.locator('.chat-list-item a[href^="/chats/"]').first().click();
      await page.waitForURL(/\/chats\/\d+$/);
      await page.locator('html[data-hydrated]').waitFor();
      const cost = page.getByTestId('chat-credits');
      expect(await cost.textContent()).toBe(`${price} credits per message · ${credits} credits left`);
      await page.getByRole('textbox').fill(`A paid hello from a ${viewport === PHONE ? 'phone' : 'desktop'}`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => cost.textContent()).toBe(`${price} credits per message · ${credits - price} credits left`);
      // Back in the app (no reload): the header's balance followed the send.
      await page.getByRole('link', { name: 'Back to messages' }).click();
      await page.waitForURL(/\/chats$/);
      await expect.poll(() => balance.locator('.nav-balance').textContent()).toBe(String(credits - price));
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it('When a free member on a phone taps Get Premium, then the page says what premium is (never "without limits") and what a credit buys, from the site\'s settings', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const settings = await api<{ message_credits: number; photo_credits: number; gift_credits: number; refund_days: number }>(
      page,
      '/settings.php',
    );
    await page.getByRole('link', { name: 'Get Premium' }).click();
    await page.waitForURL(/\/premium$/);
    const benefits = page.getByTestId('premium-benefits');
    await benefits.waitFor();
    expect(await benefits.textContent()).toContain(`Pay per message with your credits: ${settings.message_credits} credits a message`);
    expect(await benefits.textContent()).toContain(`unused credits are refundable within ${settings.refund_days} days`);
    expect(await page.locator('main').textContent()).not.toMatch(/without limits/i);
    const uses = page.getByTestId('credit-uses');
    expect(await uses.locator('li').allTextContents()).toEqual([
      `A message: ${settings.message_credits} credits`,
      `A photo message: ${settings.photo_credits} credits`,
      `A gift: ${settings.gift_credits} credits`,
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'premium-390');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a free member reads the site at 320 px in any of its eleven languages, then the top bar shows his balance beside Premium and the language, all on the screen', async () => {
    const small = { width: 320, height: 640 };
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', small);
    const found: string[] = [];
    for (const locale of LOCALES) {
      await page.goto(`${site.url}/locale/${locale}?return=${encodeURIComponent('/members')}`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
      const items = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('header.top-nav .brand-mark, header.top-nav .top-nav-items > li')]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => {
            const r = el.getBoundingClientRect();
            return { what: el.firstElementChild?.className ?? el.className, left: r.left, right: r.right, middle: r.top + r.height / 2 };
          }),
      );
      const balance = await page.getByTestId('nav-balance').boundingBox();
      if (!balance || balance.x < 0 || balance.x + balance.width > small.width) found.push(`${locale}: the balance is not on the screen`);
      for (const item of items) {
        if (item.left < 0 || item.right > small.width) found.push(`${locale}: ${item.what} reaches ${Math.round(item.right)} px`);
        if (Math.abs(item.middle - (items[0]?.middle ?? 0)) > 4) found.push(`${locale}: ${item.what} wraps to another line`);
      }
      if (locale === 'de' || locale === 'fi') await shot(page, `top-bar-320-${locale}`);
      for (let i = 1; i < items.length; i++)
        if ((items[i]?.left ?? 0) < (items[i - 1]?.right ?? 0) - 0.5)
          found.push(`${locale}: ${items[i]?.what} overlaps ${items[i - 1]?.what}`);
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it.each([
    ['a 390 px phone', PHONE],
    ['a desktop', DESKTOP],
  ])(
    'When a visitor on %s signs up, then by its buttons he reads that signing up accepts the terms and the privacy notice (opening in a new tab, the form kept), and his country, derived from his address, is a choice he can change',
    async (_name, viewport) => {
      const context = await browser.newContext({ viewport, locale: 'en-US', extraHTTPHeaders: { 'CF-IPCountry': 'BE' } });
      const page = await context.newPage();
      const email = `first-days-${viewport.width}-${Date.now()}@example.test`;
      await page.goto(`${site.url}/signup`);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('first-password');
      const notice = page.getByTestId('signup-terms');
      expect(await notice.textContent()).toBe('By signing up you accept our terms and conditions and our privacy notice.');
      // The terms open in a new tab; the form and what he typed stay.
      const [terms] = await Promise.all([
        context.waitForEvent('page'),
        notice.getByRole('link', { name: 'terms and conditions (opens in a new tab)' }).click(),
      ]);
      await terms.waitForURL(/\/pages\/terms$/);
      await terms.close();
      expect(await notice.getByRole('link', { name: /^privacy notice/ }).getAttribute('href')).toBe('/pages/privacy');
      expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Add a photo later' }).click();
      const country = page.getByRole('combobox', { name: 'Your country' });
      expect(await country.inputValue()).toBe('BE');
      expect(await country.locator('option:checked').textContent()).toBe('Belgium');
      expect(await page.getByTestId('signup-country-hint').textContent()).toBe(
        'We chose it from your internet connection. Change it if it is not right.',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `signup-country-${viewport.width}`);
      await country.selectOption('NL');
      await page.getByLabel('Profile name').fill(`Newbie${viewport.width}`);
      await page.getByLabel('Date of birth').fill('1990-05-17');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Create my account' }).waitFor();
      expect(await notice.isVisible()).toBe(true);
      await shot(page, `signup-last-step-${viewport.width}`);
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.locator('[data-testid=signup-push], [data-testid=signup-check-mail]').first().waitFor();
      // The country he chose, not the derived one, is his profile's.
      await expect
        .poll(async () => (await api<{ user: { profile: { country: string } } }>(page, '/user.php')).user.profile.country)
        .toBe('NL');
      await context.close();
    },
  );

  it.each([
    ['moderator@demo.test', PHONE],
    ['admin@demo.test', DESKTOP],
  ])(
    'When %s (not a customer) spends time in the members area, then no welcome-discount countdown shows: no banner, and no modal after 40 seconds',
    async (email, viewport) => {
      const { page, problems } = await watchedPage(browser, { viewport });
      await page.clock.install();
      await logIn(page, site.url, email);
      // He would be inside the four hours: a new account without credits that has never paid.
      const user = await me(page);
      expect([user.paid_user, user.credits]).toEqual([false, 0]);
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('time-bonus-banner').count()).toBe(0);
      await page.clock.runFor(41_000);
      await page.goto(`${site.url}/likes`);
      await page.clock.runFor(41_000);
      expect(await page.getByTestId('time-bonus-modal').count()).toBe(0);
      expect(await page.getByTestId('time-bonus-countdown').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it('When a member piles up quick filters until nobody is left, then the page says which filters are on, each chip removes its own, and one tap clears them all', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const start = '/members?min_age=18&max_age=18';
    // The pile below finds nobody on the demo site (checked here, so the test says so if the data ever changes).
    const pile = await api<{ total: number }>(page, '/members.php?min_age=18&max_age=18&online=true&verified=true&new=true&limit=24');
    expect(pile.total).toBe(0);
    await page.goto(`${site.url}${start}`);
    const chips = page.getByRole('group', { name: 'Quick filters' });
    for (const name of ['Online now', 'Verified', 'New']) {
      await chips.getByRole('button', { name }).click();
      await expect.poll(() => chips.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true');
    }
    const empty = page.getByTestId('members-empty');
    await empty.getByText('No members match these 4 filters:').waitFor();
    const removable = empty.getByRole('button', { name: /^Remove filter:/ });
    expect(await removable.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([
      'Remove filter: Age 18–18',
      'Remove filter: Online now',
      'Remove filter: Verified',
      'Remove filter: New',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'no-members-390');
    // One chip goes on its own.
    await empty.getByRole('button', { name: 'Remove filter: New' }).click();
    await page.waitForURL((url) => url.searchParams.get('new') === null && url.searchParams.get('verified') === 'true');
    // One tap clears them all: the grid has members again.
    await page.getByTestId('members-empty').getByRole('button', { name: 'Clear all filters' }).click();
    await page.waitForURL((url) => url.pathname === '/members' && url.search === '');
    await expect.poll(() => page.locator('.member-grid .member-card').count()).toBeGreaterThan(0);
    for (const name of ['Online now', 'Verified', 'New'])
      expect(await chips.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
    // Coming back to the search does not bring the pile back.
    await page.goto(`${site.url}/members`);
    expect(await page.getByTestId('members-empty').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
