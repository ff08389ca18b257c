import { FormattedMessage } from 'react-intl';
import { Link } from '../../components/link';

/** The US footer (locale en and the site's us_footer flag): 2257 statement and the US privacy notice. */
export function UsFooter() {
  return (
    <p className="small mb-2" data-testid="us-footer">
      <Link to="/pages/2257">
        <FormattedMessage id="footer.us.2257" defaultMessage="18 U.S.C. 2257 Record-Keeping Requirements Compliance Statement" />
      </Link>
      {' · '}
      <Link to="/pages/privacy?variant=us">
        <FormattedMessage id="footer.us.privacy" defaultMessage="Privacy notice for US residents" />
      </Link>
    </p>
  );
}
