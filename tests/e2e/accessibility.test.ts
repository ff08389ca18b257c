import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, logIn, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('accessibility (axe)', () => {
  let site: RunningSite;
  let browser: Browser;
  /** The cookies and storage of free@demo.test just after logging in through the form (once for the file). */
  let member: Awaited<ReturnType<BrowserContext['storageState']>>;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: PHONE });
    await logIn(await context.newPage(), site.url, 'free@demo.test');
    member = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** A phone page of free@demo.test's session, in a context of its own (the checks only read; one login serves all). */
  async function memberPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, storageState: member });
    return context.newPage();
  }

  it('When a page has an unlabelled field and grey text on grey, then the check names both', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><main><h1>t</h1><input type="text">' +
        '<p style="color:#999;background:#aaa">hard to read</p></main></body></html>',
    );
    const found = (await seriousViolations(page)).map((v) => v.split(':')[0]);
    expect(found).toEqual(expect.arrayContaining(['label', 'color-contrast']));
    await context.close();
  });

  // Axe checks each page once it has hydrated (every navigation waits for that, support/browser.ts): its data is
  // rendered by the server, so nothing waits for the network to fall quiet.
  // A lander, an information page, the complaints form and the site-entry warning dialog (NL visitor);
  // the signup form and the language page.
  const pages = [
    '/',
    '/signup',
    '/login',
    '/members',
    '/members/3',
    '/no-such-page',
    '/landers/gallery',
    '/landers/video',
    '/landers/tinderswipe',
    '/pages/terms',
    '/complaints',
    '/?country=NL',
    '/lang-config',
  ];
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ]) {
    it.each(pages)(`When %s is checked by axe on a ${viewport.name}, then it has no serious or critical violation`, async (path) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${site.url}${path}`);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  // The admin's page of the moderators' console (the team, its forms and the audit), on both sizes.
  it.each([
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ])(
    "When the admin's /moderation/team is checked by axe on a $name, then it has no serious or critical violation",
    async ({ width, height }) => {
      const { page } = await loggedInPage(browser, site.url, 'admin@demo.test', { width, height });
      await page.goto(`${site.url}/moderation/team`);
      await page.getByTestId('team-member').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    },
  );

  it.each([
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ])(
    'When the verification page with its pose and the console’s verification queue are checked by axe on a $name, then they have no serious or critical violation',
    async ({ width, height }) => {
      const member = await loggedInPage(browser, site.url, 'premium@demo.test', { width, height });
      await member.page.goto(`${site.url}/verification`);
      await member.page.getByRole('heading', { level: 1, name: 'Verify your profile' }).waitFor();
      expect(await seriousViolations(member.page)).toEqual([]);
      // The desktop round finds the pose the phone round asked for.
      const start = member.page.getByRole('button', { name: 'Start verification' });
      if ((await start.count()) > 0) await start.click();
      await member.page.getByRole('heading', { name: 'Your pose' }).waitFor();
      expect(await seriousViolations(member.page)).toEqual([]);
      await member.page.context().close();
      const moderator = await loggedInPage(browser, site.url, 'moderator@demo.test', { width, height });
      await moderator.page.goto(`${site.url}/moderation/verifications`);
      await moderator.page.getByTestId('verification-item').first().waitFor();
      expect(await seriousViolations(moderator.page)).toEqual([]);
      await moderator.page.context().close();
    },
  );

  // What a new member sees on a phone — the signup steps, and a member's own profile, a profile and search.
  describe('on a 390 px phone', () => {
    it('When the signup steps are checked by axe (an invalid address at step 0, then the photo step with a chosen photo), then they have no serious or critical violation', async () => {
      // Reduced motion: axe sees each step as it settles, not a button halfway through its colour transition.
      const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(`${site.url}/signup`);
      await page.getByLabel('E-mail address').fill('not-an-address');
      await page.getByLabel('Password', { exact: true }).fill('a-good-password');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Invalid e-mail', { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('E-mail address').fill(`axe${Date.now()}@example.test`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByTestId('signup-step-1').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#48a' } })
        .jpeg()
        .toBuffer();
      await page.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByRole('img', { name: 'Your chosen photo' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it.each([
      '/members',
      '/members/3',
      '/me',
      '/lang-config',
      '/likes',
      '/likes/matches',
      '/swipe-game',
      '/match-finder',
      '/signup-matches',
    ])("When a logged-in member's %s is checked by axe, then it has no serious or critical violation", async (path) => {
      const page = await memberPage();
      await page.goto(`${site.url}${path}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });

    it('When the chat list and a conversation are checked by axe, then they have no serious or critical violation', async () => {
      const page = await memberPage();
      const streaming = page.waitForResponse((r) => r.url().includes('/api/events.php'));
      await page.goto(`${site.url}/chats`);
      await streaming;
      await page.locator('.chat-list-item').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator('.chat-list-link').first().click();
      await page.waitForURL(/\/chats\/\d+$/);
      await page.getByRole('textbox').waitFor();
      await page.getByRole('textbox').fill('x'.repeat(1001));
      await page.getByTestId('chat-count').waitFor();
      await page.getByRole('button', { name: 'Send a gift' }).click();
      await page.getByTestId('gift-rose').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });

    it.each(['/credits', '/credits/1', '/credits/1/ideal', '/premium', '/transactions', '/directdebit?package=1'])(
      "When a logged-in member's credits page %s is checked by axe, then it has no serious or critical violation",
      async (path) => {
        const page = await memberPage();
        await page.goto(`${site.url}${path}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.context().close();
      },
    );

    it('When my profile with a photo being checked is checked by axe, then it has no serious or critical violation', async () => {
      const { page } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
      await page.goto(`${site.url}/profile`);
      const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#7a4' } })
        .jpeg()
        .toBuffer();
      await page.locator('input[type="file"]').setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByText('Being checked').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  });
});
