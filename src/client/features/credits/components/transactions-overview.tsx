import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Alert } from 'reactstrap';
import { Link } from '../../../components/link';
import { Loading } from '../../../components/loading';
import { useTransactions } from '../api/payments';
import { formatMoney } from '../money';
import { MethodName } from './method-name';
import { OpenOrders } from './open-orders';
import { PaymentMark } from './payment-mark';
import { StatusLabel } from './payment-result';
import { RefundBadge, refundStateOf } from './refund-state';
import { RefundPanel } from './refund-panel';

/**
 * /transactions: the member's orders not finished yet (resume or cancel an unpaid one), his purchases and refunds, and
 * the refund of unused credits (withdrawal).
 */
export function TransactionsOverview() {
  const intl = useIntl();
  const { data, error } = useTransactions(true);
  if (error && !data) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
      </Alert>
    );
  }
  if (!data) return <Loading />;
  return (
    <>
      <p className="lead" data-testid="balance">
        <FormattedMessage
          id="credits.balance"
          defaultMessage="Your balance: {credits, plural, one {# credit} other {# credits}}"
          values={{ credits: data.balance }}
        />
      </p>
      <OpenOrders returnTo="/transactions" />
      <RefundPanel page="/transactions" />
      <h2 className="h5 mt-4">
        <FormattedMessage id="credits.purchases" defaultMessage="Purchases" />
      </h2>
      {data.transactions.length === 0 ? (
        <p>
          <FormattedMessage id="credits.noPurchases" defaultMessage="You have not bought credits yet." />{' '}
          <Link to="/credits">
            <FormattedMessage id="credits.buyNow" defaultMessage="Buy credits" />
          </Link>
        </p>
      ) : (
        // A table on wider screens; on a phone every purchase is a card (the stylesheet).
        <table className="table table-sm align-middle transactions-table" data-testid="transactions">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="credits.detail.date" defaultMessage="Date" />
              </th>
              <th scope="col" className="text-end">
                <FormattedMessage id="credits.detail.credits" defaultMessage="Credits" />
              </th>
              <th scope="col" className="text-end">
                <FormattedMessage id="credits.detail.amount" defaultMessage="Amount" />
              </th>
              <th scope="col">
                <FormattedMessage id="credits.detail.method" defaultMessage="Payment method" />
              </th>
              <th scope="col">
                <FormattedMessage id="credits.detail.status" defaultMessage="Status" />
              </th>
            </tr>
          </thead>
          <tbody>
            {data.transactions.map((t) => {
              const refund = refundStateOf(t, data.refunds);
              return (
                <tr key={t.id} className="transaction-row" data-testid="transaction">
                  <td className="transaction-date">
                    <Link to={`/transactions/${t.id}`}>
                      <FormattedDate value={t.created_at} dateStyle="medium" />
                    </Link>
                  </td>
                  <td className="text-end transaction-credits">
                    <FormattedMessage
                      id="credits.packageCredits"
                      defaultMessage="{credits, number} credits"
                      values={{ credits: t.credits }}
                    />
                  </td>
                  <td className="text-end transaction-amount">{formatMoney(intl, t.amount_minor, t.currency)}</td>
                  <td className="transaction-method">
                    <PaymentMark method={t.method} />
                    <MethodName method={{ id: t.method, name: t.method_name }} />
                  </td>
                  <td className="transaction-status">
                    <StatusLabel status={t.status} />
                    {refund ? <RefundBadge state={refund} /> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {data.refunds.length > 0 ? (
        <>
          <h2 className="h5 mt-4">
            <FormattedMessage id="credits.refunds" defaultMessage="Refunds" />
          </h2>
          <ul className="list-unstyled" data-testid="refunds">
            {data.refunds.map((r) => (
              <li key={r.id}>
                <FormattedDate value={r.created_at} dateStyle="medium" />:{' '}
                <FormattedMessage
                  id="credits.refundLine"
                  defaultMessage="{credits, plural, one {# credit} other {# credits}} refunded for {amount} ({status, select, refunded {done} pending {being processed} other {failed}})"
                  values={{ credits: r.credits, amount: formatMoney(intl, r.amount_minor, r.currency), status: r.status }}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
