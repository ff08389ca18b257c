import { useEffect, useRef } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { useRefreshUser } from '../../../hooks/use-refresh-user';
import { forgetReturnAfterPurchase, useReturnAfterPurchase } from '../../../lib/return-after-purchase';
import { useSearchParams } from 'react-router';
import { useFormFailure } from '../../../components/progressive-form';
import { checkoutAddress, CHECKOUT_HOP, usePayment, useTransactions, type Transaction } from '../api/payments';
import { formatMoney } from '../money';
import { MethodName } from './method-name';
import { OrderState } from './open-orders';
import { ORDER_FORM, OrderActions } from './order-actions';
import { RefundBadge, refundStateOf } from './refund-state';

/**
 * The transaction result page (/transactions/{id}), where the provider sends the member back. Each state is said
 * plainly: not paid yet (open: until when it can be paid, with "Resume payment" and "Cancel order"), pending at the
 * bank (with its expected date), completed (credits added), failed, cancelled or expired (no money taken, the
 * discount free again, a new try). A paid one shows its refund state as the list does (from the list's refunds). It
 * only reads the payment; settling is the webhook's job (and the follow-up job's). A refused resume or cancel comes
 * back here with the backend's message.
 */
export function PaymentResult({ id }: { id: number }) {
  const intl = useIntl();
  const refused = useFormFailure(ORDER_FORM);
  const { data, error } = usePayment(id);
  const list = useTransactions(data?.status === 'paid');
  const refreshUser = useRefreshUser();
  const refreshed = useRef(false);
  useEffect(() => {
    if (data?.status === 'paid' && !refreshed.current) {
      refreshed.current = true;
      void refreshUser();
    }
  }, [data?.status, refreshUser]);

  if (error && !data) {
    return (
      <Alert color="danger" fade={false}>
        <FormattedMessage id="credits.paymentNotFound" defaultMessage="This payment could not be found." />
      </Alert>
    );
  }
  if (!data) return <Loading />;
  return (
    <div className="payment-result" data-testid="payment-result" data-status={data.status}>
      {refused ? (
        <div className="alert alert-danger" role="alert" data-testid="order-refused">
          {refused.error.body !== null
            ? refused.error.message
            : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })}
        </div>
      ) : null}
      <Outcome payment={data} />
      <PaymentDetails payment={data} refund={refundStateOf(data, list.data?.refunds ?? [])} />
    </div>
  );
}

function Outcome({ payment }: { payment: Transaction }) {
  // Sent here from a credit alert: back to where he was (the conversation and its draft).
  const back = useReturnAfterPurchase();
  // Sent here by the pay form's action: the open payment forwards to its hosted checkout — by the page's meta refresh
  // without JavaScript, by replacing this page in the history with it (Back from the provider returns to the bundles,
  // not to a page that forwards again).
  const [search] = useSearchParams();
  const forward = search.get(CHECKOUT_HOP) === '1' && payment.status === 'open' ? checkoutAddress(payment.checkout_url) : null;
  useEffect(() => {
    if (forward) window.location.replace(forward);
  }, [forward]);
  switch (payment.status) {
    case 'paid':
      return (
        <div className="alert alert-success" role="status">
          <h2 className="h5">
            <FormattedMessage id="credits.completed.title" defaultMessage="Payment completed" />
          </h2>
          <p className="mb-2">
            <FormattedMessage
              id="credits.completed.body"
              defaultMessage="{credits, plural, one {# credit has} other {# credits have}} been added to your account."
              values={{ credits: payment.credits }}
            />
          </p>
          {back ? (
            <Link to={back} className="btn btn-primary btn-sm" onClick={forgetReturnAfterPurchase} data-testid="payment-back">
              <FormattedMessage id="credits.completed.back" defaultMessage="Back to your conversation" />
            </Link>
          ) : (
            <Link to="/members" className="btn btn-primary btn-sm">
              <FormattedMessage id="credits.completed.next" defaultMessage="Start chatting" />
            </Link>
          )}
        </div>
      );
    case 'failed':
    case 'canceled':
    case 'expired': {
      const card =
        payment.method === 'creditcard' ||
        ['visa', 'mastercard', 'maestro', 'cartebancaire', 'dankort', 'nexi', 'postepay'].includes(payment.method);
      const pkg = payment.package_id;
      // The discount code goes along to the next try (the failed payment gave it back).
      const again = (path: string) => (payment.discount_code ? `${path}?code=${encodeURIComponent(payment.discount_code)}` : path);
      return (
        <div
          className={`alert ${payment.status === 'failed' ? 'alert-danger' : 'alert-secondary'}`}
          role={payment.status === 'failed' ? 'alert' : 'status'}
        >
          <h2 className="h5">
            {payment.status === 'failed' ? (
              <FormattedMessage id="credits.failed.title" defaultMessage="Payment failed" />
            ) : payment.status === 'canceled' ? (
              <FormattedMessage id="credits.canceled.title" defaultMessage="Order cancelled" />
            ) : (
              <FormattedMessage id="credits.expired.title" defaultMessage="Order expired" />
            )}
          </h2>
          <p className="mb-2">
            {payment.status === 'failed' ? (
              <FormattedMessage
                id="credits.failed.body"
                defaultMessage="The payment failed. No money was taken and no credits were added."
              />
            ) : payment.status === 'canceled' ? (
              <FormattedMessage
                id="credits.canceled.body"
                defaultMessage="This order was cancelled before it was paid. No money was taken and no credits were added."
              />
            ) : (
              <FormattedMessage
                id="credits.expired.body"
                defaultMessage="This order was not paid in time and has expired. No money was taken and no credits were added."
              />
            )}
            {payment.discount_code ? (
              <>
                {' '}
                <FormattedMessage
                  id="credits.order.discountFree"
                  defaultMessage="Your discount {code} can be used again."
                  values={{ code: payment.discount_code }}
                />
              </>
            ) : null}
          </p>
          {pkg !== null ? (
            <div className="d-flex flex-wrap gap-2">
              {card ? (
                <>
                  <Link to={again(`/credits/${pkg}/${payment.method}`)} className="btn btn-primary btn-sm" data-testid="retry-same">
                    <FormattedMessage id="credits.failed.retry" defaultMessage="Try again" />
                  </Link>
                  <Link to={again(`/credits/${pkg}/paypal`)} className="btn btn-outline-dark btn-sm">
                    <FormattedMessage id="credits.failed.paypal" defaultMessage="Pay with PayPal" />
                  </Link>
                </>
              ) : null}
              <Link
                to={again(`/credits/${pkg}`)}
                className={`btn btn-sm ${card ? 'btn-outline-secondary text-body' : 'btn-primary'}`}
                data-testid="retry-other-method"
              >
                <FormattedMessage id="credits.failed.otherMethod" defaultMessage="Try another payment method" />
              </Link>
            </div>
          ) : null}
        </div>
      );
    }
    case 'pending':
      return (
        <div className="alert alert-info" role="status">
          <h2 className="h5">
            <FormattedMessage id="credits.pendingBank.title" defaultMessage="Pending at your bank" />
          </h2>
          <OrderState payment={payment} />
        </div>
      );
    default:
      return (
        <div className="alert alert-warning" role="status" data-testid="order-open">
          <h2 className="h5">
            <FormattedMessage id="credits.open.title" defaultMessage="Not paid yet" />
          </h2>
          {forward ? (
            <p>
              <meta httpEquiv="refresh" content={`0;url=${forward}`} />
              <a href={forward} className="btn btn-primary btn-sm">
                <FormattedMessage id="credits.pending.resume" defaultMessage="Continue to the payment page" />
              </a>
            </p>
          ) : null}
          <OrderState payment={payment} id={`order-${payment.id}-state`} />
          <p className="small">
            <FormattedMessage
              id="credits.open.justPaid"
              defaultMessage="Have you just paid? Then this page shows it as soon as the payment provider confirms the payment."
            />
          </p>
          <OrderActions payment={payment} returnTo={`/transactions/${payment.id}`} describedBy={`order-${payment.id}-state`} />
        </div>
      );
  }
}

function PaymentDetails({ payment, refund }: { payment: Transaction; refund: ReturnType<typeof refundStateOf> }) {
  const intl = useIntl();
  return (
    <dl className="surface payment-details row mb-0">
      <dt className="col-sm-4">
        <FormattedMessage id="credits.detail.order" defaultMessage="Order" />
      </dt>
      <dd className="col-sm-8">#{payment.id}</dd>
      <dt className="col-sm-4">
        <FormattedMessage id="credits.detail.date" defaultMessage="Date" />
      </dt>
      <dd className="col-sm-8">
        <FormattedDate value={payment.created_at} dateStyle="medium" timeStyle="short" />
      </dd>
      <dt className="col-sm-4">
        <FormattedMessage id="credits.detail.credits" defaultMessage="Credits" />
      </dt>
      <dd className="col-sm-8">{intl.formatNumber(payment.credits)}</dd>
      <dt className="col-sm-4">
        <FormattedMessage id="credits.detail.amount" defaultMessage="Amount" />
      </dt>
      <dd className="col-sm-8">
        {formatMoney(intl, payment.amount_minor, payment.currency)}
        {payment.discount_minor > 0 ? (
          <span className="text-body-secondary small ms-2">
            <FormattedMessage
              id="credits.detail.discount"
              defaultMessage="({amount} discount with {code})"
              values={{ amount: formatMoney(intl, payment.discount_minor, payment.currency), code: payment.discount_code ?? '' }}
            />
          </span>
        ) : null}
      </dd>
      <dt className="col-sm-4">
        <FormattedMessage id="credits.detail.method" defaultMessage="Payment method" />
      </dt>
      <dd className="col-sm-8">
        <MethodName method={{ id: payment.method, name: payment.method_name }} />
        {payment.method_retired ? (
          <span className="badge text-bg-secondary ms-2">
            <FormattedMessage id="credits.detail.retired" defaultMessage="no longer offered" />
          </span>
        ) : null}
      </dd>
      <dt className="col-sm-4">
        <FormattedMessage id="credits.detail.status" defaultMessage="Status" />
      </dt>
      <dd className="col-sm-8">
        <StatusLabel status={payment.status} />
        {refund ? <RefundBadge state={refund} /> : null}
        {payment.refunded_minor > 0 ? (
          <span className="ms-2">
            <FormattedMessage
              id="credits.detail.refunded"
              defaultMessage="{amount} refunded"
              values={{ amount: formatMoney(intl, payment.refunded_minor, payment.currency) }}
            />
          </span>
        ) : null}
      </dd>
    </dl>
  );
}

export function StatusLabel({ status }: { status: Transaction['status'] }) {
  switch (status) {
    case 'paid':
      return <FormattedMessage id="credits.status.paid" defaultMessage="Completed" />;
    case 'failed':
      return <FormattedMessage id="credits.status.failed" defaultMessage="Failed" />;
    case 'canceled':
      return <FormattedMessage id="credits.status.canceled" defaultMessage="Cancelled" />;
    case 'expired':
      return <FormattedMessage id="credits.status.expired" defaultMessage="Expired" />;
    case 'pending':
      return <FormattedMessage id="credits.status.pendingBank" defaultMessage="Pending at your bank" />;
    default:
      return <FormattedMessage id="credits.status.open" defaultMessage="Not paid yet" />;
  }
}
