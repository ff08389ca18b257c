import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, runE2e } from './support/browser';
import { DESKTOP, loggedInPage, PHONE } from './support/pages';
import { startSite, type RunningSite } from './support/server';

/** The member behind the page's session, through the app's own API call. */
async function me(page: Page): Promise<{ id: number; name: string }> {
  return page.evaluate(async () => {
    const body = (await (await fetch('/api/user.php')).json()) as { user: { profile: { id: number; name: string } } };
    return { id: body.user.profile.id, name: body.user.profile.name };
  });
}

/** Calls the API from the page, as the app does (same origin, the member's cookie). */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  );
}

const newLikesBadge = (page: Page) => page.locator('header a[href="/likes"] .badge [aria-hidden="true"]');

/**
 * The pages the browser posts from now on (a form sent by the browser itself): with JavaScript the hearts, the game
 * and the finder run their route actions through the router's fetchers instead, so none.
 */
function pagePostsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.isNavigationRequest()) posts.push(r.url());
  });
  return posts;
}

describe.skipIf(!runE2e)('likes, matches and the swipe game in the browser', () => {
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

  it('When two members like each other, then both see the match pop-up and each other under the matches tab', async () => {
    const a = await loggedInPage(browser, site.url, 'premium@demo.test', DESKTOP);
    const b = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const [pieter, floris] = [await me(a.page), await me(b.page)];
    // Start from no like either way.
    await api(a.page, 'DELETE', '/like.php', { profile_id: floris.id });
    await api(b.page, 'DELETE', '/like.php', { profile_id: pieter.id });
    const pagePosts = [a.page, b.page].map(pagePostsOf);

    await a.page.goto(`${site.url}/members/${floris.id}`);
    // Once hydrated, the heart sends its form through the router (before, the browser would post it).
    await a.page.locator('html[data-hydrated]').waitFor();
    const like = a.page.getByRole('button', { name: 'Like', exact: true });
    await like.click();
    await a.page.getByRole('button', { name: 'Liked', exact: true }).waitFor();
    expect(await a.page.getByRole('button', { name: 'Liked', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await a.page.getByTestId('like-popup').count()).toBe(0);

    // Floris sees the like on his phone and likes back on the profile: a match at once.
    await b.page.goto(`${site.url}/likes/received`);
    await b.page
      .getByRole('link', { name: new RegExp(pieter.name) })
      .first()
      .waitFor();
    await b.page.goto(`${site.url}/members/${pieter.id}`);
    await b.page.locator('html[data-hydrated]').waitFor();
    await b.page.getByText(`${pieter.name} likes you: like back and it is a match.`).waitFor();
    await b.page.getByRole('button', { name: 'Like', exact: true }).click();
    const popup = b.page.getByTestId('like-popup');
    await popup.getByRole('heading', { name: "It's a match!" }).waitFor();
    expect(await popup.getByText(`You and ${pieter.name} like each other.`).count()).toBe(1);
    expect(await popup.getByRole('link', { name: `Send ${pieter.name} a message` }).count()).toBe(1);
    expect(await seriousViolations(b.page)).toEqual([]);
    // The liker's image opens his profile.
    await popup.getByRole('link', { name: new RegExp(`Photo of ${pieter.name}`) }).click();
    await b.page.waitForURL(`**/likes/m/${pieter.id}`);
    expect(await b.page.getByTestId('like-popup').count()).toBe(0);

    // Pieter, still on Floris's profile, sees the match pop-up when his likes are next loaded (the poll, or as here
    // coming back to the tab); a click elsewhere closes it.
    await a.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const aPopup = a.page.getByTestId('like-popup');
    await aPopup.getByRole('heading', { name: "It's a match!" }).waitFor();
    await a.page.locator('.app-modal-backdrop').click({ position: { x: 10, y: 10 } });
    await expect.poll(() => a.page.getByTestId('like-popup').count(), { timeout: 15_000 }).toBe(0);

    for (const [page, other] of [
      [a.page, floris],
      [b.page, pieter],
    ] as const) {
      await page.goto(`${site.url}/likes/matches`);
      await page
        .getByRole('link', { name: /Matches/ })
        .first()
        .waitFor();
      await expect.poll(() => page.locator('.member-grid').getByText(other.name, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    }
    // Both likes ran the profile's route action in the page (its fetcher): no page was posted.
    expect(pagePosts).toEqual([[], []]);
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });

  it('When a member answers the match finder and plays the swipe game, then the fifth like is stopped with a running countdown', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', PHONE);
    const pagePosts = pagePostsOf(page);
    await page.goto(`${site.url}/match-finder`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('group', { name: 'Who are you looking for?' }).waitFor();
    await page.getByLabel('Everyone').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('group', { name: 'Which ages?' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('From (age)').selectOption('18');
    await page.getByLabel('To (age)').selectOption('99');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('#finder-country').selectOption('');
    await page.getByRole('button', { name: 'Show my matches' }).click();
    await page.getByText('You are looking for:').waitFor();
    await expect.poll(() => page.locator('.member-grid li').count(), { timeout: 15_000 }).toBeGreaterThan(4);

    await page.goto(`${site.url}/swipe-game`);
    // The browser's own deck (its buttons send through the router; the server's deck is for the page without JavaScript).
    await page.locator('html[data-hydrated]').waitFor();
    await page.locator('.sg-actions button[type="button"]').first().waitFor();
    await page.getByText('4 likes left today').waitFor();
    const name = () => page.getByTestId('swipe-card').locator('h2').textContent();
    // A pass with the arrow key, then undo brings the card back.
    const first = await name();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(name, { timeout: 15_000 }).not.toBe(first);
    await page.getByRole('button', { name: /Undo pass/ }).click();
    await expect.poll(name, { timeout: 15_000 }).toBe(first);
    // The first cards are members who already like him: liking them opens the match pop-up, which Esc closes.
    const closeMatch = async () => {
      if ((await page.getByTestId('like-popup').count()) > 0) {
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('like-popup').count(), { timeout: 15_000 }).toBe(0);
      }
    };
    // Likes: by button, by arrow key, and by swiping the card to the right (touch / mouse drag).
    await page.getByRole('button', { name: /^Like$/ }).click();
    await page.getByText('3 likes left today').waitFor();
    await closeMatch();
    await page.keyboard.press('ArrowRight');
    await page.getByText('2 likes left today').waitFor();
    await closeMatch();
    // Banners above the game (the time bonus) can push the card's top out of view on a phone: bring it back first.
    await page.evaluate(() =>
      document.querySelector('[data-testid="swipe-card"]')?.scrollIntoView({ block: 'center', behavior: 'instant' }),
    );
    const card = await page.getByTestId('swipe-card').boundingBox();
    if (!card) throw new Error('no card');
    await page.mouse.move(card.x + card.width / 2, card.y + card.height / 3);
    await page.mouse.down();
    await page.mouse.move(card.x + card.width / 2 + 60, card.y + card.height / 3, { steps: 4 });
    await page.mouse.move(card.x + card.width / 2 + 160, card.y + card.height / 3, { steps: 4 });
    await page.mouse.up();
    await page.getByText('1 like left today').waitFor();
    await closeMatch();
    await page.getByRole('button', { name: /^Like$/ }).click();

    // The fourth like was the last: the like button stops and the countdown runs.
    await page.getByText(/You have used today's 4 likes\. New likes in/).waitFor();
    await closeMatch();
    expect(await page.getByRole('button', { name: /^Like$/ }).isDisabled()).toBe(true);
    const timer = page.getByRole('timer');
    const before = await timer.textContent();
    expect(before).toMatch(/^\d\d:\d\d:\d\d$/);
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(before);
    await page.keyboard.press('ArrowRight');
    await page.getByText('You have used all your likes for today. You can still pass.').waitFor();
    // The server refuses a fifth like whatever the page does.
    const cardId = await page.evaluate(async () => {
      const game = (await (await fetch('/api/swipe-game.php')).json()) as { cards: { id: number }[]; likes_left: number };
      return game.likes_left === 0 ? game.cards[0]?.id : -1;
    });
    const fifth = await api(page, 'POST', '/swipe.php', { profile_id: cardId, like: true });
    expect(fifth.status).toBe(429);
    expect((fifth.body as { error: { code: string } }).error.code).toBe('swipe_limit');
    // The finder's answers, the passes, the undo and the likes ran their route actions in the page: no page post.
    expect(pagePosts).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // The refused fifth like answered 429 on purpose; nothing else may fail.
    expect(problems.filter((p) => !p.includes('status of 429'))).toEqual([]);
    await page.context().close();
  });

  it('When someone likes a member while he browses, then the badge, the title prefix and a pop-up follow; opening the liker clears it', async () => {
    const liker = await loggedInPage(browser, site.url, 'moderator@demo.test', DESKTOP);
    const { page, problems } = await loggedInPage(browser, site.url, 'free@demo.test', DESKTOP);
    const [mats, floris] = [await me(liker.page), await me(page)];
    await api(liker.page, 'DELETE', '/like.php', { profile_id: floris.id });
    await page.goto(`${site.url}/members`);
    const counts = async () => {
      const [likes, chats] = await Promise.all([api(page, 'GET', '/likes.php'), api(page, 'GET', '/chats.php')]);
      return { newLikes: (likes.body as { total_new: number }).total_new, unread: (chats.body as { total_unread: number }).total_unread };
    };
    const start = await counts();
    if (start.newLikes > 0) expect(await newLikesBadge(page).textContent()).toBe(String(start.newLikes));
    else expect(await newLikesBadge(page).count()).toBe(0);

    expect((await api(liker.page, 'POST', '/like.php', { profile_id: floris.id })).status).toBe(200);
    // The poll 5 s after load brings the new like: badge, title prefix (unread + new likes) and the new-like pop-up.
    await expect.poll(() => newLikesBadge(page).textContent(), { timeout: 15_000 }).toBe(String(start.newLikes + 1));
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(new RegExp(`^\\(${start.unread + start.newLikes + 1}\\) `));
    const popup = page.getByTestId('like-popup');
    await popup.getByRole('heading', { name: `${mats.name} likes you!` }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.count(), { timeout: 15_000 }).toBe(0);

    // Opening the liker's profile clears the new flag; the badge and the title go back.
    await page.goto(`${site.url}/likes/m/${mats.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(mats.name) }).waitFor();
    await expect
      .poll(() => (start.newLikes > 0 ? newLikesBadge(page).textContent() : newLikesBadge(page).count()), { timeout: 15_000 })
      .toBe(start.newLikes > 0 ? String(start.newLikes) : 0);
    const total = start.unread + start.newLikes;
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(total > 0 ? new RegExp(`^\\(${total}\\) `) : /^[^(]/);
    expect(problems).toEqual([]);
    await page.context().close();
    await liker.page.context().close();
  });

  it("When a member likes from the search's grid, then the heart is pressed and busy at once, the like is stored without a page post, and the search is not asked again", async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', DESKTOP);
    const searches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/members.php') searches.push(r.url());
    });
    const pagePosts = pagePostsOf(page);
    await page.goto(`${site.url}/members`);
    await page.locator('html[data-hydrated]').waitFor();
    // A wide screen's grid ends within the look-ahead of the screen, so it asks for the next pages on its own once it is
    // interactive: the count of searches is taken once those have come and none follows within a moment.
    await expect
      .poll(
        async () => {
          const asked = searches.length;
          await page.waitForTimeout(700);
          return searches.length === asked && (await page.locator('[data-testid="next-page"][aria-disabled]').count()) === 0;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const label = (await page.locator('.member-grid li .like-toggle[aria-pressed="false"]').first().getAttribute('aria-label')) as string;
    const card = page
      .locator('.member-grid li')
      .filter({ has: page.getByRole('button', { name: label, exact: true }) })
      .first();
    const id = Number((await card.locator('a[href^="/members/"]').first().getAttribute('href'))?.split('/')[2]);
    const before = searches.length;
    // The like is held at the API until the heart has been seen busy (the first like of the search also loads the
    // profile page's code, whose route action sends it).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/like.php', async (route) => {
      await held;
      await route.continue();
    });
    const liked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/like.php' && r.request().method() === 'POST');
    const pressed = card.getByRole('button', { name: label, exact: true });
    await pressed.click();
    await expect.poll(() => pressed.isDisabled(), { timeout: 15_000 }).toBe(true);
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    release();
    expect((await liked).status()).toBe(200);
    await expect.poll(() => pressed.isDisabled(), { timeout: 15_000 }).toBe(false);
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    const profile = await api(page, 'GET', `/profile.php?id=${id}`);
    expect((profile.body as { profile: { liked?: boolean } }).profile.liked).toBe(true);
    expect(pagePosts).toEqual([]);
    expect(searches.length).toBe(before);
    expect(page.url()).toBe(`${site.url}/members`);
    await api(page, 'DELETE', '/like.php', { profile_id: id });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a member opens the suggestions after signup on a phone, then he likes one with the heart and finds him under given likes', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'moderator@demo.test', PHONE, '/signup-matches');
    await page.getByRole('heading', { level: 1, name: 'Welcome! These members fit you' }).waitFor();
    const heart = page
      .locator('.member-grid li')
      .first()
      .getByRole('button', { name: /^Like / });
    const label = (await heart.getAttribute('aria-label')) as string;
    const name = label.replace(/^Like /, '');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    // The heart shows the like at once and stays busy until the backend has it: leaving before then would cancel it.
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => heart.isDisabled(), { timeout: 15_000 }).toBe(false);
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await page.goto(`${site.url}/likes/given`);
    await expect.poll(() => page.locator('.member-grid').getByText(name, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    // The heart undoes the like as well.
    await page.locator('.member-grid li').filter({ hasText: name }).getByRole('button', { name: label }).click();
    await expect.poll(() => page.locator('.member-grid').getByText(name, { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('When a visitor presses Like on a profile, then he is told to log in and the signup modal opens', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${site.url}/members/3`);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await page.getByTestId('signup-modal').waitFor();
    expect(new URL(page.url()).hash).toBe('#signup');
    expect(await page.getByText(/^You need to be logged in to like /).count()).toBe(1);
    await context.close();
  });

  it('When a page is opened with ?t=2, then t leaves the URL and the like modal shows a (fictional, marked) liker after 2 s', async () => {
    const { page, problems } = await loggedInPage(browser, site.url, 'premium@demo.test', PHONE, '/members?t=2');
    await page.waitForURL((url) => !url.searchParams.has('t'));
    const popup = page.getByTestId('like-popup');
    await popup.getByRole('heading', { name: /likes you!/ }).waitFor({ timeout: 10_000 });
    expect(await popup.locator('.fictional-warning').count()).toBe(1);
    await popup.getByRole('button', { name: /back$/ }).click();
    await popup.getByRole('heading', { name: "It's a match!" }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
