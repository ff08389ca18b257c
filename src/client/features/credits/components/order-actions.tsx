import { FormattedMessage } from 'react-intl';
import { IdempotencyKeyField, IDEMPOTENCY_FIELD, useFormFailure, useIdempotencyKey } from '../../../components/progressive-form';
import { RouterForm, useSubmitting } from '../../../components/router-form';
import type { Transaction } from '../api/payments';

/** The unpaid order's forms (their route action: the payment's page, app/pages/credits-page.tsx). */
export const ORDER_FORM = 'order';
export const RESUME_INTENT = 'resume';
export const CANCEL_INTENT = 'cancel';
/** The query a page comes back with after an order was cancelled (`?cancelled={payment id}`). */
export const CANCELLED = 'cancelled';

/** The path of the page an order's forms post to: its payment's page, whose route action resumes or cancels it. */
const orderAction = (paymentId: number) => `/transactions/${paymentId}`;

/**
 * "Resume payment" and "Cancel order" of an unpaid (open) order, wherever it is shown (/credits, /transactions, the
 * payment's page). Both are forms posted to the payment's page — by the browser without JavaScript, through the data
 * router with it: resuming leads on to the provider's checkout of that same payment; cancelling (with its
 * Idempotency-Key: it changes the payment) cancels it and gives its discount back, then comes back to `returnTo` with
 * `?cancelled=`. `describedBy` names the order's text, so each button says which order it is for.
 */
export function OrderActions({ payment, returnTo, describedBy }: { payment: Transaction; returnTo: string; describedBy?: string }) {
  const action = orderAction(payment.id);
  // A refused cancel comes back with the key it was sent with: sent again, it is the same attempt.
  const refused = useFormFailure(ORDER_FORM);
  const kept = refused?.fields.payment_id === String(payment.id) ? refused.fields[IDEMPOTENCY_FIELD] : undefined;
  const cancelKey = useIdempotencyKey(kept);
  const resuming = useSubmitting(action, RESUME_INTENT);
  const cancelling = useSubmitting(action, CANCEL_INTENT);
  const busy = resuming || cancelling;
  return (
    <div className="order-actions d-flex flex-wrap gap-2">
      <RouterForm action={action}>
        <input type="hidden" name="intent" value={RESUME_INTENT} />
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={busy}
          aria-describedby={describedBy}
          data-testid={`resume-order-${payment.id}`}
        >
          {resuming ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          <FormattedMessage id="credits.order.resume" defaultMessage="Resume payment" />
        </button>
      </RouterForm>
      <RouterForm action={action}>
        <IdempotencyKeyField value={cancelKey.key} />
        <input type="hidden" name="intent" value={CANCEL_INTENT} />
        <input type="hidden" name="return" value={returnTo} />
        <button
          type="submit"
          className="btn btn-outline-dark btn-sm"
          disabled={busy}
          aria-describedby={describedBy}
          data-testid={`cancel-order-${payment.id}`}
        >
          {cancelling ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          <FormattedMessage id="credits.order.cancel" defaultMessage="Cancel order" />
        </button>
      </RouterForm>
    </div>
  );
}
