import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useHydrated } from '../../../components/progressive-form';
import { useAppSelector } from '../../../lib/store/store';
import { paysOf } from '../../../../shared/payment-methods';
import { useTransactions, type Transaction } from '../api/payments';
import { formatMoney } from '../money';
import { CANCELLED, OrderActions } from './order-actions';

const paymentIdOf = (value: string | null): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

const MOMENT = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;

/**
 * A moment with its time zone: in UTC on the server and in the hydration render (so both say the same), in the
 * member's own time zone from then on.
 */
function Moment({ value }: { value: string }) {
  const intl = useIntl();
  const local = useHydrated();
  return <time dateTime={value}>{intl.formatDate(value, local ? MOMENT : { ...MOMENT, timeZone: 'UTC' })}</time>;
}

/**
 * What an unfinished order is, said plainly: open (not paid yet, until when it can be paid, the discount it holds)
 * or pending at the bank (with the date it is expected where its method has one). Shared by the list of unfinished
 * orders and the payment's page.
 */
export function OrderState({ payment, id }: { payment: Transaction; id?: string }) {
  const intl = useIntl();
  // The page's own moment (the server's render, which hydration keeps), so server and browser say the same.
  const now = useAppSelector((s) => s.site.renderedAt ?? null);
  const order = {
    order: payment.id,
    credits: payment.credits,
    amount: formatMoney(intl, payment.amount_minor, payment.currency),
    method: payment.method_name,
  };
  if (payment.status === 'open') {
    return (
      <p className="mb-2" id={id}>
        <FormattedMessage
          id="credits.order.open"
          defaultMessage="Order #{order}: {credits, plural, one {# credit} other {# credits}} for {amount} with {method}. Not paid yet: you can pay it until {until}."
          values={{
            ...order,
            until: payment.expires_at ? <Moment key="until" value={payment.expires_at} /> : '',
          }}
        />
        {payment.discount_code ? (
          <>
            {' '}
            <FormattedMessage
              id="credits.order.reserved"
              defaultMessage="Your discount {code} is reserved for it. If you cancel the order, or it is not paid by then, the discount is yours to use again."
              values={{ code: payment.discount_code }}
            />
          </>
        ) : null}
        {paysOf(payment.method) === 'transfer' ? (
          <>
            {' '}
            <FormattedMessage
              id="credits.order.transferNote"
              defaultMessage="Already transferred the money? Then do not cancel: the credits are added as soon as it arrives."
            />
          </>
        ) : null}
      </p>
    );
  }
  const expected = payment.expected_at ?? null;
  return (
    <p className="mb-2" id={id}>
      {expected === null ? (
        <FormattedMessage
          id="credits.order.pendingNoDate"
          defaultMessage="Order #{order}: {credits, plural, one {# credit} other {# credits}} for {amount} with {method}. Pending at your bank: the credits are added as soon as your bank confirms the payment."
          values={order}
        />
      ) : now === null || Date.parse(expected) > now ? (
        <FormattedMessage
          id="credits.order.pending"
          defaultMessage="Order #{order}: {credits, plural, one {# credit} other {# credits}} for {amount} with {method}. Pending at your bank: the credits are added as soon as your bank confirms the payment, expected by {date}."
          values={{ ...order, date: intl.formatDate(expected, { dateStyle: 'medium', timeZone: 'UTC' }) }}
        />
      ) : (
        <FormattedMessage
          id="credits.order.pendingLate"
          defaultMessage="Order #{order}: {credits, plural, one {# credit} other {# credits}} for {amount} with {method}. Pending at your bank for longer than usual (expected by {date}): we keep checking and add the credits as soon as your bank confirms the payment."
          values={{ ...order, date: intl.formatDate(expected, { dateStyle: 'medium', timeZone: 'UTC' }) }}
        />
      )}
    </p>
  );
}

/** "Order #… is cancelled", after a cancel came back to this page (`?cancelled=`), with the discount it gave back. */
function CancelledNotice({ payment }: { payment: Transaction }) {
  return (
    <div className="alert alert-success" role="status" data-testid="order-cancelled">
      <FormattedMessage
        id="credits.order.cancelled"
        defaultMessage="Order #{order} is cancelled. No money was taken."
        values={{ order: payment.id }}
      />
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
    </div>
  );
}

/**
 * The member's orders that are not finished, on /credits and /transactions: each open one (not paid yet) with
 * "Resume payment" and "Cancel order", each pending one with its expected date; and, after a cancel came back here,
 * what it did. `returnTo` is this page (path and query), where a cancel comes back to.
 */
export function OpenOrders({ returnTo }: { returnTo: string }) {
  const { data } = useTransactions(true);
  const [search] = useSearchParams();
  const headingId = useId();
  const itemId = useId();
  const cancelledId = paymentIdOf(search.get(CANCELLED));
  const cancelled = data?.transactions.find((t) => t.id === cancelledId && t.status === 'canceled') ?? null;
  const unfinished = data?.transactions.filter((t) => t.status === 'open' || t.status === 'pending') ?? [];
  if (!cancelled && unfinished.length === 0) return null;
  return (
    <div className="open-orders mb-3">
      {cancelled ? <CancelledNotice payment={cancelled} /> : null}
      {unfinished.length > 0 ? (
        <section className="surface" aria-labelledby={headingId} data-testid="open-orders">
          <h2 className="h5" id={headingId}>
            <FormattedMessage id="credits.openOrders.title" defaultMessage="Orders not finished yet" />
          </h2>
          <ul className="list-unstyled mb-0">
            {unfinished.map((t) => (
              <li key={t.id} className="open-order" data-testid={`open-order-${t.id}`} data-status={t.status}>
                <OrderState payment={t} id={`${itemId}-${t.id}`} />
                {t.status === 'open' ? <OrderActions payment={t} returnTo={returnTo} describedBy={`${itemId}-${t.id}`} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
