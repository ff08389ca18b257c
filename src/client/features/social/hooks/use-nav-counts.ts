import { useAppSelector } from '../../../lib/store/store';

/**
 * Unread messages and new likes for the navigation badges and the title prefix, from the session: GET /user.php brings
 * both with the user (no chats or likes call to render a page), and the member's live lists update them
 * (use-live-nav-counts.ts, in the members' chunk).
 */
export function useNavCounts(loggedIn: boolean): { unread: number; newLikes: number } {
  const counts = useAppSelector((s) => s.session.counts ?? null);
  if (!loggedIn) return { unread: 0, newLikes: 0 };
  return { unread: counts?.unread_messages ?? 0, newLikes: counts?.new_likes ?? 0 };
}
