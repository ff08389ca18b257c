import { FormattedMessage } from 'react-intl';
import { Link } from '../../../components/link';

/** Shown instead of results to visitors who may not search. */
export function SearchLoginPrompt() {
  return (
    <div className="surface text-center page-narrow">
      <h2 className="h4">
        <FormattedMessage id="members.loginPrompt.title" defaultMessage="Log in to see who is online" />
      </h2>
      <p className="text-body-secondary">
        <FormattedMessage
          id="members.loginPrompt.text"
          defaultMessage="You need to be logged in to search members. It only takes a moment."
        />
      </p>
      <Link to="/login" className="btn btn-primary btn-lg">
        <FormattedMessage id="nav.login" defaultMessage="Log in" />
      </Link>
    </div>
  );
}
