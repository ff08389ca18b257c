import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
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
import type { StatementHolder } from '../../../lib/statement-holder';
import { requestRefund, useRefundQuote, type RefundQuote } from '../api/refunds';
import { formatMoney } from '../money';
import { MethodName, methodNameOf } from './method-name';

/** The refund confirmation's form (its `intent`; the route actions: app/pages/credits-page.tsx and the statement page). */
export const REFUND_FORM = 'refund';

/** The query that asks to confirm a refund on the page itself (`?refund={payment id}`, the page without JavaScript). */
export const REFUND_ASK = 'refund';

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
 * JavaScript — on the page itself (`?refund={payment id}`), a form posted to the page whose route action asks the
 * refund with the form's Idempotency-Key (303 back with `?refunded=`; a refusal comes back in the confirmation).
 * `page` is where the panel is shown (its path and query); `holder` stands in for the session of a suspended member.
 */
export function RefundPanel({ page, holder, onRefunded }: { page: string; holder?: StatementHolder; onRefunded?: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const refreshUser = useRefreshUser();
  const hydrated = useHydrated();
  const [search] = useSearchParams();
  const refused = useFormFailure(REFUND_FORM);
  const form = useIdempotencyKey(refused?.fields[IDEMPOTENCY_FIELD]);
  const { data, mutate } = useRefundQuote(true, holder);
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
            text: holder
              ? intl.formatMessage({
                  id: 'credits.refund.askedShort',
                  defaultMessage: 'Your refund is being processed; the credits were taken off your balance.',
                })
              : intl.formatMessage({
                  id: 'credits.refund.asked',
                  defaultMessage:
                    'Your refund is being processed; the credits were taken off your balance. You find it under Refunds below.',
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
      const result = await requestRefund(api, item.payment_id, key, holder);
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
      onRefunded?.();
      // A suspended member has no session whose balance would show.
      if (!holder) await refreshUser();
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
              <Link to={pageWith(page, REFUND_ASK, item.payment_id)} className="btn btn-outline-dark btn-sm" data-testid="refund-button">
                <FormattedMessage id="credits.refund.button" defaultMessage="Refund" />
              </Link>
            )}
          </li>
        ))}
      </ul>
      {askedItem && !confirming ? (
        <form
          method="post"
          action={page}
          className="refund-confirm border-top pt-3 mt-2"
          data-testid="refund-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            void refund(askedItem, form.key);
          }}
        >
          <IdempotencyKeyField value={form.key} />
          <input type="hidden" name="intent" value={REFUND_FORM} />
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
            <Link to={page} className="btn btn-outline-dark" onClick={() => setInPage(false)}>
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
