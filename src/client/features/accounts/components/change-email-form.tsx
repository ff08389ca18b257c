import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button, Form } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { useApi } from '../../../lib/api-client';
import { requestMailChange } from '../api/request-mail-change';
import { toFormError, type FormError } from '../form-error';
import { Field } from './field';

/** The e-mail change form (its route action: app/pages/account-settings-pages.tsx). */
export const EMAIL_FORM = 'email';

/**
 * The e-mail change: a form posted to /settings (`intent=email`). Without JavaScript, or before the page hydrated,
 * the route's action asks for it on the server (303 to /settings?done=email&email=…, or the page again with the
 * backend's error beside its field and the address kept); with JavaScript this handler does.
 */
export function ChangeEmailForm({ current }: { current: string }) {
  const intl = useIntl();
  const api = useApi();
  const refused = useFormFailure(EMAIL_FORM);
  const [search] = useSearchParams();
  const [email, setEmail] = useState(refused?.fields.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FormError | null>(() => (refused ? toFormError(intl, refused.error) : null));
  const [sentTo, setSentTo] = useState<string | null>(!refused && search.get('done') === EMAIL_FORM ? search.get('email') : null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestMailChange(api, { email: email.trim(), password });
      setSentTo(email.trim());
      setPassword('');
    } catch (err) {
      setError(toFormError(intl, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form method="post" action="/settings" onSubmit={onSubmit} noValidate data-testid="change-email">
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
    </Form>
  );
}
