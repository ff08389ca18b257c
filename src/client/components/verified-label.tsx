import { FormattedMessage } from 'react-intl';

/** The verified badge with its word, in a white pill that reads on a photo too (the profile's name, the own pages). */
export function VerifiedLabel({ className = '' }: { className?: string }) {
  return (
    <span className={`verified-badge verified-pill ${className}`}>
      <FormattedMessage id="member.verified" defaultMessage="Verified" />
    </span>
  );
}
