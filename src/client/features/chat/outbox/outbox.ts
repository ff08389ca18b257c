import type { ApiClient } from '../../../../shared/api/client';
import { isApiRequestError } from '../../../lib/api-error';
import type { AppDispatch } from '../../../lib/store/store';
import { sendMessage, type SentMessage } from '../api/send-message';
import { sendProblemOf } from '../send-problem';
import { outboxChanged } from './outbox-slice';
import { changeOutbox, expireStale, waitedTooLong, type OutboxItem } from './outbox-storage';

/**
 * Whether a send failed for want of a network — the browser is offline, fetch could not reach the site, or the
 * route action found no answer (app/form-action.ts: a 502 without a body) — rather than the backend refusing it (402
 * no credits, a 4xx of validation), which the member sees as before.
 */
export function isNetworkFailure(error: unknown): boolean {
  // An answer came: the backend decided (or a route action found none: no body).
  if (isApiRequestError(error)) return error.status === 502 && error.body === null;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

type Resent = { kind: 'sent'; sent: SentMessage } | { kind: 'waiting' } | { kind: 'refused'; error: unknown } | { kind: 'expired' };

/** How often a resend whose key another tab is sending right now (409) looks again, a second apart. */
const IN_USE_TRIES = 3;
const inFlight = new Map<string, Promise<Resent>>();

/** One resend of a queued message with its own key (at most one at a time per key on the page). */
function resend(api: ApiClient, item: OutboxItem): Promise<Resent> {
  const running = inFlight.get(item.key);
  if (running) return running;
  const attempt = (async (): Promise<Resent> => {
    for (let tries = 1; ; tries += 1) {
      // Checked right before every attempt: a message that waited too long never goes out, whatever started it.
      if (waitedTooLong(item)) return { kind: 'expired' };
      try {
        return { kind: 'sent', sent: await sendMessage(api, { profile_id: item.partner, text: item.text }, item.key) };
      } catch (error) {
        if (isApiRequestError(error) && error.code === 'idempotency_key_in_use' && tries < IN_USE_TRIES) {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          continue;
        }
        if (isNetworkFailure(error) || (isApiRequestError(error) && error.code === 'idempotency_key_in_use')) return { kind: 'waiting' };
        return { kind: 'refused', error };
      }
    }
  })().finally(() => inFlight.delete(item.key));
  inFlight.set(item.key, attempt);
  return attempt;
}

/** The open conversations of the page, by partner: a message the outbox sent joins its conversation at once. */
const conversations = new Map<number, (sent: SentMessage) => Promise<void>>();

/** Hands the conversation with `partner` the messages the outbox sends to him; the returned function stops it. */
export function watchConversation(partner: number, delivered: (sent: SentMessage) => Promise<void>): () => void {
  conversations.set(partner, delivered);
  return () => {
    if (conversations.get(partner) === delivered) conversations.delete(partner);
  };
}

export interface Outbox {
  /**
   * Sends what waits, oldest first, until the network fails again; a refused message waits for the member, and one
   * that waited longer than OUTBOX_MAX_WAIT_MS is dropped, never sent (outbox-storage.ts, waitedTooLong).
   */
  flush(): Promise<void>;
  /** Keeps a message the network took (with its attempt's key). */
  queue(item: Pick<OutboxItem, 'key' | 'partner' | 'text'>): void;
  /** Takes a waiting or refused message out of the outbox: it is never sent. */
  cancel(key: string): void;
  /** A refused message again: sent now with its own key. */
  retry(key: string): Promise<void>;
  /** The outbox as the storage has it now (another tab may have changed it). */
  reload(): void;
}

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** A flush under way on this page: another one asked meanwhile runs once it ends (one send at a time). */
let flushing: Promise<void> | null = null;
let flushAgain = false;
/** The key of the message being sent right now. */
let sending: string | null = null;

/**
 * The member's outbox on this page: every change goes to the browser's storage first (outbox-storage.ts), then to the
 * page's store (outbox-slice.ts). Without storage (refused) the outbox lives as long as the page.
 */
export function memberOutbox(api: ApiClient, dispatch: AppDispatch, member: number): Outbox {
  let memory: OutboxItem[] = [];
  const change = (edit: (items: OutboxItem[]) => OutboxItem[]): OutboxItem[] => {
    const kept = storage();
    memory = kept ? changeOutbox(kept, member, edit) : expireStale(edit(memory));
    dispatch(outboxChanged({ member, items: memory, sending }));
    return memory;
  };
  const setSending = (key: string | null) => {
    sending = key;
    change((items) => items);
  };

  const flushOnce = async () => {
    const tried = new Set<string>();
    for (;;) {
      const next = change((items) => items).find((item) => !item.problem && !item.expired && !tried.has(item.key));
      if (!next) return;
      tried.add(next.key);
      setSending(next.key);
      const result = await resend(api, next);
      sending = null;
      if (result.kind === 'sent') {
        // The conversation takes the sent message in the same render the waiting bubble leaves: never both, never none.
        const delivered = conversations.get(next.partner)?.(result.sent);
        change((items) => items.filter((item) => item.key !== next.key));
        await delivered?.catch(() => undefined);
      } else if (result.kind === 'refused') {
        const problem = sendProblemOf(result.error, '');
        change((items) => items.map((item) => (item.key === next.key ? { ...item, problem } : item)));
      } else if (result.kind === 'expired') {
        change((items) => items);
      } else {
        change((items) => items);
        return;
      }
    }
  };

  const flush = (): Promise<void> => {
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        flushAgain = false;
        await flushOnce();
      } while (flushAgain && (typeof navigator === 'undefined' || navigator.onLine !== false));
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  return {
    flush,
    queue: (item) => void change((items) => [...items.filter((i) => i.key !== item.key), { ...item, queuedAt: new Date().toISOString() }]),
    cancel: (key) => void change((items) => items.filter((item) => item.key !== key)),
    retry: async (key) => {
      // A message that waited too long stays dropped: Try again never sends it (expired survives the edit).
      change((items) =>
        items.map((item) =>
          item.key === key && !item.expired ? { key: item.key, partner: item.partner, text: item.text, queuedAt: item.queuedAt } : item,
        ),
      );
      await flush();
    },
    reload: () => void change((items) => items),
  };
}
