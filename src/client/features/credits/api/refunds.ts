import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { usePageResult } from '../../../lib/page-data';
import type { StatementHolder } from '../../../lib/statement-holder';
import { swrKey } from '../../../lib/swr-key';

export type RefundQuote = Schemas['RefundQuote'];
export type RefundResult = Schemas['RefundResult'];

/** The cache key of the refund quote: the member's own, or a suspended member's by his statement's token. */
export const refundQuoteKey = (holder?: StatementHolder) => swrKey('/refund.php', holder);

/** GET /refund.php: what each purchase with unused credits would refund (shown before the member confirms). */
export function getRefundQuote(api: ApiClient, holder?: StatementHolder): Promise<RefundQuote> {
  return unwrap(api.GET('/refund.php', { params: { query: holder ?? {} } }));
}

/** The quote as the page's loader brought it (a refund is the page's action; the loader then brings the new quote). */
export function useRefundQuote(enabled: boolean, holder?: StatementHolder) {
  return usePageResult<RefundQuote>(enabled ? refundQuoteKey(holder) : null);
}

/** POST /refund.php: refunds the unused credits of one purchase. */
export function requestRefund(api: ApiClient, paymentId: number, idempotencyKey: string, holder?: StatementHolder): Promise<RefundResult> {
  return unwrap(
    api.POST('/refund.php', {
      body: { payment_id: paymentId, ...holder },
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
}
