// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import { userFixture } from '../../../test/fixtures';
import { chatsKey } from '../api/list-chats';
import { useLiveNavCounts } from './use-live-nav-counts';
import { useNavCounts } from './use-nav-counts';

/** The layout's badges (useNavCounts) with the members' chunk's live lists (useLiveNavCounts) mounted beside them. */
function Counts() {
  useLiveNavCounts(true);
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

const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });

afterEach(cleanup);

describe('navigation counts', () => {
  it('When user.php brought the counts and no list is loaded, then the badges show them without asking for chats or likes', async () => {
    const { calls, fetch } = recordingFetch();
    renderWithApp(<Counts />, { user: userFixture(), counts: { unread_messages: 5, new_likes: 2 }, fetch });
    expect(screen.getByText('unread 5, likes 2')).toBeTruthy();
    await settle();
    expect(calls.filter((c) => c.endsWith('/chats.php') || c.endsWith('/likes.php'))).toEqual([]);
  });

  it('When user.php brought no counts (an older backend), then the badges load the chat and likes lists at once', async () => {
    const { calls, fetch } = recordingFetch();
    renderWithApp(<Counts />, { user: userFixture(), counts: null, fetch });
    await settle();
    expect(calls.filter((c) => c.endsWith('/chats.php') || c.endsWith('/likes.php')).sort()).toEqual(['/api/chats.php', '/api/likes.php']);
  });

  it('When the chat list is loaded, then its unread total replaces the count of user.php in the session', async () => {
    const { store } = renderWithApp(<Counts />, {
      user: userFixture(),
      counts: { unread_messages: 5, new_likes: 2 },
      fallback: { [chatsKey()]: { chats: [], total_unread: 9 } },
    });
    await settle();
    expect(screen.getByText('unread 9, likes 2')).toBeTruthy();
    expect(store.getState().session.counts).toEqual({ unread_messages: 9, new_likes: 2 });
  });

  it('When nobody is logged in, then the badges show nothing', () => {
    function Visitor() {
      const { unread, newLikes } = useNavCounts(false);
      return <p>{`${unread}/${newLikes}`}</p>;
    }
    renderWithApp(<Visitor />, { counts: { unread_messages: 5, new_likes: 2 } });
    expect(screen.getByText('0/0')).toBeTruthy();
  });
});
