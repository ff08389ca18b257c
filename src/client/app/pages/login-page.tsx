import { FormattedMessage, useIntl } from 'react-intl';
import { redirectDocument } from 'react-router';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { login } from '../../features/session/api/login';
import { logout } from '../../features/session/api/logout';
import { requestLoginLink } from '../../features/session/api/login-link';
import { LOGIN_LINK_INTENT, LoginForm, type LoginFormFailure, type LoginLinkAnswer } from '../../features/session/components/login-form';
import { apiFailureOf, isApiRequestError } from '../../lib/api-error';
import { loginReturnOf, RETURN_FIELD } from '../../features/session/login-return';
import { forgetMemberData } from '../../lib/member-device-data';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { endSessionWith, type PageActionArgs } from '../route-handle';

/**
 * The login form's action. Posted without JavaScript (or before the page hydrated) the server logs in through the
 * backend, whose auth cookie goes out with a 303 to the members (or to the page that asked him to log in first, the
 * form's `return`); with JavaScript the router runs it in the browser, and
 * the members' page then loads as a new document (the session, its language — the login may switch it to the
 * account's — and its live updates start afresh). A refused login renders the page again with the form's error in
 * the member's language. The form's sign-in link button (`intent=login_link`, offered when the account is blocked)
 * asks for a mailed link instead, and the page says it is on its way.
 */
export async function loginAction({ request, context }: PageActionArgs): Promise<Response | LoginFormFailure | LoginLinkAnswer> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  if (form.get('intent') === LOGIN_LINK_INTENT) {
    // The sign-in link instead of the password: the page again, saying it is on its way (or why not).
    const failure = await requestLoginLink(context.api, email).then(
      () => null,
      (error: unknown) => (isApiRequestError(error) ? apiFailureOf(error) : { status: 502, body: null }),
    );
    return { loginLink: true, email, failure };
  }
  // No answer at all (the network) is shown as the generic "try again later", never as an error page.
  const result = await login(context.api, { email, password: String(form.get('password') ?? '') }).catch(() => null);
  if (result?.ok) return redirectDocument(loginReturnOf(form.get(RETURN_FIELD)) ?? '/members', 303);
  return result ? { email, status: result.error.status, body: result.error.body } : { email, status: 502, body: null };
}

/**
 * The account menu's logout: the backend ends the session (and clears its cookie), then the home page loads as a new
 * document, so nothing of the member's page (its store, caches and event stream) outlives his session, nor his data in
 * the browser (lib/member-device-data.ts). With JavaScript the page holds its other calls from the logout call on (each
 * would be refused).
 */
export async function logoutAction({ context }: PageActionArgs): Promise<Response> {
  // Even when the call fails, leave: the next page shows the real session state.
  await endSessionWith(context, logout).catch(() => undefined);
  // In the browser his data leaves with him (posted without JavaScript, the next page removes it).
  if (context.sessionEnded) forgetMemberData();
  context.sessionEnded?.();
  return redirectDocument('/', 303);
}

export function LoginPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const title = intl.formatMessage({ id: 'login.title', defaultMessage: 'Log in' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-1">{title}</h1>
        <p className="text-body-secondary mb-4">
          <FormattedMessage id="login.intro" defaultMessage="Welcome back to {site}." values={{ site: settings.name }} />
        </p>
        {user ? (
          <div className="alert alert-info mb-0">
            <FormattedMessage
              id="login.already"
              defaultMessage="You are already logged in as {name}."
              values={{ name: user.profile.name }}
            />{' '}
            <Link to="/members" className="alert-link">
              <FormattedMessage id="index.goToMembers" defaultMessage="Go to members" />
            </Link>
          </div>
        ) : (
          <>
            <LoginForm />
            <p className="d-flex flex-wrap justify-content-between gap-2 mt-3 mb-0">
              <Link to="/reset-password">
                <FormattedMessage id="login.forgot" defaultMessage="Forgot your password?" />
              </Link>
              <Link to="/signup">
                <FormattedMessage id="login.signup" defaultMessage="New here? Sign up for free" />
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
