import { FormattedMessage } from 'react-intl';

/** Brand names as they are; the three generic methods in the member's language. */
export function MethodName({ method }: { method: { id: string; name: string } }) {
  if (method.id === 'creditcard') return <FormattedMessage id="credits.method.creditcard" defaultMessage="Credit card" />;
  if (method.id === 'banktransfer') return <FormattedMessage id="credits.method.banktransfer" defaultMessage="Bank transfer" />;
  if (method.id === 'directdebit') return <FormattedMessage id="credits.method.directdebit" defaultMessage="Direct debit" />;
  return <>{method.name}</>;
}
