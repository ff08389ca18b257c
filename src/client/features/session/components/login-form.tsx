import { useContext, useId, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from '../../../components/link';
import { useSearchParams } from 'react-router';
import { Alert, Button, FormGroup, Input, Label } from 'reactstrap';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { apiErrorOf, type ApiFailure, type ApiRequestError } from '../../../lib/api-error';
import { DataRouterStateContext } from '../../../lib/router-internals';
import { isSuspension, SuspensionNotice } from '../../safety/index';
import { loginReturnOf, RETURN_FIELD } from '../login-return';

/** The login form's button that asks for a sign-in link instead (`intent=login_link`, the login page's action). */
export const LOGIN_LINK_INTENT = 'login_link';

/** The login page's answer to a sign-in link asked for: mailed (whatever the address), or the backend's refusal. */
export interface LoginLinkAnswer {
  loginLink: true;
  email: string;
  failure: ApiFailure | null;
}

const isLoginLinkAnswer = (value: unknown): value is LoginLinkAnswer =>
  typeof value === 'object' && value !== null && 'loginLink' in value && value.loginLink === true;

/**
 * On `login_blocked` (strangers' wrong passwords lock the account's new devices): the member asks for a sign-in link
 * mailed to the address in the form, which logs this browser in whatever the lock (the answer is the same for any
 * address, so the text says "if"). The button submits the login form itself with `intent=login_link` (no password
 * needed), whose action asks for the link — through the router, or by the browser without JavaScript.
 */
function LoginLinkAction({ email, failure }: { email: string; failure: ApiFailure | null }) {
  const intl = useIntl();
  const sending = useSubmitting('/login', LOGIN_LINK_INTENT);
  // The server's text is already in the member's language (a malformed address, too many requests).
  const refused = failure ? apiErrorOf(failure) : null;
  const error = refused
    ? refused.code && refused.code !== 'bad_request' && refused.code !== 'internal_error'
      ? refused.message
      : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
    : null;
  return (
    <div className="mt-2">
      <p className="mb-2 small">
        <FormattedMessage
          id="login.link.intro"
          defaultMessage="Is someone else trying passwords on your account? A sign-in link by e-mail always lets you in."
        />
      </p>
      <Button
        type="submit"
        name="intent"
        value={LOGIN_LINK_INTENT}
        formNoValidate
        color="light"
        size="sm"
        disabled={sending || email.trim() === ''}
        data-testid="login-link-send"
      >
        <FormattedMessage id="login.link.send" defaultMessage="Send me a sign-in link" />
      </Button>
      {error && !sending ? <p className="mb-0 mt-2 small">{error}</p> : null}
    </div>
  );
}

/** The login page's answer to the sign-in link asked for, if this page is that answer (the router's action data). */
function useLoginLinkAnswer(): LoginLinkAnswer | null {
  const actionData = useContext(DataRouterStateContext)?.actionData;
  return Object.values(actionData ?? {}).find(isLoginLinkAnswer) ?? null;
}

/** The translated text for a login error code. */
function loginErrorText(intl: IntlShape, error: ApiRequestError): string {
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

/** A login the server refused (the form posted without JavaScript, pages/login-page.tsx): shown like the browser's own. */
export interface LoginFormFailure {
  email: string;
  status: number;
  body: unknown;
}

const isLoginFormFailure = (value: unknown): value is LoginFormFailure =>
  typeof value === 'object' && value !== null && 'email' in value && 'status' in value && 'body' in value;

/** The server's answer to the posted form, if this page is that answer (the router's action data). */
function useServerFailure(): (ApiRequestError & { email: string }) | null {
  const actionData = useContext(DataRouterStateContext)?.actionData;
  const failure = Object.values(actionData ?? {}).find(isLoginFormFailure);
  return failure ? Object.assign(apiErrorOf(failure), { email: failure.email }) : null;
}

/**
 * The login form: posted to /login, whose route action logs in (pages/login-page.tsx) — by the browser itself before
 * the page hydrated or without JavaScript, through the data router once hydrated. A refusal comes back as the action's
 * data (shown here); a login loads the members' page (or the page that sent him here, `?return=`) as a new document,
 * with the new session, its language and its live updates from the start.
 */
export function LoginForm() {
  const intl = useIntl();
  const id = useId();
  const refused = useServerFailure();
  const link = useLoginLinkAnswer();
  const busy = useSubmitting('/login');
  const [email, setEmail] = useState(refused?.email ?? link?.email ?? '');
  const [password, setPassword] = useState('');
  const error = refused && !isSuspension(refused) ? loginErrorText(intl, refused) : null;
  const failed = refused?.code === 'login_failed';
  const blocked = refused?.code === 'login_blocked';
  // A suspended or banned member: the notice with the end date and the statement replaces the error text.
  const suspension = isSuspension(refused) ? refused : null;
  // Opened by a page that asked him to log in first (`?return=`): the login leads back there.
  const back = loginReturnOf(useSearchParams()[0].get(RETURN_FIELD));

  return (
    <RouterForm action="/login" aria-describedby={error || suspension ? `${id}-error` : undefined}>
      {back ? <input type="hidden" name={RETURN_FIELD} value={back} /> : null}
      {suspension ? (
        <Alert color="danger" fade={false} id={`${id}-error`}>
          <SuspensionNotice error={suspension} />
        </Alert>
      ) : error ? (
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
          {blocked ? <LoginLinkAction email={email} failure={null} /> : null}
        </Alert>
      ) : link && !link.failure ? (
        <Alert color="info" fade={false}>
          <p className="mb-0 small" role="status" data-testid="login-link-sent">
            <FormattedMessage
              id="login.link.sent"
              defaultMessage="If {email} has an account, a sign-in link is on its way. It works once, for 15 minutes, in the browser where you open it."
              values={{ email: <strong>{link.email}</strong> }}
            />
          </p>
        </Alert>
      ) : link ? (
        <Alert color="danger" fade={false}>
          <LoginLinkAction email={email} failure={link.failure} />
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
    </RouterForm>
  );
}
