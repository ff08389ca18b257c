import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { rememberReturnAfterPurchase } from '../lib/return-after-purchase';
import { Link } from './link';

/**
 * The credit alert: shown when the balance is short for a message, gift or photo message, with the way to
 * the credits page. Render it where the spend was refused (the API's 402 `insufficient_credits`, 'Je hebt
 * onvoldoende credits'); `onClose` adds a close button. The page it was shown on is remembered, so the payment
 * result leads back to it (a conversation keeps its draft, chat/drafts.ts).
 */
export function CreditAlert({ onClose, className = '' }: { onClose?: () => void; className?: string }) {
  const location = useLocation();
  return (
    <div className={`alert alert-warning d-flex flex-wrap align-items-center gap-2 ${className}`} role="alert" data-testid="credit-alert">
      <strong className="me-auto">
        <FormattedMessage id="credits.alert.insufficient" defaultMessage="You don't have enough credits" />
      </strong>
      <Link
        to="/credits"
        className="btn btn-primary btn-sm"
        onClick={() => rememberReturnAfterPurchase(`${location.pathname}${location.search}`)}
      >
        <FormattedMessage id="credits.alert.buy" defaultMessage="Buy credits" />
      </Link>
      {onClose ? (
        <button type="button" className="btn btn-outline-secondary text-body btn-sm" onClick={onClose}>
          <FormattedMessage id="credits.alert.close" defaultMessage="Not now" />
        </button>
      ) : null}
    </div>
  );
}
