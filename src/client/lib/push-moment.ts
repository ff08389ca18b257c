import { useSyncExternalStore } from 'react';

/**
 * The push ask waits for a meaningful moment — a match, a message sent or received — instead of greeting the member
 * on his first page. The moment is kept in this browser (localStorage), so the ask can follow on the next page too.
 */
const KEY = 'push_moment';
const listeners = new Set<() => void>();
let marked = false;

function read(): boolean {
  if (marked) return true;
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function markPushMoment(): void {
  if (read()) return;
  marked = true;
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the moment lasts as long as this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the moment has come (false on the server and in the first browser render). */
export function usePushMoment(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
