import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Alert } from 'reactstrap';
import { Seo } from '../../components/seo';
import { ResetPasswordForm } from '../../features/accounts/components/reset-password-form';
import { ResetRequestForm } from '../../features/accounts/components/reset-request-form';
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

/** reset-password/do: the mailed link; the new password is set with its token. */
export function ResetPasswordDoPage() {
  const intl = useIntl();
  const settings = useSettings();
  const token = new URLSearchParams(useLocation().search).get('token');
  const title = intl.formatMessage({ id: 'reset.do.title', defaultMessage: 'Choose a new password' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-4">{title}</h1>
        {token && /^[0-9a-f]{64}$/.test(token) ? (
          <ResetPasswordForm token={token} />
        ) : (
          <Alert color="danger" fade={false}>
            <FormattedMessage id="reset.linkInvalid" defaultMessage="Link expired or invalid, request a new e-mail" />
          </Alert>
        )}
      </div>
    </div>
  );
}
