import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { useApi } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type Transaction = Schemas['Transaction'];
export type TransactionList = Schemas['TransactionList'];
export type PaymentCreated = Schemas['PaymentCreated'];
export type CreatePaymentRequest = Schemas['CreatePaymentRequest'];

/** POST /payments.php with the attempt's Idempotency-Key: answers the hosted checkout to go to. */
export function createPayment(api: ApiClient, body: CreatePaymentRequest, idempotencyKey: string): Promise<PaymentCreated> {
  return unwrap(api.POST('/payments.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

/** The query of a payment's page that forwards to its hosted checkout (the pay form posted without JavaScript). */
export const CHECKOUT_HOP = 'checkout';

/** A hosted checkout address the member may be sent to: http(s) only, never another scheme. */
export function checkoutAddress(url: string | null): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { protocol } = new URL(url);
  return protocol === 'https:' || protocol === 'http:' ? url : null;
}

export const paymentKey = (id: number) => swrKey('/payment.php', { id });

export function getPayment(api: ApiClient, id: number): Promise<Transaction> {
  return unwrap(api.GET('/payment.php', { params: { query: { id } } }));
}

const SETTLED = new Set(['paid', 'failed', 'canceled', 'expired']);

/** The payment, polled every 1.5 s while the provider has not settled it (the webhook does that, not this page). */
export function usePayment(id: number | null) {
  const api = useApi();
  return useApiSWR(id === null ? null : paymentKey(id), () => getPayment(api, id as number), {
    refreshInterval: (latest) => (latest && SETTLED.has(latest.status) ? 0 : 1500),
  });
}

/**
 * POST /payment-cancel.php with the attempt's Idempotency-Key: cancels the member's unpaid order (at the provider and
 * on the site), which gives its discount back; answers the order as it is now.
 */
export function cancelPayment(api: ApiClient, paymentId: number, idempotencyKey: string): Promise<Transaction> {
  return unwrap(
    api.POST('/payment-cancel.php', { body: { payment_id: paymentId }, params: { header: { 'Idempotency-Key': idempotencyKey } } }),
  );
}

/** POST /payment-resume.php: the provider's checkout of the member's unpaid order (same payment, amount and discount). */
export function resumePayment(api: ApiClient, paymentId: number): Promise<PaymentCreated> {
  return unwrap(api.POST('/payment-resume.php', { body: { payment_id: paymentId } }));
}

export const TRANSACTIONS_KEY = swrKey('/transactions.php');

export function listTransactions(api: ApiClient): Promise<TransactionList> {
  return unwrap(api.GET('/transactions.php'));
}

export function useTransactions(enabled: boolean) {
  const api = useApi();
  return useApiSWR(enabled ? TRANSACTIONS_KEY : null, () => listTransactions(api));
}
