import { useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { Modal } from '../../../components/modal';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useHydrated } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import { useRefreshUser } from '../../../hooks/use-refresh-user';
import { createAttemptKeys } from '../../../lib/idempotency-key';
import type { StatementHolder } from '../../../lib/statement-holder';
import { useRefundQuote, type RefundQuote } from '../api/refunds';
import { formatMoney } from '../money';
import { MethodName } from './method-name';

/** The refund confirmation's form (its `intent`; the route actions: app/pages/credits-page.tsx and the statement page). */
export const REFUND_FORM = 'refund';

/** The query that asks to confirm a refund on the page itself (`?refund={payment id}`, the page without JavaScript). */
const REFUND_ASK = 'refund';

/** The query the page comes back with after a refund was asked without JavaScript (`?refunded={payment id}`). */
export const REFUNDED = 'refunded';

/** `page` (a path that may have a query) with `name=value` set. */
export function pageWith(page: string, name: string, value: string | number): string {
  const url = new URL(page, 'http://page.invalid');
  url.searchParams.set(name, String(value));
  return `${url.pathname}${url.search}`;
}

const paymentIdOf = (value: string | null | undefined): number | null => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * Shows what each purchase would refund; the member confirms each refund first: in a dialog, or — the page without
 * JavaScript — on the page itself (`?refund={payment id}`). Both are forms posted to the page (`intent=refund`), whose
 * route action asks the refund with the form's Idempotency-Key (303 back with `?refunded=`; a refusal comes back in the
 * confirmation on the page) — by the browser itself without JavaScript, through the data router with it (the page's
 * loaders then bring the new quote and purchases). `page` is where the panel is shown (its path and query); `holder`
 * stands in for the session of a suspended member.
 */
export function RefundPanel({ page, holder }: { page: string; holder?: StatementHolder }) {
  const intl = useIntl();
  const refreshUser = useRefreshUser();
  const hydrated = useHydrated();
  const [search] = useSearchParams();
  const { key: entry } = useLocation();
  const refused = useFormFailure(REFUND_FORM);
  const busy = useSubmitting(page, REFUND_FORM);
  const { data } = useRefundQuote(true, holder);
  const keys = useMemo(() => createAttemptKeys(), []);
  const dialogForm = `refund-${useId()}`;
  const asked = paymentIdOf(refused?.fields.payment_id ?? search.get(REFUND_ASK));
  const refunded = paymentIdOf(search.get(REFUNDED));
  const [confirming, setConfirming] = useState<RefundQuote['items'][number] | null>(null);
  // The action's answer is a new history entry (the page with `?refunded=`, or the confirmation with the refusal):
  // the dialog has done its work.
  const [seen, setSeen] = useState(entry);
  if (entry !== seen) {
    setSeen(entry);
    setConfirming(null);
  }
  // The balance shown in the navigation follows a refund (a suspended member has no session whose balance shows).
  useEffect(() => {
    if (refunded !== null && !holder && hydrated) void refreshUser();
  }, [refunded, holder, hydrated, refreshUser]);
  if (!data || (data.items.length === 0 && refunded === null && !refused)) return null;
  const notice: { tone: 'success' | 'danger'; text: string } | null = refused
    ? {
        tone: 'danger',
        text:
          refused.error.body !== null
            ? refused.error.message
            : intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }),
      }
    : refunded !== null
      ? {
          tone: 'success',
          text: holder
            ? intl.formatMessage({
                id: 'credits.refund.askedShort',
                defaultMessage: 'Your refund is being processed; the credits were taken off your balance.',
              })
            : intl.formatMessage({
                id: 'credits.refund.asked',
                defaultMessage: 'Your refund is being processed; the credits were taken off your balance. You find it under Refunds below.',
              }),
        }
      : null;
  const askedItem = confirming ? null : (data.items.find((item) => item.payment_id === asked && item.refundable) ?? null);
  /** The attempt's key: the one a refused post of this purchase was sent with, else one per purchase. */
  const keyOf = (item: RefundQuote['items'][number]) =>
    refused?.fields.payment_id === String(item.payment_id) && refused.fields[IDEMPOTENCY_FIELD]
      ? refused.fields[IDEMPOTENCY_FIELD]
      : keys({ payment_id: item.payment_id });
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
              <Link to={pageWith(page, REFUND_ASK, item.payment_id)} className="btn btn-outline-dark btn-sm" data-testid="refund-button">
                <FormattedMessage id="credits.refund.button" defaultMessage="Refund" />
              </Link>
            )}
          </li>
        ))}
      </ul>
      {askedItem && !confirming ? (
        <RouterForm action={page} preventScrollReset className="refund-confirm border-top pt-3 mt-2" data-testid="refund-confirm">
          <RefundFields item={askedItem} attemptKey={keyOf(askedItem)} />
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
            <Link to={page} className="btn btn-outline-dark">
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
        </RouterForm>
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
              <button type="submit" form={dialogForm} className="btn btn-danger" disabled={busy} data-testid="confirm-refund">
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
          <RouterForm id={dialogForm} action={page} preventScrollReset>
            <RefundFields item={confirming} attemptKey={keyOf(confirming)} />
          </RouterForm>
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
        </Modal>
      ) : null}
    </section>
  );
}

/** What a refund form sends: the purchase, the attempt's key and its intent (the page may have other forms). */
function RefundFields({ item, attemptKey }: { item: RefundQuote['items'][number]; attemptKey: string }) {
  return (
    <>
      <IdempotencyKeyField value={attemptKey} />
      <input type="hidden" name="intent" value={REFUND_FORM} />
      <input type="hidden" name="payment_id" value={item.payment_id} />
    </>
  );
}
