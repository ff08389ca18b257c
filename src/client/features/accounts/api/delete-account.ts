import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** DELETE /account.php: hides the account at once, ends every session, mails the reactivation link. */
export async function deleteAccount(
  api: ApiClient,
  body: { password: string; reasons: Schemas['DeleteReason'][]; comment?: string },
): Promise<void> {
  await unwrap(api.DELETE('/account.php', { body }));
}
