/**
 * Leaving the page for good once the session has ended (logout, account deletion): from then on nothing of this page may
 * reach the backend — a poll, a lazily loaded part's first call or the event stream's reconnect would only be answered
 * 403 until the next page has loaded, which on a slow phone takes a while. `holdForLeaving` stops them.
 */
const LEAVING = 'app:leaving';
let leaving = false;

export function isLeaving(): boolean {
  return leaving;
}

/** Called once when the page is left (e.g. to close the event stream). */
export function onLeaving(listener: () => void): () => void {
  window.addEventListener(LEAVING, listener);
  return () => window.removeEventListener(LEAVING, listener);
}

let heard = false;

/**
 * Stops what keeps a connection open (the event stream) before the call that ends the session: closed afterwards, the
 * stream could see the session end first and reconnect, to a 403. Calls still go out until `holdForLeaving`.
 */
export function endLiveUpdates(): void {
  if (heard) return;
  heard = true;
  window.dispatchEvent(new Event(LEAVING));
}

/**
 * The session has ended and the page is being left by a load the router already makes (an action's document
 * redirect): the event stream closes and nothing more of this page reaches the backend.
 */
export function holdForLeaving(): void {
  leaving = true;
  endLiveUpdates();
}

/** A fetch that sends nothing once the page is being left (the call never settles; the page is going away). */
export function unlessLeaving(inner: typeof fetch): typeof fetch {
  return (...args: Parameters<typeof fetch>) => (leaving ? new Promise<Response>(() => undefined) : inner(...args));
}
