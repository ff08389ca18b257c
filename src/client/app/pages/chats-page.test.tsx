// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFixture, userFixture } from '../../test/fixtures';
import { renderWithApp } from '../../test/render-app';
import { LAST_CHAT_STORAGE_KEY } from '../../features/chat/last-chat-storage';
import { chatsKey } from '../../features/social/api/list-chats';
import { chatOpened, selectLastOpened } from '../../lib/store/chat-slice';
import { ChatsPage } from './chats-page';

const chats = () => ({
  chats: [
    { conversation: 5, profile: profileFixture({ id: 42, name: 'Mark' }), num_unread_messages: 2, last_message_at: '2025-03-14T12:00:00Z' },
    { conversation: 6, profile: profileFixture({ id: 43, name: 'Tom' }), num_unread_messages: 0, last_message_at: null },
  ],
  total_unread: 2,
});

/**
 * Removes Tom's chat as a member does: the row's menu, the sheet that asks first; then the page is left, which sends
 * the removal at once instead of after the undo toast.
 */
async function removeTom(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Remove the chat with Tom' }));
  const sheet = await screen.findByRole('dialog', { name: 'Remove the conversation with Tom?' });
  fireEvent.click(within(sheet).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ChatsPage', () => {
  it("When the list came with the page (its loader's answer) and a chat is removed, then the list drops it for good without asking for the list", async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return json(200, request.method === 'DELETE' ? { ok: true } : chats());
    });
    renderWithApp(<ChatsPage />, {
      user: userFixture(),
      fetch: fetch as unknown as typeof globalThis.fetch,
      url: '/chats',
      fallback: { [chatsKey()]: chats() },
    });
    expect(screen.getByText('Tom')).toBeTruthy();
    await removeTom();
    await waitFor(() => expect(calls).toEqual(['DELETE /api/chat.php']));
    expect(screen.queryByText('Tom')).toBeNull();
    expect(screen.getByText('Mark')).toBeTruthy();
  });

  it('When removing a chat fails on the server, then an alert shows the error and the chats are loaded again', async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}`);
      if (request.method === 'DELETE') return json(500, { error: { code: 'internal', message: 'Removing failed, sorry.' } });
      return json(200, chats());
    });
    renderWithApp(<ChatsPage />, { user: userFixture(), fetch: fetch as unknown as typeof globalThis.fetch, url: '/chats' });
    await screen.findByText('Tom');
    const loadsBefore = calls.filter((c) => c === 'GET /api/chats.php').length;
    await removeTom();
    // Taken off the list at once…
    await waitFor(() => expect(screen.queryByText('Tom')).toBeNull());
    // …then the server refuses: the alert carries its message and the list comes back from the server.
    expect((await screen.findByTestId('chats-remove-failed')).textContent).toBe('Removing failed, sorry.');
    expect(screen.getByRole('alert').textContent).toContain('Removing failed');
    await screen.findByText('Tom');
    expect(calls).toContain('DELETE /api/chat.php');
    expect(calls.filter((c) => c === 'GET /api/chats.php').length).toBeGreaterThan(loadsBefore);
  });

  it('When the member reloads after opening a chat, then the chat list offers "back to your chat" with its partner and date; removing that chat forgets it', async () => {
    const user = userFixture({ id: 1 });
    localStorage.setItem(
      LAST_CHAT_STORAGE_KEY,
      JSON.stringify({
        member: 1,
        chat: { conversation: 6, profile: { id: 43, name: 'Tom', main_image: null }, openedAt: '2025-03-14T12:30:00Z' },
      }),
    );
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      return request.method === 'DELETE' ? json(200, { ok: true }) : json(200, chats());
    });
    const { store } = renderWithApp(<ChatsPage />, { user, fetch: fetch as unknown as typeof globalThis.fetch, url: '/chats' });
    const link = await screen.findByTestId('last-chat');
    expect(link.getAttribute('href')).toBe('/chats/6');
    expect(link.textContent).toContain('Back to your chat with Tom');
    expect(link.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-14T12:30:00Z');
    expect(link.textContent).toContain('Last opened March 14');
    expect(selectLastOpened(store.getState())?.profile.name).toBe('Tom');

    await removeTom();
    await waitFor(() => expect(screen.queryByTestId('last-chat')).toBeNull());
    expect(localStorage.getItem(LAST_CHAT_STORAGE_KEY)).toBeNull();
    // Opening another chat later is remembered again.
    act(() => {
      store.dispatch(
        chatOpened({ conversation: 5, profile: { id: 42, name: 'Mark', main_image: null }, openedAt: '2025-03-15T08:00:00Z' }),
      );
    });
    expect((await screen.findByTestId('last-chat')).getAttribute('href')).toBe('/chats/5');
  });

  it("When another member's chat is stored in this browser, then it is not offered", async () => {
    localStorage.setItem(
      LAST_CHAT_STORAGE_KEY,
      JSON.stringify({
        member: 99,
        chat: { conversation: 6, profile: { id: 43, name: 'Tom', main_image: null }, openedAt: '2025-03-14T12:30:00Z' },
      }),
    );
    const fetch = vi.fn(async () => json(200, chats()));
    renderWithApp(<ChatsPage />, { user: userFixture({ id: 1 }), fetch: fetch as unknown as typeof globalThis.fetch, url: '/chats' });
    await screen.findByText('Tom');
    expect(screen.queryByTestId('last-chat')).toBeNull();
  });
});
