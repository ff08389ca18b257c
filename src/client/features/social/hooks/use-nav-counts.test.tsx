// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { userFixture } from '../../../test/fixtures';
import { chatsKey } from '../api/list-chats';
import { useNavCounts } from './use-nav-counts';

function Counts() {
  const { unread, newLikes } = useNavCounts(true);
  return (
    <p>
      unread {unread}, likes {newLikes}
    </p>
  );
}

function recordingFetch() {
  const calls: string[] = [];
  const fetchStub = async (input: Request | string | URL) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return new Response('{}', { status: 500 });
  };
  return { calls, fetch: fetchStub as unknown as typeof fetch };
}

afterEach(cleanup);

describe('useNavCounts', () => {
  it('When user.php brought the counts and no list is loaded, then the badges show them without asking for chats or likes', async () => {
    const { calls, fetch } = recordingFetch();
    renderWithApp(<Counts />, { user: userFixture(), counts: { unread_messages: 5, new_likes: 2 }, fetch });
    expect(screen.getByText('unread 5, likes 2')).toBeTruthy();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls.filter((c) => c.endsWith('/chats.php') || c.endsWith('/likes.php'))).toEqual([]);
  });

  it('When user.php brought no counts (an older backend), then the badges load the chat and likes lists at once', async () => {
    const { calls, fetch } = recordingFetch();
    renderWithApp(<Counts />, { user: userFixture(), counts: null, fetch });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls.filter((c) => c.endsWith('/chats.php') || c.endsWith('/likes.php')).sort()).toEqual(['/api/chats.php', '/api/likes.php']);
  });

  it('When the chat list is loaded, then its unread total wins over the counts of user.php', () => {
    renderWithApp(<Counts />, {
      user: userFixture(),
      counts: { unread_messages: 5, new_likes: 2 },
      fallback: { [chatsKey()]: { chats: [], total_unread: 9 } },
    });
    expect(screen.getByText('unread 9, likes 2')).toBeTruthy();
  });
});
