import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Alert, Button } from 'reactstrap';
import { ACCOUNT_UNDO_DAYS } from '../../../shared/constants';
import { Seo } from '../../components/seo';
import { reactivateAccount } from '../../features/accounts/api/reactivate-account';
import { toFormError } from '../../features/accounts/form-error';
import { useTokenAction } from '../../features/accounts/hooks/use-token-action';
import { useApi } from '../../lib/api-client';
import { useSettings } from '../../lib/store/store';

/** account-deleted: explains the 14-day undo; with the mailed token it offers to take the account back. */
export function AccountDeletedPage() {
  const intl = useIntl();
  const api = useApi();
  const settings = useSettings();
  // Reactivation waits for the member's click: opening the link alone (or a mail scanner) changes nothing.
  const { token, state, error, run } = useTokenAction((t) => reactivateAccount(api, t), { auto: false });
  const title = intl.formatMessage({ id: 'deleted.title', defaultMessage: 'Your account has been deleted' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        {token && state !== 'done' ? (
          <>
            <h1 className="h3 fw-bold mb-3">
              <FormattedMessage id="deleted.reactivate.title" defaultMessage="Take your account back" />
            </h1>
            {state === 'failed' ? (
              <Alert color="danger" fade={false}>
                {toFormError(intl, error).message}
              </Alert>
            ) : null}
            <p>
              <FormattedMessage
                id="deleted.reactivate.body"
                defaultMessage="Your profile becomes visible again, with your photos, chats and credits."
              />
            </p>
            <Button color="primary" size="lg" onClick={() => void run()} disabled={state === 'working'}>
              <FormattedMessage id="deleted.reactivate.submit" defaultMessage="Reactivate my account" />
            </Button>
          </>
        ) : state === 'done' && token ? (
          <>
            <h1 className="h3 fw-bold mb-3">
              <FormattedMessage id="deleted.back.title" defaultMessage="Welcome back!" />
            </h1>
            <Alert color="success" fade={false} data-testid="reactivated">
              <FormattedMessage id="deleted.back.body" defaultMessage="Your account is active again. Log in to continue." />{' '}
              <Link to="/login" className="alert-link">
                <FormattedMessage id="reset.toLogin" defaultMessage="Log in" />
              </Link>
            </Alert>
          </>
        ) : (
          <>
            <h1 className="h3 fw-bold mb-3">{title}</h1>
            <p data-testid="account-deleted">
              <FormattedMessage
                id="deleted.body"
                defaultMessage="Your profile is no longer visible to anyone. Changed your mind? For {days} days you can take your account back with the link in the e-mail we sent you. After that your personal data is removed for good."
                values={{ days: ACCOUNT_UNDO_DAYS }}
              />
            </p>
            <Link to="/" className="btn btn-outline-primary">
              <FormattedMessage id="notFound.home" defaultMessage="Back to the home page" />
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
