import { useEffect } from 'react';
import { POLL_INITIAL_DELAY_MS } from '../../../../shared/constants';
import { useApi } from '../../../lib/api-client';
import { usePollInterval } from '../../../lib/push-state';
import { sessionLoaded } from '../../../lib/store/session-slice';
import { useAppDispatch } from '../../../lib/store/store';
import { getSession } from '../api/get-user';

/**
 * Polling of the current user while logged in: first after 5 s, then every 60 s (300 s while push is subscribed) —
 * but only while the live stream is down (an interval of 0): while it is open, the balance and every other change
 * come on it.
 */
export function useSessionRefresh(loggedIn: boolean): void {
  const api = useApi();
  const dispatch = useAppDispatch();
  const every = usePollInterval(loggedIn);
  useEffect(() => {
    if (!loggedIn) return;
    let cancelled = false;
    const refresh = async () => {
      try {
        // The answer carries the navigation counts too (badges, title prefix).
        const session = await getSession(api);
        if (!cancelled) dispatch(sessionLoaded(session));
      } catch {
        // A failed poll keeps the last known user; the next poll tries again.
      }
    };
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      void refresh();
      if (every > 0) interval = setInterval(() => void refresh(), every);
    }, POLL_INITIAL_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, [api, dispatch, loggedIn, every]);
}
