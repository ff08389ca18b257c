import { OUTBOX_MAX_WAIT_MS } from '../../../../shared/chat';
import type { SendProblem } from '../send-problem';
import { outboxStorageKey } from './outbox-key';

/** A text message the network took from the member: kept until it is sent or he cancels it. */
export interface OutboxItem {
  /** The attempt's Idempotency-Key: every resend carries it, so the message is sent and charged once. */
  key: string;
  /** The partner's profile id (a first message has no conversation yet). */
  partner: number;
  text: string;
  /** When it was queued (ISO 8601). */
  queuedAt: string;
  /** What the backend answered its last resend when it refused it (no credits, say): then it waits for the member. */
  problem?: SendProblem;
  /**
   * It waited longer than OUTBOX_MAX_WAIT_MS: dropped, never sent again (its Idempotency-Key could expire before it
   * arrived, and it would be sent and charged twice). Its bubble stays, saying so, until the member removes it.
   */
  expired?: true;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isItem = (value: unknown): value is OutboxItem => {
  const item = value as Partial<OutboxItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.key === 'string' &&
    typeof item.partner === 'number' &&
    typeof item.text === 'string' &&
    typeof item.queuedAt === 'string'
  );
};

/** A clock set back this far behind a message's queueing makes its age unknown: it counts as having waited too long. */
const CLOCK_BACK_MS = 5 * 60_000;

/**
 * Whether the message waited too long to be sent (OUTBOX_MAX_WAIT_MS since it was queued), or its age cannot be told
 * (an unreadable date, or a clock set back since): then it must never go out.
 */
export function waitedTooLong(item: Pick<OutboxItem, 'queuedAt'>, now = Date.now()): boolean {
  const queued = Date.parse(item.queuedAt);
  return Number.isNaN(queued) || now - queued >= OUTBOX_MAX_WAIT_MS || queued - now > CLOCK_BACK_MS;
}

/** The outbox with every message that waited too long marked expired (the same list when none did). */
export function expireStale(items: OutboxItem[], now = Date.now()): OutboxItem[] {
  return items.some((item) => !item.expired && waitedTooLong(item, now))
    ? items.map((item) => (item.expired || !waitedTooLong(item, now) ? item : { ...item, expired: true as const, problem: undefined }))
    : items;
}

/** The member's outbox, oldest first ([] when there is none or it cannot be read). */
export function readOutbox(storage: KeyValueStorage, member: number): OutboxItem[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(outboxStorageKey(member)) ?? '[]');
    return Array.isArray(value) ? value.filter(isItem) : [];
  } catch {
    return [];
  }
}

/**
 * Changes the member's outbox as it is in the storage now (read, change, write: another tab's items stay) and
 * answers the new list, the messages that waited too long marked expired. Storage that refuses the write (full,
 * private mode) keeps the list for this page only.
 */
export function changeOutbox(storage: KeyValueStorage, member: number, change: (items: OutboxItem[]) => OutboxItem[]): OutboxItem[] {
  const items = expireStale(change(readOutbox(storage, member)));
  try {
    if (items.length > 0) storage.setItem(outboxStorageKey(member), JSON.stringify(items));
    else storage.removeItem(outboxStorageKey(member));
  } catch {
    // Refused: the list below is still this page's.
  }
  return items;
}
