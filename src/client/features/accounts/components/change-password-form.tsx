import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Alert, Button, Form } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { useApi } from '../../../lib/api-client';
import { changePassword } from '../api/change-password';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/account-rules';
import { toFormError, type FormError } from '../form-error';
import { Field } from './field';

/** The password form (its route action: app/pages/account-settings-pages.tsx). */
export const PASSWORD_FORM = 'password';

/**
 * The password change: a form posted to /settings (`intent=password`). Without JavaScript, or before the page
 * hydrated, the route's action changes it on the server (303 to /settings?done=password, or the page again with the
 * backend's error beside its field; the passwords are never sent back); with JavaScript this handler does.
 */
export function ChangePasswordForm() {
  const intl = useIntl();
  const api = useApi();
  const refused = useFormFailure(PASSWORD_FORM);
  const [search] = useSearchParams();
  const [values, setValues] = useState({ old_password: '', password: '', password_repeat: '' });
  const [error, setError] = useState<FormError | null>(() => (refused ? toFormError(intl, refused.error) : null));
  const [done, setDone] = useState(!refused && search.get('done') === PASSWORD_FORM);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await changePassword(api, values);
      setDone(true);
      setValues({ old_password: '', password: '', password_repeat: '' });
    } catch (err) {
      setError(toFormError(intl, err));
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (f: string) => (error?.field === f ? error.message : null);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  return (
    <Form method="post" action="/settings" onSubmit={onSubmit} noValidate data-testid="change-password">
      <input type="hidden" name="intent" value={PASSWORD_FORM} />
      {done ? (
        <Alert color="success" fade={false}>
          <FormattedMessage
            id="account.password.done"
            defaultMessage="Your password has been changed. You stay logged in here; other devices are logged out."
          />
        </Alert>
      ) : null}
      {error && !error.field ? (
        <Alert color="danger" fade={false}>
          {error.message}
        </Alert>
      ) : null}
      <Field
        label={<FormattedMessage id="account.password.old" defaultMessage="Current password" />}
        type="password"
        name="old_password"
        autoComplete="current-password"
        required
        value={values.old_password}
        error={fieldError('old_password')}
        onChange={set('old_password')}
      />
      <Field
        label={<FormattedMessage id="reset.newPassword" defaultMessage="New password" />}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        value={values.password}
        error={fieldError('password')}
        hint={
          <FormattedMessage id="signup.passwordHint" defaultMessage="At least {min} characters." values={{ min: PASSWORD_MIN_LENGTH }} />
        }
        onChange={set('password')}
      />
      <Field
        label={<FormattedMessage id="reset.repeatPassword" defaultMessage="New password again" />}
        type="password"
        name="password_repeat"
        autoComplete="new-password"
        required
        value={values.password_repeat}
        error={fieldError('password_repeat')}
        onChange={set('password_repeat')}
      />
      <Button type="submit" color="primary" disabled={busy}>
        <FormattedMessage id="account.password.submit" defaultMessage="Change password" />
      </Button>
    </Form>
  );
}
