/**
 * Whether this browser's live channel (the member's event stream, held by one tab and shared with the others) is
 * open. While it is, lists do not poll: every change arrives on the stream. Polling is only the fallback for the time
 * the stream is down (no EventSource, the BFF answered an error, a reconnect in progress).
 */
let open = false;
const listeners = new Set<() => void>();

export function setLiveStreamOpen(next: boolean): void {
  if (next === open) return;
  open = next;
  for (const l of listeners) l();
}

export function isLiveStreamOpen(): boolean {
  return open;
}

export function subscribeLiveStream(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
