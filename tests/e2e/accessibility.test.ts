import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, logIn, PHONE, visitorPages } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * The host notices and labels on the page (the site's mark and warning on its fictional profiles) that do not read at
 * AA contrast (4.5:1) on the background they are drawn on, or that lie on a picture or a fade (a photo, a gradient:
 * a contrast nobody can promise) instead of a colour of their own; each named with its text.
 */
const unreadableHostNotices = (page: Page) =>
  page.evaluate(() => {
    const rgba = (colour: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const linear = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const problems: string[] = [];
    // The site's notice and label, and the classes it drew them with before (the icon on a card, the warning).
    for (const el of document.querySelectorAll<HTMLElement>(
      '[data-testid="host-notice"], [data-testid="host-label"], .fictional-warning, .fictional-icon',
    )) {
      if (el.getClientRects().length === 0) continue;
      const text = `"${el.textContent?.trim().slice(0, 30)}"`;
      let background: ReturnType<typeof rgba> | null = null;
      for (let node: HTMLElement | null = el; node && !background; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') break;
        const colour = rgba(style.backgroundColor);
        if (colour.a === 1) background = colour;
      }
      if (!background) {
        problems.push(`${text} lies on a picture or a fade`);
        continue;
      }
      const fg = rgba(getComputedStyle(el).color);
      const bg = background;
      const ink = { r: fg.r * fg.a + bg.r * (1 - fg.a), g: fg.g * fg.a + bg.g * (1 - fg.a), b: fg.b * fg.a + bg.b * (1 - fg.a) };
      const [light, dark] = [luminance(ink), luminance(bg)].sort((x, y) => y - x) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < 4.5) problems.push(`${text} has a contrast of ${ratio.toFixed(2)}`);
    }
    return problems;
  });

describe.skipIf(!runE2e)('accessibility (axe)', () => {
  let site: RunningSite;
  let browser: Browser;
  /** The cookies and storage of free@demo.test just after logging in through the form (once for the file). */
  let member: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** New visitors' pages: one open page per size, which each check takes over as a new visitor's. */
  let visitors: ReturnType<typeof visitorPages>;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    visitors = visitorPages(browser);
    const context = await browser.newContext({ viewport: PHONE });
    await logIn(await context.newPage(), site.url, 'free@demo.test');
    member = await context.storageState();
    await context.close();
  });
  afterEach(() => visitors?.release());
  afterAll(async () => {
    await visitors?.close();
    await browser?.close();
    await site?.stop();
  });

  /**
   * A new phone page of free@demo.test's session, in one context that the member checks share: they only read, and one
   * login serves all.
   */
  let memberContext: BrowserContext | undefined;
  async function memberPage(): Promise<Page> {
    memberContext ??= await browser.newContext({ viewport: PHONE, storageState: member });
    return memberContext.newPage();
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
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it.each(pages)(`When %s is checked by axe on a ${name}, then it has no serious or critical violation`, async (path) => {
      const page = await visitors.page({ viewport });
      await page.goto(`${site.url}${path}`);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  // The admin's page of the moderators' console (the team, its forms and the audit), on both sizes.
  it.each([
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 900 },
  ])(
    "When the admin's /moderation/team is checked by axe on a $name, then it has no serious or critical violation",
    async ({ width, height }) => {
      const { page } = await loggedInPage(browser, site.url, 'admin@demo.test', { width, height }, '/moderation/team');
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
      const member = await loggedInPage(browser, site.url, 'premium@demo.test', { width, height }, '/verification');
      await member.page.getByRole('heading', { level: 1, name: 'Verify your profile' }).waitFor();
      expect(await seriousViolations(member.page)).toEqual([]);
      // The desktop round finds the pose the phone round asked for.
      const start = member.page.getByRole('button', { name: 'Start verification' });
      if ((await start.count()) > 0) await start.click();
      await member.page.getByRole('heading', { name: 'Your pose' }).waitFor();
      expect(await seriousViolations(member.page)).toEqual([]);
      await member.page.context().close();
      const moderator = await loggedInPage(browser, site.url, 'moderator@demo.test', { width, height }, '/moderation/verifications');
      await moderator.page.getByTestId('verification-item').first().waitFor();
      expect(await seriousViolations(moderator.page)).toEqual([]);
      await moderator.page.context().close();
    },
  );

  it("When a member meets a host (one of the site's fictional profiles) on a grid card, his profile, the swipe game, a conversation and the like pop-up, in light and dark mode, then the host's notice is on a colour of its own at AA contrast and axe finds nothing serious", async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    // His new likes pop up 5 s into the visit: closed as they come, until the pop-up is what is checked.
    const popup = page.getByTestId('like-popup');
    await page.addLocatorHandler(popup, () => page.keyboard.press('Escape'));
    const found: string[] = [];
    /** Both colour schemes of the page as it is now: the notices' contrast and axe's serious violations. */
    const check = async (where: string, expectNotice: boolean) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        if (expectNotice && (await page.locator('[data-testid="host-notice"], [data-testid="host-label"]').count()) === 0)
          found.push(`${where}: no host notice`);
        for (const problem of await unreadableHostNotices(page)) found.push(`${where} (${colorScheme}): ${problem}`);
        for (const violation of await seriousViolations(page)) found.push(`${where} (${colorScheme}): ${violation}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };

    // The search: the demo's hosts among the first cards, their host label on the card.
    await page.goto(`${site.url}/members`);
    const hostCard = page.locator('.member-grid a.member-card:has([data-testid="host-label"], .fictional-icon)').first();
    await hostCard.waitFor();
    await check('/members', true);
    // His profile, and a conversation with him.
    const hostPath = (await hostCard.getAttribute('href')) as string;
    await page.goto(`${site.url}${hostPath}`);
    await check(hostPath, true);
    const conversation = await page.evaluate(
      async (to) => {
        const answer = await fetch('/api/message.php', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Idempotency-Key': Math.random().toString(36).slice(2) },
          body: JSON.stringify({ profile_id: to, text: 'Hello' }),
        });
        return ((await answer.json()) as { message: { conversation: number } }).message.conversation;
      },
      Number(/\d+/.exec(hostPath)?.[0]),
    );
    await page.goto(`${site.url}/chats/${conversation}`);
    await page.locator('.chat-header').waitFor();
    await check(`/chats/${conversation}`, true);

    // The swipe game, passed on to a host's card: his notice on the card, before any like.
    await page.goto(`${site.url}/swipe-game`);
    await page.locator('.sg-actions button[type="button"]').first().waitFor();
    const name = () => page.getByTestId('swipe-card').locator('h2').textContent();
    const hostOnTop = page.getByTestId('swipe-card').locator('[data-testid="host-notice"], .fictional-warning');
    for (let passed = 0; passed < 40 && (await hostOnTop.count()) === 0; passed++) {
      const before = await name();
      await page.getByRole('button', { name: /^Pass$/ }).click();
      await expect.poll(name, { timeout: 15_000 }).not.toBe(before);
    }
    await check('/swipe-game', true);

    // The like pop-up of an automatic like, which only hosts give (?t=1 asks for one).
    await page.removeLocatorHandler(popup);
    await page.goto(`${site.url}/members?t=1`);
    await popup.locator('.fictional-warning').waitFor({ timeout: 15_000 });
    await check('the like pop-up', true);

    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  it("When a host's card is on top of the swipe game on a phone, then a like by button, by → or by a swipe first asks beside his notice, sends nothing, and the next like sends it", async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    // His new likes, and a host who liked him back, pop up: closed as a member closes them.
    await page.addLocatorHandler(page.getByTestId('like-popup'), () => page.keyboard.press('Escape'));
    const likes: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        new URL(request.url()).pathname === '/api/swipe.php' &&
        request.postData()?.includes('"like":true')
      )
        likes.push(request.postData() ?? '');
    });
    await page.goto(`${site.url}/swipe-game`);
    await page.locator('.sg-actions button[type="button"]').first().waitFor();
    const card = page.getByTestId('swipe-card');
    const name = () => card.locator('h2').textContent();
    const ask = page.getByTestId('host-ask');
    /** Passes until a host's card is on top (the deck has several; a pass never asks). */
    const toHost = async () => {
      for (let passed = 0; passed < 40 && (await card.getByTestId('host-notice').count()) === 0; passed++) {
        const before = await name();
        await page.getByRole('button', { name: /^Pass$/ }).click();
        await expect.poll(name, { timeout: 15_000 }).not.toBe(before);
      }
      await card.getByTestId('host-notice').waitFor();
      expect(await ask.textContent()).toBe('');
    };
    /** Keys and the mouse go to the page itself: a pop-up that came meanwhile is closed first. */
    const noPopup = async () => {
      if ((await page.getByTestId('like-popup').count()) === 0) return;
      await page.keyboard.press('Escape');
      await page.getByTestId('like-popup').waitFor({ state: 'detached' });
    };
    /** Sends the like, and waits until it has gone out and the next card is on top. */
    const sent = async (before: string | null, count: number, like: () => Promise<void>) => {
      await like();
      await expect.poll(() => likes.length, { timeout: 15_000 }).toBe(count);
      await expect.poll(name, { timeout: 15_000 }).not.toBe(before);
    };
    const swipeRight = async () => {
      await noPopup();
      const box = await card.boundingBox();
      if (!box) throw new Error('no card');
      await page.mouse.move(box.x + box.width / 2, box.y + (box.height * 2) / 3);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + (box.height * 2) / 3, { steps: 4 });
      await page.mouse.move(box.x + box.width / 2 + 160, box.y + (box.height * 2) / 3, { steps: 4 });
      await page.mouse.up();
    };

    // By button: the first asks, "Like anyway" sends.
    await toHost();
    let host = await name();
    await page.getByRole('button', { name: /^Like$/ }).click();
    await expect.poll(() => ask.textContent()).toMatch(/^Still want to like .+\? Like again to send it\.$/);
    expect(likes).toEqual([]);
    await sent(host, 1, () => page.getByRole('button', { name: /^Like anyway$/ }).click());

    // By the → key, alike.
    await toHost();
    host = await name();
    await noPopup();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => ask.textContent()).not.toBe('');
    expect(likes).toHaveLength(1);
    await sent(host, 2, async () => {
      await noPopup();
      await page.keyboard.press('ArrowRight');
    });

    // By a swipe to the right, alike.
    await toHost();
    host = await name();
    await swipeRight();
    await expect.poll(() => ask.textContent()).not.toBe('');
    expect(likes).toHaveLength(2);
    await sent(host, 3, swipeRight);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

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
      await page.close();
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
      await page.close();
    });

    it.each(['/credits', '/credits/1', '/credits/1/ideal', '/premium', '/transactions', '/directdebit?package=1'])(
      "When a logged-in member's credits page %s is checked by axe, then it has no serious or critical violation",
      async (path) => {
        const page = await memberPage();
        await page.goto(`${site.url}${path}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      },
    );

    it('When my profile with a photo being checked is checked by axe, then it has no serious or critical violation', async () => {
      const { page } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE, '/profile');
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
