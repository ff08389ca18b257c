import { isAuthenticationRequired, type ApiClient } from '../../shared/api/client';
import { CHUNK_RELOAD_STORAGE_KEY } from './chunk-reload';
import { DEVICE_MEMBER_KEY } from './device-member';
import type { AppStore } from './store/store';

/**
 * A member's data leaves the browser with his session. What the app keeps in the browser for a member — the chat
 * outbox and its messages, the chat he opened last, the likes already announced, the composer's drafts, the search he
 * made, a direct-debit form half filled in, and whatever a feature keeps tomorrow — is removed when he logs out (the
 * logout form), when the backend says his session is over (403 `authentication_required` on any call, or on the first
 * page after a logout posted without JavaScript), and when another account logs in on the browser. Everything goes but
 * the few values that are the browser's own (DEVICE_KEYS), so nothing of his can be forgotten by a list: local and
 * session storage and the origin's IndexedDB databases. The browser's caches hold nothing of his (the service worker
 * keeps only the build's shell; his API answers are `private, no-store`). His push subscription on this browser is
 * ended too, so a shared device shows none of his notifications after he left: the push service then refuses the
 * backend's next send to it, and the backend drops the subscription (a 404 or 410 from the push service).
 */

/** The browser's own values, kept: the traffic source it came with (a later signup's), the last reload after a failed chunk. */
const DEVICE_KEYS: ReadonlySet<string> = new Set(['tracking', CHUNK_RELOAD_STORAGE_KEY]);

function storages(win: Window): Storage[] {
  const found: Storage[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      found.push(win[name]);
    } catch {
      // Refused (private mode, blocked): nothing was kept there.
    }
  }
  return found;
}

/** Removes a member's data from this tab's session storage only (another tab's is its own). */
function forgetTabData(win: Window): void {
  try {
    const storage = win.sessionStorage;
    for (const key of Object.keys(storage)) if (!DEVICE_KEYS.has(key)) storage.removeItem(key);
  } catch {
    // No session storage: nothing was kept.
  }
}

/** Removes every member's data the browser holds (local storage, this tab's session storage, IndexedDB). */
export function forgetMemberData(win: Window = window): void {
  for (const storage of storages(win)) {
    try {
      for (const key of Object.keys(storage)) if (!DEVICE_KEYS.has(key)) storage.removeItem(key);
    } catch {
      // Storage that refuses: what it holds cannot be read back either.
    }
  }
  const idb = (win as Window & { indexedDB?: IDBFactory }).indexedDB;
  void idb
    ?.databases?.()
    .then((databases) => {
      for (const { name } of databases) if (name) idb.deleteDatabase(name);
    })
    .catch(() => undefined);
  const workers = (win.navigator as Navigator | undefined)?.serviceWorker;
  void workers
    ?.getRegistration?.()
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

/** The member whose data the browser holds, or null (none, or no storage). */
export function heldMember(win: Window = window): number | null {
  try {
    const value = Number(win.localStorage.getItem(DEVICE_MEMBER_KEY) ?? NaN);
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Marks the browser's data as this member's; another member's is removed first. */
export function claimDevice(member: number, win: Window = window): void {
  const held = heldMember(win);
  if (held !== null && held !== member) forgetMemberData(win);
  try {
    win.localStorage.setItem(DEVICE_MEMBER_KEY, String(member));
  } catch {
    // No storage: nothing of his is kept either.
  }
}

/** Whether the backend says the browser has no session (403 `authentication_required`); false when it cannot tell. */
async function loggedOut(api: ApiClient): Promise<boolean> {
  try {
    const { error, response } = await api.GET('/user.php', { params: { header: { 'request-type': 'client' } } });
    return isAuthenticationRequired(response.status, error);
  } catch {
    return false;
  }
}

/**
 * Keeps the browser's member data with the page's session: a member's page claims it (another member's data goes); a
 * visitor's page that finds a member's data asks the backend, and removes it once the backend says the session is over
 * (a failed page load that only rendered as a visitor keeps it); the page's member leaving the store (a 403
 * `authentication_required`, which logs him out) removes it at once. Another tab removing or claiming it (a logout or
 * another login there) takes this tab's session data with it and loads the page again, in the browser's session as it
 * now is. Answers the function that stops watching.
 */
export function keepMemberDataWithSession(store: AppStore, api: ApiClient, win: Window = window): () => void {
  let member = store.getState().session.user?.id ?? null;
  if (member !== null) claimDevice(member, win);
  else if (heldMember(win) !== null)
    void loggedOut(api).then((out) => {
      if (out && store.getState().session.user === null) forgetMemberData(win);
    });
  const unsubscribe = store.subscribe(() => {
    const now = store.getState().session.user?.id ?? null;
    if (now === member) return;
    const was = member;
    member = now;
    if (now !== null) claimDevice(now, win);
    else if (was !== null) forgetMemberData(win);
  });
  const elsewhere = (event: StorageEvent) => {
    if (event.key !== DEVICE_MEMBER_KEY && event.key !== null) return;
    if (member === null || heldMember(win) === member) return;
    forgetTabData(win);
    win.location.reload();
  };
  win.addEventListener('storage', elsewhere);
  return () => {
    unsubscribe();
    win.removeEventListener('storage', elsewhere);
  };
}
