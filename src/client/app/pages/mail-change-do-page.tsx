import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { confirmMailChange } from '../../features/accounts/api/confirm-mail-change';
import { toFormError } from '../../features/accounts/form-error';
import { useTokenAction } from '../../features/accounts/hooks/use-token-action';
import { getUser } from '../../features/session/api/get-user';
import { useApi } from '../../lib/api-client';
import { userChanged } from '../../lib/store/session-slice';
import { useAppDispatch, useCurrentUser, useSettings } from '../../lib/store/store';

/** mail-change/do: the link mailed to the new address confirms it. */
export function MailChangeDoPage() {
  const intl = useIntl();
  const api = useApi();
  const dispatch = useAppDispatch();
  const settings = useSettings();
  const user = useCurrentUser();
  const { token, state, error } = useTokenAction((t) => confirmMailChange(api, t), { auto: true });
  useEffect(() => {
    if (state === 'done' && user)
      void getUser(api).then(
        (u) => dispatch(userChanged(u)),
        () => undefined,
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  const title = intl.formatMessage({ id: 'mailChange.title', defaultMessage: 'Confirm your new e-mail address' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {state === 'idle' || state === 'working' ? <Loading /> : null}
        {state === 'done' && token ? (
          <Alert color="success" fade={false} data-testid="mail-change-done">
            <FormattedMessage id="mailChange.done" defaultMessage="Your e-mail address has been changed." />{' '}
            <Link to={user ? '/settings' : '/login'} className="alert-link">
              {user ? (
                <FormattedMessage id="nav.settings" defaultMessage="Settings" />
              ) : (
                <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
              )}
            </Link>
          </Alert>
        ) : null}
        {state === 'failed' || (state === 'done' && !token) ? (
          <Alert color="danger" fade={false} data-testid="mail-change-failed">
            {state === 'failed' ? (
              toFormError(intl, error).message
            ) : (
              <FormattedMessage id="reset.linkInvalid" defaultMessage="Link expired or invalid, request a new e-mail" />
            )}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
