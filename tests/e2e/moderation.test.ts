import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('photo moderation in the browser', () => {
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

  /** Whether the page shows an image whose (signed) URL names the stored file `name`. */
  const showsPhoto = (page: Page, name: string) => page.locator(`img[src*="${name}"]`).count();

  it('When a member uploads a photo and a moderator approves it on /moderation, then a third member sees it on the profile', async () => {
    // The member uploads a photo on /profile: it is pending, shown to him only.
    const member = await loggedIn('free@demo.test', { width: 1280, height: 900 });
    const memberId = await member.page.evaluate(
      async () => ((await (await fetch('/api/user.php')).json()) as { user: { id: number } }).user.id,
    );
    await member.page.goto(`${site.url}/profile`);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#5a3' } })
      .jpeg()
      .toBuffer();
    const before = await member.page.locator('.own-photos li').count();
    await member.page.locator('input[type="file"]').setInputFiles({ name: 'new.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => member.page.locator('.own-photos li').count()).toBe(before + 1);
    await expect.poll(() => member.page.getByText('Being checked').count()).toBe(1);
    const src = (await member.page.locator('.own-photos li img').last().getAttribute('src')) ?? '';
    const stored = /\/([0-9a-f]{32})-(?:full|thumb)\.jpg$/.exec(src)?.[1];
    expect(stored).toBeDefined();
    // The page does not exist for him (404, no link in his menu).
    const refused = await member.page.goto(`${site.url}/moderation`);
    expect(refused?.status()).toBe(404);
    await expect.poll(() => member.page.getByRole('heading', { level: 1, name: 'This page could not be found' }).count()).toBe(1);
    expect(await member.page.getByRole('link', { name: 'Photo moderation' }).count()).toBe(0);

    // A third member does not see it yet.
    const viewer = await loggedIn('premium@demo.test', { width: 1280, height: 900 });
    await viewer.page.goto(`${site.url}/members/${memberId}`);
    await expect.poll(() => viewer.page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await showsPhoto(viewer.page, stored as string)).toBe(0);

    // The moderator reaches /moderation through the account menu and approves it.
    const moderator = await loggedIn('moderator@demo.test');
    await moderator.page.getByRole('button', { name: 'Account of Moderator Mats' }).click();
    await moderator.page.getByRole('link', { name: 'Photo moderation' }).click();
    await moderator.page.waitForURL(/\/moderation$/);
    await expect.poll(() => moderator.page.getByRole('heading', { level: 1, name: 'Photo moderation' }).count()).toBe(1);
    const card = moderator.page.locator('.moderation-grid li', { has: moderator.page.locator(`img[src*="${stored}"]`) });
    await expect.poll(() => card.count()).toBe(1);
    await card.getByRole('button', { name: 'Approve the photo of Free Floris' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => moderator.page.getByText('The photo of Free Floris is approved.').count()).toBe(1);

    // Now the third member sees it on the member's profile.
    await viewer.page.reload();
    await expect.poll(() => showsPhoto(viewer.page, stored as string)).toBeGreaterThan(0);

    expect(moderator.problems).toEqual([]);
    expect(viewer.problems).toEqual([]);
    // The refused /moderation answered 404 on purpose; nothing else may fail.
    expect(member.problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  });
});
