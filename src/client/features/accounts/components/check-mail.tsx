import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '../../../components/link';
import { useCurrentUser } from '../../../lib/store/store';
import { ResendActivation } from './resend-activation';

/** Signup step 4: the e-mail confirmation step. */
export function CheckMail({ email, onLeave }: { email: string; onLeave: () => void }) {
  const user = useCurrentUser();
  const [shownAt] = useState(() => Date.now());
  return (
    <div data-testid="signup-check-mail">
      <p className="h5 fw-bold">
        <FormattedMessage id="signup.checkMail.title" defaultMessage="Check your e-mail" />
      </p>
      <p>
        <FormattedMessage
          id="signup.checkMail.body"
          defaultMessage="We sent an e-mail to {email}. Open the link in it to confirm your address; until then other members do not receive your messages."
          values={{ email: <strong>{email}</strong> }}
        />
      </p>
      {user && user.status === 'not_confirmed' ? (
        <>
          <p className="text-body-secondary small">
            <FormattedMessage
              id="signup.checkMail.otherDevices"
              defaultMessage="You stay logged in on this device. On other devices you can log in with your password once your address is confirmed."
            />
          </p>
          <ResendActivation sentAt={shownAt} />
        </>
      ) : null}
      <Link to={user ? '/signup-matches' : '/login'} className="btn btn-primary mt-3" onClick={onLeave}>
        {user ? (
          <FormattedMessage id="signup.checkMail.continue" defaultMessage="Look around" />
        ) : (
          <FormattedMessage id="signup.checkMail.login" defaultMessage="Go to log in" />
        )}
      </Link>
    </div>
  );
}
