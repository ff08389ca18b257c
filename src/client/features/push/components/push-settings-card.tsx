import { useEffect, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, FormGroup, Input, Label } from 'reactstrap';
import { useApi } from '../../../lib/api-client';
import { getPushPreviews, putPushPreviews } from '../api/push-api';
import { usePush } from '../use-push';
import { PushSubscribeButton } from './push-subscribe-button';

/** Push notifications on the notification settings page: on/off for this browser, and lock-screen previews. */
export function PushSettingsCard() {
  const api = useApi();
  const { state, busy, unsubscribe } = usePush();
  const [previews, setPreviews] = useState<boolean | null>(null);
  const previewId = useId();
  useEffect(() => {
    let live = true;
    getPushPreviews(api).then(
      (on) => live && setPreviews(on),
      () => live && setPreviews(false),
    );
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <section className="surface mt-3" data-testid="push-settings" aria-labelledby={`${previewId}-title`}>
      <div>
        <h2 id={`${previewId}-title`} className="h5">
          <FormattedMessage id="push.settings.title" defaultMessage="Push notifications" />
        </h2>
        {!state.isCapable ? (
          <p className="text-body-secondary mb-2">
            <FormattedMessage id="push.settings.unsupported" defaultMessage="This browser cannot show push notifications." />
          </p>
        ) : state.isSubscribed === 'denied' ? (
          <p className="text-body-secondary mb-2">
            <FormattedMessage
              id="push.settings.denied"
              defaultMessage="Notifications are blocked for this site in your browser settings."
            />
          </p>
        ) : state.isSubscribed ? (
          <Button color="primary" size="sm" className="mb-3" disabled={busy} onClick={() => void unsubscribe()}>
            <FormattedMessage id="push.settings.off" defaultMessage="Turn off notifications on this device" />
          </Button>
        ) : (
          <div className="mb-3">
            <PushSubscribeButton />
          </div>
        )}
        <FormGroup switch>
          <Input
            id={previewId}
            type="switch"
            checked={previews ?? false}
            disabled={previews === null}
            onChange={(e) => {
              const on = e.target.checked;
              setPreviews(on);
              putPushPreviews(api, on).then(setPreviews, () => setPreviews(!on));
            }}
          />
          <Label for={previewId} check>
            <FormattedMessage
              id="push.settings.previews"
              defaultMessage="Show the sender’s name and the message text in notifications (visible on your lock screen)"
            />
          </Label>
        </FormGroup>
      </div>
    </section>
  );
}
