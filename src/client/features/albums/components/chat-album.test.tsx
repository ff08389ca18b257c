// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationAction } from '../../../app/pages/conversation-page';
import { usePageResult } from '../../../lib/page-data';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import type { ChatAlbumInfo } from '../api/albums';
import { ChatAlbumMenu, SharedAlbumLink } from './chat-album';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const JAN = { id: 9, name: 'Jan' };

/**
 * The backend of the share: POST/DELETE /album-share.php (recorded, held until `release`) answer `refusal` when given,
 * else change what the conversation's loader answers next.
 */
function backend(start: ChatAlbumInfo, refusal?: { status: number; body: unknown }) {
  let info = start;
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    if (url.pathname !== '/api/album-share.php') return json(500, {});
    calls.push(`${request.method} ${url.pathname}${url.search} ${request.method === 'POST' ? await request.text() : ''}`.trim());
    await new Promise<void>((resolve) => (release = resolve));
    if (refusal) return json(refusal.status, refusal.body);
    info = { ...info, shared_by_me: request.method === 'POST' };
    return json(200, { shared: info.shared_by_me });
  });
  // The conversation's loader: the albums as the conversation answers them now.
  const loader = async () => ({ fallback: { albums: info } });
  return { fetch: fetch as unknown as typeof globalThis.fetch, loader, calls, release: () => release() };
}

/** The conversation's header menu with the albums its loader brought, and the address shown. */
function Header() {
  const { data } = usePageResult<ChatAlbumInfo>('albums');
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="where">{pathname}</p>
      {data ? <ChatAlbumMenu partner={JAN} info={data} /> : null}
    </>
  );
}

const renderHeader = (b: ReturnType<typeof backend>) =>
  renderWithApp(<Header />, {
    user: userFixture(),
    fetch: b.fetch,
    url: '/chats/5',
    path: '/chats/:id',
    action: conversationAction,
    loader: b.loader,
  });

describe("the conversation's album menu", () => {
  it('When the member shares his album from the menu, then the conversation action shares it, the button is busy meanwhile, and the conversation shows it shared; taken back, not', async () => {
    const b = backend({ own_count: 2, count: 0, shared_with_me: false, shared_by_me: false });
    renderHeader(b);
    fireEvent.click(await screen.findByRole('button', { name: 'My private album' }));
    const menu = within(screen.getByTestId('chat-album-menu'));
    expect(menu.getByText('Jan does not see your 2 private photos.')).toBeTruthy();
    expect(menu.getByRole('link', { name: 'Who sees my private album' }).getAttribute('href')).toBe('/albums/shares');
    fireEvent.click(menu.getByRole('button', { name: 'Share my private album with Jan' }));
    await waitFor(() => expect(b.calls).toEqual(['POST /api/album-share.php {"id":9}']));
    await waitFor(() => expect(menu.getByRole('button', { name: 'Share my private album with Jan' }).hasAttribute('disabled')).toBe(true));
    b.release();
    expect(await menu.findByText('Jan sees your 2 private photos.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/chats/5');

    fireEvent.click(menu.getByRole('button', { name: 'Take my private album back from Jan' }));
    await waitFor(() => expect(b.calls).toHaveLength(2));
    expect(b.calls[1]).toBe('DELETE /api/album-share.php?id=9');
    b.release();
    expect(await menu.findByRole('button', { name: 'Share my private album with Jan' })).toBeTruthy();
  });

  it("When the backend refuses the share, then its message shows in the menu in the member's language and the button works again", async () => {
    const limit = { error: { code: 'album_share_limit', message: 'Je deelt je album al met 100 leden.', params: { limit: 100 } } };
    const b = backend({ own_count: 1, count: 0, shared_with_me: false, shared_by_me: false }, { status: 422, body: limit });
    renderHeader(b);
    fireEvent.click(await screen.findByRole('button', { name: 'My private album' }));
    const menu = within(screen.getByTestId('chat-album-menu'));
    fireEvent.click(menu.getByRole('button', { name: 'Share my private album with Jan' }));
    await waitFor(() => expect(b.calls).toHaveLength(1));
    b.release();
    expect(await menu.findByText('Je deelt je album al met 100 leden.')).toBeTruthy();
    expect(menu.getByRole('button', { name: 'Share my private album with Jan' }).hasAttribute('disabled')).toBe(false);
  });

  it('When the member has no approved private photo, then the menu says so and leads to his photos, with nothing to share', async () => {
    const b = backend({ own_count: 0, count: 3, shared_with_me: false, shared_by_me: false });
    renderHeader(b);
    fireEvent.click(await screen.findByRole('button', { name: 'My private album' }));
    const menu = within(screen.getByTestId('chat-album-menu'));
    expect(menu.getByTestId('chat-album-empty').textContent).toMatch(/^You have no private photos to share yet\./);
    expect(menu.getByRole('link', { name: 'Go to my photos' }).getAttribute('href')).toBe('/profile');
    expect(menu.queryByRole('button')).toBeNull();
  });
});

describe("the link to the other member's album", () => {
  it('When the other member shares an album with photos, then the chat links to it on his profile; otherwise nothing shows', () => {
    const shared = { own_count: 0, count: 3, shared_with_me: true, shared_by_me: false };
    const { unmount } = renderWithApp(<SharedAlbumLink partner={JAN} info={shared} />, { user: userFixture() });
    const link = screen.getByRole('link', { name: 'See the private album Jan shares with you (3 photos)' });
    expect(link.getAttribute('href')).toBe('/members/9#private-album');
    unmount();
    for (const info of [
      { ...shared, shared_with_me: false },
      { ...shared, count: 0 },
    ]) {
      const { container, unmount: gone } = renderWithApp(<SharedAlbumLink partner={JAN} info={info} />, { user: userFixture() });
      expect(container.querySelector('[data-testid="chat-album-link"]')).toBeNull();
      gone();
    }
  });
});
