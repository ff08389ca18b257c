import type { Schemas } from '../../../../shared/api/client';
import { setLiveStreamOpen } from '../../../lib/live-stream-state';
import { isLeaving, onLeaving } from '../../../lib/page-exit';

/**
 * The member's event stream (operation streamEvents), once per browser: the tabs elect a leader with the Web Locks
 * API; only the leader holds an EventSource and hands every event to the other tabs over a BroadcastChannel. When
 * the leader tab closes, its lock is released, another tab takes over and resumes after the last event id it saw,
 * so nothing is lost. Browsers without Web Locks or BroadcastChannel open a stream per tab.
 *
 * EventSource reconnects by itself after a network error (with Last-Event-ID); after an HTTP error (the BFF answered
 * 502, a restart in progress) it gives up, so the hub opens a new one with backoff, resuming with `last_event_id`.
 * Subscribers hear `open` after every (re)connection: a reconnect means polling data may be stale (refetch), and
 * `down` when the stream is lost; lib/live-stream-state.ts follows both in every tab, so lists poll only while the
 * stream is down.
 *
 * It is the member's one live channel: chat messages, read markers and typing, likes and matches, the credit balance,
 * moderation's decisions on his photos, his verification, his account (a statement of reasons) and on messages of his
 * conversations, and conversations he removed on another page (openapi.yaml, streamEvents).
 */

export type ChatEvent =
  | { type: 'message'; data: Schemas['Message'] }
  | { type: 'read'; data: Schemas['ReadEvent'] }
  | { type: 'typing'; data: Schemas['TypingEvent'] }
  | { type: 'like' | 'match'; data: Schemas['LikeEvent'] }
  | { type: 'balance'; data: Schemas['BalanceEvent'] }
  | { type: 'photo'; data: Schemas['PhotoDecisionEvent'] }
  | { type: 'conversation_removed'; data: Schemas['ConversationRemovedEvent'] }
  | { type: 'message_removed'; data: Schemas['MessageRemovedEvent'] }
  | { type: 'verification'; data: Schemas['VerificationDecisionEvent'] }
  | { type: 'statement'; data: Schemas['StatementEvent'] }
  | { type: 'open'; reconnected: boolean }
  | { type: 'down' };

/** The named SSE events of the stream (every kind but the connection's own `open` and `down`). */
const KINDS = [
  'message',
  'read',
  'typing',
  'like',
  'match',
  'balance',
  'photo',
  'conversation_removed',
  'message_removed',
  'verification',
  'statement',
] as const;

type Listener = (event: ChatEvent) => void;

const STREAM_URL = '/api/events.php';
const CHANNEL = 'chat-events';
const LOCK = 'chat-events-leader';
const MAX_BACKOFF_MS = 60_000;

interface Wire {
  event: ChatEvent;
  lastId: number | null;
}

export class EventHub {
  private readonly listeners = new Set<Listener>();
  private source: EventSource | null = null;
  private channel: BroadcastChannel | null = null;
  private releaseLeadership: (() => void) | null = null;
  private lastId: number | null = null;
  private opened = false;
  private backoffMs = 2_000;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private offLeaving: (() => void) | null = null;

  constructor(private readonly url: string = STREAM_URL) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Whether this tab holds the stream (for tests and diagnostics). */
  get leading(): boolean {
    return this.source !== null;
  }

  private dispatch(event: ChatEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private start(): void {
    this.stopped = false;
    // Logged out and on the way to the next page: the stream ends now, and does not come back (lib/page-exit.ts).
    if (typeof window !== 'undefined') this.offLeaving = onLeaving(() => this.stop());
    const shared = typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && 'locks' in navigator;
    if (!shared) {
      this.connect();
      return;
    }
    this.channel = new BroadcastChannel(CHANNEL);
    this.channel.onmessage = (message: MessageEvent<Wire>) => {
      if (message.data.lastId !== null) this.lastId = Math.max(this.lastId ?? 0, message.data.lastId);
      const { event } = message.data;
      if (event.type === 'open') setLiveStreamOpen(true);
      else if (event.type === 'down') setLiveStreamOpen(false);
      this.dispatch(event);
    };
    void navigator.locks.request(LOCK, () => {
      if (this.stopped) return Promise.resolve();
      this.connect();
      return new Promise<void>((resolve) => {
        this.releaseLeadership = resolve;
      });
    });
  }

  private stop(): void {
    this.stopped = true;
    setLiveStreamOpen(false);
    this.offLeaving?.();
    this.offLeaving = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
    this.channel?.close();
    this.channel = null;
    this.releaseLeadership?.();
    this.releaseLeadership = null;
  }

  private connect(): void {
    // Without EventSource (old browsers, test DOMs) the polling is all there is.
    if (this.stopped || isLeaving() || typeof EventSource === 'undefined') return;
    const url = this.lastId === null ? this.url : `${this.url}?last_event_id=${this.lastId}`;
    const source = new EventSource(url, { withCredentials: true });
    this.source = source;
    source.onopen = () => {
      this.backoffMs = 2_000;
      setLiveStreamOpen(true);
      this.emit({ type: 'open', reconnected: this.opened }, null);
      this.opened = true;
    };
    const handle = (type: (typeof KINDS)[number]) => (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const id = message.lastEventId ? Number(message.lastEventId) : null;
      if (id !== null && Number.isFinite(id)) this.lastId = Math.max(this.lastId ?? 0, id);
      this.emit({ type, data } as ChatEvent, this.lastId);
    };
    for (const kind of KINDS) source.addEventListener(kind, handle(kind));
    // The member holds too many streams elsewhere and this, the oldest, was closed: no reconnect (that would close
    // another); the lists poll instead.
    source.addEventListener('closed', () => {
      source.close();
      if (this.source === source) this.source = null;
      setLiveStreamOpen(false);
      this.emit({ type: 'down' }, null);
    });
    source.onerror = () => {
      // Until it is open again, the lists poll (the fallback).
      setLiveStreamOpen(false);
      this.emit({ type: 'down' }, null);
      if (source.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
      source.close();
      if (this.source === source) this.source = null;
      if (this.stopped) return;
      const wait = this.backoffMs;
      this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
      this.retryTimer = setTimeout(() => this.connect(), wait);
    };
  }

  private emit(event: ChatEvent, lastId: number | null): void {
    this.dispatch(event);
    this.channel?.postMessage({ event, lastId } satisfies Wire);
  }
}

let hub: EventHub | null = null;

/** The tab's hub (browser only; never called during server rendering). */
export function eventHub(): EventHub {
  hub ??= new EventHub();
  return hub;
}
