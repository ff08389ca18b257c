import { useAppSelector } from '../../../lib/store/store';
import { useChats } from '../api/list-chats';
import { useLikes } from '../api/list-likes';

/**
 * Unread messages and new likes for the navigation badges and the title prefix. GET /user.php brings both with the
 * user (no chats or likes call to render a page); once the chat or likes list is loaded (a page showing
 * it, the poll, a realtime event) its totals are the fresher figures.
 */
export function useNavCounts(loggedIn: boolean): { unread: number; newLikes: number } {
  const counts = useAppSelector((s) => s.session.counts ?? null);
  // A backend whose user.php brings no counts (an older PHP one): the lists are loaded at once, as before.
  const chats = useChats(loggedIn, { revalidateOnMount: counts === null });
  const likes = useLikes(loggedIn, { revalidateOnMount: counts === null });
  if (!loggedIn) return { unread: 0, newLikes: 0 };
  return {
    unread: chats.data?.total_unread ?? counts?.unread_messages ?? 0,
    newLikes: likes.data?.total_new ?? counts?.new_likes ?? 0,
  };
}
