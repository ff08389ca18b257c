import { defineMessages, useIntl, type IntlShape } from 'react-intl';

const GENERIC = defineMessages({
  creditcard: { id: 'credits.method.creditcard', defaultMessage: 'Credit card' },
  banktransfer: { id: 'credits.method.banktransfer', defaultMessage: 'Bank transfer' },
  directdebit: { id: 'credits.method.directdebit', defaultMessage: 'Direct debit' },
});

/** A method's name as text: brand names as they are, the three generic methods in the member's language. */
function methodNameOf(intl: IntlShape, method: { id: string; name: string }): string {
  const generic = GENERIC[method.id as keyof typeof GENERIC] as (typeof GENERIC)[keyof typeof GENERIC] | undefined;
  return generic ? intl.formatMessage(generic) : method.name;
}

/** Brand names as they are; the three generic methods in the member's language. */
export function MethodName({ method }: { method: { id: string; name: string } }) {
  return <>{methodNameOf(useIntl(), method)}</>;
}
