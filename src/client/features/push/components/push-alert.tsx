import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { useDismissal } from '../../../hooks/use-dismissal';
import { usePushMoment } from '../../../lib/push-moment';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { useCurrentUser } from '../../../lib/store/store';
import { usePush } from '../use-push';
import { PushSubscribeButton } from './push-subscribe-button';

/** Routes where the member is busy with his account (the signup asks for push itself), and profiles with their action bar. */
const QUIET_PATHS = /^\/(signup|complete-signup|settings|notifications|members\/\d+|likes\/m\/\d+)(\/|$)/;

/**
 * Whether to ask for push now: a logged-in member whose browser can push, who has not decided yet (neither
 * subscribed nor denied) nor closed the ask, after a meaningful moment (a match, a message) — never on his first page.
 */
export function usePushAsk(): boolean {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { state } = usePush();
  const moment = usePushMoment();
  const [closedAt] = useDismissal(user ? `push_alert_${user.id}` : null);
  return user !== null && moment && closedAt === null && state.isCapable && state.isSubscribed === false && !QUIET_PATHS.test(pathname);
}

/**
 * The push-notification ask (`usePushAsk`). Dismissible; the dismissal time is stored (cookie
 * `dismissed_push_alert_<id>`). Only the browser knows whether it can push, so the ask appears after hydration: as a
 * sheet fixed to the bottom of the screen, so that nothing on the page moves when it comes (no layout shift).
 */
export function PushAlert() {
  const user = useCurrentUser();
  const ask = usePushAsk();
  const { state } = usePush();
  // Once a try failed, the sheet stays to tell him why (a refusal makes the state 'denied'); subscribed, it goes.
  const [tried, setTried] = useState(false);
  if (!user || (!ask && !tried)) return null;
  if (state.isSubscribed !== false && !tried) return null;
  return (
    <div className="push-alert-sheet" aria-live="polite">
      <DismissibleAlert dismissKey={`push_alert_${user.id}`} tone="info" testId="push-alert">
        <strong className="d-block">
          <FormattedMessage id="push.alert.title" defaultMessage="Get notified of new messages" />
        </strong>
        <FormattedMessage
          id="push.alert.body"
          defaultMessage="Turn on notifications and we let you know when someone writes to you or likes you. They never show names or message texts unless you choose so."
        />
        <div className="mt-2">
          <PushSubscribeButton onResult={(result) => setTried(result !== 'subscribed')} />
        </div>
      </DismissibleAlert>
    </div>
  );
}
