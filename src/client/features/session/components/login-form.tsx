import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { Alert, Button, Form, FormGroup, Input, Label } from 'reactstrap';
import { useApi } from '../../../lib/api-client';
import type { ApiRequestError } from '../../../lib/api-error';
import { useRevalidateAll } from '../../../lib/swr-fetch';
import { sessionLoaded, userChanged } from '../../../lib/store/session-slice';
import { useAppDispatch } from '../../../lib/store/store';
import { getSession } from '../api/get-user';
import { login } from '../api/login';

/** The translated text for a login error code. */
export function loginErrorText(intl: IntlShape, error: ApiRequestError): string {
  switch (error.code) {
    case 'login_failed':
      return intl.formatMessage({ id: 'login.error.failed', defaultMessage: 'Login failed, please try again' });
    case 'login_blocked': {
      const minutes = Number(error.params.minutes ?? 0);
      return intl.formatMessage(
        { id: 'login.error.blocked', defaultMessage: 'Too many failed attempts, account blocked for {minutes} min.' },
        { minutes },
      );
    }
    default:
      return intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' });
  }
}

export function LoginForm() {
  const intl = useIntl();
  const api = useApi();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const revalidateAll = useRevalidateAll();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFailed(false);
    try {
      const result = await login(api, { email: email.trim(), password });
      if (!result.ok) {
        setError(loginErrorText(intl, result.error));
        setFailed(result.error.code === 'login_failed');
        return;
      }
      // The session answer brings the navigation counts with the user (badges right after logging in).
      const session = await getSession(api).catch(() => null);
      dispatch(session ? sessionLoaded(session) : userChanged(result.user));
      void revalidateAll();
      navigate('/members');
    } catch {
      setError(intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form method="post" onSubmit={onSubmit} aria-describedby={error ? `${id}-error` : undefined}>
      {error ? (
        <Alert color="danger" fade={false} id={`${id}-error`}>
          {error}
          {failed ? (
            // An account logs in with its password once its address is confirmed (the same answer as a wrong
            // password, so that a login never tells whether an address has an account).
            <p className="mb-0 mt-2 small" data-testid="login-unconfirmed-hint">
              <FormattedMessage
                id="login.error.unconfirmed"
                defaultMessage="Just signed up? You can log in with your password once you have confirmed your e-mail address with the link we sent you. Lost the e-mail? {reset}: that link confirms your address too."
                values={{
                  reset: (
                    <Link to="/reset-password" className="alert-link">
                      <FormattedMessage id="login.error.unconfirmed.reset" defaultMessage="Reset your password" />
                    </Link>
                  ),
                }}
              />
            </p>
          ) : null}
        </Alert>
      ) : null}
      <FormGroup>
        <Label for={`${id}-email`}>
          <FormattedMessage id="login.email" defaultMessage="E-mail address" />
        </Label>
        <Input
          id={`${id}-email`}
          bsSize="lg"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormGroup>
      <FormGroup className="mb-4">
        <Label for={`${id}-password`}>
          <FormattedMessage id="login.password" defaultMessage="Password" />
        </Label>
        <Input
          id={`${id}-password`}
          bsSize="lg"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormGroup>
      <Button type="submit" color="primary" size="lg" block disabled={busy}>
        {busy ? (
          <FormattedMessage id="login.submitting" defaultMessage="Logging in…" />
        ) : (
          <FormattedMessage id="login.submit" defaultMessage="Log in" />
        )}
      </Button>
    </Form>
  );
}
