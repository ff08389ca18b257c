// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MembersPage } from '../../../app/pages/members-page';
import { profileFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { membersKey } from '../api/list-members';

/** A page of members with these ids (named after them). */
const members = (ids: number[]) => ids.map((id) => profileFixture({ id, name: `Member ${id}` }));
const FIRST = { profiles: members([1, 2, 3, 4]), next_cursor: 'c1', total: 9 };
/** The second page repeats member 4 (his activity moved him), which the grid shows once. */
const SECOND = { profiles: members([4, 5, 6, 7]), next_cursor: 'c2', total: 9 };
const THIRD = { profiles: members([8, 9]), next_cursor: null, total: 9 };

/** The fake members.php behind the page's API client: the page of each cursor, and the queries asked. */
function backend() {
  const asked: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/members.php')) asked.push(url.search);
    const page = { c1: SECOND, c2: THIRD }[url.searchParams.get('cursor') ?? ''];
    return page ? Response.json(page) : Response.json({ error: { code: 'not_found', message: 'no' } }, { status: 404 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

/** A stand-in IntersectionObserver: the test says when the pager comes near. */
const observers: Array<{ callback: IntersectionObserverCallback; options?: IntersectionObserverInit; live: boolean }> = [];
class FakeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, ...(options ? { options } : {}), live: true };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.live = false;
  }
}
const comeNear = () =>
  act(() => {
    const observer = observers.filter((o) => o.live).at(-1);
    if (!observer) throw new Error('nothing observes the pager');
    observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
  });

const status = () => screen.getByTestId('grid-status').textContent;

/** The members page of a member who shared his location, searching for men; its first page from the loader. */
async function renderGrid(fetch: typeof globalThis.fetch) {
  const rendered = renderWithApp(<MembersPage />, {
    user: userFixture(),
    url: '/members?gender=male',
    fallback: { [membersKey({ gender: 'male', sort: 'distance' })]: FIRST },
    fetch,
  });
  // The endless grid's code comes once the page is interactive; until then the pager is the server's "Next page" link.
  await screen.findByRole('link', { name: 'Show more' }, { timeout: 15_000 });
  return rendered;
}
const grids = () => document.querySelectorAll('ul.member-grid');

// The endless grid's chunk, transformed once before the tests wait for it.
beforeAll(() => import('./endless-grid'), 30_000);
beforeEach(() => {
  window.sessionStorage.clear();
  observers.length = 0;
});
afterEach(cleanup);

/** This file's window (jsdom has no IntersectionObserver and does not scroll): what a test gives it. */
function withWindow(parts: { IntersectionObserver?: typeof FakeObserver | undefined; scrollTo?: () => void; scrollY?: number }) {
  Object.assign(window, { IntersectionObserver: undefined, scrollTo: () => undefined, ...parts });
}

describe('the endless member grid', () => {
  it('When the end of the grid comes near, then the next page is appended to the same list without a click, a repeated member is shown once, and the new members are announced', async () => {
    withWindow({ IntersectionObserver: FakeObserver });
    const { fetch, asked } = backend();
    await renderGrid(fetch);
    expect(grids()).toHaveLength(1);
    expect(screen.getAllByText(/^Member \d$/)).toHaveLength(4);
    // Loaded ahead of the end, not when he reaches it (the observer comes with the grid's effect, a moment after the link).
    await waitFor(() => expect(observers.at(-1)?.options?.rootMargin).toMatch(/^0px 0px \d+px 0px$/));

    await comeNear();
    await waitFor(() => expect(screen.getAllByText(/^Member \d$/)).toHaveLength(7));
    expect(grids()).toHaveLength(1);
    expect(screen.getAllByText('Member 4')).toHaveLength(1);
    expect(status()).toBe('3 more members shown');
    // The next page is asked with the same search (the default order) and the first page's cursor.
    expect(asked).toEqual(['?limit=24&gender=male&sort=distance&cursor=c1']);

    // A new observer for the next page; the last page ends the list and its pager.
    await comeNear();
    await waitFor(() => expect(screen.getAllByText(/^Member \d$/)).toHaveLength(9));
    expect(status()).toBe('2 more members shown');
    expect(screen.queryByTestId('next-page')).toBeNull();
  });

  it('When there is no IntersectionObserver, then "Show more" is a real link to the next page by its cursor, and pressing it appends the page while the focus stays on it', async () => {
    withWindow({});
    const { fetch } = backend();
    await renderGrid(fetch);
    const more = screen.getByRole('link', { name: 'Show more' });
    // Without JavaScript the same link opens the next page.
    expect(more.getAttribute('href')).toBe('/members?gender=male&cursor=c1');
    more.focus();
    fireEvent.click(more);
    expect(status()).toBe('Loading more members…');
    await waitFor(() => expect(screen.getAllByText(/^Member \d$/)).toHaveLength(7));
    expect(status()).toBe('3 more members shown');
    const again = screen.getByRole('link', { name: 'Show more' });
    expect(again.getAttribute('href')).toBe('/members?gender=male&cursor=c2');
    expect(document.activeElement).toBe(again);
  });

  it('When the next page fails, then the page says so and "Show more" asks it again', async () => {
    withWindow({});
    let fail = true;
    const { fetch } = backend();
    const flaky = (async (input: RequestInfo | URL) =>
      fail
        ? Response.json({ error: { code: 'backend_unavailable', message: 'down' } }, { status: 502 })
        : fetch(input)) as typeof globalThis.fetch;
    await renderGrid(flaky);
    fireEvent.click(screen.getByRole('link', { name: 'Show more' }));
    await waitFor(() => expect(status()).toBe('More members could not be loaded.'));
    fail = false;
    fireEvent.click(screen.getByRole('link', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByText(/^Member \d$/)).toHaveLength(7));
  });

  it('When the member comes back to the grid, then the pages he had are shown again from the cache, at his scroll position, without asking them again', async () => {
    const scrollTo = vi.fn();
    withWindow({ scrollTo });
    const { fetch, asked } = backend();
    const { router } = await renderGrid(fetch);
    fireEvent.click(screen.getByRole('link', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByText(/^Member \d$/)).toHaveLength(7));
    withWindow({ scrollTo, scrollY: 1234 });
    // He scrolled there: the grid keeps the last position he scrolled to.
    fireEvent.scroll(window);
    // Another search replaces the grid (as a profile page would); Back brings this one again.
    await act(() => router.navigate('/members?gender=female'));
    await waitFor(() => expect(screen.queryByText('Member 5')).toBeNull());
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getAllByText(/^Member \d$/)).toHaveLength(7));
    expect(scrollTo).toHaveBeenCalledWith(0, 1234);
    expect(asked.filter((q) => q.includes('cursor=c1'))).toHaveLength(1);
  });
});

describe('the default order', () => {
  it('When the member shared his location, then the grid is nearest first; without it, most recently active first; a sort in the URL wins', () => {
    // Nearest first is asked by default; the page's `sort` says which order the backend applied.
    const page = (sort: 'distance' | 'last_active') => ({ profiles: members([1]), next_cursor: null, total: 1, sort });
    renderWithApp(<MembersPage />, {
      user: userFixture(),
      url: '/members',
      fallback: { [membersKey({ sort: 'distance' })]: page('distance') },
    });
    expect(screen.getByText(/Nearest first/)).toBeTruthy();
    cleanup();
    renderWithApp(<MembersPage />, {
      user: userFixture(),
      url: '/members',
      fallback: { [membersKey({ sort: 'distance' })]: page('last_active') },
    });
    expect(screen.getByText(/most recently active first/)).toBeTruthy();
    cleanup();
    renderWithApp(<MembersPage />, {
      user: userFixture(),
      url: '/members?sort=last_active',
      fallback: { [membersKey({ sort: 'last_active' })]: page('last_active') },
    });
    expect(screen.getByText(/most recently active first/)).toBeTruthy();
  });
});
