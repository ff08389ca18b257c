import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link';
import { Alert } from 'reactstrap';
import { Seo } from '../../components/seo';
import { Loading } from '../../components/loading';
import { activate } from '../../features/accounts/api/activate';
import { ResendActivation } from '../../features/accounts/components/resend-activation';
import { useTokenAction } from '../../features/accounts/hooks/use-token-action';
import { getUser } from '../../features/session/api/get-user';
import { useApi } from '../../lib/api-client';
import { userChanged } from '../../lib/store/session-slice';
import { useAppDispatch, useCurrentUser, useSettings } from '../../lib/store/store';

/** activate/done: the mailed link lands here with its token, which the browser spends; a bad one goes to activate/error. */
export function ActivateDonePage() {
  const intl = useIntl();
  const api = useApi();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const settings = useSettings();
  const user = useCurrentUser();
  const { state } = useTokenAction((token) => activate(api, token), { auto: true });

  useEffect(() => {
    if (state === 'failed') navigate('/activate/error', { replace: true });
    if (state === 'done' && user)
      void getUser(api).then(
        (u) => dispatch(userChanged(u)),
        () => undefined,
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const title = intl.formatMessage({ id: 'activate.done.title', defaultMessage: 'Your account is activated' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface text-center">
        {state === 'done' ? (
          <>
            <h1 className="h3 fw-bold">{title}</h1>
            <p data-testid="activate-done">
              <FormattedMessage
                id="activate.done.body"
                defaultMessage="Thank you! Your e-mail address is confirmed and other members now receive your messages."
              />
            </p>
            <Link to={user ? '/members' : '/login'} className="btn btn-primary btn-lg">
              {user ? (
                <FormattedMessage id="index.goToMembers" defaultMessage="Go to members" />
              ) : (
                <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
              )}
            </Link>
          </>
        ) : (
          <>
            <h1 className="h3 fw-bold">
              <FormattedMessage id="activate.working" defaultMessage="Activating your account…" />
            </h1>
            <Loading />
          </>
        )}
      </div>
    </div>
  );
}

/** activate/error: 'Activeren mislukt' with the hint to contact support. */
export function ActivateErrorPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const title = intl.formatMessage({ id: 'activate.error.title', defaultMessage: 'Activation failed' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold" data-testid="activate-error">
          {title}
        </h1>
        <Alert color="warning" fade={false}>
          <FormattedMessage
            id="activate.error.body"
            defaultMessage="This link is used, expired or incomplete. Does it keep failing? Contact our support at {email}."
            values={{ email: <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a> }}
          />
        </Alert>
        {user && user.status === 'not_confirmed' ? <ResendActivation sentAt={0} /> : null}
      </div>
    </div>
  );
}
