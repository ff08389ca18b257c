import { FormattedMessage } from 'react-intl';
import type { Transaction, TransactionList } from '../api/payments';

type RefundState = 'pending' | 'refunded' | 'failed';

/**
 * Where the refund of a purchase stands: its newest refund's state (a failed one counts only while no other is under
 * way or done); a purchase with money refunded but no refund listed is refunded; null when nothing was refunded.
 */
export function refundStateOf(
  transaction: Pick<Transaction, 'id' | 'refunded_minor'>,
  refunds: readonly Pick<TransactionList['refunds'][number], 'payment_id' | 'status' | 'created_at'>[],
): RefundState | null {
  const own = refunds.filter((r) => r.payment_id === transaction.id);
  if (own.some((r) => r.status === 'pending')) return 'pending';
  if (own.some((r) => r.status === 'refunded') || transaction.refunded_minor > 0) return 'refunded';
  return own.length > 0 ? 'failed' : null;
}

/** The refund state as a badge (Refund pending / Refunded / Refund failed), the same in the list and on the detail page. */
export function RefundBadge({ state }: { state: RefundState }) {
  return (
    <span className={`badge refund-badge refund-badge-${state}`} data-testid="refund-status">
      {state === 'pending' ? (
        <FormattedMessage id="credits.refundState.pending" defaultMessage="Refund pending" />
      ) : state === 'refunded' ? (
        <FormattedMessage id="credits.refundState.refunded" defaultMessage="Refunded" />
      ) : (
        <FormattedMessage id="credits.refundState.failed" defaultMessage="Refund failed" />
      )}
    </span>
  );
}
