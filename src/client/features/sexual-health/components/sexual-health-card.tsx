import { FormattedMessage } from 'react-intl';
import { Link } from '../../../components/link';

/** The own profile's way to the sexual health page (no data of it here: the page asks for his consent first). */
export function SexualHealthCard() {
  return (
    <section className="surface" data-testid="sexual-health-card">
      <h2 className="h5">
        <FormattedMessage id="sexualHealth.title" defaultMessage="Sexual health" />
      </h2>
      <p className="mb-2">
        <FormattedMessage
          id="sexualHealth.card.text"
          defaultMessage="Share your HIV status, PrEP and last test only if you want to, with whom you choose, and get a reminder to test."
        />
      </p>
      <Link to="/sexual-health" className="btn btn-outline-primary btn-sm">
        <FormattedMessage id="sexualHealth.card.open" defaultMessage="Sexual health settings" />
      </Link>
    </section>
  );
}
