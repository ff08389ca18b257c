import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { MessageToasts, type MessageToastItem } from '../../features/chat/components/message-toasts';
import { useChatEvents } from '../../features/chat/hooks/use-chat-events';
import { chatsKey, useChats } from '../../features/social/api/list-chats';
import { likesKey } from '../../features/social/api/list-likes';
import { useCurrentUser } from '../../lib/store/store';

const TOAST_MS = 8_000;
const MAX_TOASTS = 3;

/**
 * The member's event stream for the whole site: a new message or read marker refreshes the chat list,
 * so the unread badge and the title prefix follow at once; after a reconnect chats and likes are fetched again
 * (the polling stays as the fallback); a message for a conversation the member is not looking at shows a
 * toast that opens it. Mounted for members only (member-shell.tsx); the app badge is the layouts' (app-badge.ts).
 */
export function ChatRealtime() {
  const intl = useIntl();
  const user = useCurrentUser();
  const loggedIn = user !== null;
  const { mutate } = useSWRConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const chats = useChats(loggedIn, { revalidateOnMount: false });
  const [toasts, setToasts] = useState<MessageToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const close = (toast: MessageToastItem) => {
    clearTimeout(timers.current.get(toast.id));
    timers.current.delete(toast.id);
    setToasts((list) => list.filter((t) => t.id !== toast.id));
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
      if (event.data.reader === user?.id) void mutate(chatsKey());
      return;
    }
    if (event.type !== 'message') return;
    void mutate(chatsKey());
    const m = event.data;
    if (m.mine || pathname === `/chats/${m.conversation}` || pathname === `/members/${m.sender}/chat`) return;
    const text = m.kind === 'gift' ? intl.formatMessage({ id: 'chat.toast.gift', defaultMessage: 'You received a gift' }) : m.text;
    const toast: MessageToastItem = { id: m.id, conversation: m.conversation, name: null, text };
    setToasts((list) => [...list.filter((t) => t.conversation !== m.conversation), toast].slice(-MAX_TOASTS));
    timers.current.set(m.id, setTimeout(() => close(toast), TOAST_MS));
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
