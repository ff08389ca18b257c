import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DEMO_PASSWORD, DESKTOP, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('the login and logout forms without JavaScript', () => {
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

  it('When JavaScript is off, then a refused login shows its error on the page, a member logs in with the form and logs out from the account menu', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    // Without JavaScript nothing hydrates: the navigations wait for the document only.
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    await page.goto(`${site.url}/login`, loaded);

    // An address without an account: the page comes back with the form's error (no JSON, no 500).
    await page.getByLabel(/e-?mail/i).fill('nobody@demo.test');
    await page.getByLabel(/password/i).fill('not-the-password');
    const refused = page.waitForResponse((r) => r.url().endsWith('/login') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /log ?in/i }).click();
    expect((await refused).status()).toBe(200);
    await expect.poll(() => page.locator('form[action="/login"] [role="alert"]').textContent()).toContain('Login failed');
    expect(await page.getByLabel(/e-?mail/i).inputValue()).toBe('nobody@demo.test');

    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByLabel(/e-?mail/i).fill('moderator@demo.test');
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/members$/, loaded);
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeDefined();

    // On a phone the "me" tab holds the logout: a plain link, then a button that posts a form.
    await page.locator('nav.app-tabs a[href="/me"]').click();
    await page.waitForURL(/\/me$/, loaded);
    await page.getByRole('button', { name: /log ?out/i }).click();
    await page.waitForURL(`${site.url}/`, loaded);
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeUndefined();
    expect(await page.getByRole('link', { name: /^log ?in$/i }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('When JavaScript is off, then a member logs in, searches, opens a profile, likes it, sends a message and logs out', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    await page.goto(`${site.url}/login`, loaded);
    await page.getByLabel(/e-?mail/i).fill('premium@demo.test');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/members/, loaded);

    // The Filters button is a link to the page with the sheet open; the sheet's search is a GET form.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.waitForURL(/filters=open/, loaded);
    await page.getByLabel('Country', { exact: true }).selectOption('NL');
    await page.getByLabel('Age from').selectOption('20');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/country=NL/, loaded);
    expect(page.url()).toContain('min_age=20');
    expect(page.url()).not.toContain('filters=open');
    await page.getByRole('button', { name: 'Remove filter: Age 20+' }).waitFor();
    const cards = page.locator('.member-grid a[href^="/members/"]');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const meta of await page.locator('.member-grid .member-meta').allTextContents()) expect(meta).toContain('Netherlands');

    // His profile: the like heart is a form posted to the profile, which answers 303 back to it.
    await cards.first().click();
    await page.waitForURL(/\/members\/\d+$/, loaded);
    const profileUrl = page.url();
    const heart = page.locator('.like-slot-full button[aria-pressed]');
    const before = await heart.getAttribute('aria-pressed');
    const liked = page.waitForResponse((r) => r.url() === profileUrl && r.request().method() === 'POST');
    await heart.click();
    expect((await liked).status()).toBe(303);
    await page.waitForURL(profileUrl, loaded);
    expect(await page.locator('.like-slot-full button[aria-pressed]').getAttribute('aria-pressed')).toBe(
      before === 'true' ? 'false' : 'true',
    );

    // The composer is a form posted to the chat page: the message is sent and the conversation shows it.
    await page.getByTestId('profile-chat').click();
    await page.waitForURL(/\/members\/\d+\/chat$/, loaded);
    // Sent with only spaces in it, the page says what to do, in the member's language, and nothing is sent.
    await page.getByLabel(/^Your message to /).fill('   ');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Write a message first.').waitFor();
    expect(await page.getByText('The request is not valid.').count()).toBe(0);
    const text = `Hello without JavaScript ${Date.now()}`;
    await page.getByLabel(/^Your message to /).fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Back at the conversation's end: the message just sent is in view, under the older ones.
    await page.waitForURL(/\/chats\/\d+#chat-latest$/, loaded);
    await expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0);
    const sent = await page.getByText(text).last().boundingBox();
    expect(sent && sent.y >= 0 && sent.y + sent.height <= PHONE.height).toBe(true);

    // Wider screens keep the account menu: a <details> element that opens without JavaScript, its logout a form.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${site.url}/members`, loaded);
    await page.locator('details:has(form[action="/logout"]) > summary').first().click();
    await page.getByRole('button', { name: /log ?out/i }).click();
    await page.waitForURL(`${site.url}/`, loaded);
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeUndefined();
    await context.close();
  });

  it('When JavaScript is off, then a member answers the match finder in one form and passes and likes cards of the swipe game', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const loaded = { waitUntil: 'domcontentloaded' } as const;
    await page.goto(`${site.url}/login`, loaded);
    await page.getByLabel(/e-?mail/i).fill('free@demo.test');
    await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/members/, loaded);

    // The finder's questions are one form: the later ones come in its <noscript>, and the browser posts every answer
    // to /match-finder, whose route action saves them and answers 303 back; the finder then shows who fits.
    await page.goto(`${site.url}/match-finder`, loaded);
    const change = page.getByRole('link', { name: 'Change' });
    if ((await change.count()) > 0) {
      await change.click();
      await page.waitForURL(/change=1/, loaded);
    }
    await page.getByLabel('Everyone').check();
    await page.getByLabel('From (age)').selectOption('20');
    await page.getByLabel('To (age)').selectOption('70');
    await page.getByLabel('Country', { exact: true }).selectOption('');
    const saved = page.waitForResponse((r) => r.url() === `${site.url}/match-finder` && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Show my matches' }).click();
    expect((await saved).status()).toBe(303);
    await page.waitForURL(`${site.url}/match-finder`, loaded);
    expect(await page.getByText('Everyone, 20 to 70 years, Anywhere').count()).toBe(1);
    expect(await page.locator('.member-grid li').count()).toBeGreaterThan(0);

    // The game's buttons are a form of the card posted to /swipe-game: its route action swipes and answers 303 back
    // with the next card.
    await page.goto(`${site.url}/swipe-game`, loaded);
    const name = () => page.getByTestId('swipe-card').locator('h2').textContent();
    const likesLeft = async () => Number(/(\d+) likes? left today/.exec((await page.locator('.sg-status').textContent()) ?? '')?.[1]);
    const first = await name();
    const left = await likesLeft();
    const passed = page.waitForResponse((r) => r.url() === `${site.url}/swipe-game` && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Pass', exact: true }).click();
    expect((await passed).status()).toBe(303);
    await page.waitForURL(`${site.url}/swipe-game`, loaded);
    const second = await name();
    expect(second).not.toBe(first);
    expect(await likesLeft()).toBe(left);
    const liked = page.waitForResponse((r) => r.url() === `${site.url}/swipe-game` && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    expect((await liked).status()).toBe(303);
    await page.waitForURL(`${site.url}/swipe-game`, loaded);
    expect(await name()).not.toBe(second);
    expect(await likesLeft()).toBe(left - 1);
    await context.close();
  });
});
