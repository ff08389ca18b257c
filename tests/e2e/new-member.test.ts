import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, logIn, ownPhotosCount, PHONE, tab, visitorPages } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * What a new member sees: a visitor and a new member on a 390 px phone in Chromium — landing page and
 * landers, the signup steps, the top bar, banners, the member strip, the account menu, head tags and /lang-config.
 */
describe.skipIf(!runE2e)('what a new member sees on a 390 px phone', () => {
  let site: RunningSite;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let visitors: ReturnType<typeof visitorPages>;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    visitors = visitorPages(browser);
  });
  afterEach(() => visitors?.release());
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await visitors?.close();
    await browser?.close();
    await site?.stop();
  });

  /** A new visitor's phone page; `locale` sets the language cookie (the site's language), the browser stays en-US. */
  async function phone(locale?: string): Promise<Page> {
    return visitors.page({ viewport: PHONE, cookies: locale ? [{ name: 'locale', value: locale, url: site.url }] : [] });
  }

  /** The first visible button-styled link or button of the page, in document order (the skip link is no button). */
  async function firstCallToAction(page: Page) {
    return page.evaluate(() => {
      const visible = [...document.querySelectorAll<HTMLElement>('a.btn, button.btn')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      });
      const first = visible[0];
      if (!first) return null;
      const box = first.getBoundingClientRect();
      return { text: (first.textContent ?? '').trim(), href: first.getAttribute('href'), bottom: box.bottom };
    });
  }

  const jpeg = (colour: string) =>
    sharp({ create: { width: 400, height: 500, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();

  describe('9: signing up is the first call to action', () => {
    it('When a visitor opens the landing page on a phone, then the first call to action is signing up, on the first screen, and logging in comes after it', async () => {
      const page = await phone();
      await page.goto(`${site.url}/?network=tj`);
      await page.waitForLoadState('networkidle');
      const first = await firstCallToAction(page);
      expect(first?.href).toBe('/signup?network=tj');
      expect(first?.bottom).toBeLessThanOrEqual(PHONE.height);
      // The hero offers signing up first, then browsing; logging in stays one tap away.
      const hero = page.locator('.hero');
      const heroFirst = hero.locator('a.btn').first();
      expect(await heroFirst.textContent()).toBe('Sign up for free');
      expect(await heroFirst.getAttribute('href')).toBe('/signup?network=tj');
      expect(await hero.getByRole('link', { name: 'Log in' }).count()).toBe(1);
      expect(await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count()).toBe(1);
      await heroFirst.click();
      await page.waitForURL(/\/signup\?network=tj$/);
      await page.getByTestId('signup-step-0').waitFor();
    });

    const landers = [
      '/landers/tinderswipe',
      '/landers/alonetonight/amsterdam',
      '/landers/collagelanding',
      '/landers/gallery',
      '/landers/iconslanding',
      '/landers/maplanding',
      '/landers/socialnetwork',
      '/landers/transitionsvideolanding',
      '/landers/video',
      '/members/3/landing',
      '/members/3/landing2',
      '/members/3/landing3',
    ];
    it.each(landers)(
      'When a visitor opens %s on a phone, then the first call to action signs him up and keeps his traffic source',
      async (path) => {
        const page = await phone();
        await page.goto(`${site.url}${path}?network=tj&sub1=x`);
        await page.waitForLoadState('networkidle');
        const first = await firstCallToAction(page);
        expect(first?.href).toBe('/signup?network=tj&sub1=x');
        expect(first?.bottom).toBeLessThanOrEqual(PHONE.height);
      },
    );
  });

  describe('signup steps', () => {
    it('When a visitor starts signing up, then the step progress bar is drawn and named "Step 1 of 5"', async () => {
      const page = await phone();
      await page.goto(`${site.url}/signup`);
      const bar = page.getByRole('progressbar', { name: 'Step 1 of 5' });
      await bar.waitFor();
      const drawn = await bar.evaluate((el) => {
        const track = el.parentElement as HTMLElement;
        return {
          bar: getComputedStyle(el).backgroundColor,
          barWidth: el.getBoundingClientRect().width,
          barHeight: el.getBoundingClientRect().height,
          track: getComputedStyle(track).backgroundColor,
          trackWidth: track.getBoundingClientRect().width,
        };
      });
      expect(drawn.bar).not.toBe('rgba(0, 0, 0, 0)');
      expect(drawn.track).not.toBe('rgba(0, 0, 0, 0)');
      expect(drawn.track).not.toBe(drawn.bar);
      expect(drawn.barHeight).toBeGreaterThan(3);
      expect(drawn.barWidth / drawn.trackWidth).toBeCloseTo(0.2, 1);
    });

    it('When a visitor types his e-mail address on /signup before the page is ready, then it is still there once it is, and the step goes on with it', async () => {
      const page = await phone();
      // Hold the scripts back, so the address is typed into the server's page before it hydrates.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/*.js', async (route) => {
        await gate;
        await route.continue();
      });
      await page.goto(`${site.url}/signup`, { waitUntil: 'domcontentloaded' });
      const email = `early${Date.now()}@example.test`;
      await page.getByLabel('E-mail address').fill(email);
      release();
      await page.locator('html[data-hydrated]').waitFor();
      expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);
      // The state has it too: the step checks the address that shows, not an empty one.
      await page.getByLabel('Password', { exact: true }).fill('first-password');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Add a photo later' }).waitFor();
    });

    it('When the signup form offers "Log in" in its sentence, then the link is underlined, not told apart by colour only', async () => {
      const page = await phone();
      await page.goto(`${site.url}/signup`);
      const login = page.getByTestId('signup-step-0').getByRole('link', { name: 'Log in' });
      await login.waitFor();
      expect(await login.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
    });

    it.each([
      ['en', 'E-mail address', 'Password', 'Continue', 'Invalid e-mail'],
      ['nl', 'E-mailadres', 'Wachtwoord', 'Verder', 'Ongeldige e-mail'],
    ])(
      'When a visitor (%s) enters "not-an-address" at step 0, then step 0 says so beside the field in his language and does not go on',
      async (locale, emailLabel, passwordLabel, next, message) => {
        const page = await phone(locale);
        await page.goto(`${site.url}/signup`);
        await page.getByTestId('signup-step-0').waitFor();
        await page.getByLabel(emailLabel).fill('not-an-address');
        await page.getByLabel(passwordLabel, { exact: true }).fill('a-good-password');
        await page.getByRole('button', { name: next }).click();
        await expect.poll(() => page.getByText(message, { exact: true }).count()).toBe(1);
        expect(await page.getByTestId('signup-step-0').count()).toBe(1);
        const email = page.getByLabel(emailLabel);
        expect(await email.getAttribute('aria-invalid')).toBe('true');
        expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
        // Corrected, the visitor goes on to the photo step.
        await email.fill(`step0-${locale}-${Date.now()}@example.test`);
        await page.getByRole('button', { name: next }).click();
        await page.getByTestId('signup-step-1').waitFor();
      },
    );

    it('When a visitor adds a photo at signup step 1, then he sees it, and once the account exists it is on his profile, being checked', async () => {
      const page = await phone();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      const email = `photo${Date.now()}@example.test`;
      await page.goto(`${site.url}/signup`);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a-good-password');
      await page.getByRole('button', { name: 'Continue' }).click();

      const step1 = page.getByTestId('signup-step-1');
      await step1.waitFor();
      expect(await step1.getByText('Add a photo', { exact: true }).count()).toBe(1);
      await step1.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#3a7bd5') });
      const preview = step1.getByRole('img', { name: 'Your chosen photo' });
      await preview.waitFor();
      expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // With a photo chosen the step goes on with "Continue" (not "Add a photo later").
      expect(await step1.getByRole('button', { name: 'Add a photo later' }).count()).toBe(0);
      await step1.getByRole('button', { name: 'Continue' }).click();

      await page.getByLabel('Profile name').fill('Photo Fan');
      await page.getByLabel('Date of birth').fill('1991-04-12');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Create my account' }).click();
      await page.getByTestId('signup-photo-outcome').waitFor();
      expect(await page.getByTestId('signup-photo-outcome').textContent()).toContain('Your photo has been added');

      await page.goto(`${site.url}/profile`);
      await expect.poll(() => page.locator('.own-photos li').count()).toBe(1);
      expect(await page.getByTestId('photo-pending').textContent()).toBe('Being checked');
      expect(problems).toEqual([]);
    });
  });

  describe('the member area', () => {
    it.each(['en', 'it'])(
      'When a free member (%s) sees the members at 390 px, then the top bar (logo, Premium, language) and the tab bar (members, likes, chats, me) lie side by side on the screen',
      async (locale) => {
        const page = await phone(locale);
        // The login form speaks the site's language: log in through the API, then open the member list.
        const res = await page.request.post(`${site.url}/api/user.php`, {
          headers: { 'request-type': 'client' },
          data: { email: 'free@demo.test', password: 'demo-password' },
        });
        expect(res.status()).toBe(200);
        // The login set the locale cookie to the account's language (en); this browser chose its own.
        await page.context().addCookies([{ name: 'locale', value: locale, url: site.url }]);
        await page.goto(`${site.url}/members`);
        await page.waitForLoadState('networkidle');
        // Each bar's parts that show, in order: on a phone the top bar keeps the logo and Premium, and the tab bar at the
        // bottom carries members, likes, chats and "me" (search, messages and the account menu are its there).
        const bars = await page.evaluate(() =>
          [
            ['header.top-nav', '.brand-mark, .top-nav-items > li'],
            ['nav.app-tabs', 'li'],
          ].map(([bar, part]) =>
            [...(document.querySelector(bar as string) as HTMLElement).querySelectorAll<HTMLElement>(part as string)]
              .filter((el) => el.getClientRects().length > 0)
              .map((el) => {
                const r = el.getBoundingClientRect();
                return { what: el.className || el.firstElementChild?.className || el.tagName, left: r.left, right: r.right };
              }),
          ),
        );
        const [top, tabs] = bars as [
          Array<{ what: string; left: number; right: number }>,
          Array<{ what: string; left: number; right: number }>,
        ];
        expect(top.length).toBeGreaterThanOrEqual(3);
        expect(tabs.length).toBe(4);
        for (const boxes of bars) {
          for (const box of boxes) {
            expect(box.left, box.what).toBeGreaterThanOrEqual(0);
            expect(box.right, box.what).toBeLessThanOrEqual(PHONE.width);
          }
          for (let i = 1; i < boxes.length; i++) {
            const before = boxes[i - 1] as (typeof boxes)[number];
            const box = boxes[i] as (typeof boxes)[number];
            expect(box.left, `${box.what} after ${before.what}`).toBeGreaterThanOrEqual(before.right - 0.5);
          }
        }
        // Premium keeps its full name for screen readers.
        expect(await page.getByRole('link', { name: locale === 'en' ? 'Get Premium' : 'Passa a Premium' }).count()).toBe(1);
      },
    );

    /** Logs in and removes the member's photos through his own API calls, so he is a member without a photo. */
    async function memberWithoutPhoto(email: string): Promise<Page> {
      const page = await phone();
      await logIn(page, site.url, email);
      await page.evaluate(async () => {
        const mine = (await (await fetch('/api/my-profile.php')).json()) as { profile: { photos: Array<{ id: number }> } };
        for (const photo of mine.profile.photos) {
          await fetch('/api/photos.php', {
            method: 'DELETE',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ id: photo.id }),
          });
        }
      });
      await page.goto(`${site.url}/members`);
      await page.getByTestId('photo-alert').waitFor();
      return page;
    }

    it('When a member without a photo sees the photo banner, then its close button shows the × icon', async () => {
      const page = await memberWithoutPhoto('moderator@demo.test');
      const close = page.getByTestId('photo-alert').getByRole('button', { name: 'Close this message' });
      const look = await close.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          image: style.backgroundImage,
          width: box.width,
          height: box.height,
          border: style.borderTopWidth,
          background: style.backgroundColor,
        };
      });
      expect(look.image).toContain('data:image/svg+xml');
      expect(look.width).toBeGreaterThanOrEqual(14);
      expect(look.width).toBeLessThanOrEqual(56);
      expect(look.border).toBe('0px');
      expect(look.background).toBe('rgba(0, 0, 0, 0)');
      await close.click();
      await expect.poll(() => page.getByTestId('photo-alert').count()).toBe(0);
    });

    it('When a member without a photo uploads one on his profile and goes back to the members, then "Add a profile photo" does not flash up', async () => {
      const page = await memberWithoutPhoto('premium@demo.test');
      // To his profile through the "me" tab (no page load), upload, and back to the members through the tab bar.
      await tab(page, 'Me').click();
      await page.getByRole('link', { name: 'Edit my profile and photos' }).click();
      await page.waitForURL(/\/profile$/);
      await page.locator('input[type="file"]').setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#a35') });
      await ownPhotosCount(page, 1);
      await page.evaluate(() => {
        const w = window as unknown as { photoAlertSeen: boolean };
        w.photoAlertSeen = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="photo-alert"]')) w.photoAlertSeen = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await tab(page, 'Members').click();
      await page.waitForURL(/\/members/);
      await page.waitForTimeout(1500);
      expect(await page.evaluate(() => (window as unknown as { photoAlertSeen: boolean }).photoAlertSeen)).toBe(false);
      expect(await page.getByTestId('photo-alert').count()).toBe(0);
    });

    it('When the account menu (wider screens; phones have the tab bar) is opened while /members restores the last search into its URL, then it stays open', async () => {
      // A page route never sees what the service worker answers from its cache: the worker is kept out of this
      // context (as of every context of this file's browser), so the gate below holds the scripts back.
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', serviceWorkers: 'block' });
      contexts.push(context);
      const page = await context.newPage();
      await logIn(page, site.url, 'premium@demo.test');
      await page.evaluate(() => window.sessionStorage.setItem('members.lastSearch', 'min_age=30'));
      // Hold the scripts back, so the menu is opened before the page has hydrated and rewritten its URL.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/*.js', async (route) => {
        await gate;
        await route.continue();
      });
      await page.goto(`${site.url}/members`, { waitUntil: 'commit' });
      const toggle = page.getByRole('button', { name: /^Account of/ });
      await toggle.waitFor();
      await toggle.click();
      const menu = page.locator('details.menu').filter({ has: toggle });
      expect(await menu.evaluate((el: HTMLDetailsElement) => el.open)).toBe(true);
      release();
      await page.waitForURL(/\/members\?min_age=30$/);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      expect(await menu.evaluate((el: HTMLDetailsElement) => el.open)).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      // Going to another page still closes it.
      await page.getByRole('link', { name: 'My profile', exact: true }).click();
      await page.waitForURL(/\/profile$/);
      await expect.poll(() => menu.evaluate((el: HTMLDetailsElement) => el.open)).toBe(false);
    });
  });

  it('When the landing page shows "Recently active", then every name is shown whole and the age follows it without a space before the comma', async () => {
    const page = await phone();
    await page.goto(`${site.url}/`);
    const strip = page.locator('.preview-strip');
    await strip.waitFor();
    const names = await strip.locator('.member-name').evaluateAll((els) =>
      els.map((el) => {
        const name = el.querySelector('.name') as HTMLElement;
        const age = el.querySelector('.member-age') as HTMLElement | null;
        const text = document.createRange();
        text.selectNodeContents(name);
        const textBox = text.getBoundingClientRect();
        const shown = el.getBoundingClientRect();
        const nameEnd = (() => {
          const last = document.createRange();
          const node = name.firstChild as Text;
          last.setStart(node, node.length - 1);
          last.setEnd(node, node.length);
          return last.getBoundingClientRect();
        })();
        const comma = age ? age.getBoundingClientRect() : null;
        return {
          name: name.textContent ?? '',
          line: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
          // The name's text lies inside what the card shows (not cut off by an ellipsis or the card's edge).
          clipped: textBox.right > shown.right + 0.5 || textBox.bottom > shown.bottom + 0.5 || el.scrollHeight > el.clientHeight + 1,
          // Where the comma starts on the same line as the name's last letter, no gap lies between them.
          gap: comma && Math.abs(comma.top - nameEnd.top) < 4 ? comma.left - nameEnd.right : 0,
        };
      }),
    );
    expect(names.length).toBeGreaterThan(3);
    for (const n of names) {
      expect(n.clipped, n.name).toBe(false);
      expect(n.line, n.name).toMatch(new RegExp(`${n.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, \\d+$`));
      expect(n.gap, n.name).toBeLessThan(1.5);
    }
  });

  it('When pages are loaded (also with a bare "?") and visited in the browser, then each hreflang alternate is in the head exactly once and points at the page shown', async () => {
    const page = await phone();
    const alternates = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map(
          (l) => `${l.parentElement?.tagName}:${l.getAttribute('hreflang')}:${l.getAttribute('href')}`,
        ),
      );
    const check = async (path: string) => {
      const list = await alternates();
      expect(list.length, path).toBe(12);
      expect(new Set(list.map((l) => l.split(':')[1])).size, path).toBe(12);
      for (const l of list) expect(l.startsWith('HEAD:'), l).toBe(true);
      expect(list, path).toContain(`HEAD:nl:/locale/nl?return=${encodeURIComponent(path)}`);
      expect(list, path).toContain(`HEAD:x-default:${path}`);
    };
    const res = await page.goto(`${site.url}/`);
    const html = (await res?.text()) ?? '';
    const head = html.slice(0, html.indexOf('</head>'));
    expect((head.match(/<link rel="alternate" hrefLang="nl"/g) ?? []).length).toBe(1);
    expect((html.match(/<link rel="alternate"/g) ?? []).length).toBe(12);
    await page.waitForLoadState('networkidle');
    await check('/');
    await page.locator('.hero').getByRole('link', { name: 'Browse members' }).click();
    await page.waitForURL(/\/members$/);
    await expect.poll(alternates).toContain(`HEAD:x-default:/members`);
    await check('/members');
    // From the lander layout into the default layout and back.
    await page.goto(`${site.url}/landers/gallery`);
    await page.waitForLoadState('networkidle');
    await check('/landers/gallery');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/login$/);
    await expect.poll(alternates).toContain(`HEAD:x-default:/login`);
    await check('/login');
    await page.goBack();
    await expect.poll(alternates).toContain(`HEAD:x-default:/landers/gallery`);
    await check('/landers/gallery');
    // A bare "?" (a search form sent empty, a link built with an empty query) is no query for the browser: the
    // server's tags must say the same, or hydration adds a second set next to them.
    for (const path of ['/members?', '/?']) {
      await page.goto(`${site.url}${path}`);
      await page.waitForLoadState('networkidle');
      await check(path.slice(0, -1));
    }
  });

  describe('17: /lang-config', () => {
    it("When a visitor from Belgium opens /lang-config, then Belgium's languages come first, then all eleven, and choosing one switches the site to it", async () => {
      const page = await phone();
      const res = await page.goto(`${site.url}/lang-config?country=BE`);
      expect(res?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe('Choose your language');
      const suggested = page.getByTestId('lang-suggested').getByRole('link');
      expect(await suggested.allTextContents()).toEqual(['Nederlands', 'Français', 'Deutsch']);
      const all = page.getByTestId('lang-all').getByRole('link');
      expect(await all.count()).toBe(11);
      expect(await all.evaluateAll((links) => links.map((a) => a.getAttribute('hreflang')))).toEqual([
        'en',
        'nl',
        'de',
        'it',
        'fr',
        'es',
        'pl',
        'da',
        'fi',
        'nb',
        'sv',
      ]);
      expect(await page.getByTestId('lang-all').locator('[aria-current="true"]').getAttribute('hreflang')).toBe('en');

      await page.getByTestId('lang-suggested').getByRole('link', { name: 'Français' }).click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
      expect(new URL(page.url()).pathname).toBe('/lang-config');
      expect(await page.locator('h1').textContent()).toBe('Choisis ta langue');
      expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('fr');
    });

    it('When a member chooses a language on /lang-config, reached from the "me" tab, then it is saved in his account', async () => {
      const page = await phone();
      await logIn(page, site.url, 'free@demo.test');
      await tab(page, 'Me').click();
      await page
        .locator('.me-list')
        .getByRole('link', { name: /^Language/ })
        .click();
      await page.waitForURL(/\/lang-config$/);
      // The URL changes first; the page's chunk may still be on its way (lazy routes).
      await expect.poll(() => page.getByText('Your choice is saved in your account.').count()).toBe(1);
      await page.getByTestId('lang-all').getByRole('link', { name: 'Svenska' }).click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sv');
      const me = (await (await page.request.get(`${site.url}/api/user.php`, { headers: { 'request-type': 'client' } })).json()) as {
        user: { language: string };
      };
      expect(me.user.language).toBe('sv');
      // The footer links it too, for visitors and members alike.
      expect(await page.locator('footer.site-footer').getByRole('link', { name: 'Språk' }).getAttribute('href')).toBe('/lang-config');
    });
  });
});
