import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDismissal } from '../../hooks/use-dismissal';
import { useApi } from '../../lib/api-client';
import { usePushMoment } from '../../lib/push-moment';
import { usePushState } from '../../lib/push-state';
import { useCurrentUser } from '../../lib/store/store';

/**
 * What every page of a logged-in member runs of push: reading the browser's push state and deciding whether to ask.
 * Registering the worker and subscribing (push-client.ts) and the ask's banner (components/push-alert.tsx) load only
 * when they are needed, outside the members' chunk: most pages never show the ask.
 */

/** Reads the push state once a member is logged in (client only: the server knows nothing of the browser). */
export function usePushBootstrap(loggedIn: boolean): void {
  const api = useApi();
  useEffect(() => {
    // A chunk that cannot load (offline, a new build) leaves the state as it is: not capable, nothing asked.
    if (loggedIn)
      import('./push-client').then(
        ({ loadPushState }) => loadPushState(api),
        () => undefined,
      );
  }, [api, loggedIn]);
}

/**
 * Routes where the member is busy with his account (the signup asks for push itself), buying or paying (the checkout,
 * direct debit, premium, his purchases), profiles with their action bar, and the swipe game with its buttons at the
 * bottom of the screen: the ask never covers any of them.
 */
const QUIET_PATHS =
  /^\/(signup|complete-signup|settings|notifications|members\/\d+|likes\/m\/\d+|credits|premium|directdebit|transactions|swipe-game)(\/|$)/;

/**
 * Whether to ask for push now: a logged-in member whose browser can push, who has not decided yet (neither
 * subscribed nor denied) nor closed the ask, after a meaningful moment (a match, a message) — never on his first page.
 */
export function usePushAsk(): boolean {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const state = usePushState();
  const moment = usePushMoment();
  const [closedAt] = useDismissal(user ? `push_alert_${user.id}` : null);
  return user !== null && moment && closedAt === null && state.isCapable && state.isSubscribed === false && !QUIET_PATHS.test(pathname);
}
