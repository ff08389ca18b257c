import { FormattedMessage } from 'react-intl';
import { Link } from '../../../components/link';
import { VerifiedLabel } from '../../../components/verified-label';
import { useVerification } from '../api/verification';

/**
 * The verification's line on the member's own profile: the badge when it shows, why it went when his main photo is no
 * longer a matched one, a selfie waiting, or the way to start; each links to the verification page.
 */
export function VerificationSummary() {
  const { data } = useVerification();
  if (!data) return null;
  let text;
  if (data.verified)
    text = (
      <>
        <VerifiedLabel className="me-2" />
        <FormattedMessage id="verification.summary.verified" defaultMessage="Members see that you are the man in your photos." />
      </>
    );
  else if (data.lapsed)
    text = (
      <FormattedMessage
        id="verification.lapsed"
        defaultMessage="Your verified badge was removed because your main photo is one a moderator has not matched with your selfie. Make a matched photo your main photo again, or verify again."
      />
    );
  else if (data.status === 'pending')
    text = <FormattedMessage id="verification.summary.pending" defaultMessage="Your verification selfie is waiting for a moderator." />;
  else
    text = (
      <FormattedMessage
        id="verification.summary.none"
        defaultMessage="Show members you are real: verify your profile with a selfie in a pose we give you."
      />
    );
  return (
    <section className={`surface verification-summary${data.lapsed ? ' is-lapsed' : ''}`} data-testid="verification-summary">
      <h2 className="h5">
        <FormattedMessage id="verification.summary.title" defaultMessage="Verified member" />
      </h2>
      <p className="mb-2">{text}</p>
      <Link to="/verification" className="btn btn-outline-primary btn-sm">
        {data.verified ? (
          <FormattedMessage id="verification.summary.open" defaultMessage="Your verification" />
        ) : (
          <FormattedMessage id="verification.summary.start" defaultMessage="Get verified" />
        )}
      </Link>
    </section>
  );
}
