import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { useApi } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type RefundQuote = Schemas['RefundQuote'];
export type RefundResult = Schemas['RefundResult'];

export const REFUND_QUOTE_KEY = swrKey('/refund.php');

/** GET /refund.php: what each purchase with unused credits would refund (shown before the member confirms). */
export function getRefundQuote(api: ApiClient): Promise<RefundQuote> {
  return unwrap(api.GET('/refund.php'));
}

export function useRefundQuote(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? REFUND_QUOTE_KEY : null, () => getRefundQuote(api));
}

/** POST /refund.php: refunds the unused credits of one purchase. */
export function requestRefund(api: ApiClient, paymentId: number, idempotencyKey: string): Promise<RefundResult> {
  return unwrap(api.POST('/refund.php', { body: { payment_id: paymentId }, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}
