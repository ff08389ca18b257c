import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

describe.skipIf(!runE2e)('the quick filters over the member grid', () => {
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

  it('When a member on a phone taps "With photo" and "Online now", then the URL and the grid follow and the chips stay pressed after a reload', async () => {
    // Another member logs in, so at least one member with a photo is online now.
    const other = await loggedInPage(browser, site.url, 'free@demo.test');
    await other.page.context().close();
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const chips = page.getByRole('group', { name: 'Quick filters' });
    const status = page.locator('.members-head [role="status"]');
    const cards = page.locator('.member-grid .member-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    const before = await status.textContent();

    await chips.getByRole('button', { name: 'With photo' }).click();
    await page.waitForURL(/[?&]with_photo=true/);
    await expect.poll(() => chips.getByRole('button', { name: 'With photo' }).getAttribute('aria-pressed')).toBe('true');
    await chips.getByRole('button', { name: 'Online now' }).click();
    await page.waitForURL(/[?&]online=true&with_photo=true/);
    // Every card now shows the online dot and a photo (the URL changes before the new grid is drawn, and the grid of
    // "With photo" alone holds the other member too, so the test waits for the cards themselves); the other member is
    // among them and the count has changed.
    const everyCardOnlineWithPhoto = () =>
      cards.evaluateAll(
        (links) =>
          links.length > 0 && links.every((a) => a.querySelector('.online-dot.is-online') !== null && a.querySelector('img') !== null),
      );
    await expect.poll(everyCardOnlineWithPhoto, { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('.member-card .name', { hasText: 'Free' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => status.textContent()).not.toBe(before);

    // The chips fit the phone: a 44 px touch target, and the page does not scroll sideways.
    const height = await chips.getByRole('button', { name: 'Online now' }).evaluate((a) => a.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.reload();
    for (const name of ['Online now', 'With photo'])
      expect(await chips.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true');
    expect(await chips.getByRole('button', { name: 'New' }).getAttribute('aria-pressed')).toBe('false');
    expect(problems).toEqual([]);
  });
});
