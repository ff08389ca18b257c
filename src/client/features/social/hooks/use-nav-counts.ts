import { useChats } from '../api/list-chats';
import { useLikes } from '../api/list-likes';

/** Unread messages and new likes for the navigation badges and the title prefix. */
export function useNavCounts(loggedIn: boolean): { unread: number; newLikes: number } {
  const chats = useChats(loggedIn);
  const likes = useLikes(loggedIn);
  if (!loggedIn) return { unread: 0, newLikes: 0 };
  return { unread: chats.data?.total_unread ?? 0, newLikes: likes.data?.total_new ?? 0 };
}
