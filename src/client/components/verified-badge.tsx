import { useIntl } from 'react-intl';

/**
 * The verified member's badge (a moderator matched his selfie in a pose with his photos): a check in a rosette, drawn by
 * the stylesheet (`.verified-badge`), named for screen readers. Tiny on purpose: every card carries it, the landing
 * page's too. With its word beside it: `VerifiedLabel`.
 */
export function VerifiedBadge() {
  const label = useIntl().formatMessage({ id: 'member.verified', defaultMessage: 'Verified' });
  return <span className="verified-badge" role="img" aria-label={label} title={label} />;
}
