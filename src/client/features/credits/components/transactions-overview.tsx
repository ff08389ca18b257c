import { useMemo, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { useRefreshUser } from '../../../hooks/use-refresh-user';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { createAttemptKeys } from '../../../lib/idempotency-key';
import { useTransactions } from '../api/payments';
import { requestRefund, useRefundQuote, type RefundQuote } from '../api/refunds';
import { formatMoney } from '../money';
import { MethodName } from './method-name';
import { StatusLabel } from './payment-result';

/** /transactions: the member's purchases and refunds, and the refund of unused credits (withdrawal). */
export function TransactionsOverview() {
  const intl = useIntl();
  const { data, error, mutate } = useTransactions(true);
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
      <RefundPanel onRefunded={() => void mutate()} />
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
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="transactions">
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
              {data.transactions.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Link to={`/transactions/${t.id}`}>
                      <FormattedDate value={t.created_at} dateStyle="medium" />
                    </Link>
                  </td>
                  <td className="text-end">{intl.formatNumber(t.credits)}</td>
                  <td className="text-end">{formatMoney(intl, t.amount_minor, t.currency)}</td>
                  <td>
                    <MethodName method={{ id: t.method, name: t.method_name }} />
                  </td>
                  <td>
                    <StatusLabel status={t.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

/** Shows what each purchase would refund first; the member confirms per purchase. */
function RefundPanel({ onRefunded }: { onRefunded: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const refreshUser = useRefreshUser();
  const { data, mutate } = useRefundQuote(true);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const keys = useMemo(() => createAttemptKeys(), []);
  if (!data || (data.items.length === 0 && !notice)) return null;

  const refund = async (item: RefundQuote['items'][number]) => {
    setBusy(true);
    setNotice(null);
    try {
      const result = await requestRefund(api, item.payment_id, keys({ payment_id: item.payment_id }));
      setNotice({
        tone: 'success',
        text: intl.formatMessage(
          {
            id: 'credits.refund.done',
            defaultMessage:
              '{amount} is being refunded to your {method}; {credits, plural, one {# credit was} other {# credits were}} taken off your balance.',
          },
          { amount: formatMoney(intl, result.amount_minor, result.currency), method: item.method_name, credits: result.credits },
        ),
      });
      setConfirming(null);
      await mutate();
      onRefunded();
      await refreshUser();
    } catch (err) {
      setNotice({
        tone: 'danger',
        text: isApiRequestError(err)
          ? err.message
          : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="surface refund-panel" aria-labelledby="refund-title" data-testid="refund-panel">
      <h2 className="h5" id="refund-title">
        <FormattedMessage id="credits.refund.title" defaultMessage="Refund unused credits" />
      </h2>
      <p className="small">
        <FormattedMessage
          id="credits.refund.intro"
          defaultMessage="You can withdraw from a purchase and get back what you paid for its unused credits, until the date shown. The money goes back through the payment method you used."
        />
      </p>
      {notice ? (
        <div className={`alert alert-${notice.tone}`} role={notice.tone === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      ) : null}
      <ul className="list-unstyled mb-0">
        {data.items.map((item) => (
          <li key={item.payment_id} className="refund-item d-flex flex-wrap align-items-center gap-2 py-2">
            <span className="flex-grow-1">
              <FormattedMessage
                id="credits.refund.item"
                defaultMessage="{credits, plural, one {# unused credit} other {# unused credits}} of {bought, number} (order #{order}): {amount} back, until {until}"
                values={{
                  credits: item.credits,
                  bought: item.credits_bought,
                  order: item.payment_id,
                  amount: <strong key="a">{formatMoney(intl, item.amount_minor, item.currency)}</strong>,
                  until: intl.formatDate(item.refundable_until, { dateStyle: 'medium' }),
                }}
              />
            </span>
            {!item.refundable ? (
              <span className="small text-body-secondary">
                <FormattedMessage
                  id="credits.refund.notPossible"
                  defaultMessage="{method} cannot refund; please contact customer service."
                  values={{ method: item.method_name }}
                />
              </span>
            ) : confirming === item.payment_id ? (
              <span className="d-flex gap-2">
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={busy}
                  onClick={() => void refund(item)}
                  data-testid="confirm-refund"
                >
                  <FormattedMessage
                    id="credits.refund.confirm"
                    defaultMessage="Yes, refund {amount}"
                    values={{ amount: formatMoney(intl, item.amount_minor, item.currency) }}
                  />
                </button>
                <button type="button" className="btn btn-outline-secondary text-body btn-sm" onClick={() => setConfirming(null)}>
                  <FormattedMessage id="credits.refund.cancel" defaultMessage="Keep my credits" />
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="btn btn-outline-dark btn-sm"
                onClick={() => setConfirming(item.payment_id)}
                data-testid="refund-button"
              >
                <FormattedMessage id="credits.refund.button" defaultMessage="Refund" />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
