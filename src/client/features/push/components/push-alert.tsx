import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { useCurrentUser } from '../../../lib/store/store';
import { usePushAsk } from '../member-push';
import { usePush } from '../use-push';
import { PushSubscribeButton } from './push-subscribe-button';

/**
 * The push-notification ask (`usePushAsk`, member-push.ts), loaded when the ask is due. Dismissible; the dismissal
 * time is stored (cookie `dismissed_push_alert_<id>`). Only the browser knows whether it can push, so the ask appears
 * after hydration: as a slim banner fixed to the bottom of the screen (a line of text and the button; on a phone a
 * sixth of the screen at most), so that nothing on the page moves when it comes (no layout shift).
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
        <div className="push-banner">
          <p className="push-banner-text small mb-0">
            <strong className="d-block">
              <FormattedMessage id="push.alert.title" defaultMessage="Get notified of new messages" />
            </strong>
            <FormattedMessage id="push.alert.privacy" defaultMessage="Never with names or message texts, unless you choose so." />
          </p>
          <PushSubscribeButton onResult={(result) => setTried(result !== 'subscribed')} statusClassName="push-banner-status small" />
        </div>
      </DismissibleAlert>
    </div>
  );
}
