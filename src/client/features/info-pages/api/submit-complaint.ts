import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

export type ComplaintRequest = Schemas['ComplaintRequest'];
export type ComplaintReceipt = Schemas['ComplaintReceipt'];

/**
 * POST /complaints.php: stores the complaint and mails support; answers the reference. The Idempotency-Key makes a
 * repeated submission (a retry, a second click) file one complaint.
 */
export async function submitComplaint(api: ApiClient, body: ComplaintRequest, idempotencyKey: string): Promise<ComplaintReceipt> {
  return unwrap(api.POST('/complaints.php', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}
