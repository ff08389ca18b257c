import { useEffect, useMemo, useRef } from 'react';
import { useApi } from '../../../lib/api-client';
import { useAppDispatch, useAppSelector, useCurrentUser } from '../../../lib/store/store';
import type { SentMessage } from '../api/send-message';
import { memberOutbox, watchConversation, type Outbox } from './outbox';
import { selectOutbox } from './outbox-slice';
import { outboxStorageKey } from './outbox-key';
import type { OutboxItem } from './outbox-storage';

export interface ConversationOutbox extends Pick<Outbox, 'cancel' | 'retry'> {
  /** This conversation's messages waiting in the outbox, oldest first. */
  items: OutboxItem[];
  /** The one being sent right now. */
  sending: string | null;
  /** Keeps a text the network took, with its attempt's key. */
  queue(text: string, key: string): void;
}

const NONE: OutboxItem[] = [];

/**
 * How often a waiting message is tried again while the browser says it is online: a connection that drops without the
 * browser noticing (a phone between cells) fires no `online` event.
 */
const RETRY_MS = 30_000;

/**
 * The outbox of a conversation (outbox.ts): what waits for the network to reach `partner`, sent again with the same
 * Idempotency-Key on opening the conversation, whenever the browser comes back online and every 30 s while one waits;
 * a message it sends joins the conversation through `delivered`, as a message sent from the composer does. One that
 * waited too long (OUTBOX_MAX_WAIT_MS) is dropped and shows as such, never sent.
 */
export function useConversationOutbox(partner: number, delivered: (sent: SentMessage) => Promise<void>): ConversationOutbox {
  const api = useApi();
  const dispatch = useAppDispatch();
  const member = useCurrentUser()?.id ?? null;
  const state = useAppSelector(selectOutbox);
  const outbox = useMemo(() => (member === null ? null : memberOutbox(api, dispatch, member)), [api, dispatch, member]);

  const latest = useRef(delivered);
  useEffect(() => {
    latest.current = delivered;
  });
  useEffect(() => (outbox ? watchConversation(partner, (sent) => latest.current(sent)) : undefined), [outbox, partner]);

  useEffect(() => {
    if (!outbox || member === null) return undefined;
    outbox.reload();
    void outbox.flush();
    const online = () => void outbox.flush();
    // Another tab queued, sent or cancelled one.
    const stored = (event: StorageEvent) => {
      if (event.key === outboxStorageKey(member)) outbox.reload();
    };
    window.addEventListener('online', online);
    window.addEventListener('storage', stored);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('storage', stored);
    };
  }, [outbox, member]);

  const waiting = state.member === member && state.items.some((item) => !item.problem && !item.expired);
  useEffect(() => {
    if (!outbox || !waiting) return undefined;
    const timer = setInterval(() => {
      // Offline it is only read again: one that has now waited too long shows as dropped.
      if (navigator.onLine !== false) void outbox.flush();
      else outbox.reload();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [outbox, waiting]);

  const items = useMemo(
    () => (state.member === member ? state.items.filter((item) => item.partner === partner) : NONE),
    [state.member, state.items, member, partner],
  );
  return {
    items,
    sending: state.sending,
    queue: (text, key) => outbox?.queue({ key, partner, text }),
    cancel: (key) => outbox?.cancel(key),
    retry: (key) => outbox?.retry(key) ?? Promise.resolve(),
  };
}
