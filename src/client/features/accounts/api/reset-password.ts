import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** PUT /reset-password.php: the new password with the mailed token. */
export async function resetPassword(api: ApiClient, body: { token: string; password: string; password_repeat: string }): Promise<void> {
  await unwrap(api.PUT('/reset-password.php', { body }));
}
