import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from '../../../components/link';
import { CREDITS_BADGE_THRESHOLD } from '../../../../shared/constants';
import { CoinIcon, StarIcon } from '../../../components/icons';

/** Badge colour: shown at 10 credits or fewer, warning above 0, danger at 0. */
export function creditsBadgeTone(credits: number): 'warning' | 'danger' | null {
  if (credits > CREDITS_BADGE_THRESHOLD) return null;
  return credits > 0 ? 'warning' : 'danger';
}

/**
 * Paid users: a credits link, to the one-step repeat order where the site offers it (`member_resell`), else to the
 * bundles; everybody else: Get Premium.
 */
export function CreditsLink({ paidUser, credits, resell = true }: { paidUser: boolean; credits: number; resell?: boolean }) {
  const intl = useIntl();
  if (!paidUser) {
    return (
      <NavLink to="/premium" className="nav-icon-link nav-premium">
        <StarIcon />
        {/* Phones show the short word (the full text stays the link's name); wider screens the full text. */}
        <span className="nav-premium-long">
          <FormattedMessage id="nav.getPremium" defaultMessage="Get Premium" />
        </span>
        <span className="nav-premium-short" aria-hidden="true">
          <FormattedMessage id="nav.getPremiumShort" defaultMessage="Premium" />
        </span>
      </NavLink>
    );
  }
  const tone = creditsBadgeTone(credits);
  return (
    <NavLink to={resell ? '/credits/repeat-order' : '/credits'} className="nav-icon-link">
      <CoinIcon />
      <span className="nav-label">
        <FormattedMessage id="nav.credits" defaultMessage="Credits" />
      </span>
      {tone ? (
        <span className={`badge rounded-pill text-bg-${tone}`} data-testid="credits-badge">
          <span aria-hidden="true">{credits}</span>
          <span className="visually-hidden">
            {intl.formatMessage(
              { id: 'nav.creditsLeft', defaultMessage: '{credits, plural, one {# credit} other {# credits}} left' },
              { credits },
            )}
          </span>
        </span>
      ) : null}
    </NavLink>
  );
}
