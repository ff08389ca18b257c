import { useContext, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { conversationKey, type Conversation } from '../../features/chat/api/conversation';
import { MessageToasts } from '../../features/chat/components/message-toasts';
import { useChatEvents } from '../../features/chat/hooks/use-chat-events';
import { chatsKey, useChats } from '../../features/social/api/list-chats';
import { MY_PROFILE_KEY } from '../../features/profile-edit/api/get-my-profile';
import { likesKey } from '../../features/social/api/list-likes';
import { useRefreshUser } from '../../hooks/use-refresh-user';
import { markPushMoment } from '../../lib/push-moment';
import { DataRouterContext } from '../../lib/router-internals';
import { balanceChanged } from '../../lib/store/session-slice';
import { useAppDispatch, useAppSelector, useCurrentUser } from '../../lib/store/store';
import { selectToasts, toastClosed, toastShown, type MessageToast } from '../../lib/store/toasts-slice';

const TOAST_MS = 8_000;

/** The pages that show his verification (his profile's summary, the verification page). */
const VERIFICATION_PAGES: ReadonlySet<string> = new Set(['/profile', '/verification']);

/**
 * The member's live channel for the whole site (one event stream per browser, event-hub.ts):
 * - a new message, a read marker or a removed conversation refreshes the chat list, so the unread badge and the
 *   title prefix follow at once; a message for a conversation the member is not looking at shows a toast that opens
 *   it; a conversation removed on another page leaves this one when it shows it; a message moderation removed
 *   refreshes the list's preview and closes its toast (the open conversation shows it removed itself);
 * - a like or a match refreshes the likes, whose new entry opens the pop-up (like-popups.tsx) and moves the badge;
 * - a balance (payment settled, refund sent) updates the credits badge; a photo decision reloads the member's user
 *   (main photo, photo banner) and his photo list; a decision about him with a statement of reasons reloads his user,
 *   whose unread statement shows its notice (features/safety/components/statement-notice.tsx);
 * - after a reconnect chats and likes are fetched again. The lists poll only while the stream is down
 *   (lib/live-stream-state.ts).
 * Mounted for members only (member-shell.tsx); the app badge is the layouts' (app-badge.ts).
 */
export function ChatRealtime() {
  const intl = useIntl();
  const user = useCurrentUser();
  const loggedIn = user !== null;
  const { mutate } = useSWRConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The data router runs the page's loaders again (its `revalidate`; React Router's useRevalidator would bring code of
  // its own into every page's entry).
  const router = useContext(DataRouterContext)?.router;
  const dispatch = useAppDispatch();
  const refreshUser = useRefreshUser();
  const chats = useChats(loggedIn, { revalidateOnMount: false });
  const toasts = useAppSelector(selectToasts);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const close = (toast: MessageToast) => {
    clearTimeout(timers.current.get(toast.id));
    timers.current.delete(toast.id);
    dispatch(toastClosed(toast.id));
  };

  useChatEvents(loggedIn, (event) => {
    if (event.type === 'open') {
      if (event.reconnected) {
        void mutate(chatsKey());
        void mutate(likesKey());
      }
      return;
    }
    if (event.type === 'read') {
      if (event.data.reader === user?.id) {
        void mutate(chatsKey());
        return;
      }
      // The other member's marker goes into the conversation's cached page, so a page (re)mounting under it shows
      // "Read" even when the event came while no conversation page listened (the moment its address changed).
      const { conversation, seq } = event.data;
      void mutate(
        conversationKey({ conversation }),
        (page: Conversation | undefined) => (page && page.partner_read_seq < seq ? { ...page, partner_read_seq: seq } : page),
        { revalidate: false },
      );
      return;
    }
    if (event.type === 'like' || event.type === 'match') {
      void mutate(likesKey());
      return;
    }
    if (event.type === 'balance') {
      dispatch(balanceChanged(event.data));
      return;
    }
    if (event.type === 'photo') {
      void refreshUser();
      void mutate(MY_PROFILE_KEY);
      return;
    }
    if (event.type === 'statement') {
      void refreshUser();
      return;
    }
    if (event.type === 'verification') {
      // The badge (or the refusal and the way to try again) on his own profile and the verification page: their
      // loaders bring the decision (the page's data holds it), his profile's list of photos follows in SWR.
      if (VERIFICATION_PAGES.has(pathname)) void router?.revalidate();
      void mutate(MY_PROFILE_KEY);
      return;
    }
    if (event.type === 'conversation_removed') {
      void mutate(chatsKey());
      if (pathname === `/chats/${event.data.conversation}`) void navigate('/chats', { replace: true });
      return;
    }
    if (event.type === 'message_removed') {
      // The chat list's preview is the newest message that stands; a toast still showing the removed text closes.
      void mutate(chatsKey());
      const shown = toasts.find((t) => t.id === event.data.message);
      if (shown) close(shown);
      return;
    }
    if (event.type !== 'message') return;
    void mutate(chatsKey());
    // A message sent or received is the moment to offer push notifications.
    markPushMoment();
    const m = event.data;
    if (m.mine || pathname === `/chats/${m.conversation}` || pathname === `/members/${m.sender}/chat`) return;
    const text = m.kind === 'gift' ? intl.formatMessage({ id: 'chat.toast.gift', defaultMessage: 'You received a gift' }) : m.text;
    const toast: MessageToast = { id: m.id, conversation: m.conversation, text };
    dispatch(toastShown(toast));
    timers.current.set(
      m.id,
      setTimeout(() => close(toast), TOAST_MS),
    );
  });

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);

  if (!loggedIn || toasts.length === 0) return null;
  const names = new Map(chats.data?.chats.map((c) => [c.conversation, c.profile.name]) ?? []);
  return (
    <MessageToasts
      toasts={toasts.map((t) => ({ ...t, name: names.get(t.conversation) ?? null }))}
      onClose={close}
      onOpen={(t) => {
        close(t);
        void navigate(`/chats/${t.conversation}`);
      }}
    />
  );
}
