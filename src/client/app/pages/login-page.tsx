import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { LoginForm } from '../../features/session/components/login-form';
import { useCurrentUser, useSettings } from '../../lib/store/store';

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
