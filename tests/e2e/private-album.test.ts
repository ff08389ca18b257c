import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/**
 * A private album on a 390 px phone: a member makes his photo private on his profile page and shares the album from
 * the other member's profile or from their chat; that member (in Dutch) sees it on his profile (from the chat's link),
 * until it is taken back, on the profile or from the owner's list of shares. The chat's form works without JavaScript.
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
  const memberOf = (page: Page) =>
    page.evaluate(async () => {
      const { user } = (await (await fetch('/api/user.php')).json()) as { user: { id: number; profile: { name: string } } };
      return { id: user.id, name: user.profile.name };
    });

  /** The owner's first photo private (the other tests of this file may have left it so), on his profile page. */
  const firstPhotoPrivate = async (page: Page) => {
    await page.goto(`${site.url}/profile`);
    if ((await page.getByTestId('photo-private').count()) > 0) return;
    await page.getByRole('button', { name: /^Private: photo 1/ }).click();
    await page.getByTestId('photo-private').first().waitFor();
  };

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

  it("When the owner shares his album from the chat, then the Dutch member opens it from the chat's link and sees the photo; taken back from the owner's list of shares, the chat and the profile no longer show it", async () => {
    const owner = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    const viewer = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const { id: ownerId, name: ownerName } = await memberOf(owner.page);
    const { id: viewerId, name: viewerName } = await memberOf(viewer.page);
    await owner.page.locator('html[data-hydrated]').waitFor();
    await firstPhotoPrivate(owner.page);

    // The owner, in English, opens the chat with the other member and shares from the header's lock menu.
    await owner.page.goto(`${site.url}/members/${viewerId}/chat`);
    await owner.page.locator('html[data-hydrated]').waitFor();
    await owner.page.getByRole('button', { name: 'My private album' }).click();
    const menu = owner.page.getByTestId('chat-album-menu');
    await menu.getByText(`${viewerName} does not see your 1 private photo.`).waitFor();
    // The open menu fits the phone's screen beside the header, and the composer stays where it was.
    const box = await menu.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await seriousViolations(owner.page)).toEqual([]);
    await menu.getByRole('button', { name: `Share my private album with ${viewerName}` }).click();
    await menu.getByRole('button', { name: `Take my private album back from ${viewerName}` }).waitFor();
    await menu.getByText(`${viewerName} sees your 1 private photo.`).waitFor();
    expect(owner.page.url()).toBe(`${site.url}/members/${viewerId}/chat`);
    expect(await seriousViolations(owner.page)).toEqual([]);

    // The other member, in Dutch, finds the link in his chat with the owner and opens the album on the owner's profile.
    await viewer.page.goto(`${site.url}/locale/nl?return=${encodeURIComponent(`/members/${ownerId}/chat`)}`);
    await viewer.page.locator('html[data-hydrated]').waitFor();
    const link = viewer.page.getByRole('link', { name: `Bekijk het privéalbum dat ${ownerName} met je deelt (1 foto)` });
    await link.click();
    await viewer.page.waitForURL(`${site.url}/members/${ownerId}#private-album`);
    const album = viewer.page.getByTestId('private-album');
    await album.getByRole('heading', { name: 'Privéalbum (1 foto)' }).waitFor();
    const photo = album.locator('img');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The link lands on the album: its heading is on the screen.
    await expect
      .poll(() => album.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight))
      .toBe(true);

    // The owner takes it back from his list of shares, reached from his photos.
    await owner.page.goto(`${site.url}/profile`);
    await owner.page.locator('html[data-hydrated]').waitFor();
    await owner.page.getByRole('link', { name: 'Who sees my private album' }).click();
    await owner.page.waitForURL(`${site.url}/albums/shares`);
    const row = owner.page.getByTestId('album-share-row').filter({ hasText: viewerName });
    await row.getByText(/^Shared /).waitFor();
    expect(await seriousViolations(owner.page)).toEqual([]);
    await row.getByRole('button', { name: 'Take back' }).click();
    await owner.page.getByTestId('album-shares-empty').waitFor();

    // The chat no longer links to it, and the profile says it is not shared.
    await viewer.page.goto(`${site.url}/members/${ownerId}/chat`);
    await viewer.page.locator('html[data-hydrated]').waitFor();
    await viewer.page.getByRole('button', { name: 'Mijn privéalbum' }).waitFor();
    expect(await viewer.page.getByTestId('chat-album-link').count()).toBe(0);
    await viewer.page.goto(`${site.url}/members/${ownerId}`);
    await album.getByText(/heeft zijn privéalbum niet met je gedeeld\./).waitFor();
    expect(await album.locator('img').count()).toBe(0);

    expect(owner.problems).toEqual([]);
    expect(viewer.problems).toEqual([]);
  });

  it("When JavaScript is off, then the owner shares his album from the chat's menu and takes it back from his list of shares, each form answered by its page", async () => {
    const viewer = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const { id: viewerId, name: viewerName } = await memberOf(viewer.page);
    await viewer.page.context().close();
    // The owner logs in (and has a private photo) with JavaScript; his session goes on in a browser without it.
    const owner = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE);
    await firstPhotoPrivate(owner.page);
    const storageState = await owner.page.context().storageState();
    await owner.page.context().close();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-US', storageState });
    const page = await context.newPage();
    // Without JavaScript nothing hydrates: the navigations wait for the document only.
    const loaded = { waitUntil: 'domcontentloaded' } as const;

    // The lock menu is a <details>: it opens by itself; the share form posts to the conversation, which answers 303.
    await page.goto(`${site.url}/members/${viewerId}/chat`, loaded);
    await page.getByRole('button', { name: 'My private album' }).click();
    const chat = (method: string) => (r: Response) => r.url().endsWith(`/members/${viewerId}/chat`) && r.request().method() === method;
    const shared = page.waitForResponse(chat('POST'));
    const again = page.waitForResponse(chat('GET'));
    await page.getByRole('button', { name: `Share my private album with ${viewerName}` }).click();
    expect((await shared).status()).toBe(303);
    expect((await again).status()).toBe(200);
    await page.waitForLoadState('domcontentloaded');
    await page.getByRole('button', { name: 'My private album' }).click();
    await page.getByRole('button', { name: `Take my private album back from ${viewerName}` }).waitFor();

    // The list of shares names him; its Take back posts to the list, which answers with the list without him.
    await page.goto(`${site.url}/albums/shares`, loaded);
    const row = page.getByTestId('album-share-row').filter({ hasText: viewerName });
    const takenBack = page.waitForResponse((r) => r.url().endsWith('/albums/shares') && r.request().method() === 'POST');
    await row.getByRole('button', { name: 'Take back' }).click();
    expect((await takenBack).status()).toBe(303);
    await page.getByTestId('album-shares-empty').waitFor();
    await context.close();
  });
});
