import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { useFormFailure, useHydrated } from '../../../components/progressive-form';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import type { Schemas } from '../../../../shared/api/client';
import { usePageResult } from '../../../lib/page-data';
import { notificationSettingsKey, type NotificationSettings } from '../api/notification-settings';
import { toFormError } from '../form-error';

type Kind = keyof Schemas['MailKinds'];
const KIND_TEXT = defineMessages({
  messages: { id: 'notifications.kind.messages', defaultMessage: 'New messages' },
  likes: { id: 'notifications.kind.likes', defaultMessage: 'New likes' },
  matches: { id: 'notifications.kind.matches', defaultMessage: 'New matches' },
  news: { id: 'notifications.kind.news', defaultMessage: 'News and offers' },
});
export const MAIL_KINDS = Object.keys(KIND_TEXT) as Kind[];

/** The notification settings' form (its route action: app/pages/account-settings-pages.tsx). */
export const NOTIFICATIONS_FORM = 'notifications';

/** The switch of `kind` in the posted form: on when sent (`mail_<kind>=on`). */
export const mailField = (kind: Kind) => `mail_${kind}`;

/**
 * E-mail notification kinds on/off, and why e-mail is disabled when it is: a form posted to /notifications whose route
 * action saves every switch as sent (303 to /notifications?saved=1, or the page again with the backend's error). With
 * JavaScript each switch sends the form through the router at once (the switches show what was sent until the page has
 * the saved settings; a refused change falls back to them); without (or before the page hydrated) a Save button does.
 */
export function NotificationSettingsForm() {
  const intl = useIntl();
  const hydrated = useHydrated();
  const [search] = useSearchParams();
  const refused = useFormFailure(NOTIFICATIONS_FORM);
  // Only this form's own changes (the page's push previews switch posts to the same action).
  const sending = usePendingForm('/notifications', { intent: NOTIFICATIONS_FORM, withReload: true });
  // The settings as the page's loader brought them: a change is the page's action, after which it brings them again.
  const { data, error } = usePageResult<NotificationSettings>(notificationSettingsKey());
  // The answer shown is the one to the last change sent: none while a change is on its way.
  const answer = refused
    ? toFormError(intl, refused.error).message
    : search.get('saved')
      ? intl.formatMessage({ id: 'notifications.saved', defaultMessage: 'Saved.' })
      : null;
  const status = sending ? null : answer;

  if (error) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  }
  if (!data) return null;
  const checked = (kind: Kind) => (sending ? sending.has(mailField(kind)) : data.mail[kind]);

  return (
    <RouterForm action="/notifications" replace preventScrollReset data-testid="notification-settings">
      <input type="hidden" name="intent" value={NOTIFICATIONS_FORM} />
      {data.disabled.map((reason) => (
        <Alert color="warning" fade={false} key={reason} data-testid={`disabled-${reason}`}>
          <FormattedMessage
            id="notifications.disabled"
            defaultMessage="{reason, select, spam {We stopped e-mailing you because one of our e-mails was marked as spam.} bounce {We stopped e-mailing you because our e-mails to your address bounced. Check your address in your account settings.} other {You unsubscribed from our e-mails in your mail program. Switch a kind on below to get e-mails again.}}"
            values={{ reason }}
          />
        </Alert>
      ))}
      <fieldset>
        <legend className="fs-6 fw-semibold">
          <FormattedMessage id="notifications.mailLegend" defaultMessage="E-mail me about" />
        </legend>
        {MAIL_KINDS.map((kind) => (
          <FormGroup switch key={kind} className="mb-2">
            <Input
              id={`mail-${kind}`}
              name={mailField(kind)}
              type="switch"
              role="switch"
              checked={checked(kind)}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            />
            <Label check for={`mail-${kind}`}>
              {intl.formatMessage(KIND_TEXT[kind])}
            </Label>
          </FormGroup>
        ))}
      </fieldset>
      {hydrated ? null : (
        <Button type="submit" color="primary" className="mb-2">
          <FormattedMessage id="forms.notifications.save" defaultMessage="Save" />
        </Button>
      )}
      <p role="status" className="small text-body-secondary mb-0">
        {status}
      </p>
    </RouterForm>
  );
}
