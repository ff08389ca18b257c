import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

export type DirectDebitRequest = Schemas['DirectDebitRequest'];
export type DirectDebitStarted = Schemas['DirectDebitStarted'];

/** POST /directdebit.php: checks the form and sends the 6-digit code by SMS. */
export function startDirectDebit(api: ApiClient, body: DirectDebitRequest): Promise<DirectDebitStarted> {
  return unwrap(api.POST('/directdebit.php', { body }));
}

/** POST /directdebit-confirm.php: the SMS code confirms the mandate; answers the pending debit. */
export function confirmDirectDebit(
  api: ApiClient,
  body: Schemas['DirectDebitConfirmRequest'],
  idempotencyKey: string,
): Promise<Schemas['PaymentCreated']> {
  return unwrap(api.POST('/directdebit-confirm.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

/** POST /directdebit-resend.php: a new SMS code for the mandate (the old one is void). */
export function resendDirectDebitCode(api: ApiClient, mandateId: number): Promise<DirectDebitStarted> {
  return unwrap(api.POST('/directdebit-resend.php', { body: { mandate_id: mandateId } }));
}
