import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { TYPING_SHOWN_MS } from '../../../../shared/chat';
import { useApi } from '../../../lib/api-client';
import { chatAllowanceChanged } from '../../../lib/store/session-slice';
import { useAppDispatch } from '../../../lib/store/store';
import {
  conversationKey,
  getConversation,
  mergeMessages,
  useConversation,
  type ChatMessage,
  type ConversationRef,
} from '../api/conversation';
import { markRead } from '../api/mark-read';
import type { SentMessage } from '../api/send-message';
import { useRememberChat } from './use-last-chat';
import { useChatEvents } from './use-chat-events';

/**
 * A conversation kept live: its newest page (SWR) with the older pages the member loaded, the other member's read
 * marker and typing state from the event stream, a message moderation removed shown removed at once (either member's),
 * and the member's own read marker moved up while the page is visible. `openedReadSeq` is the member's read marker as the conversation opened (what was new then).
 * `delivered` adds a sent message or gift; a first message gives the conversation its own address.
 */
export function useConversationLive(reference: ConversationRef, onChatsChanged: () => void) {
  const api = useApi();
  const navigate = useNavigate();
  const { mutate: mutateKey } = useSWRConfig();
  const { data, error, mutate } = useConversation(reference);
  const dispatch = useAppDispatch();

  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<number | null | undefined>(undefined);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [partnerRead, setPartnerRead] = useState(0);
  const [typingUntil, setTypingUntil] = useState(0);
  const [openedReadSeq, setOpenedReadSeq] = useState<number | null>(data?.read_seq ?? null);
  const readUpTo = useRef(0);

  const conversationId = data?.conversation ?? null;
  const partner = data?.profile;
  useRememberChat(conversationId, partner);
  const messages = mergeMessages(older, data?.messages ?? []);
  const cursor = olderCursor === undefined ? (data?.older ?? null) : olderCursor;
  const readSeq = Math.max(partnerRead, data?.partner_read_seq ?? 0);
  const lastReadMine = [...messages].reverse().find((m) => m.mine && !m.held && m.seq <= readSeq);

  // The marker as the page first had it: reading moves it on the server, the "new" line stays where it was.
  if (openedReadSeq === null && data?.read_seq !== undefined) setOpenedReadSeq(data.read_seq);

  // Reading: the marker moves up to the newest message of the other member while the page is visible.
  const newestTheirs = messages.reduce((max, m) => (!m.mine && m.seq > max ? m.seq : max), 0);
  useEffect(() => {
    if (conversationId === null || newestTheirs <= readUpTo.current) return undefined;
    const mark = () => {
      if (document.visibilityState !== 'visible' || newestTheirs <= readUpTo.current) return;
      readUpTo.current = newestTheirs;
      markRead(api, conversationId, newestTheirs).then(onChatsChanged, () => {
        readUpTo.current = 0;
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [api, conversationId, newestTheirs, onChatsChanged]);

  useEffect(() => {
    if (typingUntil === 0) return undefined;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const append = useCallback(
    (message: ChatMessage) =>
      mutate((current) => current && { ...current, messages: mergeMessages(current.messages, [message]) }, { revalidate: false }),
    [mutate],
  );

  /** Moderation removed a message: its place stays and shows the placeholder, as the conversation answers it on a reload. */
  const removed = (id: number, removedAt: string) => {
    const mark = (list: ChatMessage[]) =>
      list.some((m) => m.id === id) ? list.map((m) => (m.id === id ? { ...m, text: '', photo: null, removed_at: removedAt } : m)) : list;
    void mutate((current) => current && { ...current, messages: mark(current.messages) }, { revalidate: false });
    setOlder(mark);
  };

  useChatEvents(true, (event) => {
    if (event.type === 'open' && event.reconnected) void mutate();
    if (conversationId === null) {
      // The page was opened before the conversation existed: the partner's first message brings its id (the page
      // takes it with the message), one the member sent from another tab reloads the page (it names no recipient).
      if (event.type !== 'message' || !partner) return;
      if (!event.data.mine && event.data.sender === partner.id) {
        const first = event.data;
        void mutate(
          (current) => current && { ...current, conversation: first.conversation, messages: mergeMessages(current.messages, [first]) },
          { revalidate: false },
        );
        setTypingUntil(0);
      } else if (event.data.mine) {
        void mutate();
      }
      return;
    }
    if (event.type === 'message' && event.data.conversation === conversationId) {
      void append(event.data);
      if (!event.data.mine) setTypingUntil(0);
    } else if (event.type === 'read' && event.data.conversation === conversationId && event.data.reader === partner?.id) {
      setPartnerRead((seq) => Math.max(seq, event.data.seq));
    } else if (event.type === 'typing' && event.data.conversation === conversationId && event.data.from === partner?.id) {
      setTypingUntil(Date.now() + TYPING_SHOWN_MS);
    } else if (event.type === 'message_removed' && event.data.conversation === conversationId) {
      removed(event.data.message, event.data.removed_at);
    }
  });

  /** The page before the oldest shown; false when it could not be loaded. */
  const loadOlder = async (): Promise<boolean> => {
    if (cursor === null || loadingOlder) return true;
    setLoadingOlder(true);
    try {
      const page = await getConversation(api, reference, cursor);
      setOlder((list) => mergeMessages(page.messages, list));
      setOlderCursor(page.older);
      return true;
    } catch {
      return false;
    } finally {
      setLoadingOlder(false);
    }
  };

  /** A sent message or gift joins the page; a first message gives the conversation its own address. */
  const delivered = async (sent: SentMessage) => {
    await mutate(
      (current) =>
        current && {
          ...current,
          conversation: sent.message.conversation,
          messages: mergeMessages(current.messages, [sent.message]),
          allowance: sent.allowance,
        },
      { revalidate: false },
    );
    // The header's balance and the free messages the match pop-up names follow the send's answer.
    dispatch(chatAllowanceChanged({ credits: sent.allowance.credits, free_messages_left: sent.allowance.free_messages_left }));
    onChatsChanged();
    if ('profileId' in reference) {
      // The conversation exists now: its own address, with the page already in the cache.
      const next = conversationKey({ conversation: sent.message.conversation });
      const current = await mutate();
      if (current) void mutateKey(next, current, { revalidate: false });
      await navigate(`/chats/${sent.message.conversation}`, { replace: true });
      // What happened while the page changed its address (the other member read it, say) is fetched once more.
      void mutateKey(next);
    }
  };

  return {
    data,
    error,
    conversationId,
    partner,
    messages,
    cursor,
    loadingOlder,
    loadOlder,
    lastReadMineId: lastReadMine?.id ?? null,
    openedReadSeq,
    typing: typingUntil > 0,
    delivered,
  };
}
