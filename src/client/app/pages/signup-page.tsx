import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Link } from '../../components/link';
import { Seo } from '../../components/seo';
import { SignupWizard } from '../../features/accounts/components/signup-wizard';
import { parseProfileId, useProfile } from '../../features/profile/api/get-profile';
import { useCurrentUser, useSettings } from '../../lib/store/store';
import { useSignupPhoto } from '../signup-photo';

/** Routes signup and members/{id}/signup (the latter offers a message to that member first). */
export function SignupPage() {
  const intl = useIntl();
  const settings = useSettings();
  const user = useCurrentUser();
  const recipientId = parseProfileId(useParams().id);
  const { data: recipient } = useProfile(recipientId);
  const photo = useSignupPhoto();
  const title = intl.formatMessage({ id: 'signup.title', defaultMessage: 'Sign up for free' });
  return (
    <div className="page-narrow">
      <Seo title={`${title} | ${settings.name}`} description={settings.description} />
      <div className="surface">
        <h1 className="h3 fw-bold mb-3">{title}</h1>
        {user && user.status === 'active' ? (
          <p>
            <FormattedMessage
              id="login.already"
              defaultMessage="You are already logged in as {name}."
              values={{ name: user.profile.name }}
            />{' '}
            <Link to="/members">
              <FormattedMessage id="index.goToMembers" defaultMessage="Go to members" />
            </Link>
          </p>
        ) : (
          <SignupWizard recipient={recipient ? { id: recipient.id, name: recipient.name } : undefined} photo={photo} />
        )}
      </div>
    </div>
  );
}
