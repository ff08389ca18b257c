import type { Browser, ConsoleMessage, Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'demo-password';
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/** A fresh browser context and page that records console errors, hydration warnings and uncaught errors. */
export async function watchedPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: options.viewport ?? PHONE, locale: options.locale ?? 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' && !/hydrat/i.test(message.text())) return;
    // A failed resource names its URL, so a failure under load says which call it was.
    const where = message.location().url;
    problems.push(/^Failed to load resource/.test(message.text()) && where ? `${message.text()} (${where})` : message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

/** Logs in through the login form, as a member would, and waits for the member list. */
export async function logIn(page: Page, siteUrl: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${siteUrl}/login`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL(/\/members/);
  // The router changes the URL before React shows the next page (a transition). Until the login form is gone, a
  // click would land on the login page, and its menus close once the members page replaces it.
  await page.locator('form[action="/login"]').waitFor({ state: 'detached' });
}

/**
 * A watched page of a member who has just logged in, on his first page `at` (the member list, where the login form
 * leads). He logs in through the site's own login call (what the login form's action sends) and then opens that page:
 * the state the form leaves, without loading the login page and the list first (whole pages in a fresh renderer, for
 * every member of every file). The form itself is logIn's, and the tests of logging in drive it.
 */
export async function loggedInPage(
  browser: Browser,
  siteUrl: string,
  email: string,
  viewport: { width: number; height: number } = PHONE,
  at = '/members',
): Promise<{ page: Page; problems: string[] }> {
  const watched = await watchedPage(browser, { viewport });
  const answer = await watched.page.request.post(`${siteUrl}/api/user.php`, {
    headers: { 'request-type': 'client' },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(answer.status(), `logging in ${email}`).toBe(200);
  await watched.page.goto(`${siteUrl}${at}`);
  await closeTimeBonusWhenItOpens(watched.page);
  return watched;
}

/**
 * The time-bonus modal opens 40 seconds into the visit of a member with no credits who has not paid (the free demo
 * member, the demo moderator), over whatever page he is on. A test of something else that runs past 40 s on a slow
 * machine would find it there: its backdrop takes the clicks and it holds the focus. So before each action on such a
 * page, a modal that has opened is closed as a member closes it, by a click beside it (Playwright's locator handler;
 * any language). credits.test.ts shows the modal through logIn, without the handler.
 */
async function closeTimeBonusWhenItOpens(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByTestId('time-bonus-modal'), async (modal) => {
    await modal.locator('.app-modal-backdrop').click({ position: { x: 4, y: 4 } });
  });
}

/** A tab of a member's tab bar on a phone (its name may carry a badge's count: "Chats 3 unread messages"). */
export const tab = (page: Page, name: 'Members' | 'Likes' | 'Chats' | 'Me'): Locator =>
  page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: new RegExp(`^${name}\\b`) });

/**
 * Waits until the member's own photos on `/profile` number `count`, after an upload: the backend re-encodes the file
 * before the list shows it, the slowest of the browser files' waits (twice the e2e project's default poll).
 */
export async function ownPhotosCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => page.locator('.own-photos li').count(), { timeout: 20_000 }).toBe(count);
}

/** Each page's requests in flight, from the first in-app move on (the event stream, which never ends, left out). */
const inFlight = new WeakMap<Page, Set<Request>>();

function requestsInFlight(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (!pending) {
    const requests = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'eventsource') requests.add(request);
    });
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    inFlight.set(page, requests);
    pending = requests;
  }
  return pending;
}

/**
 * Moves the page to `path` (path and query) inside the app, as the browser's forward button moves it to a page of the
 * site: the router loads the page's data and renders it in the document that is there, instead of loading a new
 * document and hydrating it — about a third of a full load's CPU here (docs/benchmarks.md). For a test that looks at
 * many pages of one session (their layout, their words); what the server renders is what `goto` checks. Waits until
 * the layout's `<main>` shows that URL and is no longer busy, and until the new page's own requests (a lazy part's
 * code, a live list, its photos) have been answered.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const pending = requestsInFlight(page);
  await page.evaluate((to) => {
    const at = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: at + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.locator(`main[data-path=${JSON.stringify(path)}]:not([aria-busy])`).waitFor();
  let quietSince = Date.now();
  for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 100) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What makes two visitor pages interchangeable: the context's screen and language. */
interface VisitorOptions {
  viewport?: { width: number; height: number };
  locale?: string;
}

/**
 * New visitors' pages for the checks of one file, taken from pages the file opened before: a check's page is one
 * another check of the same screen and language has finished with, its cookies and the site's storage cleared, so
 * the visitor is new again in the same renderer — a page in a new renderer costs Chromium about three times the same
 * load in an open one (docs/benchmarks.md). `page()` hands out a page no other check holds (a check may take several:
 * two visitors side by side); `release()` (after each check) gives them back. The routes a check set go with it;
 * listeners it added stay on its pages, so a check that counts events counts them from its own start. A check that
 * changes the page itself (its size, colour scheme or clock) takes a page of its own instead. Each page's context is
 * the page's own.
 */
export function visitorPages(browser: Browser): {
  page: (options?: VisitorOptions & { cookies?: Array<{ name: string; value: string; url: string }> }) => Promise<Page>;
  release: () => void;
  close: () => Promise<void>;
} {
  const idle = new Map<string, Page[]>();
  const taken: Array<[string, Page]> = [];
  const all: Page[] = [];
  return {
    async page(options = {}) {
      const viewport = options.viewport ?? PHONE;
      const locale = options.locale ?? 'en-US';
      const key = `${viewport.width}x${viewport.height} ${locale}`;
      let page = idle.get(key)?.pop();
      if (page) {
        // The page is still where its last check left it: its routes go, that origin's storage, then every cookie.
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page
          .evaluate(() => {
            localStorage.clear();
            sessionStorage.clear();
          })
          .catch(() => undefined);
        await page.context().clearCookies();
      } else {
        page = await (await browser.newContext({ viewport, locale })).newPage();
        all.push(page);
      }
      if (options.cookies) await page.context().addCookies(options.cookies);
      taken.push([key, page]);
      return page;
    },
    release() {
      for (const [key, page] of taken.splice(0)) idle.set(key, [...(idle.get(key) ?? []), page]);
    },
    async close() {
      for (const page of all)
        await page
          .context()
          .close()
          .catch(() => undefined);
    },
  };
}
