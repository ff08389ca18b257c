import { useMemo, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { Modal } from '../../../components/modal';
import {
  IdempotencyKeyField,
  IDEMPOTENCY_FIELD,
  useFormFailure,
  useHydrated,
  useIdempotencyKey,
} from '../../../components/progressive-form';
import { useRefreshUser } from '../../../hooks/use-refresh-user';
import { useApi } from '../../../lib/api-client';
import { isApiRequestError } from '../../../lib/api-error';
import { createAttemptKeys } from '../../../lib/idempotency-key';
import { useTransactions } from '../api/payments';
import { requestRefund, useRefundQuote, type RefundQuote } from '../api/refunds';
import { formatMoney } from '../money';
import { MethodName, methodNameOf } from './method-name';
import { PaymentMark } from './payment-mark';
import { StatusLabel } from './payment-result';
import { RefundBadge, refundStateOf } from './refund-state';

/** The refund confirmation's form (its route action: app/pages/credits-page.tsx). */
export const REFUND_FORM = 'refund';

/** The query that asks to confirm a refund on the page itself (`?refund={payment id}`, the page without JavaScript). */
export const REFUND_ASK = 'refund';

/** The query the page comes back with after a refund was asked without JavaScript (`?refunded={payment id}`). */
export const REFUNDED = 'refunded';

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

const paymentIdOf = (value: string | null | undefined): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * Shows what each purchase would refund; the member confirms each refund first: in a dialog, or — the page without
 * JavaScript — on the page itself (`?refund={payment id}`), a form posted to the page whose route action asks the
 * refund with the form's Idempotency-Key (303 back with `?refunded=`; a refusal comes back in the confirmation).
 */
function RefundPanel({ onRefunded }: { onRefunded: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const refreshUser = useRefreshUser();
  const hydrated = useHydrated();
  const [search] = useSearchParams();
  const refused = useFormFailure(REFUND_FORM);
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const { data, mutate } = useRefundQuote(true);
  const asked = paymentIdOf(refused?.fields.payment_id ?? search.get(REFUND_ASK));
  const [confirming, setConfirming] = useState<RefundQuote['items'][number] | null>(null);
  const [inPage, setInPage] = useState(asked !== null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(() =>
    refused
      ? {
          tone: 'danger',
          text:
            refused.error.body !== null
              ? refused.error.message
              : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }),
        }
      : paymentIdOf(search.get(REFUNDED)) !== null
        ? {
            tone: 'success',
            text: intl.formatMessage({
              id: 'credits.refund.asked',
              defaultMessage: 'Your refund is being processed; the credits were taken off your balance. You find it under Refunds below.',
            }),
          }
        : null,
  );
  const keys = useMemo(() => createAttemptKeys(), []);
  if (!data || (data.items.length === 0 && !notice)) return null;
  const askedItem = inPage ? (data.items.find((item) => item.payment_id === asked && item.refundable) ?? null) : null;

  /** Asks the refund: with the attempt's key (`key`: the in-page form's own, which a refused post was sent with). */
  const refund = async (item: RefundQuote['items'][number], key = keys({ payment_id: item.payment_id })) => {
    setBusy(true);
    setNotice(null);
    try {
      const result = await requestRefund(api, item.payment_id, key);
      setNotice({
        tone: 'success',
        text: intl.formatMessage(
          {
            id: 'credits.refund.done',
            defaultMessage:
              '{amount} is being refunded to your {method}; {credits, plural, one {# credit was} other {# credits were}} taken off your balance.',
          },
          {
            amount: formatMoney(intl, result.amount_minor, result.currency),
            method: methodNameOf(intl, { id: item.method, name: item.method_name }),
            credits: result.credits,
          },
        ),
      });
      setConfirming(null);
      setInPage(false);
      form.renew();
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
      {notice && !confirming && !askedItem ? (
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
            ) : hydrated ? (
              <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => setConfirming(item)} data-testid="refund-button">
                <FormattedMessage id="credits.refund.button" defaultMessage="Refund" />
              </button>
            ) : (
              <Link
                to={`/transactions?${REFUND_ASK}=${item.payment_id}`}
                className="btn btn-outline-dark btn-sm"
                data-testid="refund-button"
              >
                <FormattedMessage id="credits.refund.button" defaultMessage="Refund" />
              </Link>
            )}
          </li>
        ))}
      </ul>
      {askedItem && !confirming ? (
        <form
          method="post"
          action="/transactions"
          className="refund-confirm border-top pt-3 mt-2"
          data-testid="refund-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            void refund(askedItem, form.key);
          }}
        >
          <IdempotencyKeyField value={form.key} />
          <input type="hidden" name="payment_id" value={askedItem.payment_id} />
          <h3 className="h6">
            <FormattedMessage
              id="credits.refund.ask"
              defaultMessage="Refund {amount} for {credits, plural, one {# unused credit} other {# unused credits}}?"
              values={{ amount: formatMoney(intl, askedItem.amount_minor, askedItem.currency), credits: askedItem.credits }}
            />
          </h3>
          <p>
            <FormattedMessage
              id="credits.refund.askBody"
              defaultMessage="The money goes back through {method}. The {credits, plural, one {credit is} other {credits are}} taken off your balance; this cannot be undone."
              values={{
                method: <MethodName key="m" method={{ id: askedItem.method, name: askedItem.method_name }} />,
                credits: askedItem.credits,
              }}
            />
          </p>
          {notice?.tone === 'danger' ? (
            <div className="alert alert-danger" role="alert">
              {notice.text}
            </div>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            <Link to="/transactions" className="btn btn-outline-dark" onClick={() => setInPage(false)}>
              <FormattedMessage id="credits.refund.cancel" defaultMessage="Keep my credits" />
            </Link>
            <button type="submit" className="btn btn-danger" disabled={busy} data-testid="confirm-refund">
              <FormattedMessage
                id="credits.refund.confirm"
                defaultMessage="Yes, refund {amount}"
                values={{ amount: formatMoney(intl, askedItem.amount_minor, askedItem.currency) }}
              />
            </button>
          </div>
        </form>
      ) : null}
      {confirming ? (
        <Modal
          title={
            <FormattedMessage
              id="credits.refund.ask"
              defaultMessage="Refund {amount} for {credits, plural, one {# unused credit} other {# unused credits}}?"
              values={{ amount: formatMoney(intl, confirming.amount_minor, confirming.currency), credits: confirming.credits }}
            />
          }
          onDismiss={busy ? undefined : () => setConfirming(null)}
          className="refund-confirm"
          testId="refund-confirm"
          footer={
            <>
              <button type="button" className="btn btn-outline-dark" onClick={() => setConfirming(null)} disabled={busy}>
                <FormattedMessage id="credits.refund.cancel" defaultMessage="Keep my credits" />
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => void refund(confirming)}
                data-testid="confirm-refund"
              >
                {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
                <FormattedMessage
                  id="credits.refund.confirm"
                  defaultMessage="Yes, refund {amount}"
                  values={{ amount: formatMoney(intl, confirming.amount_minor, confirming.currency) }}
                />
              </button>
            </>
          }
        >
          <p className="mb-0">
            <FormattedMessage
              id="credits.refund.askBody"
              defaultMessage="The money goes back through {method}. The {credits, plural, one {credit is} other {credits are}} taken off your balance; this cannot be undone."
              values={{
                method: <MethodName key="m" method={{ id: confirming.method, name: confirming.method_name }} />,
                credits: confirming.credits,
              }}
            />
          </p>
          {notice?.tone === 'danger' ? (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {notice.text}
            </div>
          ) : null}
        </Modal>
      ) : null}
    </section>
  );
}
