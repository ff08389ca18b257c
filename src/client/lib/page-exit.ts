/**
 * Leaving the page for good once the session has ended (logout, account deletion): from then on nothing of this page may
 * reach the backend — a poll, a lazily loaded part's first call or the event stream's reconnect would only be answered
 * 403 until the next page has loaded, which on a slow phone takes a while. `holdForLeaving` stops them.
 */
const LEAVING = 'app:leaving';
let leaving = false;
/** Settles when the call that ends the session has answered (`endingSession`); null when none is in flight. */
let ending: Promise<void> | null = null;

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

/**
 * Runs the call that ends the session (logout, the account's deletion; `last` sends it past the hold, through a fetch
 * of its own) while every other call of the page waits: one sent meanwhile — a poll, a revalidation — could reach the
 * backend after the session ended and be answered 403. When `last` succeeds, the session is over and the page is held
 * for leaving, so the waiting calls never go out; when it fails (a wrong password: the session goes on), they do.
 */
export async function endingSession<T>(last: () => Promise<T>): Promise<T> {
  let answered = () => undefined as void;
  ending = new Promise<void>((resolve) => (answered = resolve));
  try {
    const result = await last();
    holdForLeaving();
    return result;
  } finally {
    ending = null;
    answered();
  }
}

/** A fetch that sends nothing once the page is being left (the call never settles; the page is going away). */
export function unlessLeaving(inner: typeof fetch): typeof fetch {
  const send = (...args: Parameters<typeof fetch>): Promise<Response> => {
    if (leaving) return new Promise<Response>(() => undefined);
    if (ending) return ending.then(() => send(...args));
    return inner(...args);
  };
  return send;
}
