import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { useCurrentUser } from '../../../lib/store/store';
import { usePush } from '../use-push';

/** Routes where the member is busy with his account: the signup asks for push itself. */
const QUIET_PATHS = /^\/(signup|complete-signup|settings|notifications)(\/|$)/;

/**
 * The push-notification alert: for a logged-in member whose browser can push and who has not decided yet
 * (neither subscribed nor denied). Dismissible; the dismissal time is stored (cookie `dismissed_push_alert_<id>`).
 * Only the browser knows whether it can push, so the alert appears after hydration: as a sheet fixed to the bottom
 * of the screen, over the page, so that nothing on the page moves when it comes (no layout shift).
 */
export function PushAlert() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { state, busy, subscribe } = usePush();
  const [failed, setFailed] = useState(false);
  if (!user || !state.isCapable || state.isSubscribed !== false || QUIET_PATHS.test(pathname)) return null;
  return (
    <div className="push-alert-sheet" aria-live="polite">
      <DismissibleAlert dismissKey={`push_alert_${user.id}`} tone="info" testId="push-alert">
        <strong className="d-block">
          <FormattedMessage id="push.alert.title" defaultMessage="Get notified of new messages" />
        </strong>
        <FormattedMessage id="push.alert.body" defaultMessage="Turn on notifications and we let you know when someone writes to you or likes you. They never show names or message texts unless you choose so." />
        <div className="mt-2">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={() => {
              setFailed(false);
              void subscribe().then((result) => setFailed(result === 'failed'));
            }}
          >
            <FormattedMessage id="push.alert.action" defaultMessage="Turn on notifications" />
          </button>
        </div>
        {failed ? (
          <p className="small text-danger mb-0 mt-2" role="alert">
            <FormattedMessage id="push.alert.failed" defaultMessage="Notifications could not be switched on in this browser." />
          </p>
        ) : null}
      </DismissibleAlert>
    </div>
  );
}
