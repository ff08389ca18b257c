import { useEffect } from 'react';
import { navCountsChanged } from '../../../lib/store/session-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store/store';
import { useChats } from '../api/list-chats';
import { useLikes } from '../api/list-likes';

/**
 * A member's chat and likes lists keep the navigation counts fresh: once either list is loaded (a page showing it,
 * the poll, a live event), its total goes into the session (use-nav-counts.ts reads it). A backend whose user.php
 * brings no counts (an older PHP one) gets both lists loaded at once; otherwise the first request waits for the poll.
 */
export function useLiveNavCounts(loggedIn: boolean): void {
  const dispatch = useAppDispatch();
  const known = useAppSelector((s) => s.session.counts != null);
  const chats = useChats(loggedIn, { revalidateOnMount: !known });
  const likes = useLikes(loggedIn, { revalidateOnMount: !known });
  const unread = chats.data?.total_unread;
  const newLikes = likes.data?.total_new;
  useEffect(() => {
    if (!loggedIn || (unread === undefined && newLikes === undefined)) return;
    dispatch(
      navCountsChanged({
        ...(unread !== undefined ? { unread_messages: unread } : {}),
        ...(newLikes !== undefined ? { new_likes: newLikes } : {}),
      }),
    );
  }, [dispatch, loggedIn, unread, newLikes]);
}
