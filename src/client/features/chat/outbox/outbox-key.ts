/**
 * The browser's storage key of a member's outbox (localStorage): another member on the same browser never sees it. A
 * module of its own, so the members' chunk (use-outbox-wake.ts) carries nothing else of the outbox.
 */
export const outboxStorageKey = (member: number): string => `chat_outbox.${member}`;
