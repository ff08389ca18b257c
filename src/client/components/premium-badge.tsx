import { FormattedMessage } from 'react-intl';

export function PremiumBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`badge rounded-pill premium-badge ${className}`}>
      <FormattedMessage id="member.premium" defaultMessage="Premium" />
    </span>
  );
}
