import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, PHONE, visitorPages } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The site shell in a real browser: layouts, navigation, language dropdown, entry warning, pages, landers. */
describe.skipIf(!runE2e)('site shell', () => {
  let site: RunningSite;
  let browser: Browser;
  let visitors: ReturnType<typeof visitorPages>;

  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    visitors = visitorPages(browser);
  });
  afterEach(() => visitors?.release());
  afterAll(async () => {
    await visitors?.close();
    await browser?.close();
    await site?.stop();
  });

  /** A new visitor's page (a phone unless `phone: false`), with `cookies` set for the site. */
  async function newPage(opts: { phone?: boolean; locale?: string; cookies?: Array<{ name: string; value: string }> } = {}): Promise<Page> {
    return visitors.page({
      viewport: opts.phone === false ? DESKTOP : PHONE,
      locale: opts.locale ?? 'en-US',
      cookies: opts.cookies?.map((c) => ({ ...c, url: site.url })),
    });
  }

  async function loginAs(page: Page, email: string): Promise<void> {
    const res = await page.request.post(`${site.url}/api/user.php`, {
      headers: { 'request-type': 'client' },
      data: { email, password: 'demo-password' },
    });
    expect(res.status()).toBe(200);
  }

  describe('layouts', () => {
    it('When an information page opens, then the default layout shows top navigation, the page with one h1, the footer links and the disclaimer', async () => {
      const page = await newPage();
      const res = await page.goto(`${site.url}/pages/terms`);
      expect(res?.status()).toBe(200);
      expect(await page.locator('[data-layout="default"]').count()).toBe(1);
      expect(await page.locator('header.top-nav').count()).toBe(1);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('h1').textContent()).toBe('Terms and conditions');
      const footer = page.locator('footer.site-footer');
      for (const name of [
        'Terms and conditions',
        'Privacy',
        'Cookies',
        'Ban policy',
        'Pricing',
        'Complaints',
        'Return policy',
        'FAQ',
        'Support',
      ]) {
        expect(await footer.getByRole('link', { name, exact: true }).count(), name).toBe(1);
      }
      expect(await page.getByTestId('site-disclaimer').textContent()).toContain('18+');
      // The terms date (company added 2024-03-01 is later than 2023-12-01) and the company of companyinfo.php.
      expect(await page.locator('article').textContent()).toContain('Version of March 1, 2024');
      expect(await page.getByTestId('company-info').textContent()).toContain('81234567');
      // The English default site has the US footer flag; the nl site would not show it in English only.
      expect(await page.getByTestId('us-footer').count()).toBe(1);
    });

    it('When a lander opens with tracking parameters, then the lander layout shows the brand bar without member navigation, and its signup link keeps network, ref and sub1–3 only', async () => {
      const page = await newPage();
      const res = await page.goto(`${site.url}/landers/gallery/amsterdam?network=tj&ref=77&sub1=a&sub2=b&sub3=c&utm_source=x`);
      expect(res?.status()).toBe(200);
      expect(await page.locator('[data-layout="lander"]').count()).toBe(1);
      expect(await page.locator('header.brand-bar').count()).toBe(1);
      expect(await page.locator('header.top-nav').count()).toBe(0);
      expect(await page.locator('footer.site-footer').count()).toBe(1);
      expect(await page.locator('h1').textContent()).toBe('New faces in Amsterdam');
      expect(await page.locator('[data-slug]').getAttribute('data-slug')).toBe('gay-amsterdam');
      expect(await page.getByTestId('lander-cta').getAttribute('href')).toBe('/signup?network=tj&ref=77&sub1=a&sub2=b&sub3=c');
      // Real member photos from members.php.
      await expect.poll(() => page.locator('.gallery-grid img').count()).toBeGreaterThan(3);
    });

    it('When the partner redirect screen opens, then the empty layout shows only the countdown and forwards to the target', async () => {
      const page = await newPage();
      await page.goto(`${site.url}/partner-redirect?to=${encodeURIComponent('/pages/faq')}&seconds=2`);
      expect(await page.locator('[data-layout="empty"]').count()).toBe(1);
      expect(await page.locator('header.top-nav, footer.site-footer').count()).toBe(0);
      expect(await page.getByTestId('redirect-countdown').textContent()).toMatch(/in [12] seconds?/);
      await page.waitForURL(`${site.url}/pages/faq`, { timeout: 10_000 });
      // The FAQ texts are a chunk of their own: the page shows once it has loaded.
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('Frequently asked questions');
    });

    it('When the partner redirect names a foreign site, then it refuses to forward', async () => {
      const page = await newPage();
      await page.goto(`${site.url}/partner-redirect?to=${encodeURIComponent('https://evil.example/')}&seconds=0`);
      expect(await page.locator('h1').textContent()).toBe('This link cannot be followed');
      expect(page.url()).toContain('/partner-redirect');
    });
  });

  describe('navigation', () => {
    it('When a visitor looks at the top navigation, then there is a Log in link, the logo leads to the index, and no member links', async () => {
      const page = await newPage();
      await page.goto(`${site.url}/pages/faq`);
      expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(1);
      expect(await page.locator('header.top-nav .navbar-brand').getAttribute('href')).toBe('/');
      expect(await page.locator('header.top-nav a[href="/chats"]').count()).toBe(0);
    });

    it('When a premium member looks at the top navigation, then search, messages, likes and the repeat-order credits link show, the logo leads to members, and the title carries unread plus new likes', async () => {
      const page = await newPage({ phone: false });
      await loginAs(page, 'premium@demo.test');
      await page.goto(`${site.url}/pages/faq`);
      const nav = page.locator('header.top-nav');
      expect(await nav.locator('.navbar-brand').getAttribute('href')).toBe('/members');
      for (const href of ['/members', '/chats', '/likes', '/credits/repeat-order'])
        expect(await nav.locator(`a[href="${href}"]`).count(), href).toBeGreaterThan(0);
      expect(await nav.getByRole('link', { name: 'Log in' }).count()).toBe(0);
      const chats = (await (await page.request.get(`${site.url}/api/chats.php`)).json()) as { total_unread: number };
      const likes = (await (await page.request.get(`${site.url}/api/likes.php`)).json()) as { total_new: number };
      const total = chats.total_unread + likes.total_new;
      await expect.poll(() => page.title()).toMatch(total > 0 ? new RegExp(`^\\(${total}\\) `) : /^[^(]/);
    });

    it('When a member is on a phone, then a tab bar at the bottom leads to members, likes, chats and "me" with the badges, "me" lists the account and the legal pages, and the footer shows only on information pages', async () => {
      const page = await newPage();
      await loginAs(page, 'premium@demo.test');
      const chats = (await (await page.request.get(`${site.url}/api/chats.php`)).json()) as { total_unread: number };
      await page.goto(`${site.url}/members`);
      const bar = page.getByRole('navigation', { name: 'Tabs' });
      const box = await bar.boundingBox();
      // Within the thumb's reach: the bottom edge of the screen, the whole width.
      expect(box && Math.round(box.y + box.height)).toBe(844);
      expect(box?.width).toBe(390);
      expect(await bar.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
        '/members',
        '/likes',
        '/chats',
        '/me',
      ]);
      expect(await bar.locator('a[aria-current="page"]').getAttribute('href')).toBe('/members');
      if (chats.total_unread > 0) expect(await bar.locator('a[href="/chats"] .badge').textContent()).toContain(String(chats.total_unread));
      // The top bar is slim: no search, messages or account menu of its own on a phone; no footer in the members' area.
      expect(await page.locator('header.top-nav a[href="/chats"]').isVisible()).toBe(false);
      expect(await page.locator('footer.site-footer').isVisible()).toBe(false);
      // A profile belongs to the members' tab.
      await page.locator('.member-grid a.member-card').first().click();
      await page.waitForURL(/\/members\/\d+$/);
      await expect.poll(() => bar.locator('a.active').getAttribute('href')).toBe('/members');

      await bar.getByRole('link', { name: /^Me\b/ }).click();
      await page.waitForURL(/\/me$/);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Premium Pieter');
      const rows = await page.locator('.me-list li').evaluateAll((items) => items.map((li) => li.textContent?.trim()));
      for (const name of [
        'Buy credits',
        'My transactions',
        'Settings',
        'Language',
        'Log out',
        'Terms and conditions',
        'Report illegal content',
        'Support',
      ])
        expect(rows.filter((row) => row?.startsWith(name)).length, name).toBe(1);
      await page.locator('.me-list').getByRole('link', { name: 'Terms and conditions' }).click();
      await page.waitForURL(/\/pages\/terms$/);
      // An information page keeps its footer, for members too.
      await expect.poll(() => page.locator('footer.site-footer').isVisible()).toBe(true);
    });

    it('When a member is on a desktop, then there is no tab bar and the footer stays under his pages', async () => {
      const page = await newPage({ phone: false });
      await loginAs(page, 'premium@demo.test');
      await page.goto(`${site.url}/members`);
      expect(await page.locator('nav.app-tabs').isVisible()).toBe(false);
      expect(await page.locator('footer.site-footer').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /^Account of/ }).isVisible()).toBe(true);
    });

    it('When a free member looks at the top navigation, then Get Premium replaces the credits link', async () => {
      const page = await newPage();
      await loginAs(page, 'free@demo.test');
      await page.goto(`${site.url}/pages/faq`);
      expect(await page.locator('header.top-nav a[href="/premium"]').count()).toBe(1);
      expect(await page.locator('header.top-nav a[href="/credits/repeat-order"]').count()).toBe(0);
    });
  });

  describe('language dropdown by visitor country', () => {
    it.each([
      ['NL', ['en', 'nl']],
      ['BE', ['en', 'nl', 'de', 'fr']],
      ['CH', ['en', 'de', 'it', 'fr']],
      ['US', ['en', 'es']],
    ])('When a visitor from %s with an English browser opens the site, then the dropdown offers %j', async (country, expected) => {
      const page = await newPage({ cookies: [{ name: 'dismissed_entry_warning', value: String(Date.now()) }] });
      await page.goto(`${site.url}/pages/faq?country=${country}`);
      const offered = await page
        .locator('header.top-nav .menu-list a[hreflang]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('hreflang')));
      expect(offered).toEqual(expected);
    });

    it('When a visitor picks Nederlands, then the information page comes back in Dutch with the Dutch terms date', async () => {
      const page = await newPage({ cookies: [{ name: 'dismissed_entry_warning', value: String(Date.now()) }] });
      await page.goto(`${site.url}/pages/terms?country=BE`);
      await page.locator('header.top-nav summary').filter({ hasText: /^en$/i }).first().click();
      await page.getByRole('link', { name: 'Nederlands' }).click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('nl');
      expect(await page.locator('h1').textContent()).toBe('Algemene voorwaarden');
      expect(await page.locator('article').textContent()).toContain('1 maart 2024');
    });
  });

  describe('site-entry warning', () => {
    it('When a visitor from NL arrives, then the warning is in the server HTML; entering stores the skipped marker with the time and the next page is rendered without it', async () => {
      const page = await newPage();
      const first = await page.goto(`${site.url}/?country=NL`);
      expect(await first?.text()).toContain('data-testid="entry-warning"');
      const dialog = page.getByRole('dialog', { name: 'Adults only (18+)' });
      await dialog.waitFor();
      const before = Date.now();
      await page.getByRole('button', { name: /I am 18 or older/ }).click();
      await dialog.waitFor({ state: 'detached' });
      const marker = (await page.context().cookies()).find((c) => c.name === 'dismissed_entry_warning');
      expect(Number(marker?.value)).toBeGreaterThanOrEqual(before - 1000);
      expect(Number(marker?.value)).toBeLessThanOrEqual(Date.now());
      const again = await page.goto(`${site.url}/?country=NL`);
      expect(await again?.text()).not.toContain('data-testid="entry-warning"');
      expect(await page.getByRole('dialog').count()).toBe(0);
    });

    it('When a visitor from FR arrives, then no warning shows (the site limits it to NL,DE)', async () => {
      const page = await newPage();
      const res = await page.goto(`${site.url}/?country=FR`);
      expect(await res?.text()).not.toContain('data-testid="entry-warning"');
      expect(await page.getByRole('dialog').count()).toBe(0);
    });

    it('When visitors open a lander, then the warning shows in the lander layout for DE but not for FR, and never for a logged-in member', async () => {
      const de = await newPage();
      await de.goto(`${site.url}/landers/video?country=DE`);
      await de.getByRole('dialog', { name: 'Adults only (18+)' }).waitFor();
      expect(await de.locator('[data-layout="lander"] [data-testid="entry-warning"]').count()).toBe(1);
      const fr = await newPage();
      await fr.goto(`${site.url}/landers/video?country=FR`);
      expect(await fr.getByRole('dialog').count()).toBe(0);
      const member = await newPage();
      await loginAs(member, 'free@demo.test');
      await member.goto(`${site.url}/?country=NL`);
      expect(await member.getByRole('dialog').count()).toBe(0);
    });
  });

  describe('error pages', () => {
    it.each(['/no-such-page', '/pages/no-such-token', '/landers/no-such-lander', '/members/987654/landing'])(
      'When %s is opened, then it answers 404 with the not-found page and a link home',
      async (path) => {
        const page = await newPage();
        const res = await page.goto(`${site.url}${path}`);
        expect(res?.status()).toBe(404);
        expect(await page.locator('h1').textContent()).toBe('This page could not be found');
        expect(await page.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
      },
    );
  });

  describe('pages and landers', () => {
    /** The pages posted by the browser itself (not through the router) from now on. */
    function pagePostsOf(page: Page): string[] {
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.isNavigationRequest()) posts.push(r.url());
      });
      return posts;
    }

    it('When a visitor files a complaint, then he sees the reference and support gets the complaint by mail', async () => {
      const page = await newPage();
      const pagePosts = pagePostsOf(page);
      await page.goto(`${site.url}/complaints`);
      await page.getByLabel('Your name').fill('Jeroen Bakker');
      await page.getByLabel('Your e-mail address').fill('jeroen@example.test');
      await page.getByLabel('What is it about?').selectOption('billing');
      await page.getByLabel('Your complaint').fill('My credits did not arrive after paying with iDEAL yesterday.');
      await page.getByRole('button', { name: 'Send complaint' }).click();
      const filed = page.getByTestId('complaint-filed');
      await filed.waitFor();
      const reference = /C-\d{6}/.exec((await filed.textContent()) ?? '')?.[0];
      expect(reference).toBeTruthy();
      const mailDir = join(site.dataDir, 'mail');
      await expect.poll(() => readdirSync(mailDir).some((f) => readFileSync(join(mailDir, f), 'utf8').includes(reference!))).toBe(true);
      expect(pagePosts).toEqual([]); // the route's action ran through the router
    });

    it('When a visitor sends the notice of illegal content with a field missing, then it is marked and nothing is sent; complete, the receipt shows', async () => {
      const page = await newPage();
      const pagePosts = pagePostsOf(page);
      await page.goto(`${site.url}/report-content`);
      await page.getByLabel('Your name').fill('Eva de Wit');
      await page.getByLabel('Your e-mail address').fill('eva@example.test');
      await page.getByLabel('Address (URL) of the content').fill(`${site.url}/members/3`);
      await page.getByLabel('Why is this content illegal?').fill('The photos on this profile are taken from my own account.');
      await page.getByRole('button', { name: 'Send notice' }).click();
      await page.getByText('Please complete the marked fields.').waitFor();
      expect(await page.getByTestId('notice-receipt').count()).toBe(0);
      await page.getByLabel('I declare in good faith that the information in this notice is accurate and complete.').check();
      await page.getByRole('button', { name: 'Send notice' }).click();
      const receipt = page.getByTestId('notice-receipt');
      await receipt.waitFor();
      expect(await receipt.textContent()).toMatch(/We received your notice N-/);
      expect(pagePosts).toEqual([]);
    });

    it('When a member reports a profile on its report page, then a report without a reason is refused and one with a reason is received', async () => {
      const page = await newPage();
      await loginAs(page, 'free@demo.test');
      const pagePosts = pagePostsOf(page);
      await page.goto(`${site.url}/members/3/report`);
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Please choose a reason.').waitFor();
      await page.getByRole('radio', { name: 'Fake profile, scam or spam' }).check();
      await page.getByRole('button', { name: 'Send report' }).click();
      const receipt = page.getByTestId('report-receipt');
      await receipt.waitFor();
      expect(await receipt.textContent()).toMatch(/We received your report R-\d{6}/);
      expect(page.url()).toMatch(/\/members\/3\/report\?sent=R-\d{6,}$/);
      expect(pagePosts).toEqual([]);
    });

    it('When a visitor from GB opens the pricing page, then GB comes first with the price of a message in pounds', async () => {
      const page = await newPage();
      await page.goto(`${site.url}/pricing?country=GB`);
      const firstRow = page.getByTestId('pricing-countries').locator('tbody tr').first();
      expect(await firstRow.textContent()).toContain('United Kingdom');
      expect(await firstRow.textContent()).toContain('£0.89');
    });

    it('When a US visitor reads the privacy page in English, then he gets the US notice', async () => {
      const page = await newPage();
      await page.goto(`${site.url}/pages/privacy?country=US`);
      expect(await page.locator('h1').textContent()).toBe('Privacy notice for US residents');
    });

    it('When a visitor swipes three profiles on the swipe lander, then the signup invitation appears with his tracking parameters', async () => {
      const page = await newPage();
      await page.goto(`${site.url}/landers/tinderswipe?network=fb&sub2=x`);
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /^Like / }).click();
      const cta = page.getByTestId('lander-cta');
      await cta.waitFor();
      expect(await cta.getAttribute('href')).toBe('/signup?network=fb&sub2=x');
      expect(await page.locator('.swipe-done h2').textContent()).toBe('You liked 3 men');
    });

    it.each([
      'alonetonight',
      'collagelanding',
      'gallery',
      'iconslanding',
      'maplanding',
      'socialnetwork',
      'transitionsvideolanding',
      'video',
    ])('When the %s lander opens, then it is its own page with one h1 and a signup link', async (variant) => {
      const page = await newPage();
      const res = await page.goto(`${site.url}/landers/${variant}`);
      expect(res?.status()).toBe(200);
      expect(await page.locator(`[data-variant="${variant}"]`).count()).toBe(1);
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.getByTestId('lander-cta').getAttribute('href')).toBe('/signup');
    });

    it('When the video lander opens, then its locally made clip is served by the site and plays muted, and the pause button stops it', async () => {
      const page = await newPage();
      await page.goto(`${site.url}/landers/video`);
      const clip = await page.request.get(`${site.url}/clips/match.webm`);
      expect(clip.status()).toBe(200);
      expect(clip.headers()['content-type']).toContain('video/webm');
      const video = page.locator('video.video-frame');
      expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Pause' }).click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      expect(await page.getByRole('button', { name: 'Play' }).getAttribute('aria-pressed')).toBe('true');
    });

    it('When a member lander opens, then it is about that member and invites to reply', async () => {
      const page = await newPage();
      const members = (await (await page.request.get(`${site.url}/api/members.php?limit=1`)).json()) as {
        profiles: Array<{ id: number; name: string }>;
      };
      const member = members.profiles[0]!;
      for (const path of [`/members/${member.id}/landing`, `/members/${member.id}/landing2/utrecht`, `/members/${member.id}/landing3`]) {
        const res = await page.goto(`${site.url}${path}`);
        expect(res?.status(), path).toBe(200);
        expect(await page.locator('h1').textContent(), path).toContain(member.name);
        expect(await page.getByTestId('lander-cta').textContent(), path).toBe(`Reply to ${member.name}`);
      }
    });
  });

  describe('installable app', () => {
    it('When the head is read, then it links the manifest and hreflang alternates for the eleven locales, and the manifest and icons load', async () => {
      const page = await newPage();
      await page.goto(`${site.url}/pages/faq`);
      expect(await page.locator('head link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      const langs = await page
        .locator('head link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
      expect(langs).toEqual(['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv', 'x-default']);
      const manifest = (await (await page.request.get(`${site.url}/manifest.webmanifest`)).json()) as {
        name: string;
        display: string;
        icons: Array<{ src: string }>;
      };
      expect(manifest).toMatchObject({ name: 'ManMatch', display: 'standalone' });
      for (const icon of manifest.icons)
        expect((await page.request.get(`${site.url}${icon.src}`)).headers()['content-type']).toBe('image/png');
    });
  });
});
