import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { Alert, Button } from 'reactstrap';
import { useFormFailure } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/account-rules';
import { toFormError } from '../form-error';
import { Field } from './field';

/** The password form (its route action: app/pages/account-settings-pages.tsx). */
export const PASSWORD_FORM = 'password';

const EMPTY = { old_password: '', password: '', password_repeat: '' };

/**
 * The password change: a form posted to /settings (`intent=password`) whose route action changes it — through the
 * router with JavaScript (the button busy meanwhile), by the browser itself without it: 303 to
 * /settings?done=password (the fields emptied), or the page again with the backend's error beside its field (the
 * passwords are never sent back).
 */
export function ChangePasswordForm() {
  const intl = useIntl();
  const refused = useFormFailure(PASSWORD_FORM);
  const [search] = useSearchParams();
  const { key: entry } = useLocation();
  const busy = useSubmitting('/settings', PASSWORD_FORM);
  const [values, setValues] = useState(EMPTY);
  const error = refused ? toFormError(intl, refused.error) : null;
  const done = !refused && search.get('done') === PASSWORD_FORM;
  // A change that went through empties the fields: the page stays mounted when the router shows its answer, a new
  // history entry (adjusted while rendering, not in an effect).
  const [shownEntry, setShownEntry] = useState(entry);
  if (entry !== shownEntry) {
    setShownEntry(entry);
    if (done) setValues(EMPTY);
  }
  const fieldError = (f: string) => (error?.field === f ? error.message : null);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  return (
    <RouterForm action="/settings" preventScrollReset noValidate data-testid="change-password">
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
    </RouterForm>
  );
}
