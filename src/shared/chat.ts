/** Business constants of the chat, shared by the backend and the app. */

import { IDEMPOTENCY_KEY_TTL_HOURS } from './constants';

/** Text messages a free member sends before every message costs the site's `message_credits`. */
export const FREE_MESSAGES = 3;
/**
 * The text messages a member may still send free: FREE_MESSAGES minus the free ones he sent, none for a premium member
 * (every message of his costs the site's `message_credits`). The chat's allowance and the user answer say the same.
 */
export function freeMessagesLeft(paidUser: boolean, freeUsed: number): number {
  return paidUser ? 0 : Math.max(0, FREE_MESSAGES - freeUsed);
}
/** Messages a member may send per minute (all conversations together). */
export const MESSAGES_PER_MINUTE = 30;
/** The app sends "typing" at most this often while the member types. */
export const TYPING_SIGNAL_INTERVAL_MS = 3_000;
/** The other member's typing indicator disappears this long after the last signal. */
export const TYPING_SHOWN_MS = 6_000;
/** Comment lines keep the event stream open through proxies. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** How often a stream re-reads the tables without being told (a lost notification) and checks its session. */
export const STREAM_CATCH_UP_MS = 30_000;
/** The browser reconnects the event stream after this many milliseconds (the SSE `retry` field). */
export const STREAM_RETRY_MS = 2_000;
/** Messages per page of a conversation. */
export const CONVERSATION_PAGE_SIZE = 30;
/**
 * The longest a message waits in the chat outbox for the network: 23 hours, an hour below the Idempotency-Key's 24
 * (IDEMPOTENCY_KEY_TTL_HOURS), counted from when it was queued. Its key's 24 hours start when the backend stored the
 * first answer to it, which may be the attempt whose answer the network lost: no earlier than that attempt, which the
 * composer queues the message after (a fetch that hangs before failing takes minutes, not an hour). A resend decided
 * just before the limit reaches the backend within one call's deadline, BFF retries included (seconds), and the
 * browser's clock may be set right by a few minutes meanwhile. An hour covers all of it many times over, so the key
 * is always still known when the message goes out — a repeat is answered, never sent and charged again — while a
 * message that waited most of a day is still sent. Older, it is dropped and never sent; the member is told to write it
 * again.
 */
export const OUTBOX_MAX_WAIT_MS = (IDEMPOTENCY_KEY_TTL_HOURS - 1) * 3_600_000;
