import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../components/loading';
import { Seo } from '../../components/seo';
import { checkResetToken } from '../../features/accounts/api/check-reset-token';
import { ResetPasswordForm } from '../../features/accounts/components/reset-password-form';
import { ResetRequestForm } from '../../features/accounts/components/reset-request-form';
import { useTokenCheck } from '../../features/accounts/hooks/use-token-action';
import { useApi } from '../../lib/api-client';
import { useSettings } from '../../lib/store/store';

/** reset-password: ask for a link by e-mail. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const settings = useSettings();
  const title = intl.formatMessage({ id: 'reset.title', defaultMessage: 'Forgot your password?' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-1">{title}</h1>
        <p className="text-body-secondary mb-4">
          <FormattedMessage id="reset.intro" defaultMessage="Enter your e-mail address and we send you a link to choose a new password." />
        </p>
        <ResetRequestForm />
      </div>
    </div>
  );
}

/** reset-password/do: the mailed link; its token is checked on opening (not spent), then sets the new password. */
export function ResetPasswordDoPage() {
  const intl = useIntl();
  const api = useApi();
  const settings = useSettings();
  const token = new URLSearchParams(useLocation().search).get('token');
  const wellFormed = token !== null && /^[0-9a-f]{64}$/.test(token);
  const state = useTokenCheck(wellFormed ? token : null, (t) => checkResetToken(api, t));
  const title = intl.formatMessage({ id: 'reset.do.title', defaultMessage: 'Choose a new password' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-4">{title}</h1>
        {state === 'checking' ? (
          <Loading />
        ) : state === 'valid' && token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <Alert color="danger" fade={false} data-testid="reset-link-invalid">
            <FormattedMessage id="reset.linkInvalid" defaultMessage="Link expired or invalid, request a new e-mail" />{' '}
            <Link to="/reset-password" className="alert-link">
              <FormattedMessage id="reset.again" defaultMessage="Request a new e-mail" />
            </Link>
          </Alert>
        )}
      </div>
    </div>
  );
}
