import { useEffect, useRef } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../../components/link';
import { Alert } from 'reactstrap';
import { Loading } from '../../../components/loading';
import { useRefreshUser } from '../../../hooks/use-refresh-user';
import { forgetReturnAfterPurchase, useReturnAfterPurchase } from '../../../lib/return-after-purchase';
import { useSearchParams } from 'react-router';
import { checkoutAddress, CHECKOUT_HOP, usePayment, useTransactions, type Transaction } from '../api/payments';
import { formatMoney } from '../money';
import { MethodName } from './method-name';
import { RefundBadge, refundStateOf } from './refund-state';

/**
 * The transaction result page (/transactions/{id}), where the provider sends the member back: pending ('order is
 * being processed') until the webhook settled the payment, then completed (credits added) or failed / cancelled with
 * a retry by another method. A paid one shows its refund state as the list does (from the list's refunds). It only
 * reads the payment; settling is the webhook's job.
 */
export function PaymentResult({ id }: { id: number }) {
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
        <div className="alert alert-danger" role="alert">
          <h2 className="h5">
            <FormattedMessage id="credits.failed.title" defaultMessage="Payment failed" />
          </h2>
          <p className="mb-2">
            <FormattedMessage
              id="credits.failed.body"
              defaultMessage="The payment failed or was cancelled. No money was taken and no credits were added."
            />
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
    default:
      return (
        <div className="alert alert-info d-flex gap-3 align-items-center" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          <div>
            <h2 className="h5 mb-1">
              <FormattedMessage id="credits.pending.title" defaultMessage="Your order is being processed" />
            </h2>
            <p className="mb-0">
              <FormattedMessage
                id="credits.pending.body"
                defaultMessage="We add the credits as soon as the payment provider confirms the payment. This page updates by itself."
              />
            </p>
            {forward ? <meta httpEquiv="refresh" content={`0;url=${forward}`} /> : null}
            {payment.status === 'open' && payment.checkout_url ? (
              <a href={payment.checkout_url} className="btn btn-outline-dark btn-sm mt-2">
                <FormattedMessage id="credits.pending.resume" defaultMessage="Continue to the payment page" />
              </a>
            ) : null}
          </div>
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
    default:
      return <FormattedMessage id="credits.status.pending" defaultMessage="Being processed" />;
  }
}
