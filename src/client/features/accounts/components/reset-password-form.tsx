import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert, Button, Form } from 'reactstrap';
import { useApi } from '../../../lib/api-client';
import { resetPassword } from '../api/reset-password';
import { toFormError, type FormError } from '../form-error';
import { Field } from './field';

/** Sets the new password with the mailed token (reset-password/do). */
export function ResetPasswordForm({ token }: { token: string }) {
  const intl = useIntl();
  const api = useApi();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await resetPassword(api, { token, password, password_repeat: repeat });
      setDone(true);
    } catch (err) {
      setError(toFormError(intl, err));
    } finally {
      setBusy(false);
    }
  };

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
    <Form onSubmit={onSubmit} noValidate>
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
    </Form>
  );
}
