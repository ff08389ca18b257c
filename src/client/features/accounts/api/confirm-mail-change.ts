import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** PUT /mail-change.php with the token mailed to the new address. */
export async function confirmMailChange(api: ApiClient, token: string): Promise<void> {
  await unwrap(api.PUT('/mail-change.php', { body: { token } }));
}
