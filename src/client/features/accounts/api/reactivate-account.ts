import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /account.php with the mailed token: takes a deleted account back within 14 days. */
export async function reactivateAccount(api: ApiClient, token: string): Promise<void> {
  await unwrap(api.POST('/account.php', { body: { token } }));
}
