import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

export type ComplaintRequest = Schemas['ComplaintRequest'];
export type ComplaintReceipt = Schemas['ComplaintReceipt'];

/** POST /complaints.php: stores the complaint and mails support; answers the reference. */
export async function submitComplaint(api: ApiClient, body: ComplaintRequest): Promise<ComplaintReceipt> {
  return unwrap(api.POST('/complaints.php', { body }));
}
