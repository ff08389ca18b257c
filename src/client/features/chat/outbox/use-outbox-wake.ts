import { useEffect } from 'react';
import { useApi } from '../../../lib/api-client';
import { useAppDispatch } from '../../../lib/store/store';
import { outboxStorageKey } from './outbox-key';

/**
 * On every page of a member: when his outbox holds a message (the browser's storage says so), its code loads and sends
 * what waits — on the page's load and whenever the browser comes back online. Nothing else of the outbox is in the
 * members' chunk: most members never have anything waiting.
 */
export function useOutboxWake(member: number | null): void {
  const api = useApi();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (member === null) return undefined;
    const wake = () => {
      let waiting = false;
      try {
        waiting = window.localStorage.getItem(outboxStorageKey(member)) !== null;
      } catch {
        // No storage: nothing was kept.
      }
      // A chunk that cannot load (offline) leaves the outbox for the next time.
      if (waiting)
        import('./outbox').then(
          ({ memberOutbox }) => memberOutbox(api, dispatch, member).flush(),
          () => undefined,
        );
    };
    wake();
    window.addEventListener('online', wake);
    return () => window.removeEventListener('online', wake);
  }, [api, dispatch, member]);
}
