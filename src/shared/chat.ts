/** Business constants of the chat, shared by the backend and the app. */

/** Text messages a free member sends before every message costs the site's `message_credits`. */
export const FREE_MESSAGES = 3;
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
