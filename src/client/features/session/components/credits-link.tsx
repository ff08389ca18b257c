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
 * The member's balance in the header, on every member page (the top navigation; on phones its top bar): the coin and
 * the number of credits, always shown. At 10 credits or fewer the number is the credits badge (warning above zero,
 * danger at zero). Screen readers hear "Credits, N credits left"; the word "Credits" shows from lg up.
 */
export function BalanceLink({ credits, to }: { credits: number; to: string }) {
  const intl = useIntl();
  const tone = creditsBadgeTone(credits);
  return (
    <NavLink to={to} className="nav-icon-link nav-balance-link" data-testid="nav-balance">
      <CoinIcon />
      <span className="nav-label">
        <FormattedMessage id="nav.credits" defaultMessage="Credits" />
      </span>{' '}
      <span
        className={tone ? `nav-balance badge rounded-pill text-bg-${tone}` : 'nav-balance'}
        data-testid={tone ? 'credits-badge' : undefined}
        aria-hidden="true"
      >
        {intl.formatNumber(credits)}
      </span>
      <span className="visually-hidden">
        {intl.formatMessage(
          { id: 'nav.creditsLeft', defaultMessage: '{credits, plural, one {# credit} other {# credits}} left' },
          { credits },
        )}
      </span>
    </NavLink>
  );
}

/**
 * Paid users: the balance, linking to the one-step repeat order where the site offers it (`member_resell`), else to
 * the bundles; everybody else: Get Premium (the balance beside it is MemberNavItems' own item, to the bundles).
 */
export function CreditsLink({ paidUser, credits, resell = true }: { paidUser: boolean; credits: number; resell?: boolean }) {
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
  return <BalanceLink credits={credits} to={resell ? '/credits/repeat-order' : '/credits'} />;
}
