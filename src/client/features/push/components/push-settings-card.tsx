import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { SwitchField } from '../../../components/switch-field';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { usePageResult } from '../../../lib/page-data';
import { PUSH_PREVIEWS_KEY } from '../api/push-api';
import { usePush } from '../use-push';
import { PushSubscribeButton } from './push-subscribe-button';

/** The previews switch's form (its route action: the notification settings page's). */
export const PUSH_PREVIEWS_FORM = 'push_previews';
/** The switch's field: previews on when sent (`previews=on`). */
export const PUSH_PREVIEWS_FIELD = 'previews';
/** Where the switch's form posts: the notification settings page, where the card is shown. */
const PUSH_PREVIEWS_ACTION = '/notifications';

/**
 * Push notifications on the notification settings page: on/off for this browser, and lock-screen previews — a form of
 * the page's action (`intent=push_previews`), sent through the router as the switch changes (a Save button without
 * JavaScript); the page's loader brings the stored state (off when the backend could not say).
 */
export function PushSettingsCard() {
  const intl = useIntl();
  const { state, busy, unsubscribe } = usePush();
  const { data: previews, error } = usePageResult<boolean>(PUSH_PREVIEWS_KEY);
  const refused = useFormFailure(PUSH_PREVIEWS_FORM);
  const sending = usePendingForm(PUSH_PREVIEWS_ACTION, { intent: PUSH_PREVIEWS_FORM, withReload: true });
  const previewId = useId();
  const checked = sending ? sending.has(PUSH_PREVIEWS_FIELD) : previews === true;

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
        <RouterForm action={PUSH_PREVIEWS_ACTION} replace preventScrollReset data-testid="push-previews">
          <input type="hidden" name="intent" value={PUSH_PREVIEWS_FORM} />
          <SwitchField
            id={previewId}
            name={PUSH_PREVIEWS_FIELD}
            checked={checked}
            disabled={(previews === undefined && !error) || sending !== null}
            label={
              <FormattedMessage
                id="push.settings.previews"
                defaultMessage="Show the sender’s name and the message text in notifications (visible on your lock screen)"
              />
            }
            save={<FormattedMessage id="push.settings.save" defaultMessage="Save" />}
          />
          <p role="status" className="small text-body-secondary mt-2 mb-0">
            {!sending && refused
              ? intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
              : null}
          </p>
        </RouterForm>
      </div>
    </section>
  );
}
