import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** POST /mail-change.php: mails a confirmation link to the new address. */
export async function requestMailChange(api: ApiClient, body: { password: string; email: string }): Promise<void> {
  await unwrap(api.POST('/mail-change.php', { body }));
}
