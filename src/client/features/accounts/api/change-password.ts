import type { ApiClient } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';

/** PUT /password.php: old password checked, the two new ones equal. */
export async function changePassword(
  api: ApiClient,
  body: { old_password: string; password: string; password_repeat: string },
): Promise<void> {
  await unwrap(api.PUT('/password.php', { body }));
}
