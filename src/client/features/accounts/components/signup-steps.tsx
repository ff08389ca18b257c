import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert, Button } from 'reactstrap';
import { useDismissal } from '../../../hooks/use-dismissal';
import { useCurrentUser } from '../../../lib/store/store';
import { PushSubscribeButton, pushCapable } from '../../push/index';

/** The photo chosen at step 1, after the signup: uploaded, refused, or for later (no session to upload it with). */
export type PhotoOutcome = 'saved' | 'failed' | 'later' | null;

/** What became of the photo chosen at step 1 once the account existed. */
export function PhotoOutcomeNotice({ outcome }: { outcome: Exclude<PhotoOutcome, null> }) {
  return (
    <div role="status">
      <Alert color={outcome === 'saved' ? 'success' : 'warning'} fade={false} data-testid="signup-photo-outcome">
        {outcome === 'saved' ? (
          <FormattedMessage
            id="signup.photo.saved"
            defaultMessage="Your photo has been added. It is checked before other members see it."
          />
        ) : (
          <FormattedMessage
            id="signup.photo.failed"
            defaultMessage="Your photo could not be saved. You can add it on your profile later."
          />
        )}
      </Alert>
    </div>
  );
}

/**
 * Signup step 3's push consent: allowing asks the browser, subscribes and saves the subscription. Whether to
 * ask is decided when the step opens: a re-render while the member decides (the member's part of the layout arrives
 * right after signup) must not take the question away if the permission changed meanwhile (another tab, the prompt).
 * "Not now" is his answer to the push ask, remembered like closing its banner (the `dismissed_push_alert_<id>` cookie
 * the server reads): the ask stays away on every later page, as after he closed it there for good.
 */
export function PushConsent({ onDone }: { onDone: () => void }) {
  const user = useCurrentUser();
  const [, dismissAsk] = useDismissal(user ? `push_alert_${user.id}` : null);
  const [supported] = useState(() => pushCapable() && Notification.permission === 'default');
  useEffect(() => {
    if (!supported) onDone();
  }, [supported, onDone]);
  if (!supported) return null;
  return (
    <div className="text-center" data-testid="signup-push">
      <p className="fw-semibold">
        <FormattedMessage id="signup.push.title" defaultMessage="Never miss a message" />
      </p>
      <p className="text-body-secondary">
        <FormattedMessage
          id="signup.push.body"
          defaultMessage="Allow notifications and we tell you when someone writes to you or likes you."
        />
      </p>
      <div className="d-flex flex-wrap gap-2 justify-content-center">
        <div>
          {/* Subscribed: on to the last step; otherwise the message and "Try again" stay, beside "Not now". */}
          <PushSubscribeButton
            className="btn btn-primary"
            label={<FormattedMessage id="signup.push.allow" defaultMessage="Allow notifications" />}
            onResult={(result) => {
              if (result === 'subscribed') onDone();
            }}
          />
        </div>
        <Button
          color="link"
          onClick={() => {
            dismissAsk();
            onDone();
          }}
        >
          <FormattedMessage id="signup.push.later" defaultMessage="Not now" />
        </Button>
      </div>
    </div>
  );
}
