// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlbumShare } from '../../features/albums/api/albums';
import { userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { albumSharesAction, albumSharesLoader, AlbumSharesPage } from './album-shares-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const PHOTO = {
  id: 3,
  filename: 'u/ab/piet.jpg',
  thumb_filename: 'u/ab/piet-thumb.jpg',
  status: 'approved' as const,
  match_path: 'u/ab/piet.jpg',
};

/**
 * The backend of the list: GET /album-shares.php answers the shares (or `listStatus`), DELETE /album-share.php
 * (recorded, held until `release`) takes one back, or answers `refusal` when given.
 */
function backend(start: AlbumShare[], options: { refusal?: unknown; listStatus?: number } = {}) {
  let shares = start;
  const takenBack: string[] = [];
  let release: () => void = () => undefined;
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/album-shares.php')
      return options.listStatus ? json(options.listStatus, { error: { code: 'x', message: 'x' } }) : json(200, { shares, limit: 100 });
    if (request.method === 'DELETE' && url.pathname === '/api/album-share.php') {
      const id = Number(url.searchParams.get('id'));
      takenBack.push(String(id));
      await new Promise<void>((resolve) => (release = resolve));
      if (options.refusal) return json(429, options.refusal);
      shares = shares.filter((s) => s.id !== id);
      return json(200, { shared: false });
    }
    return json(500, {});
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, takenBack, release: () => release() };
}

const renderPage = (fetch: typeof globalThis.fetch, user = userFixture()) =>
  renderWithApp(<AlbumSharesPage />, { user, fetch, url: '/albums/shares', loader: albumSharesLoader, action: albumSharesAction });

const TWO: AlbumShare[] = [
  { id: 9, name: 'Piet', shared_at: hoursAgo(3), main_image: PHOTO },
  { id: 12, name: 'Klaas', shared_at: hoursAgo(72), main_image: null },
];

describe('the list of album shares', () => {
  it('When the member opens it, then each member shows with his photo, his name to his profile and when he got the album', async () => {
    renderPage(backend(TWO).fetch);
    const rows = await screen.findAllByTestId('album-share-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByText('You share your private album with 2 members (at most 100).')).toBeTruthy();
    const piet = within(rows[0] as HTMLElement);
    expect(piet.getByRole('link', { name: 'Piet' }).getAttribute('href')).toBe('/members/9');
    expect(piet.getByText('3 hours ago').closest('time')?.getAttribute('dateTime')).toBe(TWO[0]?.shared_at);
    expect((rows[0] as HTMLElement).querySelector('img')?.getAttribute('src')).toBe('/media/u/ab/piet-thumb.jpg');
    expect(within(rows[1] as HTMLElement).getByText('3 days ago').parentElement?.textContent).toBe('Shared 3 days ago');
    // The button says what it does; the member it is for is its description.
    const button = piet.getByRole('button', { name: 'Take back' });
    expect(button.getAttribute('aria-describedby')).toBe(piet.getByRole('link', { name: 'Piet' }).id);
  });

  it('When he takes his album back from a member, then the buttons are busy meanwhile and the list shows without him; the last one gone, the empty state', async () => {
    const b = backend(TWO);
    renderPage(b.fetch);
    const rows = await screen.findAllByTestId('album-share-row');
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(b.takenBack).toEqual(['9']));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Take back' }).every((el) => el.hasAttribute('disabled'))).toBe(true));
    b.release();
    await waitFor(() => expect(screen.getAllByTestId('album-share-row')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Piet' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(b.takenBack).toEqual(['9', '12']));
    b.release();
    const empty = await screen.findByTestId('album-shares-empty');
    expect(empty.textContent).toContain('You do not share your private album with anyone.');
  });

  it('When the backend refuses, then its message shows above the list and the member is still in it', async () => {
    const refusal = { error: { code: 'rate_limited', message: 'Te veel verzoeken, probeer het zo opnieuw.' } };
    const b = backend(TWO, { refusal });
    renderPage(b.fetch);
    const rows = await screen.findAllByTestId('album-share-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(b.takenBack).toEqual(['12']));
    b.release();
    expect((await screen.findByRole('alert')).textContent).toBe('Te veel verzoeken, probeer het zo opnieuw.');
    expect(screen.getAllByTestId('album-share-row')).toHaveLength(2);
  });

  it('When the list cannot be loaded, or nobody is logged in, then the page says so', async () => {
    const { unmount } = renderPage(backend(TWO, { listStatus: 503 }).fetch);
    expect((await screen.findByText('An error occurred, please try again later.')).closest('.alert')).toBeTruthy();
    unmount();
    renderWithApp(<AlbumSharesPage />, { user: null, url: '/albums/shares' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
