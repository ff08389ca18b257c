import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, ownPhotosCount, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('profiles, photos, search and privacy in the browser', () => {
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

  const loggedIn = (email: string, viewport: { width: number; height: number } = PHONE) => loggedInPage(browser, site.url, email, viewport);

  /** A member (not a demo login) with at least three approved photos, found through the member's own API calls. */
  async function galleryMember(page: Page): Promise<{ id: number; name: string }> {
    return page.evaluate(async () => {
      let cursor: string | null = null;
      for (let i = 0; i < 20; i++) {
        const list = (await (await fetch(`/api/members.php?limit=60${cursor ? `&cursor=${cursor}` : ''}`)).json()) as {
          profiles: { id: number; name: string }[];
          next_cursor: string | null;
        };
        for (const p of list.profiles) {
          const detail = (await (await fetch(`/api/profile.php?id=${p.id}`)).json()) as { profile: { images: unknown[] } };
          if (detail.profile.images.length >= 3) return { id: p.id, name: p.name };
        }
        cursor = list.next_cursor;
        if (!cursor) break;
      }
      throw new Error('no member with a gallery');
    });
  }

  it('When a member edits the profile and uploads and deletes a photo, then each change is shown and kept', async () => {
    const { page, problems } = await loggedIn('free@demo.test', { width: 1280, height: 900 });
    await page.goto(`${site.url}/profile`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'My profile' }).count()).toBe(1);

    // The profile's action saves it in the page (the router, no page post); the navigation shows the new name at once.
    const pagePosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) pagePosts.push(r.url());
    });
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByLabel('Profile name').fill('Free Cyclist ');
    await page.getByLabel('About me').fill('Loves long bike rides along the canals.');
    await page.getByLabel('Hair colour').selectOption('brown');
    const cycling = page.getByRole('checkbox', { name: 'Cycling' });
    if (!(await cycling.isChecked())) await cycling.check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Your profile has been saved.').count()).toBe(1);
    expect(await page.getByLabel('Profile name').inputValue()).toBe('Free Cyclist');
    await expect.poll(() => page.getByLabel('Account of Free Cyclist').count()).toBe(1);
    expect(pagePosts).toEqual([]);

    await page.getByLabel('Profile name').fill('@free');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Your profile name must not start with an @').count()).toBe(1);

    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const before = await page.locator('.own-photos li').count();
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await ownPhotosCount(page, before + 1);
    await expect.poll(() => page.getByText('Being checked').count()).toBe(1);

    await page.getByRole('button', { name: `Delete photo ${before + 1}` }).click();
    await expect.poll(() => page.getByText('Photo deleted.').count()).toBe(1);
    await expect.poll(() => page.locator('.own-photos li').count()).toBe(before);
    // The upload and the deletion ran the profile's action in the page as well.
    expect(pagePosts).toEqual([]);

    await page.reload();
    await expect.poll(() => page.getByLabel('About me').inputValue()).toBe('Loves long bike rides along the canals.');
    expect(await page.getByLabel('Profile name').inputValue()).toBe('Free Cyclist');
    expect(pagePosts).toEqual([]);
    // The refused name answered 422 on purpose; nothing else may fail.
    expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
  });

  it('When a member searches with filters and pages through, then the filters stay in the URL and every result matches', async () => {
    const { page, problems } = await loggedIn('premium@demo.test', { width: 1280, height: 900 });
    // The fields sit in the filter sheet; the bar above the grid shows the active filters as chips.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Country', { exact: true }).selectOption('NL');
    await page.getByLabel('Age from').selectOption('20');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/country=NL/);
    expect(page.url()).toContain('min_age=20');
    await page.getByRole('button', { name: 'Remove filter: Age 20+' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /members?/ })
          .count(),
      )
      .toBeGreaterThan(0);
    const cards = page.locator('.member-grid a[href^="/members/"]');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    for (const meta of await page.locator('.member-grid .member-meta').allTextContents()) expect(meta).toContain('Netherlands');

    // The demo seed has more Dutch members of 20 and over than one page (24) holds, so the search must page: nearing the
    // end of the grid appends the next page of the same search (on this wide screen the first page does not fill it, so
    // it comes at once).
    const grid = page.locator('.member-grid a.member-card');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => grid.count()).toBeGreaterThan(24);
    // One search, no member twice, and every appended card matches it.
    const hrefs = await grid.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    for (const meta of await page.locator('.member-grid .member-meta').allTextContents()) expect(meta).toContain('Netherlands');
    expect(page.url()).toContain('country=NL');
    // The search survives navigation: the navigation's "Search members" brings it back.
    await cards.first().click();
    await page.waitForURL(/\/members\/\d+$/);
    await page.getByRole('link', { name: 'Search members' }).click();
    await page.waitForURL(/country=NL/);
    expect(problems).toEqual([]);
  });

  it('When a member opens the search on a 390 px phone in Dutch, German, Finnish or Polish, then no option of its selects is cut off', async () => {
    const { page, problems } = await loggedIn('premium@demo.test', PHONE);
    for (const locale of ['nl', 'de', 'fi', 'pl']) {
      await page.goto(`${site.url}/locale/${locale}?return=/members`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
      await page.getByTestId('filter-bar').getByRole('button').first().click();
      await expect.poll(() => page.locator('.search-form select#sf-sort').count()).toBe(1);
      // Every option as the select would show it once chosen: its text against the select's content box, in the
      // select's own font. Region names are data (the region select has a line of its own): checked without a country.
      const clipped = await page.evaluate(() => {
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        return [...document.querySelectorAll<HTMLSelectElement>('.search-form select')].flatMap((select) => {
          const style = getComputedStyle(select);
          context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return [...select.options]
            .filter((option) => context.measureText(option.text).width > room)
            .map(
              (option) =>
                `${select.id}: "${option.text}" (${Math.ceil(context.measureText(option.text).width)} px in ${Math.floor(room)} px)`,
            );
        });
      });
      expect(clipped, locale).toEqual([]);
      // The Dutch "Maakt niet uit" is the longest "any" of the eleven languages; it was cut to "Maakt niet ui…".
      if (locale === 'nl') expect(await page.locator('#sf-min option[value=""]').textContent()).toBe('Maakt niet uit');
    }
    expect(problems).toEqual([]);
  });

  it('When a free member opens a gallery, then photos beyond the main one are blurred and locked; a premium member sees them sharp', async () => {
    const free = await loggedIn('free@demo.test');
    const member = await galleryMember(free.page);
    await free.page.goto(`${site.url}/members/${member.id}`);
    const locked = free.page.locator('.gallery-thumbs .member-photo.is-locked');
    await expect.poll(() => locked.count()).toBeGreaterThanOrEqual(2);
    for (const src of await locked.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))) {
      expect(src).toMatch(/^\/media\/s\/\d+\/[\w-]+\/.+-blur\.jpg$/);
    }
    await expect.poll(() => free.page.getByText('Premium members see all photos unblurred.').count()).toBe(1);
    // The blurred image really loads through its signed URL.
    const loaded = await locked
      .first()
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(loaded).toBeGreaterThan(0);

    const premium = await loggedIn('premium@demo.test');
    await premium.page.goto(`${site.url}/members/${member.id}`);
    await expect.poll(() => premium.page.locator('.gallery-thumbs .member-photo').count()).toBeGreaterThanOrEqual(3);
    expect(await premium.page.locator('.gallery-thumbs .member-photo.is-locked').count()).toBe(0);
    expect(free.problems).toEqual([]);
    expect(premium.problems).toEqual([]);
  });

  it('When a member blocks someone from the profile, then that member vanishes from search and profile, and can be unblocked on /profile', async () => {
    const { page, problems } = await loggedIn('free@demo.test', { width: 1280, height: 900 });
    const firstCard = page.locator('.member-grid a[href^="/members/"]').first();
    const href = (await firstCard.getAttribute('href')) as string;
    await firstCard.click();
    await page.waitForURL(new RegExp(`${href}$`));
    const name = (await page.locator('h1 span').first().textContent()) as string;

    // The profile's action blocks him in the page (the router), with no page posted to the server.
    const pagePosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.isNavigationRequest()) pagePosts.push(r.url());
    });
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('button', { name: `Block ${name}` }).click();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await page.waitForURL(/\/members\?blocked=1/);
    expect(pagePosts).toEqual([]);
    await expect.poll(() => page.getByText('The member has been blocked.', { exact: false }).count()).toBe(1);
    await expect.poll(() => page.locator('.member-grid a[href^="/members/"]').count()).toBeGreaterThan(0);
    expect(await page.locator(`.member-grid a[href="${href}"]`).count()).toBe(0);
    const profile = await page.goto(`${site.url}${href}`);
    expect(profile?.status()).toBe(404);

    await page.goto(`${site.url}/profile`);
    await page.getByRole('button', { name: `Unblock ${name}` }).click();
    await expect.poll(() => page.getByText('You have not blocked anyone.').count()).toBe(1);
    // The unblock is /profile's action run in the page too.
    expect(pagePosts).toEqual([]);
    expect((await page.goto(`${site.url}${href}`))?.status()).toBe(200);
    // The blocked profile answered 404 on purpose (the page and the refreshed profile call).
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  });
});
