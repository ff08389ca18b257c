import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Alert } from 'reactstrap';
import { Link } from '../../components/link';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { toFormError } from '../../features/accounts/form-error';
import { useTokenAction } from '../../features/accounts/hooks/use-token-action';
import { getSession } from '../../features/session/api/get-user';
import { loginWithLink } from '../../features/session/api/login-link';
import { useApi } from '../../lib/api-client';
import { useRevalidateAll } from '../../lib/swr-fetch';
import { sessionLoaded, userChanged } from '../../lib/store/session-slice';
import { useAppDispatch, useSettings } from '../../lib/store/store';

/**
 * login-link: the mailed sign-in link lands here with its token, which the browser spends (opening the page never
 * does, so a mail scanner cannot use it up); this browser is then logged in and lands on the members page.
 */
export function LoginLinkPage() {
  const intl = useIntl();
  const api = useApi();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const revalidateAll = useRevalidateAll();
  const settings = useSettings();
  const { token, state, error } = useTokenAction(
    async (t) => {
      const user = await loginWithLink(api, t);
      // The session answer brings the navigation counts with the user (badges at once).
      const session = await getSession(api).catch(() => null);
      dispatch(session ? sessionLoaded(session) : userChanged(user));
    },
    { auto: true },
  );

  useEffect(() => {
    if (state === 'done' && token) {
      void revalidateAll();
      navigate('/members', { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const title = intl.formatMessage({ id: 'loginLink.title', defaultMessage: 'Signing in…' });
  const failed = state === 'failed' || (state === 'done' && !token);
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {failed ? (
          <Alert color="danger" fade={false} data-testid="login-link-failed">
            {state === 'failed' ? (
              toFormError(intl, error).message
            ) : (
              <FormattedMessage id="reset.linkInvalid" defaultMessage="Link expired or invalid, request a new e-mail" />
            )}{' '}
            <Link to="/login" className="alert-link">
              <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
            </Link>
          </Alert>
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}
