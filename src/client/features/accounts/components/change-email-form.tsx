import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { Alert, Button } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { toFormError } from '../form-error';
import { Field } from './field';

/** The e-mail change form (its route action: app/pages/account-settings-pages.tsx). */
export const EMAIL_FORM = 'email';

/**
 * The e-mail change: a form posted to /settings (`intent=email`) whose route action asks for it — through the router
 * with JavaScript (the button busy meanwhile), by the browser itself without it: 303 to /settings?done=email&email=…
 * (the fields emptied), or the page again with the backend's error beside its field and the address kept.
 */
export function ChangeEmailForm({ current }: { current: string }) {
  const intl = useIntl();
  const refused = useFormFailure(EMAIL_FORM);
  const [search] = useSearchParams();
  const { key: entry } = useLocation();
  const busy = useSubmitting('/settings', EMAIL_FORM);
  const [email, setEmail] = useState(refused?.fields.email ?? '');
  const [password, setPassword] = useState('');
  const error = refused ? toFormError(intl, refused.error) : null;
  const sentTo = !refused && search.get('done') === EMAIL_FORM ? search.get('email') : null;
  // A request that went through empties the fields: the page stays mounted when the router shows its answer, a new
  // history entry (adjusted while rendering, not in an effect).
  const [shownEntry, setShownEntry] = useState(entry);
  if (entry !== shownEntry) {
    setShownEntry(entry);
    if (sentTo !== null) {
      setEmail('');
      setPassword('');
    }
  }

  return (
    <RouterForm action="/settings" preventScrollReset noValidate data-testid="change-email">
      <input type="hidden" name="intent" value={EMAIL_FORM} />
      <p className="text-body-secondary small">
        <FormattedMessage
          id="account.email.current"
          defaultMessage="Your e-mail address now: {email}"
          values={{ email: <strong>{current}</strong> }}
        />
      </p>
      {sentTo ? (
        <Alert color="success" fade={false}>
          <FormattedMessage
            id="account.email.sent"
            defaultMessage="We sent a link to {email}. Your address changes once you open it."
            values={{ email: <strong>{sentTo}</strong> }}
          />
        </Alert>
      ) : null}
      {error && !error.field ? (
        <Alert color="danger" fade={false}>
          {error.message}
        </Alert>
      ) : null}
      <Field
        label={<FormattedMessage id="account.email.new" defaultMessage="New e-mail address" />}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={error?.field === 'email' ? error.message : null}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label={<FormattedMessage id="account.password.old" defaultMessage="Current password" />}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        error={error?.field === 'password' ? error.message : null}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" color="primary" disabled={busy}>
        <FormattedMessage id="account.email.submit" defaultMessage="Change e-mail address" />
      </Button>
    </RouterForm>
  );
}
