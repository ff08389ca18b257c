import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert, Button } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { toFormError } from '../form-error';
import { Field } from './field';

/** The new-password form (its route action: app/pages/reset-password-pages.tsx). */
export const RESET_PASSWORD_FORM = 'reset-password';

/**
 * Sets the new password with the mailed token (reset-password/do): a form posted to the page itself, whose route
 * action sets it — through the router with JavaScript (the button busy meanwhile), by the browser itself without it:
 * 303 to the page saying so, or the page again with the backend's error (the passwords are never sent back).
 */
export function ResetPasswordForm({ token, done = false }: { token: string; done?: boolean }) {
  const intl = useIntl();
  const refused = useFormFailure(RESET_PASSWORD_FORM);
  const busy = useSubmitting('/reset-password/do');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const error = refused ? toFormError(intl, refused.error) : null;

  if (done) {
    return (
      <Alert color="success" fade={false} data-testid="reset-done">
        <FormattedMessage id="reset.done" defaultMessage="Your password has been changed. Log in with your new password." />{' '}
        <Link to="/login" className="alert-link">
          <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
        </Link>
      </Alert>
    );
  }
  const fieldError = (f: string) => (error?.field === f ? error.message : null);
  return (
    <RouterForm action={`/reset-password/do?${new URLSearchParams({ token }).toString()}`} replace noValidate>
      <input type="hidden" name="token" value={token} />
      {error && !error.field ? (
        <Alert color="danger" fade={false} data-testid="reset-error">
          {error.message}{' '}
          {error.code === 'token_invalid' ? (
            <Link to="/reset-password" className="alert-link">
              <FormattedMessage id="reset.again" defaultMessage="Request a new e-mail" />
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <Field
        label={<FormattedMessage id="reset.newPassword" defaultMessage="New password" />}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        error={fieldError('password')}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label={<FormattedMessage id="reset.repeatPassword" defaultMessage="New password again" />}
        type="password"
        name="password_repeat"
        autoComplete="new-password"
        required
        value={repeat}
        error={fieldError('password_repeat')}
        onChange={(e) => setRepeat(e.target.value)}
      />
      <Button type="submit" color="primary" size="lg" block disabled={busy}>
        <FormattedMessage id="reset.save" defaultMessage="Save new password" />
      </Button>
    </RouterForm>
  );
}
