import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * A private album on a 390 px phone: a member makes his photo private on his profile page and shares the album from
 * the other member's profile; that member (in Dutch) sees it on his profile, until it is taken back.
 */
describe.skipIf(!runE2e)('private albums in the browser', () => {
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

  const idOf = (page: Page) =>
    page.evaluate(async () => ((await (await fetch('/api/user.php')).json()) as { user: { id: number } }).user.id);

  it('When a member makes a photo private and shares his album, then the other member sees it on his profile, and no longer once it is taken back', async () => {
    const owner = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const viewer = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const ownerId = await idOf(owner.page);
    const viewerId = await idOf(viewer.page);

    // The owner, in English, makes his photo private on his profile page.
    await owner.page.goto(`${site.url}/profile`);
    await owner.page.locator('html[data-hydrated]').waitFor();
    await owner.page.getByRole('button', { name: /^Private: photo 1/ }).click();
    await owner.page.getByTestId('photo-private').waitFor();

    // He shares it from the other member's profile.
    await owner.page.goto(`${site.url}/members/${viewerId}`);
    await owner.page.locator('html[data-hydrated]').waitFor();
    await owner.page.getByRole('button', { name: /^Share my private album with / }).click();
    const takeBack = owner.page.getByRole('button', { name: /^Take my private album back from / });
    await takeBack.waitFor();

    // The other member, in Dutch, sees the album on the owner's profile, its photo loaded.
    await viewer.page.goto(`${site.url}/locale/nl?return=${encodeURIComponent(`/members/${ownerId}`)}`);
    const album = viewer.page.getByTestId('private-album');
    await album.getByRole('heading', { name: 'Privéalbum (1 foto)' }).waitFor();
    const photo = album.locator('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.getAttribute('alt')).toMatch(/^Privéfoto 1 van /);

    // Taken back: at the next view the album is closed to him.
    await takeBack.click();
    await owner.page.getByRole('button', { name: /^Share my private album with / }).waitFor();
    await viewer.page.reload();
    await album.getByText(/heeft zijn privéalbum niet met je gedeeld\./).waitFor();
    expect(await album.locator('img').count()).toBe(0);

    expect(owner.problems).toEqual([]);
    expect(viewer.problems).toEqual([]);
  });
});
